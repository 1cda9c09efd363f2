"""Shapes from held-out rounds 15 and 16 (issue 18), written here: a description that
documents a parameter inline ("month: first day of the month ...") or names several as
parameters ("using the query and num parameters") documents them (TL207)."""
from __future__ import annotations

import pytest

_TOOL = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("budget")


@mcp.tool(description="{doc}")
def spending(month: str, limit: int = 10) -> dict:
    return {{}}
'''


@pytest.mark.parametrize("doc", [
    "Total the spending of one month. month: first day of the month as an ISO date. limit: how many rows to return.",
    "Total the spending of one month using the month and limit parameters.",
    "Total the spending of one month (month: first day of the month, e.g. 2025-03-01; limit: rows to return).",
    # held-out round 56, A-D: a case, two names, a list of values, the name in words with its values
    "Total the spending.\\nmonth for a year: 2025-01 to 2025-12\\nlimit for a day: 1 to 50",
    "Total the spending.\\nmonth/limit: an ISO month and a row count",
    "Total the spending.\\nmonth Optional(str): an ISO month\\nlimit Optional(int): a row count",
    "Total the spending. month: 2025-01,2025-02. limit: 10,20,50.",
    "Total the spending. Month can be: 2025-01, 2025-02. Limits: 10, 20, 50.",
    "Total the spending. month is a string such as 2025-01; limit is one of 10, 20 or 50.",
])
def test_parameters_documented_in_the_prose_are_not_reported(lint, doc):
    assert lint({"server.py": _TOOL.format(doc=doc)}, select=["TL207"]) == []


@pytest.mark.parametrize("doc", [
    "Total the spending of one month. month: str, limit: int",  # a signature names, it does not document
    "Total the spending of one month and cap the rows.",
    "Total the spending of one month: first day of the month.",  # the word, not the parameter
    "Total the spending. Month and limit are optional.",  # named, nothing said of their values
    "Total the spending. Limits apply: see the docs, or the FAQ.",  # a word like the name, no values of it
])
def test_parameters_the_prose_does_not_document_are_reported(lint, doc):
    assert lint({"server.py": _TOOL.format(doc=doc)}, select=["TL207"]) == [("server.py", 7, "TL207")] * 2


SHARED_MODEL = '''
from typing import TypedDict

from agents import Agent, function_tool


class Cell(TypedDict):
    row: int
    col: int


@function_tool
def read_cell(cell: Cell) -> str:
    """Read one cell. Use this when the user asks for a value.

    Args:
        cell: The cell to read.
    """
    return ""


@function_tool
def clear_cell(cell: Cell) -> str:
    """Clear one cell. Use this when the user asks to empty a cell.

    Args:
        cell: The cell to clear.
    """
    return ""


agent = Agent(name="sheet", tools=[read_cell, clear_cell])
'''


def test_a_model_field_two_tools_send_is_one_finding_naming_both(tmp_path):
    # held-out round 22: 19 shared fields x 2 tools gave 38 findings at 19 places
    from lintcase import write_tree

    from toollint.config.settings import Settings
    from toollint.engine.core import run

    write_tree(tmp_path, {"tools.py": SHARED_MODEL})
    found = run([str(tmp_path)], Settings(root=str(tmp_path), select=("TL207",)), cache=False).findings
    assert [(f.span.line, f.message.split(" has ")[0]) for f in found] == [
        (7, "property 'row' of model Cell (tools 'clear_cell', 'read_cell', at cell.row)"),
        (8, "property 'col' of model Cell (tools 'clear_cell', 'read_cell', at cell.col)"),
    ]


HELPER = '''
def make_tool(name, description, parameters, required):
    return {"type": "function", "function": {"name": name, "description": description,
            "parameters": {"type": "object", "properties": parameters, "required": required}}}
'''

CALLER = '''
from app.helpers import make_tool

lookup_city = make_tool(
    name="lookup_city",
    description="Return the population of a city. Call this when the user asks about a city.",
    parameters={"city": {"type": "string", "description": "City name such as 'Lyon'."}},
    required=["city"],
)

TOOLS = [lookup_city]
'''


def test_a_helper_of_another_module_given_a_properties_map_is_not_read_as_the_schema(lint):
    # held-out round 21: the helper wraps `parameters` in an object; toollint cannot see it here
    files = {"app/__init__.py": "", "app/helpers.py": HELPER, "app/tools.py": CALLER}
    assert lint(files, select=["TL201", "TL202"]) == []


SHARED_ARGS_SCHEMA = '''
from crewai.tools import BaseTool
from pydantic import BaseModel


class FindingInput(BaseModel):
    finding_id: int


class CloseFinding(BaseTool):
    name: str = "close_finding"
    description: str = "Close a finding. Use this when the user says a finding is fixed."
    args_schema: type[BaseModel] = FindingInput

    def _run(self, finding_id: int) -> str:
        return ""


class ReopenFinding(BaseTool):
    name: str = "reopen_finding"
    description: str = "Reopen a finding. Use this when the user says a fix did not hold."
    args_schema: type[BaseModel] = FindingInput

    def _run(self, finding_id: int) -> str:
        return ""
'''


def test_a_top_level_field_of_a_shared_args_schema_is_one_finding(lint):
    # held-out round 23: one pydantic args_schema sent by two crewAI tools
    assert lint({"tools.py": SHARED_ARGS_SCHEMA}, select=["TL207"]) == [("tools.py", 6, "TL207")]


@pytest.mark.parametrize("doc,reported", [
    ("Find a hotel by its name. If the hotel has suites and include_suites=True, list them too.", 1),
    ("Find a hotel: find_hotel(name, include_suites=True)", 2),  # a call's keyword names, it does not document
])
def test_a_parameter_set_to_a_value_in_prose_is_documented(lint, doc, reported):
    # held-out round 27: "use_active_if_missing=True" in a sentence; 'name' is a plain word
    src = _TOOL.format(doc=doc).replace("month: str, limit: int = 10", "name: str, include_suites: bool = False")
    assert len(lint({"server.py": src}, select=["TL207"])) == reported
