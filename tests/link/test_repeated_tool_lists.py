"""One tool dict handed to two `create()` calls (the first turn and the one after the
tool result) is one tool, not two with the same name (issue 18, lca-reliable-agents).
A list is skipped only when every tool of it was offered by an earlier one: `[W]` then
`[W, F]` keeps W in both (each list is a turn of its own), and the run's summary counts it once."""
from __future__ import annotations

from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.link.project import link

TWO_TURNS = '''from openai import OpenAI

client = OpenAI()

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "weather_retriever",
        "description": "Get the current weather conditions. Use this when the user asks about the weather.",
        "parameters": {"type": "object", "properties": {}, "required": []},
    },
}


def agent(question):
    messages = [{"role": "user", "content": question}]
    response = client.chat.completions.create(model="m", messages=messages, tools=[WEATHER_TOOL])
    messages.append(response.choices[0].message)
    response = client.chat.completions.create(model="m", messages=messages, tools=[WEATHER_TOOL])
    return response
'''


def _names(source: str):
    facts = extract_file("agent.py", "agent", False, Settings(), data=source.encode())
    assert facts is not None and facts.error is None
    return [t.name.value for t in link([facts]).all_tools()]


def test_the_same_list_on_two_turns_is_one_tool():
    assert _names(TWO_TURNS) == ["weather_retriever"]


def test_a_second_call_with_more_tools_keeps_them():
    source = TWO_TURNS.replace('''tools=[WEATHER_TOOL])
    return''', '''tools=[WEATHER_TOOL, {"type": "function", "function": {
        "name": "forecast", "description": "Get the forecast. Use this for the days ahead.",
        "parameters": {"type": "object", "properties": {}}}}])
    return''')
    assert _names(source).count("forecast") == 1


def test_two_definitions_with_one_name_are_still_duplicates(lint):
    source = TWO_TURNS.replace('''tools=[WEATHER_TOOL])
    return''', '''tools=[WEATHER_TOOL, {"type": "function", "function": {
        "name": "weather_retriever", "description": "Get the weather. Use this for today.",
        "parameters": {"type": "object", "properties": {}}}}])
    return''')
    assert _names(source).count("weather_retriever") >= 2
    assert [code for _, _, code in lint({"agent.py": source}, select=["TL302"])] == ["TL302"]


def test_a_tool_in_two_lists_is_counted_once_in_the_summary(tmp_path):
    from lintcase import toollint

    source = TWO_TURNS.replace('''tools=[WEATHER_TOOL])
    return''', '''tools=[WEATHER_TOOL, {"type": "function", "function": {
        "name": "forecast", "description": "Get the forecast. Use this for the days ahead.",
        "parameters": {"type": "object", "properties": {}}}}])
    return''')
    (tmp_path / "agent.py").write_text(source)
    result = toollint("check", "--no-cache", "agent.py", cwd=tmp_path)
    assert "Checked 1 file: 2 tools in 1 group" in result.stderr, result.stderr


def test_a_definition_wrapped_in_the_list_is_one_tool(tmp_path):
    # held-out round 91: `tools = [{"type": "function", "function": record_details}]` was
    # counted as two tools, the constant and the wrapper holding it
    from lintcase import toollint, write_tree

    write_tree(tmp_path, {"agent.py": '''
        from openai import OpenAI

        record_details = {
            "name": "record_details",
            "description": "Record a user's email. Use this when the user gives an email address.",
            "parameters": {"type": "object", "properties": {"email": {"type": "string"}}},
        }
        tools = [{"type": "function", "function": record_details}]
        OpenAI().chat.completions.create(model="m", messages=[], tools=tools)
    '''})
    result = toollint("check", "--no-cache", "--select", "TL101", ".", cwd=str(tmp_path))
    assert "1 tool in 1 group" in result.stderr + result.stdout
