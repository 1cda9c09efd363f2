"""A framework-made tool named by another module's constant: `@server.tool(name=CREATE_DOCUMENT_TOOL)`
with `from app.names import CREATE_DOCUMENT_TOOL`, `add_function(fn, name=names.HTML_TOOL)`
(held-out rounds 78 and 81). Extraction reads one module and leaves the name unknown
(Tool.name_expr holds how it is written); linking has the other module's constants, and
reads the string there, through re-exports, as a registry's Ref is read. A description given
so is read the same way (held-out round 119, M3)."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Dict, List

from toollint.link.graph import imported_as
from toollint.link.resolve import Resolver
from toollint.model import Const, Ref, Str, Tool

_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?")


def imported_names(tools: Dict[str, List[Tool]], resolver: Resolver) -> Dict[str, List[Tool]]:
    return {key: [_described(_named(t, resolver), resolver) for t in group] for key, group in tools.items()}


def _described(tool: Tool, resolver: Resolver) -> Tool:
    """`@mcp.tool(description=SEARCH)` with `from app.prompts import SEARCH` (str_arg keeps the
    Ref): the constant's text, where it is written, so a finding points at the text to fix."""
    ref = tool.description.ref if tool.description is not None else None
    if ref is None:
        return tool
    value = resolver.resolve(ref)
    if isinstance(value, Const) and isinstance(value.value, str):
        return replace(tool, description=Str(value.value, value.span))
    return replace(tool, description=Str(None, tool.description.span))  # no Ref reaches a rule


def _named(tool: Tool, resolver: Resolver) -> Tool:
    written = tool.name_expr
    if tool.name.value is not None or tool.name.choices or not written or not _DOTTED.fullmatch(written):
        return tool
    facts = resolver.module_at(tool.name.span.path)
    head, _, rest = written.partition(".")
    source = imported_as(facts, head) if facts is not None else None
    if source is None:
        return tool
    module, attr = source
    if rest:  # `names.HTML_TOOL` of `from app import names` (or `import app.names as names`)
        module, attr = ".".join(p for p in (module, attr) if p), rest
    elif not attr:
        return tool
    value = resolver.resolve(Ref(module, attr, tool.name.span))
    if not (isinstance(value, Const) and isinstance(value.value, str)):
        return tool
    return replace(tool, name=Str(value.value, tool.name.span), name_expr=None)
