"""Tool names built at run time (issue 18): a namespace prefix, a module constant in an
f-string, a helper that adds a prefix from the environment.

The shapes are those of public MCP servers (mcp-neo4j's `namespace_prefix + "..."` inside
`create_mcp_server(namespace)` with `mcp: FastMCP = FastMCP(...)`; `f"{GROUP}_fetch"` with a
module constant in `register_*_tools(mcp)`; `f"{PREFIX}_..."` with PREFIX from
`os.environ`; low-level `Tool(name=_add_tool_prefix("insert_text"), ...)`), written here
anew. A name that is static after all gets its real name; one that is not keeps the tool,
quoted as written, and no rule that depends on the exact name says anything about it."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import build, run

NAMESPACED = '''
from fastmcp.server import FastMCP


def _format_namespace(namespace: str) -> str:
    return namespace + "-" if namespace else ""


def create_mcp_server(driver, namespace: str = "") -> FastMCP:
    mcp: FastMCP = FastMCP("graph", stateless_http=True)
    namespace_prefix = _format_namespace(namespace)

    @mcp.tool(name=namespace_prefix + "read_cypher")
    async def read_cypher(query: str) -> str:
        """Run a read-only Cypher query. Use it to answer questions about the graph."""
        return query

    @mcp.tool(name=f"{namespace}-write_cypher")
    async def write_cypher(query: str) -> str:
        """Run a Cypher query that changes the graph."""
        return query

    return mcp
'''


def _write(tmp_path, monkeypatch, source, name="app.py"):
    (tmp_path / name).write_text(textwrap.dedent(source))
    monkeypatch.chdir(tmp_path)


def _tools(tmp_path, monkeypatch, source):
    _write(tmp_path, monkeypatch, source)
    project = build(["."], Settings(root="."), cache=False).project
    return sorted((t.span.line, t.name.value, t.name_expr) for g in project.groups for t in g.tools)


def _findings(tmp_path, monkeypatch, source, select=("TL",)):
    _write(tmp_path, monkeypatch, source)
    return [(f.code, f.message) for f in run(["."], Settings(root=".", select=select), cache=False).findings]


def test_a_namespaced_server_built_in_a_function_keeps_every_tool_quoted_as_written(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, NAMESPACED)
    assert [(name, expr) for _, name, expr in tools] == [
        (None, 'namespace_prefix + "read_cypher"'), (None, 'f"{namespace}-write_cypher"')]


def test_rules_that_do_not_depend_on_the_name_still_run_and_quote_the_expression(tmp_path, monkeypatch):
    messages = _findings(tmp_path, monkeypatch, NAMESPACED)
    assert ("TL102", 'description of `f"{namespace}-write_cypher"` reads like a signature (it is a bare '
            'label: one short verb phrase with no selection rule): say what it does and when to call it') in messages
    assert sorted(m.split(" has ")[0] for c, m in messages if c == "TL207") == [
        "property 'query' of `f\"{namespace}-write_cypher\"`", "property 'query' of `namespace_prefix + \"read_cypher\"`"]
    assert all("None" not in m for _, m in messages)
    assert not [c for c, _ in messages if c.startswith("TL3")]


def test_a_module_constant_in_an_f_string_is_the_real_name(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, '''
        from fastmcp import FastMCP

        GROUP_NAME = "flights"
        VERSION = 2


        def register_flights_tools(mcp: FastMCP):
            @mcp.tool(name=f"{GROUP_NAME}_fetch")
            def fetch(passenger_id: str) -> list:
                """Get a passenger's tickets. Use it before changing a booking."""
                return []

            @mcp.tool(name=f"{GROUP_NAME}_cancel_v{VERSION}")
            def cancel(ticket_no: str) -> str:
                """Cancel a ticket. Use it only after the passenger confirms."""
                return ticket_no
        ''')
    assert [(name, expr) for _, name, expr in tools] == [("flights_fetch", None), ("flights_cancel_v2", None)]


def test_a_constant_of_the_enclosing_function_is_static_and_a_parameter_is_not(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, '''
        from mcp.server.fastmcp import FastMCP

        index = "products"  # shadowed below: the parameter is what the f-string reads


        def register(mcp: FastMCP, index: str) -> None:
            prefix = "shop_"

            @mcp.tool(name=prefix + "search")
            def search(q: str) -> str:
                """Search the catalogue. Use it for any product question."""
                return q

            @mcp.tool(name=f"{index}_get_schema")
            def get_schema() -> str:
                """Get the index schema. Call it before building a query."""
                return ""
        ''')
    assert [(name, expr) for _, name, expr in tools] == [("shop_search", None), (None, 'f"{index}_get_schema"')]


def test_a_name_assigned_twice_or_in_a_branch_is_not_static(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, '''
        from fastmcp import FastMCP


        def build(read_only: bool) -> FastMCP:
            mcp = FastMCP("files")
            prefix = "fs_"
            if read_only:
                prefix = "ro_"
            suffix = "_v1"
            for suffix in ("_v2",):
                pass

            @mcp.tool(name=prefix + "read")
            def read(path: str) -> str:
                """Read a file. Use it to see a file's content."""
                return path

            @mcp.tool(name="list" + suffix)
            def listing(path: str) -> str:
                """List a folder. Use it to find a file's path."""
                return path
            return mcp
        ''')
    assert [(name, expr) for _, name, expr in tools] == [
        (None, 'prefix + "read"'), (None, '"list" + suffix')]


def test_a_prefix_from_the_environment_stays_unresolved_and_name_rules_stay_quiet(tmp_path, monkeypatch):
    source = '''
        import os
        from fastmcp import FastMCP

        PREFIX = os.environ.get("PREFIX", "sql tool")
        mcp = FastMCP("sql")


        @mcp.tool(name=f"{PREFIX}_all_table_names")
        def all_table_names() -> str:
            """Return every table name. Use it before writing a query."""
            return ""


        @mcp.tool(name=f"{PREFIX}_all_table_names")
        def all_table_names_again() -> str:
            """Return every table name. Use it before writing a query."""
            return ""
        '''
    assert [expr for _, _, expr in _tools(tmp_path, monkeypatch, source)] == [
        'f"{PREFIX}_all_table_names"', 'f"{PREFIX}_all_table_names"']
    # the default has a space, the two names are alike: neither is certain at run time
    assert not [c for c, _ in _findings(tmp_path, monkeypatch, source) if c.startswith("TL3")]


def test_a_static_f_string_name_is_judged_like_a_literal(tmp_path, monkeypatch):
    messages = _findings(tmp_path, monkeypatch, '''
        from fastmcp import FastMCP

        GROUP = "patient queue"
        mcp = FastMCP("clinic")


        @mcp.tool(name=f"{GROUP}_list")
        def patient_list() -> list:
            """List the waiting patients. Use it at the start of a shift."""
            return []
        ''', select=("TL301",))
    assert [c for c, _ in messages] == ["TL301"]
    assert "'patient queue_list'" in messages[0][1]


def test_a_prefix_helper_call_in_a_low_level_tool_is_quoted_with_its_argument(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, '''
        import os
        from mcp.types import Tool

        TOOL_PREFIX = os.getenv("RAG_TOOL_PREFIX", "")


        def _add_tool_prefix(name: str) -> str:
            return TOOL_PREFIX.rstrip("_") + "_" + name if TOOL_PREFIX else name


        async def handle_list_tools() -> list[Tool]:
            return [
                Tool(
                    name=_add_tool_prefix("insert_text"),
                    description="Insert one text into the store. Use it to add a note.",
                    inputSchema={"type": "object", "properties": {"text": {"type": "string"}}},
                ),
            ]
        ''')
    assert [(name, expr) for _, name, expr in tools] == [(None, '_add_tool_prefix("insert_text")')]


def test_f_strings_with_a_conversion_a_format_spec_or_an_escape_are_not_evaluated(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, '''
        from fastmcp import FastMCP

        NAME = "search"
        mcp = FastMCP("x")


        @mcp.tool(name=f"{NAME!r}")
        def a() -> str:
            """Search. Use it for questions."""
            return ""


        @mcp.tool(name=f"{NAME:>10}")
        def b() -> str:
            """Search. Use it for questions."""
            return ""


        @mcp.tool(name=f"{NAME}\\n")
        def c() -> str:
            """Search. Use it for questions."""
            return ""


        @mcp.tool(name=f"{{{NAME}}}")
        def d() -> str:
            """Search. Use it for questions."""
            return ""
        ''')
    assert [name for _, name, _ in tools] == [None, None, None, "{search}"]


def test_a_parameter_named_like_a_module_constant_is_the_parameter(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, '''
        from mcp.types import Tool

        ns = "docs"


        def list_tools(ns: str) -> list:
            return [Tool(name=f"{ns}_list", description="List the documents. Use it first.",
                         inputSchema={"type": "object", "properties": {}})]
        ''')
    assert [(name, expr) for _, name, expr in tools] == [(None, 'f"{ns}_list"')]


def test_dump_prints_the_template_of_an_unresolved_name(tmp_path, monkeypatch):
    from conftest import toollint

    _write(tmp_path, monkeypatch, NAMESPACED)
    out = toollint("dump", ".", cwd=str(tmp_path)).stdout
    assert '"name": "<unresolved: the name is namespace_prefix + \\"read_cypher\\">"' in out


def test_implicit_concatenation_with_an_f_string_part_is_joined_when_static(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, '''
        import os
        from fastmcp import FastMCP

        SITE = "wiki"
        TENANT = os.environ["TENANT"]
        mcp = FastMCP("x")


        @mcp.tool(name="search_" f"{SITE}")
        def a(q: str) -> str:
            """Search the wiki. Use it for how-to questions."""
            return q


        @mcp.tool(name="search_" f"{TENANT}")
        def b(q: str) -> str:
            """Search the tenant's pages. Use it for account questions."""
            return q
        ''')
    assert [(name, expr) for _, name, expr in tools] == [("search_wiki", None), (None, '"search_" f"{TENANT}"')]


def test_a_description_built_from_module_constants_is_judged(tmp_path, monkeypatch):
    messages = _findings(tmp_path, monkeypatch, '''
        from fastmcp import FastMCP

        SERVICE = "Jira"
        mcp = FastMCP("x")


        @mcp.tool(description=f"Search {SERVICE} issues.")
        def search_issues(q: str) -> str:
            return q


        @mcp.tool(description=f"Search {SERVICE} projects. Use it when the user names a project; "
                              "do not use it for issues (use search_issues).")
        def search_projects(q: str) -> str:
            return q
        ''', select=("TL102", "TL103"))
    assert messages == [("TL102", "description of 'search_issues' reads like a signature (it is a bare label: "
                         "one short verb phrase with no selection rule): say what it does and when to call it")]


def test_a_module_constant_keeps_its_module_value_inside_a_function(tmp_path, monkeypatch):
    # The module's NAME is built from the module's PREFIX, whatever the function calls PREFIX.
    tools = _tools(tmp_path, monkeypatch, '''
        from fastmcp import FastMCP

        PREFIX = "a_"
        NAME = PREFIX + "search"


        def register(mcp: FastMCP):
            PREFIX = "b_"

            @mcp.tool(name=NAME)
            def search(query: str) -> list:
                """Search the catalogue. Use it when the user names a product."""
                return []


        def register_more(mcp: FastMCP, PREFIX: str):
            @mcp.tool(name=NAME + "2")
            def search_more(query: str) -> list:
                """Search the archive. Use it when the catalogue has nothing."""
                return []
        ''')
    assert [name for _, name, _ in tools] == ["a_search", "a_search2"]


def test_a_long_implicitly_concatenated_description_with_an_fstring_part_is_read_whole(tmp_path, monkeypatch):
    # Prompts written as one parenthesised run of literal lines nest one level a line
    # (to the right): 300 lines with an f-string at the end read as 3 do (they were past
    # the nesting bound and unresolved).
    lines = "".join(f'    "line {i} of the guide "\n' for i in range(300))
    source = ('from fastmcp import FastMCP\nmcp = FastMCP("x")\nSITE = "example.org"\n\n'
              '@mcp.tool(description=(\n' + lines + '    f"Search {SITE}."\n))\n'
              'def search(q: str) -> str:\n    return q\n')
    _write(tmp_path, monkeypatch, source)
    project = build(["."], Settings(root="."), cache=False).project
    (tool,) = [t for g in project.groups for t in g.tools]
    description = tool.description.value
    assert description.startswith("line 0 of the guide line 1 of the guide ")
    assert description.endswith("line 299 of the guide Search example.org.")
