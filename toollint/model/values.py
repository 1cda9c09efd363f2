"""Statically evaluated values and source positions: what extraction reads out of literals."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Optional, Tuple, Union

if TYPE_CHECKING:
    from toollint.model.tools import FunctionSig


@dataclass(frozen=True)
class Span:
    path: str
    line: int
    col: int
    end_line: int
    end_col: int


# --- statically evaluated values -------------------------------------------------------
# A value is what static evaluation could see of an expression. `Unresolved` means "not a
# literal: unknown", never "missing"; rules must not claim anything about it.


@dataclass(frozen=True)
class Const:
    """str, int, float, bool or None."""

    value: Union[str, int, float, bool, None]
    span: Span


@dataclass(frozen=True)
class DictVal:
    entries: Tuple[Tuple["Value", "Value"], ...]
    span: Span
    complete: bool = True  # False when a `**spread` or a key could not be evaluated
    # the class (pydantic model, TypedDict) whose derived schema this object is, "" for none
    model: str = ""

    def get(self, key: str) -> Optional["Value"]:
        found = None
        for k, v in self.entries:
            if isinstance(k, Const) and k.value == key:
                found = v  # later keys win, as in Python
        return found

    def key_node(self, key: str) -> Optional["Value"]:
        found = None
        for k, _ in self.entries:
            if isinstance(k, Const) and k.value == key:
                found = k
        return found

    def has(self, key: str) -> bool:
        return self.get(key) is not None

    def str_keys(self) -> Iterator[str]:
        for k, _ in self.entries:
            if isinstance(k, Const) and isinstance(k.value, str):
                yield k.value


@dataclass(frozen=True)
class ListVal:
    """list, tuple or set."""

    items: Tuple["Value", ...]
    span: Span
    complete: bool = True  # False when an item or a `*spread` could not be evaluated


@dataclass(frozen=True)
class Unresolved:
    reason: str
    span: Span
    # `DETAILED if verbose else SHORT`: the strings it may be, each where it is written
    choices: Tuple["Const", ...] = ()
    text: str = ""  # a string template as written (`f"{namespace}-read"`), which messages quote


@dataclass(frozen=True)
class Ref:
    """A name imported from another module: `from .defs import TOOLS` -> Ref('pkg.defs', 'TOOLS').

    Only extraction creates it and only linking removes it: it never reaches a rule.
    """

    module: str
    name: str
    span: Span
    spread: bool = False  # `*OTHER` / `OTHER + ...` inside a list: splice the items in


@dataclass(frozen=True)
class Symbol:
    """A name that is not a constant: a def, a lambda, a class, an attribute of an import.

    Handler dicts map tool names to these; `function` is set when the `def` (or lambda)
    is known.
    """

    target: str  # dotted, as written: "search_orders", "crm.search", "<lambda>"
    span: Span
    function: Optional["FunctionSig"] = None


@dataclass(frozen=True)
class CallVal:
    """A call of something other than dict(): `Tool(name=..., ...)`, `FunctionTool.from_defaults(fn=f)`."""

    func: str  # dotted callee as written
    args: Tuple["Value", ...]
    kwargs: Tuple[Tuple[str, "Value"], ...]
    span: Span
    complete: bool = True  # False with *args / **kwargs spreads

    def kwarg(self, key: str) -> Optional["Value"]:
        for k, v in self.kwargs:
            if k == key:
                return v
        return None


Value = Union[Const, DictVal, ListVal, Unresolved, Ref, Symbol, CallVal]


def is_complete(value: Optional[Value]) -> bool:
    """True when the whole value, recursively, is known."""
    if value is None or isinstance(value, Const):
        return True
    if isinstance(value, DictVal):
        return value.complete and all(is_complete(k) and is_complete(v) for k, v in value.entries)
    if isinstance(value, ListVal):
        return value.complete and all(is_complete(i) for i in value.items)
    return False


class _UnresolvedMarker:
    def __repr__(self) -> str:
        return "<unresolved>"


UNRESOLVED = _UnresolvedMarker()


def to_python(value: Optional[Value]) -> Any:
    """Plain JSON-like data; unknown parts become the UNRESOLVED marker."""
    if value is None:
        return None
    if isinstance(value, Const):
        return value.value
    if isinstance(value, DictVal):
        out = {}
        for k, v in value.entries:
            if isinstance(k, Const) and isinstance(k.value, str):
                out[k.value] = to_python(v)
        return out
    if isinstance(value, ListVal):
        return [to_python(i) for i in value.items]
    return UNRESOLVED


def str_value(value: Optional[Value]) -> Optional[str]:
    return value.value if isinstance(value, Const) and isinstance(value.value, str) else None


@dataclass(frozen=True)
class Str:
    """A string the linter reports about. value None means "not a literal: unknown"."""

    value: Optional[str]
    span: Span
    choices: Tuple["Str", ...] = ()  # value None, chosen by a conditional among these literals
    ref: Optional[Ref] = None  # value None, another module's constant: linking reads it (link/imported_names.py)

