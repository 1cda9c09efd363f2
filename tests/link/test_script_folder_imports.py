"""A flat import in a script folder (held-out round 120, M1: `lab1/`, `lab2/`, each run as
`python agent.py` from its own folder, `from weather_tool import get_weather_tool`): the
module beside the importer is the one meant, as Python's sys.path[0] makes it, though its
project name is `lab2.weather_tool`; the tools it and its neighbours define are one set."""
from __future__ import annotations

TOOL = '''
def get_{name}_tool():
    spec = {{"toolSpec": {{"name": "get_{name}", "description": "Return the {name} for a city. Use this when asked.",
             "inputSchema": {{"json": {{"type": "object", "properties": {{}}}}}}}}}}
    return spec


def {name}(city=""):
    return city
'''
AGENT = '''
from misc import helper
from weather_tool import get_weather_tool, weather
from time_tool import get_time_tool, time

tool_definition = []
tool_definition.append(get_weather_tool())
tool_definition.append(get_time_tool())


def converse(client, messages):
    return client.converse(modelId="m", messages=messages, toolConfig={"tools": tool_definition})


def execute_tool(name, params):
    if name == "get_weather":
        return weather(**params)
    elif name == "get_time":
        return time(**params)
'''
FILES = {
    "lab1/misc.py": "def helper():\n    return 1\n",
    "lab2/misc.py": "def helper():\n    return 2\n",
    "lab2/weather_tool.py": TOOL.format(name="weather"),
    "lab2/time_tool.py": TOOL.format(name="time"),
    "lab2/agent.py": AGENT,
}


def test_the_module_beside_a_script_is_the_one_it_imports(lint):
    # offered together: each is told apart from the other (TL104) only as one set
    assert lint(FILES, select=["TL104"]) == [("lab2/time_tool.py", 2, "TL104"), ("lab2/weather_tool.py", 2, "TL104")]


def test_a_project_module_of_the_name_still_wins(lint):
    # `weather_tool` at the root is the one the import names; lab2's own is then no part of it
    files = dict(FILES, **{"weather_tool.py": TOOL.format(name="rain")})
    found = lint(files, select=["TL104"])
    assert ("lab2/weather_tool.py", 2, "TL104") not in found


def test_a_tool_handed_to_an_agent_by_a_script_beside_it_is_registered(lint):
    # held-out round 60, G: `from src.tools import generate_ui` in agent/main.py, whose project
    # name is under a folder that is no package; TL308 must find it in `create_agent(tools=[...])`
    files = {
        "apps/demo-app/agent/src/__init__.py": "",
        "apps/demo-app/agent/src/tools.py": (
            "from langchain_core.tools import tool\n\n\n@tool\ndef generate_ui(query: str) -> str:\n"
            '    """Generate a UI for the query. Use this when the user asks for a dashboard."""\n    return query\n\n\n'
            "@tool\ndef unused(query: str) -> str:\n"
            '    """Unused helper. Use this when nothing else fits."""\n    return query\n'),
        "apps/demo-app/agent/main.py": (
            "from langchain.agents import create_agent\n\nfrom src.tools import generate_ui\n\n"
            "agent = create_agent(model='m', tools=[generate_ui])\n"),
    }
    assert [(path, code) for path, _, code in lint(files, select=["TL308"])] == \
        [("apps/demo-app/agent/src/tools.py", "TL308")]
