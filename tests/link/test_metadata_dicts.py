"""A dict with a name, a description and `parameters` mapping names to sentences is a
task's or a command's metadata, not a tool definition (held-out round 72, B: an uncalled
helper's examples drew TL102 and TL201); `parameters` that is any schema still makes one."""
from __future__ import annotations

import pytest

SOURCE = '''
def task_examples():
    return [
        {{
            "name": "export_rows",
            "description": "Export rows to a file",
            "estimated_duration_ms": 60000,
            "parameters": {parameters},
        }},
    ]
'''


@pytest.mark.parametrize("parameters, found", [
    ('{"kind": "Type of data to export", "limit": "How many rows at most"}', []),
    ('{"type": "object", "properties": {"kind": {"type": "string"}}}', [("t.py", 5, "TL102")]),
    ('{"kind": {"type": "string"}}', [("t.py", 5, "TL102"), ("t.py", 7, "TL201")]),  # a schema, misshapen
])
def test_a_map_of_sentences_is_no_schema(lint, parameters, found):
    assert lint({"t.py": SOURCE.format(parameters=parameters)}, select=["TL102", "TL201"]) == found


CALLS = '''
from openai import OpenAI
from openai.types.chat import ChatCompletionToolParam


class Payload:
    def __init__(self, name, content, parameters):
        self.name, self.content, self.parameters = name, content, parameters


def shell(ip, port):
    return Payload(name="reverse_shell", content=f"nc {{ip}} {{port}}", parameters={{"ip": ip, "port": port}})


TOOLS = [{tool}]
OpenAI().chat.completions.create(model="m", messages=[], tools=TOOLS)
'''


def test_a_typed_dict_called_with_keywords_is_a_definition_and_a_record_is_not(lint):
    # held-out round 74: M1 (ChatCompletionToolParam(type=..., function={...})), N1 (a payload record)
    tool = ('ChatCompletionToolParam(type="function", function={"name": "book_slot", "description": "Book it.", '
            '"parameters": {"type": "object", "properties": {"slot_id": {"type": "string"}}}})')
    assert lint({"t.py": CALLS.format(tool=tool)}, select=["TL1", "TL2"]) == [
        ("t.py", 14, "TL102"), ("t.py", 14, "TL207")]
    assert lint({"t.py": CALLS.format(tool="")}, select=["TL1", "TL2"]) == []


# held-out round 78, B: a benchmark's cases; round 77, F: a metadata dict filled in later
BENCH = '''
def benchmark_cases(base):
    return [
        {{"name": "baseline", "parameters": {parameters}}},
    ]
'''


@pytest.mark.parametrize("parameters, found", [
    ("base", []),
    ('{**base, "density": 0.2}', []),
    ('{"density": 0.2, "stiffness": 8.0}', []),
    ('{"type": "object", "properties": {"q": {"type": "string"}}}', [("t.py", 3, "TL101")]),
])
def test_a_case_with_settings_for_parameters_and_no_description_is_no_tool(lint, parameters, found):
    assert lint({"t.py": BENCH.format(parameters=parameters)}, select=["TL101"]) == found


def test_a_definitions_registry_keeps_such_an_item(lint):
    src = 'TOOL_DEFINITIONS = [{"name": "baseline", "parameters": {"density": 0.2}}]\n'
    assert ("t.py", 1, "TL101") in lint({"t.py": src}, select=["TL101"])


def test_a_dict_whose_name_is_left_empty_to_fill_in_is_no_tool(lint):
    src = ('import ast\n\n\ndef tool_info(code):\n'
           '    info = {"name": "", "description": "", "parameters": {}}\n'
           '    for node in ast.walk(ast.parse(code)):\n        info["name"] = node.name\n    return info\n')
    assert lint({"t.py": src}) == []
