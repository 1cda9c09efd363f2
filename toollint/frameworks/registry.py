"""The frameworks toollint knows, in the order their candidates are tried, and the
lookup tables the scan reads (qualified name -> framework).

Adding a framework: a module here with one `Framework` subclass, named in MODULES.
"""
from __future__ import annotations

import importlib
from typing import Dict, FrozenSet, Tuple

from toollint.frameworks.base import Factory, Framework, ListCall

MODULES = ("mcp", "fastmcp", "langchain", "langchain_retriever", "agents_sdk", "anthropic", "pydantic_ai", "smolagents",
           "claude_agent_sdk", "llamaindex", "swarm", "autogen", "ag2", "ag2_agent", "agents_refs", "smolagents_managed", "agno", "camel", "livekit",
           "browser_use", "crewai", "letta", "google_adk", "semantic_kernel", "agent_framework", "ollama")


def _load() -> Tuple[Framework, ...]:
    found = []
    for name in MODULES:
        module = importlib.import_module(f"{__package__}.{name}")
        found.extend(obj() for obj in vars(module).values()
                     if isinstance(obj, type) and issubclass(obj, Framework) and obj.__module__ == module.__name__)
    return tuple(found)


FRAMEWORKS = _load()
FUNCTIONS: Dict[str, Framework] = {q: fw for fw in FRAMEWORKS for q in fw.functions}
CLASSES: Dict[str, Framework] = {q: fw for fw in FRAMEWORKS for q in fw.classes}
TOOLKITS: Dict[str, Framework] = {q: fw for fw in FRAMEWORKS for q in fw.toolkits}
BY_NAME: FrozenSet[str] = frozenset(fw.name for fw in FRAMEWORKS if fw.by_name)
FACTORIES: Dict[str, Tuple[Framework, Factory]] = {q: (fw, f) for fw in FRAMEWORKS for q, f in fw.factories.items()}
LIST_CALLS: Dict[str, Tuple[Framework, ListCall]] = {q: (fw, c) for fw in FRAMEWORKS for q, c in fw.list_calls.items()}
ANY_OWNER: Dict[str, Framework] = {m: fw for fw in FRAMEWORKS for m in fw.any_owner}
# method names that declare (`@x.tool`) or register (`x.add_tool(fn)`) a tool on some framework's object
DECLARING: FrozenSet[str] = frozenset(m for fw in FRAMEWORKS for m in fw.methods)
ADDING: FrozenSet[str] = frozenset(m for fw in FRAMEWORKS for m in fw.adders)
METHODS: FrozenSet[str] = DECLARING | ADDING
# a call can make a tool only on a line with one of these, followed by `(` or `=`
WORDS: FrozenSet[str] = frozenset({q.rpartition(".")[2] for q in (*FUNCTIONS, *FACTORIES, *LIST_CALLS)} | METHODS | {
    fw.tool_list for fw in FRAMEWORKS if fw.tool_list} | {k for fw in FRAMEWORKS for k in fw.object_lists} | {
    f"{fw.tool_list}.{m}" for fw in FRAMEWORKS if fw.live_list for m in ("append", "extend")} | {
    f"{k}.{m}" for fw in FRAMEWORKS if fw.live_objects for k in fw.object_lists for m in ("append", "extend")})
# what a call may be made through, under an alias the scan's trigger lines cannot spell
CALLABLES: FrozenSet[str] = frozenset(set(FUNCTIONS) | set(FACTORIES) | {
    q.rsplit(".", 1)[0] for q in FACTORIES if q.endswith((".from_function", ".from_defaults"))})
