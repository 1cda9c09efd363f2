"""A server bound in every branch of an `if`/`else` or `try`/`except` (issue 18:
`if SERVE: mcp = FastMCP("x", host=...) else: mcp = FastMCP("x")`, then `@mcp.tool()`):
that framework's server, whichever branch runs (toollint.extract.objects). A name any
other statement binds stays unknown."""
from __future__ import annotations

import pytest

from frameworkcase import extract
from lintcase import parse_findings, toollint, write_tree

HEAD = "import os\nfrom mcp.server.fastmcp import FastMCP\n\n"
TOOL = '''

@mcp.tool()
def add_to_cart(item_id: str, quantity: int = 1) -> str:
    """Add an item to the user's cart. Use when they ask to buy something."""
    return item_id
'''


def names(binding: str):
    return [t.name.value for t in extract(HEAD + binding.strip("\n") + "\n" + TOOL)]


@pytest.mark.parametrize("binding", [
    'if os.environ.get("SERVE_HTTP"):\n    mcp = FastMCP("shop", host="0.0.0.0", port=8000)\n'
    'else:\n    mcp = FastMCP("shop")',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nelif os.environ.get("B"):\n    mcp = FastMCP("b")\n'
    'else:\n    mcp = FastMCP("c")',
    'try:\n    mcp = FastMCP("shop", port=int(os.environ["PORT"]))\nexcept KeyError:\n    mcp = FastMCP("shop")',
    'try:\n    if os.environ.get("A"):\n        mcp = FastMCP("a")\n    else:\n        mcp = FastMCP("b")\n'
    'except Exception:\n    raise',
    'if os.environ.get("DEBUG"):\n    mcp = FastMCP("shop", debug=True)',  # the one binding there is
])
def test_every_binding_is_a_server_of_one_framework(binding):
    assert names(binding) == ["add_to_cart"]


@pytest.mark.parametrize("binding", [
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nelse:\n    mcp = None',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nelse:\n    mcp = make_server()',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nelse:\n    from fastmcp import FastMCP as Other\n'
    '    mcp = Other("b")',  # fastmcp's server, not the mcp package's: two frameworks
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nfor mcp in servers():\n    pass',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nwith serve() as mcp:\n    pass',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nelse:\n    import other_server as mcp',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nelse:\n    mcp, port = FastMCP("b"), 8000',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nelse:\n    mcp = other = FastMCP("b")',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nmcp += 1',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\n\n\ndef configure():\n    global mcp\n    mcp = make_server()',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nelse:\n    def mcp():\n        pass',
    'if os.environ.get("A"):\n    mcp = FastMCP("a")\nif (mcp := make_server()):\n    pass',
])
def test_a_name_bound_otherwise_stays_unknown(binding):
    assert names(binding) == []


def test_a_function_local_binding_is_another_name():
    # `mcp` inside build() is build's own: the module's server is still the branches' one
    assert names('if os.environ.get("A"):\n    mcp = FastMCP("a")\nelse:\n    mcp = FastMCP("b")\n\n\n'
                 'def build():\n    mcp = None\n    return mcp') == ["add_to_cart"]


def test_registering_calls_on_the_server():
    tools = extract(HEAD + '''
if os.environ.get("A"):
    mcp = FastMCP("a")
else:
    mcp = FastMCP("b")


def search(query: str) -> str:
    """Search the catalogue. Use before adding an item."""
    return query


def lookup(order_id: str) -> str:
    """Look an order up. Use when the user gives its id."""
    return order_id


mcp.add_tool(search)
mcp.tool()(lookup)
''')
    assert [t.name.value for t in tools] == ["search", "lookup"]


def test_the_servers_tools_are_judged_across_modules(tmp_path):
    write_tree(tmp_path, {"app/__init__.py": "", "app/server.py": HEAD + '''
if os.environ.get("SERVE_HTTP") == "true":
    mcp = FastMCP("shop", host="0.0.0.0", port=8000)
else:
    mcp = FastMCP("shop")
''', "app/tools.py": '''
from app.server import mcp


@mcp.tool()
def add_to_cart(item_id: str) -> str:
    return item_id
'''})
    result = toollint("check", "--select", "TL101", ".", cwd=tmp_path)
    found = [(path, code) for path, _, _, code, _ in parse_findings(result.stdout)]
    assert found == [("app/tools.py", "TL101")], result.stdout + result.stderr
    assert "1 tool" in result.stderr
