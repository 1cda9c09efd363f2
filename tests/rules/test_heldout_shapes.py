"""False-positive classes of the held-out measurement (issue 18, second round).

Shapes written here after public code toollint was never tuned on (an MCP server for Word
documents, smolagents' own tests, mem0's tests, the OpenAI customer-service demo, a
Blender MCP server); none is copied. Each case that must stay quiet sits next to one that
still fires, so a fix cannot pass by silencing the rule.
"""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import run

# --- TL207: the description lists the parameters on one line -------------------------

INLINE_ARGS = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("docs")


@mcp.tool()
def insert_heading_near(filename: str, anchor: str = None, position: str = "after", level: int = 1):
    """Insert a heading before or after the paragraph holding the anchor text. Args: filename (str), anchor (str, optional), position ('before' or 'after')."""
    return ""
'''


def test_tl207_quiet_on_parameters_an_inline_args_line_lists(lint, tmp_path):
    # only `level` is missing from the one-line Args list
    assert lint({"server.py": INLINE_ARGS}, select=["TL207"]) == [("server.py", 7, "TL207")]
    [finding] = _messages(tmp_path / "m", INLINE_ARGS)
    assert "'level'" in finding


def _messages(root, src):
    """The TL207 messages on `src` as server.py: which parameter each one names."""
    root.mkdir()
    (root / "server.py").write_text(src.lstrip("\n"))
    result = run([str(root)], Settings(root=str(root), select=("TL207",)), cache=False)
    return [f.message for f in result.findings]


IDENTIFIER_PROSE = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("docs")


@mcp.tool()
def replace_between(filename: str, start_anchor_text: str, end_anchor_text: str = None, width: int = 0):
    """Replace all content between start_anchor_text and end_anchor_text of a document, at the given width."""
    return ""
'''


def test_tl207_quiet_on_a_snake_case_parameter_the_prose_names(lint, tmp_path):
    # `filename` and `width` are plain words: the prose may name the thing, not the parameter
    got = lint({"server.py": IDENTIFIER_PROSE}, select=["TL207"])
    assert got == [("server.py", 7, "TL207"), ("server.py", 7, "TL207")]
    messages = _messages(tmp_path / "m", IDENTIFIER_PROSE)
    assert [m.split("'")[1] for m in messages] == ["filename", "width"]


def test_tl207_a_signature_in_the_description_documents_nothing(lint):
    # LlamaIndex's FunctionTool sends "name(signature)\ndocstring" as the description
    src = '''
    from llama_index.core.tools import FunctionTool


    def assess_answer(topic: str, student_response: str) -> str:
        """Assess how well a student answered and save the insight."""
        return ""


    tool = FunctionTool.from_defaults(fn=assess_answer)
    '''
    got = lint({"learning.py": src}, select=["TL207"])
    assert [line for _, line, _ in got] == [4, 4]


# --- test files and fixtures: the tools are the tests' inputs -------------------------

VALIDATION_TEST = '''
from smolagents import Tool, tool


class InvalidToolName(Tool):
    name = "invalid tool name"
    description = "Tool with invalid name"
    inputs = {"input": {"type": "string", "description": "input"}}
    output_type = "string"

    def forward(self, input):
        return input


TOOLS = [{"type": "function", "function": {"name": "add_memory", "description": "Store a memory",
          "parameters": {"type": "object", "properties": {"data": {"type": "string"}}}}}]
'''

FIXTURES = '''
import pytest
from smolagents import Tool, tool


@pytest.fixture
def echo_tool():
    @tool
    def echo(text: str) -> str:
        """A tool that echoes.

        Args:
            text: The text.
        """
        return text

    return echo


@pytest.fixture()
def upper_tool():
    class Upper(Tool):
        name = "upper tool"
        description = "A tool."
        inputs = {"text": {"type": "string", "description": "t"}}
        output_type = "string"

        def forward(self, text):
            return text.upper()

    return Upper()
'''


def test_tools_of_a_test_file_are_not_declarations(lint):
    for name in ("tests/test_tool_validation.py", "tests/conftest.py", "tests/llms/bedrock_test.py"):
        assert lint({name: VALIDATION_TEST}) == [], name


def test_the_same_tools_in_an_application_module_are_reported(lint):
    got = {code for _, _, code in lint({"app/tools.py": VALIDATION_TEST})}
    assert {"TL301", "TL102"} <= got


def test_tools_a_pytest_fixture_builds_are_doubles_in_any_file(lint):
    assert lint({"tests/fixtures/tools.py": FIXTURES}) == []
    # the same functions without the fixture decorator are tools of the module
    plain = FIXTURES.replace("@pytest.fixture()\n", "").replace("@pytest.fixture\n", "")
    assert lint({"tests/fixtures/tools.py": textwrap.dedent(plain)}) != []


def test_a_test_named_function_declared_a_tool_is_a_tool(tmp_path):
    # held-out round 76, M1: `@mcp.tool("test_connection")` in a register function was dropped
    from frameworks.frameworkcase import extract

    src = ('''from mcp.server.fastmcp import FastMCP


def setup(mcp: FastMCP, controller) -> None:
    @mcp.tool("test_connection")
    def test_connection() -> dict:
        """Check that the workstation answers."""
        return controller.verify()


def test_setup():
    mcp = FastMCP("t")

    @mcp.tool()
    def helper() -> str:
        return ""
''')
    assert [t.name.value for t in extract(src)] == ["test_connection"]  # a test's own server stays a double


# --- TL302: one handoff offered by two agents -----------------------------------------

HANDOFFS = '''
from agents import Agent, handoff, function_tool


@function_tool
def lookup_flight(flight_number: str) -> str:
    """Look up a flight. Call this when the customer gives a flight number.

    Args:
        flight_number: The flight number, e.g. 'FLT-123'.
    """
    return ""


booking = Agent(name="Booking Agent", handoff_description="Handles new bookings and cancellations.")
info = Agent(name="Info Agent", tools=[lookup_flight])
triage = Agent(name="Triage Agent")

triage.handoffs = [info, handoff(agent=booking)]
info.handoffs.extend([handoff(agent=booking), triage])
'''


def test_tl302_quiet_when_two_agents_hand_off_to_the_same_agent(lint):
    assert lint({"agents_app.py": HANDOFFS}, select=["TL302"]) == []


def test_tl302_still_reports_two_definitions_of_one_name(lint):
    src = HANDOFFS + '''

@function_tool(name_override="lookup_flight")
def lookup_flight_v2(flight_number: str) -> str:
    """Look up a flight. Call this when the customer gives a flight number."""
    return ""


ops = Agent(name="Ops Agent", tools=[lookup_flight, lookup_flight_v2])
'''
    assert lint({"agents_app.py": src}, select=["TL302"]) == [("agents_app.py", 22, "TL302")]  # the name_override
