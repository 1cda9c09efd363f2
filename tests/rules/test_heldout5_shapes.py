"""False-positive class of the fifth held-out round (issue 18): TL205/TL206 against a
function that is not the tool's handler.

Shape written here after a public Claude coding agent toollint was never tuned on (none of
it copied): raw Anthropic tool dicts, a dispatcher `if name == "x": x(args["a"], ...)`,
and a second function that post-processes a tool's result on the same name, `if name ==
"x": review(reply, results, tool_input)`. Both read as dispatch by comparison; the second
one's function takes the whole input as one of its own arguments and is no handler. Which
of two different functions gets the arguments is unknown, so neither is judged.
"""
from __future__ import annotations

TOOLS = '''
TOOLS = [
    {
        "name": "edit_files",
        "description": "Edit files. Call this when the user asks for a change; not for new files.",
        "input_schema": {
            "type": "object",
            "properties": {
                "paths": {"type": "array", "items": {"type": "string"}, "description": "Files to edit."},
                "note": {"type": "string", "description": "What to change in them."},
            },
            "required": ["paths", "note"],
        },
    },
    {
        "name": "make_dir",
        "description": "Create a folder. Call this before writing into a new folder; not for files.",
        "input_schema": {
            "type": "object",
            "properties": {"path": {"type": "string", "description": "The folder, e.g. 'src/app'."}},
            "required": ["path"],
        },
    },
]
'''

HANDLERS = '''

def edit_files(paths, note):
    return [p + note for p in paths]


def make_dir(path):
    return path


def run_tool(tool_name, tool_input):
    if tool_name == "edit_files":
        return edit_files(tool_input["paths"], tool_input["note"])
    elif tool_name == "make_dir":
        return make_dir(tool_input["path"])
'''

AFTER = '''

touched = set()


def review(reply, outcome, tool_input):
    return bool(reply and outcome and tool_input)


def after_tool(tool_name, tool_input, outcome):
    reply = str(outcome)
    if tool_name in ("edit_files", "make_dir"):
        if tool_name == "edit_files":
            touched.update(tool_input["paths"])
        elif tool_name == "make_dir":
            touched.add(tool_input["path"])
    if tool_name == "edit_files":
        return review(reply, outcome, tool_input)
    return None
'''

RULES = ["TL204", "TL205", "TL206"]


def test_a_post_processing_branch_is_not_judged_as_the_handler(lint):
    # before: TL206 on 'paths' and 'note' and TL205 on reply/outcome/tool_input of review()
    assert lint({"agent.py": TOOLS + HANDLERS + AFTER}, select=RULES) == []


def test_the_dispatcher_alone_is_still_judged(lint):
    src = TOOLS + HANDLERS.replace("def edit_files(paths, note):", "def edit_files(paths, note, dry_run):")
    assert [(code, line) for _, line, code in lint({"agent.py": src}, select=RULES)] == [("TL205", 26)]  # dry_run


def test_two_dispatchers_calling_the_same_handler_still_judge_it(lint):
    src = TOOLS + HANDLERS.replace("def edit_files(paths, note):", "def edit_files(paths, note, dry_run):") + '''

async def run_tool_async(tool_name, tool_input):
    if tool_name == "edit_files":
        return edit_files(tool_input["paths"], tool_input["note"])
    elif tool_name == "make_dir":
        return make_dir(tool_input["path"])
'''
    assert [(code, line) for _, line, code in lint({"agent.py": src}, select=RULES)] == [("TL205", 26)]  # dry_run
