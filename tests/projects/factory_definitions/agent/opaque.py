"""A list with one element no static reading can see: no completeness findings."""
import json


def list_dir_tool():
    return {
        "name": "list_dir",
        "description": "List a folder. Use this when the user asks what a folder holds; do not use it for files.",
        "input_schema": {"type": "object", "properties": {}},
    }


def loaded_tool():
    with open("tool.json") as f:
        return json.load(f)


TOOLS = [list_dir_tool(), loaded_tool()]


def list_dir():
    return []


TOOL_HANDLERS = {"list_dir": list_dir, "move_file": list_dir}
