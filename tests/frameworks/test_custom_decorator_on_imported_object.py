"""A project's own decorator (`decorators = ["tool"]`) on an object of an imported class
(`registry = mylib.Registry()`, `@registry.tool`) stays the project's tool: the object
may be a subclass of a framework's agent only linking could confirm, and that reading
must not take the tool away (review of the eighth session: dump printed nothing)."""
from __future__ import annotations

from lintcase import toollint, write_tree

APP = '''
import mylib

registry = mylib.Registry()


@registry.tool
def lookup(order_id: str) -> str:
    """Look up an order by its id such as 'ORD-1'. Use this when the user asks about an order."""
    return order_id
'''


def test_the_projects_decorator_on_an_imported_object_makes_the_tool(tmp_path):
    write_tree(tmp_path, {"pyproject.toml": '[tool.toollint]\ndecorators = ["tool"]\n', "app.py": APP})
    assert '"name": "lookup"' in toollint("dump", ".", cwd=tmp_path).stdout
