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



def model_at(tool, path=()) -> str:
    """The model whose schema the object at `path` of the tool's schema is, "" for none."""
    from toollint.model import DictVal
    from toollint.rulekit.schemawalk import node_at

    level = node_at(tool.schema, tuple(path))
    return level.model if isinstance(level, DictVal) else ""


def schema_owner(tool, path=()) -> str:
    """What declares the object at `path` of the tool's schema, as a message names it: the
    tool ('search'), or the model whose schema it is and the tool (issue 16):
    "model SearchInput (tool 'search')"."""
    model = model_at(tool, path)
    return f"model {model} (tool {shown_name(tool)})" if model else shown_name(tool)


def property_subject(tool, path, name: str) -> str:
    """"property 'q' of 'search'", or of a property a model declares, the model and where
    the property sits: "property 'city' of model Address (tool 'create_user', at address.city)"."""
    from toollint.rulekit.schemawalk import property_label

    label = property_label(tuple(path), name)
    model = model_at(tool, path)
    if not model:
        return f"property '{label}' of {shown_name(tool)}"
    at = f", at {label}" if label != name else ""
    return f"property '{name}' of model {model} (tool {shown_name(tool)}{at})"
