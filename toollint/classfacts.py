"""One module-level class as another module's linking reads it (issues 16, 17, 22): what
extraction records of every class (ModuleFacts.classes), so that a subclass elsewhere is
settled over facts alone, never by parsing this module again.

Two readers walk a chain of these: extract/inherited.py (can a base set `self.<attr>`: a
ClassAttr) and frameworks/crewai_bases.py (what a crewAI tool inherits: a CrewClass).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, FrozenSet, Mapping, Optional, Tuple

from toollint.model import FunctionSig, ModuleFacts, Value

Lookup = Callable[[str], Optional[ModuleFacts]]
MAX_HOPS = 12  # bases and re-exports followed; deeper is a cycle


@dataclass(frozen=True)
class ClassFacts:
    """`stored`, `dynamic` and `bound` come from the real text, method bodies included
    (narrowing blanks them for the rest of extraction); when Python could not parse it,
    `dynamic` is set: the class may set anything."""

    name: str
    bases: Tuple[str, ...]  # each as written when a dotted name, "" otherwise (`Generic[T]`, `*bases`)
    decorated: bool  # a decorator may make an `__init__` (dataclass) or replace the class
    keywords: bool  # `metaclass=...` and other class keywords
    stored: FrozenSet[str] = frozenset()  # attributes any statement of the class stores to or deletes
    dynamic: bool = False  # setattr(), vars(), __dict__, exec, __setattr__, ...: any attribute
    bound: FrozenSet[str] = frozenset()  # defined in the body other than as a literal: defs, properties
    values: Tuple[Tuple[str, Value], ...] = ()  # crewAI's name/description/args_schema in the body
    run_time: FrozenSet[str] = frozenset()  # of those, what a method sets or a method of the name hides
    run: Optional[Value] = None  # the parameters crewAI makes of the class's own `_run`
    run_function: Optional[FunctionSig] = None  # that `_run`
    line: int = 0  # of the class name, where a tool made of the class is spanned (link/offers.py)
    # (attr, parameter, position after self) of each `self.<attr> = <parameter>` at the top of
    # `__init__`, the class's one store to that attribute: what a subclass's
    # `super().__init__("list_notes")` sets (extract/inherited.py)
    init_args: Tuple[Tuple[str, str, int], ...] = ()


def class_map(facts: ModuleFacts) -> Dict[str, ClassFacts]:
    return {c.name: c for c in facts.classes}


def import_map(facts: ModuleFacts) -> Mapping[str, Tuple[str, str]]:
    return {local: (module, attr) for local, module, attr in facts.imports}


def find_class(module: str, name: str, lookup: Lookup) -> Optional[Tuple[ModuleFacts, ClassFacts]]:
    """The project module that defines the class `name` of `module`, through re-exports
    (`from .base import ShopTool` in a package's `__init__.py`), and the class; None when
    no project module does (an installed library's class)."""
    for _ in range(MAX_HOPS):
        facts = lookup(module)
        if facts is None:
            return None
        found = class_map(facts).get(name)
        if found is not None:
            return facts, found
        source = import_map(facts).get(name)
        if source is None or not source[1]:
            return None
        module, name = source
    return None
