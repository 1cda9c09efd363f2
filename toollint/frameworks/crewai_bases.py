"""crewAI tool classes whose base another project module defines (issue 16), settled while
linking: `from app.tools.base import ShopTool` then `class SearchOrders(ShopTool)` is a
CrewClass (toollint.deferred) that extraction left with what the classes of its own module
set; here the base's module's ClassFacts (toollint.classfacts, made when that module was
extracted) are read on along the single-base chain to crewAI's BaseTool, as Python looks
the class attributes up (frameworks/crewai.py). Nothing is parsed here. A class of another
module counts whole: any store to `.name`/`.description`/`.args_schema` in it, `setattr()`
or `__dict__` leaves that attribute unresolved (the test extract/inherited.py makes for
`self.name`). The nearest `_run` of the chain is the tool's handler, wherever it is
(issue 16: TL204-TL206 read it).

One installed library's base is known: crewai_tools' `RagTool` (crewai_tools/tools/rag/
rag_tool.py, the same in 0.40 and 1.15.30), which extends BaseTool, sets `name` and
`description` as literals, no args_schema, and sets none of them at run time (its
validators set `adapter`). A subclass naming its tool sends what it sets, else RagTool's
values (recorded from 1.15.30 in tests/data/frameworks/crewai_tools.json). Without its own
args_schema or `_run`, the parameters are those crewAI makes of RagTool's `_run`, which
changed between versions (`query` alone in 0.40; `query`, `similarity_threshold` and
`limit` in 1.15): unresolved. Its handler is the library's: none is attached. Every other
crewai_tools class as a base (whose `__init__` often rewrites the description) makes no
crewAI tool."""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, Optional, Set, Tuple

from toollint.classfacts import MAX_HOPS, ClassFacts, Lookup, class_map, find_class, import_map
from toollint.deferred import CrewClass
from toollint.frameworks.crewai import BASE_TOOL, BASES, collect, definition, tool_chain
from toollint.model import Const, RegistryDecl, Span, Unresolved, Value

_RAG_TOOL = frozenset(("crewai_tools", "crewai_tools.tools", "crewai_tools.tools.rag", "crewai_tools.tools.rag.rag_tool"))


def settled(decl: RegistryDecl, lookup: Lookup) -> Optional[RegistryDecl]:
    """The definition of a CrewClass, read on along its bases in other project modules; if a
    base is no project class (an installed library's), has several bases, or the chain does
    not reach crewAI's BaseTool, what else read the class (`fallback`); None: neither."""
    value = decl.value
    made = _settle(value, lookup)
    if made is not None:
        definition_, runner = made
        function = decl.function if decl.function is not None or runner is None else runner.run_function
        return replace(decl, value=definition_, function=function)
    return replace(decl, value=value.fallback, function=value.fallback_function) if value.fallback else None


def _settle(value: CrewClass, lookup: Lookup) -> Optional[Tuple[Value, Optional[ClassFacts]]]:
    found: Dict[str, Value] = dict(value.found)
    changed: Set[str] = set(value.changed)
    where: Optional[Tuple[str, str]] = (value.module, value.base)
    runner: Optional[ClassFacts] = None
    for _ in range(MAX_HOPS):
        if _reexports_base_tool(where[0], where[1], lookup):
            return definition(value.cls, found, changed, value.span, value.strict), runner
        located = find_class(where[0], where[1], lookup)
        if located is None and where[1] == "RagTool" and where[0] in _RAG_TOOL:
            for attr, known in _rag_tool(value.span):
                found.setdefault(attr, known)
            return definition(value.cls, found, changed, value.span, value.strict), runner
        if located is None:
            return None
        facts, cls = located
        classes, imports = class_map(facts), import_map(facts)
        chain, where = tool_chain(cls.name, classes, imports)
        if where is None:
            return None
        runner = collect(classes, chain, found, changed, value.span) or runner
        if where == BASE_TOOL:
            return definition(value.cls, found, changed, value.span, value.strict), runner
    return None


def _reexports_base_tool(module: str, name: str, lookup: Lookup) -> bool:
    """`from tools.compat import BaseTool`, where compat imports crewAI's (held-out round 33,
    M2: 21 tools): a project module that hands crewAI's BaseTool on, by a plain re-export or
    by `try: from crewai.tools import BaseTool` / `except ImportError: class BaseTool(...)`,
    whose fallback runs only without crewAI, when no crewAI tool is made at all."""
    for _ in range(MAX_HOPS):
        facts = lookup(module)
        if facts is None:
            return f"{module}.{name}" in BASES
        source = import_map(facts).get(name)
        if source is None or not source[1]:
            return False
        module, name = source
    return False


def _rag_tool(span: Span) -> Tuple[Tuple[str, Value], ...]:
    """RagTool's class attributes, as the subclass's (the library's source is not the
    project's to point at); its `_run`'s parameters are not known: they changed between
    versions (0.40: `query` alone, with `**kwargs`; 1.15: `query`, `similarity_threshold`,
    `limit`), and which one is installed is not for static reading to say."""
    return (("name", Const("Knowledge base", span)),
            ("description", Const("A knowledge base that can be used to answer questions.", span)),
            ("run", Unresolved("crewAI builds this schema from crewai_tools' RagTool._run(), whose parameters "
                               "depend on the installed version", span)))
