"""TL207 and TL108 on LangChain's single-input `Tool`: its wire schema is one `__arg1`
string no author names, so a description that says what the argument is documents it
(held-out round 48, G), and whatever the text calls that input, it is the one value the
function gets (TL108)."""
from __future__ import annotations

import pytest

SOURCE = '''
from langchain.agents import AgentExecutor
from langchain.tools import Tool


def _read(name: str) -> str:
    return name


read_tool = Tool(name="read_file", func=_read, description=DESCRIPTION)
executor = AgentExecutor(agent=None, tools=[read_tool])
'''


def _codes(lint, description: str):
    source = SOURCE.replace("DESCRIPTION", repr(description))
    return [code for _, _, code in lint({"tools.py": source}, select=["TL207", "TL108"])]


@pytest.mark.parametrize("description", [
    "Read a saved file. Use it when the user names one. The argument must be an existing file name.",
    "Clear stored memory. Use it when the user asks to forget. Argument can be 'kb', 'chat' or 'all'.",
    "Search the web. Use it for quick facts.\n\nParameters\n----------\nquery : str - the search phrase.",
    "Look up a package. Use it when the user asks about a library. Input should be the name of a package.",
    # held-out round 57, A (crewAI's examples)
    "Add up numbers. Useful for when you need a total. The input to this tool should be a list of numbers.",
    # held-out round 60, A
    "Look up sales figures, takes natural language. Always call before drawing a sales chart.",
    # held-out round 75, B and C: a Parameters header with a note, numbered or dashed items; the
    # input given as the case, a Format label
    "Reserve a seat. Use it when the traveller picks one.\n\nParameters (in exact order):\n"
    "1. flight_no: The flight number, e.g. 'LX318'\n2. seat: The seat, e.g. '14C'",
    "Release a seat. Use it when a seat is given back.\n\nParameters:\n- booking_ref: The booking reference",
    "Given a free-text query (e.g., 'vegan lasagne'), return the five best recipe matches.",
    "Store a diet preference. Use it when the user states one. Format: 'key:value' or JSON string",
])
def test_a_description_that_says_what_the_one_argument_is_documents_it(lint, description):
    assert _codes(lint, description) == []


def test_a_description_silent_on_its_argument_still_fires(lint):
    assert _codes(lint, "Read a saved file. Use it when the user names one.") == ["TL207"]
    assert _codes(lint, "Given the user's mood, read a saved file.") == ["TL207"]
    assert _codes(lint, "Read a saved file. The format of the result is plain text.") == ["TL207"]


TOOL = '''
from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent


@tool
def fetch_page(url: str) -> str:
    """DOC"""
    return ""


agent = create_react_agent("openai:gpt-4o", [fetch_page])
'''


@pytest.mark.parametrize("doc, codes", [
    # held-out round 51, A: the one input labelled in the description LangChain sends
    ("Fetch a web page. Use this when the user gives a link. Input: a page address, e.g. 'https://x.org'.", []),
    ("Fetch a web page. Use this when the user gives a link.\n\n    Input format: 'https://host/path'.", []),
    # round 51, B: Sphinx's field list, sent whole
    ("Fetch a web page. Use this when the user gives a link.\n\n    :param url: Address of the page, with https://.\n"
     "    :return: The page text.", []),
    ("Fetch a web page. Use this when the user gives a link.\n\n    :return: The page text.", ["TL207"]),
])
def test_a_one_input_tool_whose_description_labels_its_input(lint, doc, codes):
    assert [c for _, _, c in lint({"tools.py": TOOL.replace("DOC", doc)}, select=["TL207"])] == codes
