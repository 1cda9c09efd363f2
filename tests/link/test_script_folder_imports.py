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
