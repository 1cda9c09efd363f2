"""A handler as one visible dispatch call reaches it (issue 18, round 5).

`if name == "x": return do_x(args["path"], args.get("mode", "r"))` hands `do_x` two
pieces of the arguments, not the dict and not `**args`, whatever its signature looks
like; `do_x(**args, client=client)` fills `client` from elsewhere. The rules read
`call_style()`, which honours `call` here before guessing from the signature.
"""
from __future__ import annotations

from typing import List, Optional, Set, Tuple

import libcst as cst

from toollint.calledsig import Passed, bind
from toollint.extract.evaluate import dotted, string_value
from toollint.extract.walk import walk
from toollint.model import ArgRead, FunctionSig


def arg_read(value: cst.BaseExpression, span_of, evaluator) -> Optional[Tuple[str, ArgRead]]:
    """`base["k"]` or `base.get("k"[, d])`: (base, the read)."""
    if isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index):
        base, key = dotted(value.value), string_value(value.slice[0].slice.value)
        if base is not None and key is not None:
            return base, ArgRead(key, span_of(value.slice[0].slice.value), optional=False)
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
            and 1 <= len(value.args) <= 2 and all(a.keyword is None and not a.star for a in value.args):
        base, key = dotted(value.func.value), string_value(value.args[0].value)
        if base is not None and key is not None:
            default = evaluator.eval(value.args[1].value) if len(value.args) == 2 and evaluator is not None else None
            return base, ArgRead(key, span_of(value.args[0].value), True, len(value.args) == 2, default)
    return None


class _Reads(cst.CSTVisitor):
    """The variables an expression reads: `a` and `c` in `a.b[c]`, not the attribute `b`."""

    def __init__(self) -> None:
        self.found: Set[str] = set()

    def visit_Name(self, node: cst.Name) -> bool:
        self.found.add(node.value)
        return False

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        walk(node.value, self)
        return False


def read_names(value: cst.BaseExpression) -> Set[str]:
    reads = _Reads()
    walk(value, reads)
    return reads.found


_LITERALS = (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)


def through_call(sig: FunctionSig, node: cst.Call, carriers: Optional[Set[str]], span_of, evaluator,
                 held: Optional[Set[str]] = None) -> FunctionSig:
    """`sig` as `node` calls it (calledsig.bind)."""
    return bind(sig, call_shape(node, carriers, held, span_of, evaluator))


def call_shape(node: cst.Call, carriers: Optional[Set[str]], held: Optional[Set[str]], span_of,
               evaluator) -> Optional[Tuple[Passed, ...]]:
    """What each argument of `node` takes from the tool's arguments: pieces read from a
    carrier (`args["k"]`, `**args`), and else, against the names that hold the arguments
    (`held`, the carriers the function reads keys of), the dict itself or a value built
    from it. None when a `**spread` is of something else: then the signature decides."""
    def carried(base: str) -> bool:
        head = base.partition(".")[0]
        return head not in ("self", "cls") and (carriers is None or head in carriers)

    found: List[Optional[Passed]] = []
    for arg in node.args:
        keyword = arg.keyword.value if arg.keyword is not None else ""
        if arg.star == "*":
            return (Passed(keyword, "star"),)
        if arg.star == "**":
            base = dotted(arg.value)
            if base is None or not carried(base):
                return None
            found.append(Passed(keyword, "spread", base))
            continue
        read = arg_read(arg.value, span_of, evaluator)
        found.append(Passed(keyword, "read", read[0], read[1]) if read is not None and carried(read[0]) else None)
    heads = {p.base.partition(".")[0] for p in found if p is not None}
    holders = heads or set(held or carriers or ())
    out = []
    for arg, passed in zip(node.args, found):
        if passed is None:
            keyword = arg.keyword.value if arg.keyword is not None else ""
            if not heads and isinstance(arg.value, cst.Name) and arg.value.value in holders:
                passed = Passed(keyword, "whole")
            elif isinstance(arg.value, _LITERALS):
                passed = Passed(keyword, "literal")
            else:
                passed = Passed(keyword, "built" if read_names(arg.value) & holders else "other")
        out.append(passed)
    return tuple(out)
