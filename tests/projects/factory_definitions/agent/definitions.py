"""Each definition comes from a small function returning a literal dict."""
import os


def read_file_tool():
    """The read_file definition."""
    return {
        "name": "read_file",
        "description": "Read a text file. Use this when the user names a file to open; do not use it for folders.",
        "input_schema": _path_schema("the file to read"),
    }


def file_tool(name, description, path_help="the file to change"):
    return {"name": name, "description": description, "input_schema": _path_schema(path_help)}


def _path_schema(description):
    return {
        "type": "object",
        "properties": {"path": {"type": "string", "description": description}},
        "required": ["path"],
    }


TOOL_DEFINITIONS = [
    read_file_tool(),
    file_tool("write_file", "Write text to a file. Use this to save what the user gives; do not use it to read."),
    file_tool("delete_file", "Delete a file. Use this only when the user asks to remove a named file; never for folders."),
]


def read_file(path):
    return open(path).read()


def write_file(path, text=""):
    return None


TOOL_HANDLERS = {
    "read_file": read_file,
    "write_file": write_file,
}
