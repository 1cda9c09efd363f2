"""A project decorator factory that hands its keywords to a server's decorator (held-out
round 15, M2): `def write_tool(**kwargs): ... return mcp.tool(**kwargs)`, then
`@write_tool(name="transfer", description="...")`, declares the tool `@mcp.tool(name=...,
description=...)` would. A factory that changes, adds to or does more with the keywords
makes no tool: what it registers is not read."""
from __future__ import annotations

from frameworkcase import extract, schema

SERVER = '''
        import os
        from typing import Any, Callable

        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("bank")
'''

TRANSFER = '''
        @{decorator}
        async def transfer(source: str, target: str, amount_cents: int) -> dict:
            """Moves money."""
            return {{}}

        @mcp.tool()
        async def balance(account: str) -> dict:
            """Return the balance. Use this when the user asks how much money is left."""
            return {{}}
'''


def test_a_factory_gated_by_a_setting_declares_the_tool_with_its_keywords():
    transfer, balance = extract(SERVER + '''
        def write_tool(**kwargs: Any) -> Callable[[Any], Any]:
            if os.environ.get("READ_ONLY"):
                return lambda fn: fn
            return mcp.tool(**kwargs)
''' + TRANSFER.format(decorator='write_tool(name="move_money", description="Move money between accounts.")'))
    direct, _ = extract(SERVER + TRANSFER.format(
        decorator='mcp.tool(name="move_money", description="Move money between accounts.")'))
    assert (transfer.name.value, transfer.framework) == ("move_money", "mcp")
    assert transfer.description.value == "Move money between accounts."
    assert schema(transfer) == schema(direct)
    # one server: the two are offered together
    assert transfer.owner == balance.owner


def test_a_factory_given_no_keywords_names_the_tool_after_the_def():
    transfer, _ = extract(SERVER + '''
        def write_tool(**options):
            return mcp.tool(**options)
''' + TRANSFER.format(decorator="write_tool()"))
    assert (transfer.name.value, transfer.description.value) == ("transfer", "Moves money.")


def test_factories_that_do_more_with_the_keywords_make_no_tool():
    factories = {
        "renamed": 'def renamed(**kwargs):\n    kwargs["name"] = "x_" + kwargs["name"]\n    return mcp.tool(**kwargs)',
        "defaulted": 'def defaulted(**kwargs):\n    kwargs.setdefault("title", "T")\n    return mcp.tool(**kwargs)',
        "narrowed": 'def narrowed(name, **kwargs):\n    return mcp.tool(**kwargs)',
        "added": 'def added(**kwargs):\n    return mcp.tool(title="T", **kwargs)',
        "other": 'def other(**kwargs):\n    return register(**kwargs)',
        "rebound": 'def rebound(**kwargs):\n    kwargs = clean(kwargs)\n    return mcp.tool(**kwargs)',
    }
    for name, source in factories.items():
        body = "\n".join("        " + line for line in source.splitlines())
        tools = extract(SERVER + "\n" + body + "\n" + TRANSFER.format(decorator=f'{name}(name="move_money")'))
        assert [t.name.value for t in tools] == ["balance"], name


def test_a_factory_given_a_positional_argument_makes_no_tool():
    # it takes only keywords: the call raises TypeError before anything is registered
    tools = extract(SERVER + '''
        def write_tool(**kwargs):
            return mcp.tool(**kwargs)
''' + TRANSFER.format(decorator='write_tool("move_money")'))
    assert [t.name.value for t in tools] == ["balance"]
