"""A handler table whose visible calls spread the arguments (held-out round 19, M3):
`HANDLERS = {"run_shell": lambda c: shell(c)}` dispatched as `HANDLERS[name](**args)`
calls the lambda with keywords, so its one parameter is judged as a keyword parameter
(TL205/TL206), as a two-parameter lambda beside it already is. Shapes written after
OpenAI Chat tool loops (none copied); each quiet case sits next to one that fires."""
from __future__ import annotations

import textwrap

import pytest

from lintcase import parse_findings, toollint

LOOP = '''
import json

TOOLS = [
    {{"type": "function", "function": {{
        "name": "run_shell",
        "description": "Run a shell command. Use this when the user asks to run one; not to read files.",
        "parameters": {{"type": "object", "properties": {{
            "command": {{"type": "string", "description": "Command line such as 'ls -la'."}}}},
            "required": ["command"]}}}}}},
]


def shell(command):
    return command


HANDLERS = {{
    "run_shell": {handler},
}}


def run_turn(client, messages):
    reply = client.chat.completions.create(model="m", messages=messages, tools=TOOLS)
    for call in reply.choices[0].message.tool_calls or []:
        arguments = json.loads(call.function.arguments)
{dispatch}
'''


def findings(tmp_path, handler: str, dispatch: str):
    source = LOOP.format(handler=handler, dispatch=textwrap.indent(textwrap.dedent(dispatch), " " * 8))
    (tmp_path / "agent.py").write_text(source)
    result = toollint("check", "--select", "TL205,TL206", "agent.py", cwd=tmp_path)
    return [(code, message.split("'")[1]) for _, _, _, code, message in parse_findings(result.stdout)]


@pytest.mark.parametrize("dispatch", [
    'result = HANDLERS[call.function.name](**arguments)',
    'handler = HANDLERS.get(call.function.name)\nif handler is None:\n    continue\nresult = handler(**arguments)',
])
def test_a_one_parameter_lambda_called_with_keywords(tmp_path, dispatch):
    assert findings(tmp_path, "lambda c: shell(c)", dispatch) == [("TL206", "run_shell"), ("TL205", "c")]


def test_a_lambda_whose_parameter_is_the_property_is_right(tmp_path):
    assert findings(tmp_path, "lambda command: shell(command)", 'result = HANDLERS[call.function.name](**arguments)') == []


# Held-out round 53, D (40 TL205): the dispatcher fills the leading parameters itself
# (`fn(conn, owner_id, **tool_input)`), so they are not the schema's to declare.
CONTEXT = 'fn = HANDLERS[call.function.name]\nresult = fn(client, messages, **arguments)'


def test_parameters_the_dispatch_call_fills_are_not_the_schemas(tmp_path):
    assert findings(tmp_path, "lambda conn, owner_id, **kw: shell(**kw)", CONTEXT) == []
    assert findings(tmp_path, "lambda conn, owner_id, command: shell(command)", CONTEXT) == []


def test_a_parameter_after_those_the_call_fills_is_still_judged(tmp_path):
    assert findings(tmp_path, "lambda conn, owner_id, cmd: shell(cmd)", CONTEXT) == \
        [("TL206", "run_shell"), ("TL205", "cmd")]
    # the one parameter takes the client: `command` arrives as a keyword it does not accept
    assert findings(tmp_path, "lambda c: shell(c)", 'result = HANDLERS[call.function.name](client, **arguments)') \
        == [("TL206", "run_shell")]


@pytest.mark.parametrize("dispatch", [
    'result = HANDLERS[call.function.name](arguments)',
    # two shapes of call: which parameters the arguments fill is not known
    'if call.function.name == "run_shell":\n    result = HANDLERS["run_shell"](client, **arguments)\n'
    'else:\n    result = HANDLERS[call.function.name](**arguments)',
    # a positional argument built from the arguments themselves
    'result = HANDLERS[call.function.name](arguments.get("command"), **arguments)',  # the dict itself: the lambda reads it
    # one call spreads, another hands the dict: which one reaches the lambda is not known
    'if call.function.name in HANDLERS:\n    result = HANDLERS[call.function.name](**arguments)\n'
    'else:\n    result = HANDLERS["run_shell"](arguments)',
    # `handler` bound to the table's item and to something else
    'handler = HANDLERS.get(call.function.name)\nif handler is None:\n    handler = fallback\n'
    'result = handler(**arguments)',
    'result = dispatch_all(HANDLERS, call.function.name, arguments)',  # no call visible here
])
def test_a_lambda_not_seen_to_get_keywords_is_read_by_its_signature(tmp_path, dispatch):
    assert findings(tmp_path, "lambda c: shell(c)", dispatch) == []


# Held-out round 123, A (48 TL205/TL206): lambdas of `(arguments, context)` called with the
# dict and a value of the dispatcher's, by position: their parameters are no map of the schema.
@pytest.mark.parametrize("dispatch", [
    'handler = HANDLERS.get(call.function.name)\nresult = handler(arguments, client)',
    'result = HANDLERS[call.function.name](arguments, client)',
    'data = arguments\nresult = HANDLERS[call.function.name](data, client)',  # which is the dict: not known
])
def test_a_lambda_called_by_position_with_the_arguments_and_context(tmp_path, dispatch):
    assert findings(tmp_path, 'lambda inp, uid: shell(command=inp["command"])', dispatch) == []
