"""OpenAI swarm: `Agent(functions=[fn, ...])`.

swarm is not on the package index; this follows its source (github.com/openai/swarm,
swarm/util.py `function_to_json`, and swarm/core.py `get_chat_completion`, which drops
`context_variables` from what the model sees). Its schema is its own, not pydantic's:

- a parameter's type is looked up by identity in {str, int, float, bool, list, dict,
  None}: anything else (Optional[str], list[str], no annotation, any annotation under
  `from __future__ import annotations`, which makes them strings) is "string";
- every parameter without a default is required, none has a description or a default;
- the description is the raw `fn.__doc__`, or "" without one.
"""
from __future__ import annotations

from typing import Optional

from toollint.frameworks.base import Framework
from toollint.frameworks.derive import wire_params
from toollint.frameworks.render import object_of
from toollint.model import Const, ListVal, Str, Tool

_TYPES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean", "list": "array",
          "dict": "object", "None": "null"}
_INJECTED = "context_variables"


class Swarm(Framework):
    name = "swarm"
    classes = ("swarm.Agent", "swarm.types.Agent")
    tool_list = "functions"
    live_list = True  # examples/triage_agent: sales_agent.functions.append(transfer_back_to_triage)

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        # `from __future__ import annotations`: every annotation is a string, not in the map
        postponed = ctx.imports.get("annotations") == ("__future__", "annotations")
        where = sig.span
        properties = []
        required = []
        for param in wire_params(sig, mode):
            if param.name == _INJECTED:
                continue
            kind = "string" if postponed else _TYPES.get((param.annotation or "").strip(), "string")
            properties.append((param.name, param.span, object_of([("type", param.span, Const(kind, param.span))],
                                                                 param.span)))
            if not param.has_default:
                required.append(Const(param.name, param.span))
        schema = object_of([
            ("type", where, Const("object", where)),
            ("properties", where, object_of(properties, where)),
            ("required", where, ListVal(tuple(required), where)),
        ], where)
        doc = sig.docstring
        description = Str(doc.value, doc.span) if doc is not None and doc.value else Str("", sig.span)
        return Tool(name=Str(sig.name, sig.span), span=ctx.span_of(node), shape="decorated", description=description,
                    schema=schema, framework=self.name, function=sig)
