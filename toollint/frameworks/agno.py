"""agno: `Toolkit` subclasses (`super().__init__(tools=[self.search])`,
`self.register(self.fetch)`), `Toolkit(tools=[fn])`, `Agent(tools=[fn, MyToolkit()])`
and its `@tool` decorator.

agno 3.1 (agno/tools/function.py, Function.from_callable and process_entrypoint;
agno/utils/json_schema.py): parameters come from the type hints with its own type
mapping (Optional[X] is X, no defaults), `self` and the parameters it injects are
dropped, and a Google parameter's `(type)` is put before its description. Only a
`@tool` Function is sent closed (`additionalProperties: false`). Not matched yet: a
`Dict[K, V]` parameter, which agno spells with propertyNames / additionalProperties
(here a plain object).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional, Tuple

from toollint.frameworks.base import Framework
from toollint.frameworks.derive import function_tool
from toollint.frameworks.docparser import parsed
from toollint.frameworks.docstrings import ParamDocs
from toollint.frameworks.reshape import map_properties, put, without
from toollint.model import Const, DictVal, Tool

# GoogleToolkit: agno's own Toolkit subclass, the base of its Gmail/Drive/Calendar/... toolkits
_TOOLKITS = ("agno.tools.Toolkit", "agno.tools.toolkit.Toolkit", "agno.tools.google.base.GoogleToolkit")


class Agno(Framework):
    name = "agno"
    functions = ("agno.tools.tool", "agno.tools.decorator.tool")
    classes = ("agno.agent.Agent", "agno.agent.agent.Agent", "agno.team.Team",
               "agno.team.team.Team", *_TOOLKITS)
    toolkits = _TOOLKITS
    by_name = True  # Toolkit.functions is a dict: an async twin registered under the sync name is one tool
    adders = {"register": ("function", "name")}
    tool_list = "tools"
    list_method = "listed"
    style = "plain"
    dropped = frozenset({"self", "agent", "team", "run_context", "images", "videos", "audios", "files",
                         "_agno_agent", "_agno_team", "_agno_run_context"})

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None or not isinstance(tool.schema, DictVal):
            return tool
        schema = map_properties(tool.schema, lambda name, prop: without(prop, "default"))
        if use.method == "":  # the @tool decorator: a Function whose parameters are set
            schema = put(schema, "additionalProperties", Const(False, schema.span))
        return replace(tool, schema=schema)

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        text, docs, types = parsed(clean)
        return text, {n: ((f"({types[n]}) {d[0]}" if n in types else d[0]), d[1], d[2]) for n, d in docs.items()}
