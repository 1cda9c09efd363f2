"""A name or description read out of a module dict by literal keys
(`description=SCHEMAS["count_orders"]["description"]`, held-out round 45, M4) is that
string; a dict some statement changes, or a key known only at run time, stays unknown."""
from __future__ import annotations

import pytest

HEAD = '''
from mcp.server.fastmcp import FastMCP

SCHEMAS = {
    "count_orders": {"title": "Count orders", "description": "Count orders."},
}
CHANGE
mcp = FastMCP("demo")


@mcp.tool(name="count_orders", description=DESCRIPTION)
def count_orders(day: str) -> int:
    """Count the orders of one day."""
    return 0
'''


def _tl102(lint, change: str, description: str):
    source = HEAD.replace("CHANGE", change).replace("DESCRIPTION", description)
    return [code for _, _, code in lint({"server.py": source}, select=["TL102"])]


def test_a_description_read_from_a_module_dict_is_judged(lint):
    assert _tl102(lint, "", 'SCHEMAS["count_orders"]["description"]') == ["TL102"]


@pytest.mark.parametrize("change, description", [
    ('SCHEMAS["count_orders"]["description"] = "Count the orders of one day. Use it for daily totals."',
     'SCHEMAS["count_orders"]["description"]'),  # changed after it is assigned
    ("SCHEMAS.update(load_overrides())", 'SCHEMAS["count_orders"]["description"]'),
    ("KEY = pick()", 'SCHEMAS[KEY]["description"]'),
    ("", 'SCHEMAS["count_orders"]["summary"]'),  # no such key: a KeyError, nothing sent
])
def test_a_description_the_module_may_change_stays_unknown(lint, change, description):
    assert _tl102(lint, change, description) == []
