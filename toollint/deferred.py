"""Values extraction leaves for linking to settle, picklable into the cache as the model's
are (toollint.cache.store); linking removes every one, no rule ever sees them."""
from __future__ import annotations

from dataclasses import dataclass

from typing import Optional, Tuple

from toollint.model import FunctionSig, Span, Value

# in a `<local>` server argument (model.LOCAL), the framework of a server whose class another
# project module may define as a server class's subclass: "?app.servers.AppMCP", settled by
# linking (extract/localservers.py, link/passed.py)
SUBCLASS = "?"


@dataclass(frozen=True)
class ClassAttr:
    """`self.name` in a method of a class whose base another module defines (issue 18): the
    class's own `value` when the ClassFacts of that base, and of its bases, say none of them
    can set `attr` (extract/inherited.py); else `fallback` (what `self.name` evaluates to
    without the class)."""

    value: Value
    fallback: Value
    module: str  # where the base is imported from
    base: str  # the base's name there
    attr: str
    span: Span


@dataclass(frozen=True)
class InitArg:
    """`self.name` in a method of a class whose `__init__` hands its imported base
    `super().__init__("list_notes")` (held-out round 43, M1): the argument given for the
    parameter the base's `__init__` stores in `attr` (ClassFacts.init_args), when that base
    and its bases set it nowhere else; else `fallback`."""

    given: Tuple[Tuple[str, Value], ...]  # "#0", "#1", ... by position, else the keyword
    fallback: Value
    module: str  # where the base is imported from
    base: str  # the base's name there
    attr: str
    span: Span


@dataclass(frozen=True)
class CrewClass:
    """A crewAI tool class naming its tool, whose single base another project module
    defines (issue 16): what the classes of its own module set, nearest first, and the
    base. Linking reads the ClassFacts of that base's module, and on along the single-base
    chain to crewAI's BaseTool, for the rest (toollint.frameworks.crewai_bases); if that is no crewAI tool,
    the class is what the rest of extraction reads of it (`fallback`, extract/discovery.py)."""

    cls: str
    found: Tuple[Tuple[str, Value], ...]  # ("name" | "description" | "args_schema" | "run", value)
    changed: Tuple[str, ...]  # the attributes a method of those classes sets at run time
    module: str  # where the base is imported from
    base: str  # the base's name there
    span: Span
    fallback: Optional[Value] = None
    fallback_function: Optional[FunctionSig] = None
    strict: bool = True  # the crewAI the project installs sends strict schemas (frameworks/crewai.py)


@dataclass(frozen=True)
class ShapeClass:
    """A class read by its shape (`name`, `description`, `inputs` class attributes under a
    base named like a tool, extract/discovery.py) whose base another project module
    defines: `value` is its tool unless that chain ends in a class of the project's own
    with no tool base, which no framework sends (held-out round 18: a project's
    `class Tool(abc.ABC)`). Settled by toollint.toolbases."""

    value: Value
    module: str  # where the base is imported from
    base: str  # the base's name there

    @property
    def span(self) -> Span:
        return self.value.span


@dataclass(frozen=True)
class Comprehended:
    """`[types.Tool(name=spec.name, ...) for _m, spec in CATALOG]` where CATALOG is another
    module's (held-out round 76, M2: 51 tools): the element evaluated with each loop variable
    a LoopField, instantiated per item of the list once linking has it
    (extract/comprehend.py; link/resolve.py splices the items in its place)."""

    source: Value  # the Ref the loop iterates
    target: object  # the loop target: a name, or a tuple of them (nested as written)
    template: Value
    span: Span


@dataclass(frozen=True)
class LoopField:
    """A loop variable of a Comprehended, or a field of it (`spec.name`, `spec["name"]`), with
    the default an `or` gives it (`spec.description or ""`)."""

    var: str
    path: Tuple[str, ...]
    span: Span
    default: Optional[Value] = None
