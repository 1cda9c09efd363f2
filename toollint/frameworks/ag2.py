"""AG2 (the `autogen` package of `ag2` / `pyautogen`, the 0.2-style API):
`@agent.register_for_llm(name=..., description=...)`, `autogen.register_function(f,
caller=..., executor=..., name=..., description=...)` and `ConversableAgent(...,
functions=[f, g])`.

From ag2 0.14.0 (autogen/agentchat/conversable_agent.py: register_for_llm,
_add_single_function, register_function; autogen/tools/tool.py: Tool;
autogen/tools/function_utils.py: get_function_schema), recorded in
tests/data/frameworks/ag2.json; pyautogen 0.2.35 sends the same schema for the same
source wherever it accepts it:

- the name is `name=` or the function's `__name__`; the description `description=`, else
  (register_for_llm only) the raw `__doc__`, else "" (pyautogen 0.2 raises ValueError
  there instead: "Function description is required"). Stacked decorators
  (`@agent2.register_for_llm()` over `@agent1.register_for_llm(description=...)`) pass the
  inner Tool on, whose name and description the outer keeps unless it gives its own;
- register_function requires `description` (a keyword-only argument without a default);
- `functions=[f]` registers each with `(f.__doc__ or "").strip()`;
- each annotated parameter is `TypeAdapter(annotation).json_schema()`, with the default
  as written and a description: the string of `Annotated[T, "text"]`, else the parameter's
  own name; a parameter without annotation but with a default is left out, one without
  either raises TypeError; the parameters without a default are `required`; no
  `additionalProperties`.

What toollint does not derive is unresolved, never guessed: ag2's injected parameters
(a `...Context` class, `Depends(...)`; pyautogen 0.2 sends them), `Annotated` with
anything but a string first (ag2 raises, pyautogen 0.2 sends it as the description),
`Annotated` below the top of an annotation, and a `= Field(...)` default.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional

import libcst as cst

from toollint.frameworks.annotations import last_name
from toollint.frameworks.args import all_params, str_arg
from toollint.frameworks.autogen import named_descriptions
from toollint.frameworks.base import Factory, Framework, Use
from toollint.frameworks.derive import function_tool
from toollint.model import DictVal, Str, Tool, Unresolved

_AGENTS = ("ConversableAgent", "AssistantAgent", "UserProxyAgent")
_AGENT_MODULES = ("autogen", "autogen.agentchat")
_OWN_MODULES = {"ConversableAgent": "conversable_agent", "AssistantAgent": "assistant_agent",
                "UserProxyAgent": "user_proxy_agent"}
_REGISTER = Factory(("f", "caller", "executor", "name", "description"), ("f",), method="register_function")
_DECORATOR = "register_for_llm"
# annotations ag2 fills in itself (dependency injection) and pyautogen 0.2 sends
_INJECTED = ("Context", "ContextVariables", "Depends")


def _subscripts(expr: cst.CSTNode):
    if isinstance(expr, cst.Subscript):
        yield expr
    for child in expr.children:
        yield from _subscripts(child)


def _strings_only(annotation: cst.BaseExpression) -> Optional[str]:
    """Why `annotation` is not derived (an Annotated toollint cannot follow), or None."""
    top = annotation if isinstance(annotation, cst.Subscript) and last_name(annotation.value) == "Annotated" else None
    if any(s is not top and last_name(s.value) == "Annotated" for s in _subscripts(annotation)):
        return "Annotated inside another type: ag2 reads only a top-level one"
    meta = top.slice[1].slice if top is not None and len(top.slice) > 1 else None
    if isinstance(meta, cst.Index) and not isinstance(meta.value, (cst.SimpleString, cst.ConcatenatedString)):
        return "Annotated with something other than a string: ag2 raises, pyautogen 0.2 sends it"
    return None


def _unread(node: cst.FunctionDef) -> Optional[str]:
    """Why the schema of this def is left unresolved, or None when it is derived."""
    for param in all_params(node):
        annotation = param.annotation.annotation if param.annotation is not None else None
        if isinstance(param.default, cst.Call) and last_name(param.default.func) in ("Field", "Depends"):
            return f"the default of '{param.name.value}' is a {last_name(param.default.func)}(...)"
        if annotation is None:
            continue
        names = {last_name(n) for n in _names(annotation)}
        if any(n.endswith("Context") or n in _INJECTED for n in names):
            return f"'{param.name.value}' may be injected by ag2 and sent by pyautogen 0.2"
        reason = _strings_only(annotation)
        if reason:
            return reason
    return None


def _names(expr: cst.CSTNode):
    if isinstance(expr, (cst.Name, cst.Attribute)):
        yield expr
        return
    for child in expr.children:
        yield from _names(child)


def _inner(node: cst.FunctionDef, use: Use) -> Optional[cst.Call]:
    """The next `@x.register_for_llm(...)` below the one `use` is: the Tool it passes on."""
    below = False
    for decorator in node.decorators:
        expr = decorator.decorator
        if expr is use.call:
            below = True
        elif below and isinstance(expr, cst.Call) and last_name(expr.func) == _DECORATOR:
            return expr
    return None


class AG2(Framework):
    name = "ag2"
    classes = tuple(f"{m}.{c}" for c in _AGENTS for m in (*_AGENT_MODULES, f"autogen.agentchat.{_OWN_MODULES[c]}"))
    methods = frozenset({_DECORATOR})
    factories = {f"{m}.register_function": _REGISTER for m in (*_AGENT_MODULES, "autogen.agentchat.conversable_agent")}
    tool_list = "functions"
    list_method = "functions"
    in_class = False  # a def in a class body still has `self`, unannotated: ag2 raises
    string_descriptions = True

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        if use.method == _DECORATOR and use.call is not None:
            use = self._stacked(node, use)
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None:
            return None
        reason = _unread(node)
        if reason is not None:
            return replace(tool, schema=Unresolved(reason, tool.span))
        if isinstance(tool.schema, DictVal):
            tool = replace(tool, schema=named_descriptions(tool.schema))
        return tool

    def _stacked(self, node: cst.FunctionDef, use: Use) -> Use:
        """The outer decorator keeps the inner Tool's name and description unless it gives its own."""
        inner = _inner(node, use)
        if inner is None:
            return use
        inner_use = self._stacked(node, Use(self, inner, _DECORATOR))
        given = {a.keyword.value for a in use.call.args if a.keyword is not None}
        extra = [a for a in inner_use.call.args if a.keyword is not None and a.keyword.value in ("name", "description")
                 and a.keyword.value not in given]
        return Use(self, use.call.with_changes(args=(*use.call.args, *extra)), use.method, use.params) if extra else use

    def rejects(self, use, sig, params, evaluator) -> bool:
        if use.method == "register_function" and use.kwarg("description") is None:
            return True  # a required keyword argument: TypeError
        # "All parameters of the function ... without default values must be annotated"
        return any(p.annotation is None and not p.has_default for p in params)

    def excluded(self, param, method, first, skip) -> bool:
        return param.annotation is None  # with a default: only a warning, and no property

    def describe(self, use, raw, clean, evaluator):
        return (raw.strip() if use.method == "functions" else raw), {}

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        if sig.docstring is not None:
            return Str(text if sig.docstring.value is not None else None, sig.docstring.span)
        return Str("", sig.span)
