"""extract.walk calls a visitor's visit_<Class>/leave_<Class> hooks itself, looked up once per
class (issue 22): the same calls, in the same order, with the same pruning as libcst's own
`node.visit`, and libcst's own lookup for any visitor whose hooks it cannot take that way."""
from __future__ import annotations

import gc
import weakref
from pathlib import Path

import libcst
import pytest

from toollint.extract.walk import walk

REPO = Path(__file__).resolve().parents[2]
_SOURCES = [p.read_text(encoding="utf-8") for p in sorted((REPO / "examples").rglob("*.py"))] + [
    "f'{a}'\nf'{b:>{w}}'\n",
    "@d\nclass K(B):\n    def m(self, x=lambda y: y + 1):\n        return [i for i in x if i]\n",
    "async def f():\n    async with a as b:\n        await b(*c, **d)\n",
]


class _Base(libcst.CSTVisitor):
    def __init__(self):
        self.seen = []

    def visit_Name(self, node):
        self.seen.append(("name", node.value))

    def leave_ClassDef(self, node):
        self.seen.append(("left class", node.name.value))


class _Hooks(_Base):
    """Inherited hooks, an override, a visit that prunes and one that says None, a leave alone."""

    def visit_Lambda(self, node):
        self.seen.append("lambda")
        return False  # its parameters and body are not visited

    def visit_Call(self, node):
        self.seen.append("call")
        return None  # not False: the arguments are visited

    def visit_FunctionDef(self, node):
        self.seen.append(("def", node.name.value))
        return True

    def leave_FunctionDef(self, node):
        self.seen.append(("left def", node.name.value))

    def leave_Attribute(self, node):
        self.seen.append("left attribute")

    def leave_ClassDef(self, node):
        super().leave_ClassDef(node)
        self.seen.append("override")


class _Static(_Hooks):
    @staticmethod
    def visit_Integer(node):
        return False


def _own_hook():
    visitor = _Hooks()
    visitor.visit_Name = lambda node: visitor.seen.append(("own", node.value))  # found before the class's
    return visitor


@pytest.mark.parametrize("make", [_Hooks, _Static, _own_hook], ids=["hooks", "staticmethod", "instance hook"])
def test_hooks_are_called_as_libcst_calls_them(make):
    calls = 0
    for text in _SOURCES:
        module = libcst.parse_module(text)
        theirs, ours = make(), make()
        module.visit(theirs)
        walk(module, ours)
        assert ours.seen == theirs.seen, text[:80]
        calls += len(ours.seen)
    assert calls > 100  # the hooks ran


def test_a_visitor_class_made_in_a_call_is_not_kept_by_the_walk():
    """Visitor classes defined inside a function are made once a call: the walk's tables
    of hooks must not keep them (174 stayed alive after three repositories, and a language
    server grew with every lint)."""
    def count_names(source: str):
        class _Names(libcst.CSTVisitor):
            def __init__(self) -> None:
                self.seen = 0

            def visit_Name(self, node: libcst.Name) -> None:
                self.seen += 1

        visitor = _Names()
        walk(libcst.parse_module(source), visitor)
        return visitor.seen, weakref.ref(_Names)

    seen, made = count_names("a = b + c\n")
    gc.collect()
    assert seen == 3 and made() is None
