"""Lists of `{"name", "type", "description"}` parameter dicts (the legacy anthropic-tools
package's `BaseTool(name, description, parameters=[...])`, whose shape cannot be read for
sure) are no tool definitions; Anthropic's named server tools, whose type carries a date,
still are (issue 18, probes M8/M9)."""
from __future__ import annotations

from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.link.project import link

LEGACY = '''from .tools.base_tool import BaseTool


class AdditionTool(BaseTool):
    """Adds together two numbers, a + b."""

    def use_tool(self, a, b):
        return a + b


addition_tool_parameters = [
    {"name": "a", "type": "float", "description": "The first number to add."},
    {"name": "b", "type": "float", "description": "The second number to add."},
]
addition_tool = AdditionTool("perform_addition", "Add one number to another.", addition_tool_parameters)
weather = AdditionTool(name="get_weather", description="Get the weather.",
                       parameters=[{"name": "city", "type": "str", "description": "The city."}])
'''


def _tools(source: str):
    facts = extract_file("tools.py", "tools", False, Settings(), data=source.encode())
    assert facts is not None and facts.error is None
    return [(t.name.value, t.shape) for t in link([facts]).all_tools()]


def test_parameter_dicts_are_not_tools(lint):
    assert _tools(LEGACY) == []
    assert lint({"tools.py": LEGACY}) == []


def test_parameter_dicts_in_a_tools_list_are_not_tools():
    assert _tools('''
TOOLS = [{"name": "city", "type": "string", "description": "The city to look up."}]
client.messages.create(model="m", tools=TOOLS, messages=[])
''') == []


def test_server_tools_and_real_definitions_beside_them_are_kept():
    found = _tools('''
TOOLS = [
    {"type": "bash_20250124", "name": "bash"},
    {"type": "web_search_20250305", "name": "web_search", "max_uses": 3},
    {"name": "add", "description": "Add two numbers.", "input_schema": {"type": "object", "properties": {}}},
]
''')
    assert found == [("bash", "server"), ("web_search", "server"), ("add", "anthropic")]
