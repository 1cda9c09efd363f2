"""Descriptions of tools first seen when servers handed down register chains were read
(held-out round 17, jupyter; written after its shapes, none copied): a use-case section
after the Returns block and "should call this on <event>" say when to call the tool."""
from __future__ import annotations

import pytest

from toollint.rulekit.text import has_trigger, reads_like_signature


@pytest.mark.parametrize("name, description", [
    ("run_all_cells", "Execute all code cells in order.\nReturns: the execution ids.\n"
                      "Agent Use Case: Instead of many separate run_cell calls, use this single tool."),
    ("list_rows", "List the rows of a table.\n\nReturns:\n    rows\n\nWhen to use: the user asks what a table holds."),
    # held-out round 124, G: a prose paragraph after the Parameters list, set as its heading is
    ("list_readings", "List readings for one station.\n\n    Parameters:\n    - station: Station number.\n\n"
                      "    Default mode returns a summary grouped by sensor kind with counts.\n"
                      "    Specify group or show_all=True for full reading details.\n    "),
    # held-out round 42, F: a paragraph after Args that opens with the result, then goes on
    ("scaffold", "Create a starter file.\n\n    Args:\n        name: the name.\n\n    Returns the created path. "
                 "Edit it afterwards with your file tools,\n    then validate_script it.\n    "),
    # held-out round 115, E: a "Common use:" paragraph after the Args block
    ("set_item_color", "Set the color of an item.\n\nArgs:\n  item_id: Item ID.\n  color: Color name.\n\n"
                       "Common use: switch \"red\" to \"green\" after the user approves the item."),
])
def test_a_use_section_after_the_returns_block_is_no_label(name, description):
    assert reads_like_signature(description, name) is None


@pytest.mark.parametrize("name, description", [
    ("list_rows", "List the rows of a table.\nReturns: the rows."),  # a label and its Returns block
    ("list_rows", "List the rows of a table.\nReturns: the rows.\nExample: list_rows('t')"),
    # a sentence about the result after the Args block, code, an example's string: no prose (r_58)
    ("get_stock", "Get current stock levels.\n\n    Args:\n        warehouse_id: UUID.\n\n"
                  "    Returns JSON list with sku and quantity.\n    "),
    ("draft_email", "Create an email draft.\n\n    Args:\n        to: the address.\n\n    Examples:\n"
                    "        draft_email(\"a@b.c\", \"Dear,\n\nI wanted to...\")\n    "),
    ("create_table", "Create a table.\n\n    Args:\n        name: the name.\n\n    Eligible column types:\n\n"
                     "    from .type_system import (\n        Array,\n    )\n    "),
    # a paragraph indented under its section is the section's, an entry is no prose
    ("list_rows", "List the rows of a table.\n\n    Args:\n        table: the table.\n\n"
                  "            Continued note on table, indented under it.\n    "),
    ("list_rows", "List the rows of a table.\n\n    Args:\n    - table: the table.\n\n    - limit: how many.\n    "),
])
def test_a_label_with_other_sections_still_fires(name, description):
    assert reads_like_signature(description, name)


@pytest.mark.parametrize("description", [
    "Get the server version. Client should call this on connection to verify compatibility.",
    "Reload the index. You must call this after every schema change.",
])
def test_should_call_this_on_an_event_is_a_trigger(description):
    assert has_trigger(description)


@pytest.mark.parametrize("description", [
    "Get the server version. Clients should not call this on every request.",
    "Get the server version. You should call this carefully.",
])
def test_should_call_this_without_an_event_or_negated_is_none(description):
    assert not has_trigger(description)
