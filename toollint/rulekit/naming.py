"""How messages name a tool."""
from __future__ import annotations

from typing import Optional

from toollint.model import CallVal, Const, Ref, Symbol, Unresolved, Value

MAX_TEXT = 80  # a longer expression is not quoted in a message: the tool is named by its function


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


def expression_text(value: Optional[Value]) -> Optional[str]:
    """How a name that is not static reads in a message: `self.name`, `ToolNames.SEARCH`,
    `f"{namespace}-read"`, `_add_tool_prefix("insert_text")`; None when it has no short form."""
    if isinstance(value, Symbol):
        return value.target
    if isinstance(value, Ref):
        return value.name
    if isinstance(value, Unresolved):
        return value.text or None
    if isinstance(value, CallVal):
        args = [_literal(a) for a in value.args]
        if value.kwargs or not value.complete or None in args:
            return f"{value.func}(...)"
        shown = f"{value.func}({', '.join(a for a in args if a is not None)})"
        return shown if len(shown) <= MAX_TEXT else f"{value.func}(...)"
    return None


def _literal(value: Value) -> Optional[str]:
    if isinstance(value, Const) and isinstance(value.value, str):
        return '"' + value.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Const) and value.value is not None:
        return repr(value.value)
    return None


def model_at(tool, path=()) -> str:
    """The model whose schema the object at `path` of the tool's schema is, "" for none."""
    from toollint.model import DictVal
    from toollint.rulekit.schemawalk import node_at

    level = node_at(tool.schema, tuple(path))
    return level.model if isinstance(level, DictVal) else ""


def schema_owner(tool, path=()) -> str:
    """What declares the object at `path` of the tool's schema, as a message names it: the
    tool ('search'), or the model whose schema it is and the tool (issue 16):
    "model SearchInput (tool 'search')"; "model SearchInput" alone for a tool named after
    it (`bind_tools([SearchInput])`)."""
    model = model_at(tool, path)
    if model and model == tool.name.value:
        return f"model {model}"
    return f"model {model} (tool {shown_name(tool)})" if model else shown_name(tool)


def property_subject(tool, path, name: str) -> str:
    """"property 'q' of 'search'", or of a property a model declares, the model and where
    the property sits: "property 'city' of model Address (tool 'create_user', at address.city)"."""
    from toollint.rulekit.schemawalk import property_label

    label = property_label(tuple(path), name)
    model = model_at(tool, path)
    if not model:
        return f"property '{label}' of {shown_name(tool)}"
    if model == tool.name.value:  # `bind_tools([Address])`: the tool is the model
        return f"property '{name}' of model {model}" + (f" (at {label})" if label != name else "")
    at = f", at {label}" if label != name else ""
    return f"property '{name}' of model {model} (tool {shown_name(tool)}{at})"
