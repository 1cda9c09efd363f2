"""The linked project (what toollint/link builds and every rule reads), and findings."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, FrozenSet, Mapping, Optional, Set, Tuple

from toollint.model.values import Span, Str
from toollint.model.tools import ModuleFacts, Registry, Tool


@dataclass(frozen=True)
class Group:
    """The registries one agent offers: those of one module, and of modules importing each other."""

    key: str
    definitions: Tuple[Registry, ...] = ()
    handlers: Tuple[Registry, ...] = ()
    categories: Tuple[Registry, ...] = ()
    always: Tuple[Registry, ...] = ()
    decorated: Tuple[Tool, ...] = ()
    offers: Tuple[Tuple[int, ...], ...] = ()  # the lists offering its tools together, by index into tools

    @property
    def tools(self) -> Tuple[Tool, ...]:
        return tuple(t for r in self.definitions for t in r.tools) + self.decorated

    @property
    def definitions_complete(self) -> bool:
        return bool(self.definitions or self.decorated) and all(r.complete for r in self.definitions) and all(
            t.name.value is not None for t in self.tools
        )

    @property
    def defined_names(self) -> Set[str]:
        return {t.name.value for t in self.tools if t.name.value is not None}

    @property
    def paths(self) -> Set[str]:
        out = {r.span.path for r in self.registries()}
        out.update(t.span.path for t in self.decorated)
        return out

    def registries(self) -> Tuple[Registry, ...]:
        return self.definitions + self.handlers + self.categories + self.always


@dataclass(frozen=True)
class Mention:
    """A parameter name a description or docstring refers to (toollint/link/mentions.py)."""

    name: str
    offset: int  # in the text's value
    # "entry" (of a parameter section), "noun" ("the `x` parameter"), "field", "assign" (`x=true`), "bare"
    kind: str


@dataclass(frozen=True)
class Wiring:
    """How decorated tools reach the agents and tool lists the project builds (TL308),
    resolved across modules by linking (toollint/link/wiring.py)."""

    builders: Tuple[str, ...] = ()  # paths of the modules that hand tools to an agent or list
    registered: FrozenSet[Tuple[str, str]] = frozenset()  # (path, function) handed over
    open: FrozenSet[str] = frozenset()  # builders that hand over something unreadable
    agents: Mapping[str, Tuple[str, ...]] = field(default_factory=dict)  # path -> builders reaching it
    users: Mapping[Tuple[str, str], Tuple[str, ...]] = field(default_factory=dict)  # (module, function) -> users

    def users_of(self, module: str, function: str) -> Tuple[str, ...]:
        """The modules that use that function of that module in a way extraction does not read."""
        return self.users.get((module, function), ())


@dataclass(frozen=True)
class Project:
    """Every module's facts joined: the groups, and what rules ask of the whole project."""

    modules: Mapping[str, ModuleFacts]  # path -> facts; read-only
    groups: Tuple[Group, ...]
    all_definitions_complete: bool = True  # every group that defines tools is fully known
    all_names: FrozenSet[str] = frozenset()  # every tool name defined anywhere
    forced_tools: FrozenSet[str] = frozenset()  # tool names forced with tool_choice
    # tool, property and function names anywhere: a backticked word naming one is the project's (TL108)
    vocabulary: FrozenSet[str] = frozenset()
    # the parameter names each tool's description and docstring refer to, by text (TL108)
    mentions: Mapping[Str, Tuple[Mention, ...]] = field(default_factory=dict)
    wiring: Wiring = field(default_factory=Wiring)

    def all_tools(self) -> Tuple[Tool, ...]:
        return tuple(t for g in self.groups for t in g.tools)


# --- findings --------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    code: str  # "TL101"
    name: str  # "missing-description"
    message: str
    span: Span
    noqa_line: int = 0  # the last line of the reported expression: a noqa there suppresses
    fix: Optional[Any] = None  # a toollint.fix.Fix, when the rule knows the one mechanical repair

    def sort_key(self) -> Tuple[str, int, int, str, str]:
        return (self.span.path, self.span.line, self.span.col, self.code, self.message)

