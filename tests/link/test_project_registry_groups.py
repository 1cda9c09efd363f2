"""Tools one project registry makes are one group, wherever they are declared (held-out
round 24, source-agent: thirteen tool modules, each `@registry.register(name=...,
description=..., parameters=...)` with `registry` from the project's tool_registry module,
whose decorator wraps them in OpenAI's `{"type": "function", "function": {...}}`)."""
from __future__ import annotations

REGISTRY = '''
class ToolRegistry:
    def __init__(self):
        self.tools = []

    def register(self, name, description, parameters):
        def decorator(func):
            self.tools.append({"type": "function",
                               "function": {"name": name, "description": description, "parameters": parameters}})
            return func
        return decorator


registry = ToolRegistry()
'''

TOOL = '''
from app.tool_registry import registry


@registry.register(
    name="{name}",
    description="{description}",
    parameters={{"type": "object", "properties": {{}}, "required": []}},
)
def {name}():
    return {{}}
'''


def _tree(module="app.tool_registry"):
    return {
        "app/__init__.py": "",
        "app/tool_registry.py": REGISTRY,
        "app/date_tool.py": TOOL.format(name="get_date", description="Returns today's date. Call this when "
                                        "the user asks what day it is.").replace("app.tool_registry", module),
        "app/time_tool.py": TOOL.format(name="get_time", description="Returns the time of day. Call this when "
                                        "the user asks what time it is.").replace("app.tool_registry", module),
    }


def test_tools_of_one_project_registry_are_neighbours(lint):
    assert lint(_tree(), select=["TL104"]) == [("app/date_tool.py", 6, "TL104"), ("app/time_tool.py", 6, "TL104")]


def test_the_registry_makes_no_tool_of_its_own(tmp_path):
    # the wrapper its decorator builds from its parameters is no definition (round 30, N):
    # the project has the two tools its modules register, no third
    from lintcase import write_tree

    from toollint.config.settings import Settings
    from toollint.engine.core import run

    write_tree(tmp_path, _tree())
    assert run([str(tmp_path)], Settings(root=str(tmp_path)), cache=False).tools == 2


def test_a_library_object_of_the_same_name_joins_nothing(lint):
    # `registry` from an installed library: which tools it collects together is not known
    tree = _tree(module="toolbox.registry")
    del tree["app/tool_registry.py"]
    assert lint(tree, select=["TL104"]) == []
