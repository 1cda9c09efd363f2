"""Two shapes that looked like broken definitions on held-out code.

Round 93, A (10 TL201): a `{"name", "description", "parameters"}` record whose schema spells
its types as Gemini's `Type` enum does ("OBJECT", "STRING") is a Gemini function declaration
or a project's record it lowers before sending: judged as the schema it means. An Anthropic
`input_schema` spelled so is still wrong: Anthropic's API validates JSON Schema.

Round 92, B (7 findings): an app's own record with a list where a schema goes (`{"_id",
"name", "description", "inputSchema": [], ...}`) is no tool definition."""
from __future__ import annotations

GEMINI = '''
TOOLS = [
    {
        "name": "run_snippet",
        "description": "Run a short Python snippet and return its output. Use this for quick checks; "
                       "do not use it for scripts on disk, use run_file instead.",
        "%s": {
            "type": "OBJECT",
            "properties": {
                "code": {"type": "STRING", "description": "Python source to run, such as 'print(1)'."},
                "timeout": {"type": "INTEGER"},
            },
            "required": ["code"],
        },
    },
]
'''


def test_gemini_type_names_are_the_schema_they_mean(lint):
    found = lint({"t.py": GEMINI % "parameters"}, select=["TL201", "TL207"])
    assert found == [("t.py", 10, "TL207")]  # still judged: 'timeout' has no description


def test_gemini_type_names_in_an_anthropic_schema_are_still_invalid(lint):
    found = lint({"t.py": GEMINI % "input_schema"}, select=["TL201"])
    assert [code for _, _, code in found] == ["TL201", "TL201", "TL201"]


def test_a_record_with_a_list_where_the_schema_goes_is_no_tool(lint):
    source = '''
class FakeCms:
    async def list_skills(self) -> list:
        return [{"_id": "skill-1", "name": "EEAT Audit", "description": "Assess content quality.",
                 "steps": [], "inputSchema": [], "outputSchema": "score"}]


def crews():
    return [Crew(name="Content Gap", description="Find gaps.", inputSchema=[{"name": "url"}])]
'''
    assert lint({"t.py": source}) == []
    # the same record with a schema is a definition
    assert lint({"t.py": source.replace('"inputSchema": []', '"inputSchema": {"type": "object"}')},
                select=["TL301"]) == [("t.py", 3, "TL301")]


def test_a_project_class_named_tool_without_a_schema_is_no_definition(lint):
    # held-out round 102, C: a help catalog's own `@dataclass class Tool(name, category,
    # description, functions)`; MCP's Tool requires inputSchema
    source = '''
from dataclasses import dataclass


@dataclass
class Tool:
    name: str
    description: str


def catalog():
    return [Tool(name="Map Tool", description="Draws maps.")]
'''
    assert lint({"help.py": source}) == []
    # ... nor the functions it lists, their parameters named in a list (round 102)
    listed = source.replace('description="Draws maps.")', 'description="Draws maps.", available_functions=[{"name": '
                            '"draw_map", "description": "Draw a map", "parameters": ["region: str"]}])')
    assert lint({"help.py": listed}) == []
    mcp = source.replace('description="Draws maps.")', 'description="Draws maps.", inputSchema={"type": "object"})')
    assert ("help.py", 11, "TL301") in lint({"help.py": mcp})


def test_a_langchain_tool_given_its_function_is_still_a_definition(lint):
    # stored round 18: `Tool(name="Search", func=search.run, description=...)`, no schema key
    source = '''
from langchain.agents.tools import Tool

tools = [
    Tool(name="Search", func=search.run, description="useful for when you need to answer questions about news"),
    Tool(name="Calculator", func=math.run, description="useful for when you need to answer questions about math"),
]
'''
    assert [code for _, _, code in lint({"agent.py": source}, select=["TL104"])] == ["TL104", "TL104"]


SCHEMA_CALLS = '''
from google.genai import types

DECLARATIONS = [
    types.FunctionDeclaration(
        name="find_order",
        description="Look up an order. Use this when the customer gives an order number; not for refunds.",
        parameters=types.Schema(
            type=TYPE_OBJECT,
            properties={
                "order_id": types.Schema(type=TYPE_STRING),
                "tags": types.Schema(type="ARRAY", items=types.Schema(type="STRING"), description="Labels to match."),
            },
            required=["order_id", "missing_field"],
        ),
    ),
]
'''


def test_gemini_schema_calls_are_read_as_the_schema_they_build(lint):
    # held-out round 111, M1: `types.Schema(...)` parameters were left unread (8 schemas
    # unchecked); the Type enum or its names, nested properties and items alike
    for object_, string in (("types.Type.OBJECT", "types.Type.STRING"), ('"OBJECT"', '"STRING"')):
        source = SCHEMA_CALLS.replace("TYPE_OBJECT", object_).replace("TYPE_STRING", string)
        assert lint({"decls.py": source}, select=["TL201", "TL202", "TL207"]) == [
            ("decls.py", 10, "TL207"), ("decls.py", 13, "TL202")]
