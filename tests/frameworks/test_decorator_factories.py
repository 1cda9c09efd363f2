"""A project decorator factory that hands its keywords to a server's decorator (held-out
round 15, M2): `def write_tool(**kwargs): ... return mcp.tool(**kwargs)`, then
`@write_tool(name="transfer", description="...")`, declares the tool `@mcp.tool(name=...,
description=...)` would. A factory that changes its keywords, or hands them to anything but
a framework's decorator, makes no tool: what it registers is not read.

Factories with named parameters (held-out rounds 64, 73, 81): `def tool(name, description):
return mcp.tool(name=name, description=description)`, and the nested `def register_tool(mcp,
name, **kw): def decorator(fn): ... return mcp.tool(name=name, **kw)(fn); return decorator`,
declare what the framework call with the arguments filled in declares
(toollint/extract/factorydeco.py)."""
from __future__ import annotations

import json
import textwrap

from frameworkcase import extract, schema
from lintcase import toollint, write_tree

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


# --- factories with named parameters (toollint/extract/factorydeco.py) --------------------

def _dump(tmp_path, files):
    write_tree(tmp_path, files)
    result = toollint("dump", "--no-cache", ".", cwd=str(tmp_path))
    return {t["name"]: t for t in json.loads(result.stdout)}


NAMED = '''
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("research")


        def tool(name: str, description: str, read_only: bool = True):
            return mcp.tool(name=name, description=description, annotations={"readOnlyHint": read_only})


        @tool("doctor", "Check the runtime before a long run.")
        async def doctor() -> dict:
            return {}


        @tool("validate_plan", description="Validate a plan without running it.", read_only=False)
        async def validate_plan(plan: str, strict: bool = False) -> dict:
            return {}
'''


def test_a_factory_of_named_parameters_declares_what_the_filled_in_call_declares():
    doctor, plan = extract(NAMED)
    direct = extract(NAMED.replace(
        '@tool("validate_plan", description="Validate a plan without running it.", read_only=False)',
        '@mcp.tool(name="validate_plan", description="Validate a plan without running it.")'))[1]
    assert (doctor.name.value, doctor.description.value) == ("doctor", "Check the runtime before a long run.")
    assert (plan.name.value, plan.description.value, plan.framework) == (
        "validate_plan", "Validate a plan without running it.", "mcp")
    assert schema(plan) == schema(direct) and doctor.owner == plan.owner == direct.owner
    # the description is the call site's string: a finding on it points there
    lines = textwrap.dedent(NAMED).lstrip("\n").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if '@tool("validate_plan"' in text)
    assert (plan.description.span.line, plan.description.span.col) == (line, lines[line - 1].index('"Validate') + 1)


def test_a_factory_nested_in_a_register_function_names_the_tools_of_its_server(tmp_path):
    tools = _dump(tmp_path, {"server.py": '''
        from mcp.server.fastmcp import FastMCP


        def register(mcp):
            def tool(name, description):
                return mcp.tool(name=name, description=description)

            @tool("ordinance_guide", "Check an ordinance's procedure before it is signed.")
            async def ordinance_guide(procedure: str = "") -> dict:
                return {}


        mcp = FastMCP("city")
        register(mcp)
'''})
    assert tools["ordinance_guide"]["description"] == "Check an ordinance's procedure before it is signed."


def test_a_decorator_factory_given_the_server_wrapping_the_function_with_wraps(tmp_path):
    tools = _dump(tmp_path, {"server.py": '''
        import functools

        from fastmcp import FastMCP


        def register_tool(mcp: FastMCP, name: str, *, read_only_mode: bool = False, **tool_kwargs):
            def decorator(func):
                @functools.wraps(func)
                async def wrapper(*args, **kwargs):
                    return await func(*args, **kwargs)

                return mcp.tool(name=name, **tool_kwargs)(wrapper)

            return decorator


        def plain(name):
            def decorator(fn):
                return mcp.tool(name=name)(fn)
            return decorator


        def register_tag_tools(mcp: FastMCP, read_only: bool) -> None:
            @register_tool(mcp, "list_tags", read_only_mode=read_only, description="List the tags of the archive.")
            async def list_tags(page: int = 1) -> list:
                """Ignored: the description is given."""
                return []


        mcp = FastMCP("archive")
        register_tag_tools(mcp, read_only=False)


        @plain("search_docs")
        def search(query: str) -> str:
            """Search the archive's documents by words in their text."""
            return ""
'''})
    assert tools["list_tags"]["description"] == "List the tags of the archive."
    assert list(tools["list_tags"]["input_schema"]["properties"]) == ["page"]  # func's, through wraps
    assert tools["search_docs"]["description"] == "Search the archive's documents by words in their text."


def test_factories_whose_tool_is_not_the_call_with_its_arguments_make_none(tmp_path):
    factories = {
        # the wrapper does not borrow fn's identity: the framework reads `wrapper(*args, **kwargs)`
        "unwrapped": "def unwrapped(name):\n    def deco(fn):\n        def wrapper(*a, **k):\n"
                     "            return fn(*a, **k)\n        return mcp.tool(name=name)(wrapper)\n    return deco",
        # the docstring the framework reads is changed
        "suffixed": "def suffixed(name):\n    def deco(fn):\n        fn.__doc__ = (fn.__doc__ or '') + ' (beta)'\n"
                    "        return mcp.tool(name=name)(fn)\n    return deco",
        "required": "def required(name, title):\n    return mcp.tool(name=name, title=title)",
        "other": "def other(name):\n    return registry.add(name=name)",
        "positional": "def positional(name):\n    return mcp.tool(name=name)",
    }
    calls = {"unwrapped": 'unwrapped("x")', "suffixed": 'suffixed("x")', "required": 'required("x")',
             "other": 'other("x")', "positional": 'positional("x", "y")'}
    for name, source in factories.items():
        body = "\n".join("        " + line for line in source.splitlines())
        tools = extract(SERVER + "\n" + body + "\n" + TRANSFER.format(decorator=calls[name]))
        assert [t.name.value for t in tools] == ["balance"], name
    spread = extract(SERVER + "\n        def named(name):\n            return mcp.tool(name=name)\n"
                     + TRANSFER.format(decorator="named(**OPTIONS)"))
    assert [t.name.value for t in spread] == ["balance"]


def test_a_factory_handing_on_args_and_kwargs():
    # held-out round 90, M3: `def mcp_tool(*args, **kwargs): def decorator(func): return
    # mcp.tool(*args, **kwargs)(func) ... return decorator`
    tools = extract(SERVER + '''
        def mcp_tool(*args, **kwargs):
            def decorator(func):
                return mcp.tool(*args, **kwargs)(func)
            if args and callable(args[0]):
                return decorator(args[0])
            return decorator
''' + TRANSFER.format(decorator='mcp_tool(name="move_money")') + '''
        @mcp_tool()
        async def history(account: str) -> list:
            """List the account's transactions, newest first."""
            return []
''')
    assert [(t.name.value, t.framework) for t in tools] == [("move_money", "mcp"), ("balance", "mcp"), ("history", "mcp")]
