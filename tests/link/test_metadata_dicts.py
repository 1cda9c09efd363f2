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
    # held-out round 87, M2: the function part a TypedDict built by keywords too (litellm's)
    chunk = tool.replace('function={"name": "book_slot", "description": "Book it.", "parameters": ',
                         'function=ChatCompletionToolParamFunctionChunk(name="book_slot", description="Book it.", '
                         'parameters=').replace('}}})', '}}))')
    assert [code for _, _, code in lint({"t.py": CALLS.format(tool=chunk)}, select=["TL1", "TL2"])] == [
        "TL102", "TL207"]


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


def test_a_tool_call_skeleton_filled_in_later_is_no_tool_and_no_crash(lint):
    # held-out round 87: `{"type": "function", "function": {}}` crashed the file's analysis
    src = ('def to_calls(tool_calls):\n    out = []\n    for tc in tool_calls:\n'
           '        call = {"id": tc.id, "type": "function", "function": {}}\n'
           '        call["function"]["name"] = tc.function.name\n        out.append(call)\n    return out\n')
    assert lint({"t.py": src}) == []


def test_an_apps_own_parameter_format_is_no_schema_to_judge(lint):
    # held-out round 87, A: per-property `required: True` rebuilt by the app before `tools=`
    src = '''
ACTIONS = [{"name": "note_search", "description": "Search the saved notes. Use this when the user asks about a note.",
            "parameters": {"properties": {"query": {"type": "string", "description": "Words to look for.",
                                                    "filled_by_llm": True, "required": True}}}}]
'''
    assert lint({"t.py": src}, select=["TL201"]) == []
    broken = src.replace('"required": True', '"required": ["x"]')  # a schema's own (wrong) required: judged
    assert "TL201" in [code for _, _, code in lint({"t.py": broken}, select=["TL201"])]


def test_a_bedrock_tool_spec_is_judged_inside_its_json_wrapper(lint):
    # held-out round 87, H: `inputSchema={"json": {...}}`
    src = '''
TOOLS = [{"toolSpec": {"name": "lookup_order", "description": "Look up an order. Use this when given its number.",
          "inputSchema": {"json": {"type": "object", "properties": {"order_id": {"type": "integer"}}}}}}]
'''
    found = lint({"t.py": src}, select=["TL201", "TL207"])
    assert [code for _, _, code in found] == ["TL207"]  # the property is read, the wrapper is no error


def test_a_schemas_example_and_a_sentence_for_a_name_are_no_tools(lint):
    # held-out round 89, A: an output_schema's example with name/description/parameters, and a
    # prompt helper's notes whose "name" is an f-string sentence
    src = '''
from fastmcp import FastMCP

mcp = FastMCP("g")

OUT = {"type": "object", "example": {"name": {"type": "string"}, "description": "d", "parameters": {}}}


def notes(subtree):
    return {"name": f"Identifier name for this {subtree} component.", "description": "x", "parameters": "y"}


@mcp.tool(output_schema=OUT)
def get_issue(number: int) -> dict:
    """Get one issue. Use this when the user names an issue by number; not for searching."""
    return {}
'''
    assert lint({"t.py": src}, select=["TL101", "TL102", "TL201"]) == []
