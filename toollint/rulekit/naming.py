"""How messages name a tool."""
from __future__ import annotations


def shown_name(tool) -> str:
    """A tool's name as a message quotes it: 'search', or for a name only known at run time
    the expression it comes from (`self.name`) or where it is defined, never 'None'."""
    if tool.name.value is not None:
        return f"'{tool.name.value}'"
    if tool.name_expr:
        return f"`{tool.name_expr}`"
    if tool.function is not None:
        return f"the tool of {tool.function.qualname}()"
    if tool.registry:
        return f"the tool in {tool.registry.partition(':')[0]}"
    return "a tool whose name is only known at run time"
