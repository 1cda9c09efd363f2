"""TL207 on parameters the tool's own text documents in shapes of held-out rounds 76 and 77:
a heading naming the parameter over its values ("Operations:\\n- molar_mass: ..."), one-letter
coefficients of a stated equation ("ax² + bx + c = 0"), a glob over several names ("the
``*_key`` parameters"), a NumPy `Parameters` section of plain-word names. The same shapes
that document another parameter, or none, still fire."""
from __future__ import annotations

import pytest

_SERVER = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("calc")


@mcp.tool()
def {name}({params}) -> str:
    """{doc}"""
    return ""
'''


def _found(lint, name, params, doc):
    return [code for _, _, code in lint({"s.py": _SERVER.format(name=name, params=params, doc=doc)},
                                        select=["TL207"])]


@pytest.mark.parametrize("name, params, doc", [
    ("chem", "operation: str", "Chemistry helper.\n\n    Operations:\n    - molar_mass: Calculate molar mass\n"
                               "    - balance: Balance an equation\n    "),
    ("json_tool", "operation: str", "JSON operations: format, minify, validate."),
    ("physics", "calculation: str", "Physics formulas.\n\n    Available calculations:\n"
                                    "    - kinetic_energy: KE = 0.5 * m * v^2\n    "),
    ("solve_quadratic", "a: float, b: float, c: float", "Solve quadratic equation ax\u00b2 + bx + c = 0."),
    ("load_table", "case_key: str = 'case', time_key: str = 'time'",
     "Load a table.\n\n    The two ``*_key`` parameters tell the loader which columns hold the case and time.\n    "),
    ("write_summary", "title: str, findings: str",
     "Write a summary.\n\n    Parameters\n    ----------\n    title\n        Report heading, rendered as an H1.\n"
     "    findings\n        Markdown narrative.\n    "),
    # held-out round 88, A: the name and a word before the colon
    ("book", "date: str", "Book a visit.\n\n    date formato: YYYY-MM-DD\n    "),
    # held-out round 86, C: a column-aligned list of the parameters
    ("search_bugs", "product: str, limit: int = 20",
     "Search bugs.\n\n    product          Product to search in.\n    limit            Return only this many.\n    "),
    # held-out round 82, A: its default in its own words
    ("find_sites", "radius_miles: int = 3", "Find sites nearby. Default radius is 3 miles. Supported: 1, 3, 5, 10."),
    # held-out round 81, E: the parameter named with the tool it comes from
    ("delete_zone", "id: str", "Delete a zone by id (from get_zones)."),
    ("borrar_zona", "id: str", "Borra una zona por id (de get_zones)."),
    # held-out round 116, D: a one-letter count named in capitals
    ("peek_recent_notes", "n: int = 3", "Return the last N saved notes for awareness."),
    # held-out round 127, A and B
    ("get_order", "order_id: str", "Return one order by its order ID (e.g. ORD-10423)."),
    ("get_order3", "order_id: str", "Return one order by its order id, such as ORD-10423."),
    ("save_source", "creators: str = ''", "Save a source.\n\n    Creator format: separate creators with ';'.\n    "),
    # held-out round 129, B: its values after the noun it qualifies
    ("search_docs", "difficulty: str = ''", "Search docs. Filters documentation by difficulty level (beginner, intermediate, advanced)."),
    # held-out rounds 125 B, D and 126 C
    ("log_decision", "recommendations: str, risk_flags: str",
     "Log a decision.\n    recommendations, risk_flags must be JSON strings.\n    "),
    ("list_bookings", "status: str = ''", "List bookings, optionally filtered by status (draft/pending/confirmed)."),
    ("rollback_commit", "reason: str", "\ub864\ubc31\ud55c\ub2e4. \ubc18\ub4dc\uc2dc reason(\ub864\ubc31 \uc774\uc720)\uc744 \uba85\uc2dc."),
    # held-out round 121, B: a label over the parameters, each with its note
    ("clip_layer", "src: str, dest: str, width: int = 16",
     "Clip a layer. REQUIRES: src (source vector path), dest (destination file path). OPTIONAL: width (segments)."),
    # held-out round 116, B: a reST field list line
    ("flight_link", "origin: str, return_date: str = ''",
     "Build a flight link.\n\n    :param origin: IATA code, e.g. 'SOF'\n    :return_date: The return date as 'YYYY-MM-DD'\n    "),
    # held-out round 119, B: a Markdown list item with the name in bold
    ("fetch_artist", "id: str", "Fetch one artist.\n\n    - Input:\n        1. **id**: The catalogue id of the artist.\n    "),
    ("find_artists", "name: str", "Find artists.\n\n    - **name** (str): Part of the artist's name.\n    "),
    # held-out round 115, G: shown with a value in an Examples block
    ("patch_record", "new_values: dict", "Update fields.\n\n    Examples:\n      new_values={\"title\": \"New\"}\n    "),
])
def test_a_parameter_its_tool_text_documents_is_quiet(lint, name, params, doc):
    assert _found(lint, name, params, doc) == []


@pytest.mark.parametrize("name, params, doc, count", [
    ("chem", "operation: str", "Chemistry helper.\n\n    Formulas:\n    - water: H2O\n    ", 1),
    ("solve", "a: float, b: float", "Solve the equation for the coefficients.", 2),  # no equation
    ("delete_zone", "id: str", "Delete a zone by id (from the list).", 1),  # no tool named as its source
    ("find_sites", "radius_miles: int = 3", "Find sites nearby. Default is 3.", 1),  # not in its words
    ("area", "w: float, h: float", "Area of a box: x * y = area.", 2),  # not their letters
    ("patch_record", "new_values: dict", "Update fields, as patch(new_values={...}).", 1),  # a placeholder
    ("fetch_artist", "id: str", "Fetch one artist.\n\n    1. **name**: The artist's name.\n    ", 1),  # another name
    ("clip_layer", "src: str, dest: str", "Clip a layer. REQUIRES: src (source vector path), destination.", 1),
    ("list_bookings", "status: str = ''", "List bookings by status.", 1),  # named, with nothing on it
    ("explain", "reason: str", "Explain. Call reason() when asked.", 1),  # a call, no note
    ("peek", "n: int = 3, a: int = 1", "Return the last K notes. A note is a string.", 2),  # not its letter; "A" a word
    ("load_table", "case_key: str, path: str",
     "Load a table.\n\n    The ``*_key`` parameters name columns.\n    ", 1),  # path is no *_key
    ("write_summary", "title: str, findings: str",
     "Write a summary.\n\n    Parameters\n    ----------\n    title\n        Report heading.\n    ", 1),
])
def test_the_same_shapes_about_other_names_still_fire(lint, name, params, doc, count):
    assert _found(lint, name, params, doc) == ["TL207"] * count
