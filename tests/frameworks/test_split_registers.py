"""One server's tools declared over several typed register functions (held-out round 17,
M6b: `register_a_tools(mcp: FastMCP, client)`, `register_b_tools(mcp: FastMCP, client)`,
each called with `mcp = FastMCP("x")`): the tools are that server's, one group, so the
rules about a turn (TL307) and about neighbours (TL104, TL107) see the whole server. A
function no visible call hands a server keeps its tools in a group of their own."""
from __future__ import annotations

import json

from lintcase import parse_findings, toollint, write_tree


def register(module: str, count: int, annotation: str = "FastMCP", exclusion: str = "; not for other sets") -> str:
    tools = "".join(f'''
    @mcp.tool()
    def {module}_item_{i}(item_id: int) -> str:
        """Return item {i} of set {module}. Use this when the user asks for {module} item {i}{exclusion}."""
        return str(item_id)
''' for i in range(count))
    return (f"from fastmcp import FastMCP\n\n\ndef register_{module}_tools(mcp: {annotation}, client) -> None:\n"
            f"    # {module}\n{tools}")


def project(tmp_path, server: str, count: int = 11, exclusion: str = "; not for other sets"):
    files = {"pkg/__init__.py": "", "pkg/a.py": register("a", count, exclusion=exclusion),
             "pkg/b.py": register("b", count, exclusion=exclusion),
             "pkg/server.py": "from fastmcp import FastMCP\nfrom unittest.mock import MagicMock\n\n"
                              "from pkg.a import register_a_tools\nfrom pkg.b import register_b_tools\n\n" + server}
    write_tree(tmp_path, files)
    result = toollint("check", "--select", "TL104,TL302,TL307", ".", cwd=tmp_path)
    return [(path, code) for path, _, _, code, _ in parse_findings(result.stdout)], result.stderr


def test_register_functions_called_with_one_server_are_one_turn(tmp_path):
    found, summary = project(tmp_path, 'mcp = FastMCP("big")\nregister_a_tools(mcp, None)\n'
                                       'register_b_tools(mcp=mcp, client=None)\n')
    assert found == [("pkg/a.py", "TL307")], found
    assert "22 tools in 1 group" in summary


def test_neighbours_across_register_functions(tmp_path):
    # one tool in each function: alone in its module, two together on the server
    found, summary = project(tmp_path, 'def main():\n    mcp = FastMCP("big")\n    register_a_tools(mcp, None)\n'
                                       '    register_b_tools(mcp, None)\n    mcp.run()\n', count=1, exclusion="")
    assert found == [("pkg/a.py", "TL104"), ("pkg/b.py", "TL104")], found
    assert "2 tools in 1 group" in summary


def test_register_functions_given_no_visible_server_stay_apart(tmp_path):
    for server in ['register_a_tools(MagicMock(), None)\nregister_b_tools(MagicMock(), None)\n',  # doubles
                   '',  # never called here
                   'def serve(mcp: FastMCP):\n    register_a_tools(mcp, None)\n    register_b_tools(mcp, None)\n']:
        found, summary = project(tmp_path, server)
        assert found == [], (server, found)
        assert "22 tools in 2 groups" in summary, server


def test_two_servers_each_get_the_tools_handed_to_them(tmp_path):
    # admin.py's server holds 22, public's (this module's) 11: only admin's turn is crowded
    write_tree(tmp_path, {"pkg/admin.py": "from fastmcp import FastMCP\n\nfrom pkg.a import register_a_tools\n"
                                          "from pkg.b import register_b_tools\n\nadmin = FastMCP('admin')\n"
                                          "register_a_tools(admin, None)\nregister_b_tools(admin, None)\n"})
    found, summary = project(tmp_path, 'public = FastMCP("public")\nregister_a_tools(public, None)\n')
    assert found == [("pkg/a.py", "TL307")], found
    assert "22 tools in 2 groups" in summary  # a tool on two servers is counted once


def test_the_server_of_the_same_module(tmp_path):
    write_tree(tmp_path, {"server.py": register("a", 1, exclusion="") + register("b", 1, exclusion="").split("\n", 1)[1]
                          + '\n\nmcp = FastMCP("x")\n\n\n@mcp.tool()\ndef ping(host: str) -> str:\n'
                            '    """Ping a host. Use this when the user asks whether a host is up."""\n'
                            '    return host\n\n\nregister_a_tools(mcp, None)\nregister_b_tools(mcp, None)\n'})
    result = toollint("dump", ".", cwd=tmp_path)
    assert sorted(t["name"] for t in json.loads(result.stdout)) == ["a_item_0", "b_item_0", "ping"]
    result = toollint("check", "--select", "TL104", ".", cwd=tmp_path)
    assert len(parse_findings(result.stdout)) == 3 and "3 tools in 1 group" in result.stderr, result.stdout


def test_a_typed_register_all_hands_its_server_on(tmp_path):
    # `def register_all(mcp: FastMCP, client)` calling each module's function, with their
    # imports inside it; the server made in a function that returns it
    register_all = ("from fastmcp import FastMCP\n\n\ndef register_all_tools(mcp: FastMCP, client) -> None:\n"
                    "    from pkg.a import register_a_tools\n    from pkg.b import register_b_tools\n\n"
                    "    register_a_tools(mcp, client)\n    register_b_tools(mcp, client)\n")
    files = {"pkg/tools.py": register_all}
    write_tree(tmp_path, files)
    found, summary = project(tmp_path, 'from pkg.tools import register_all_tools\n\n\n'
                                       'def create_server() -> FastMCP:\n    mcp = FastMCP("big")\n'
                                       '    register_all_tools(mcp, None)\n    return mcp\n')
    assert found == [("pkg/a.py", "TL307")], found
    assert "22 tools in 1 group" in summary
    # a register_all no visible call hands a server to: the modules stay apart
    found, summary = project(tmp_path, 'from pkg.tools import register_all_tools\n')
    assert found == [] and "22 tools in 2 groups" in summary, (found, summary)
