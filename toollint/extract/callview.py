"""A handler as one visible dispatch call reaches it (issue 18, round 5).

`if name == "x": return do_x(args["path"], args.get("mode", "r"))` hands `do_x` two
pieces of the arguments, not the dict and not `**args`, whatever its signature looks
like; `do_x(**args, client=client)` fills `client` from elsewhere. The rules read
`call_style()`, which honours `call` here before guessing from the signature.
"""
from __future__ import annotations

import dataclasses
from typing import List, Optional, Set, Tuple

import libcst as cst

from toollint.extract.evaluate import dotted, string_value
from toollint.extract.walk import walk
from toollint.model import ArgRead, FunctionSig


@dataclasses.dataclass(frozen=True)
class CalledSig(FunctionSig):
    # "kwargs": `f(**args)`, `params` less those the call fills itself; "dict": pieces
    # `f(args["a"])`, `arg_reads` are the call's, `params` those it does not pass;
    # "unknown": the call mixes the arguments with other things: nothing depends on it
    call: str = ""


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


def through_call(sig: FunctionSig, node: cst.Call, carriers: Optional[Set[str]], span_of, evaluator) -> FunctionSig:
    """`sig` as `node` calls it; `sig` itself when the call does not say (no piece of
    the arguments is recognisable in it): then the signature decides, as before."""
    def carried(base: str) -> bool:
        head = base.partition(".")[0]
        return head not in ("self", "cls") and (carriers is None or head in carriers)

    bases: Set[str] = set()
    reads: List[ArgRead] = []
    spread = False
    others: List[cst.Arg] = []
    for arg in node.args:
        if arg.star == "*":
            return sig  # `f(*parts)`: which parameter gets what is not known
        if arg.star == "**":
            base = dotted(arg.value)
            if base is None or not carried(base):
                return sig
            bases.add(base)
            spread = True
            continue
        found = arg_read(arg.value, span_of, evaluator)
        if found is not None and carried(found[0]):
            bases.add(found[0])
            reads.append(found[1])
        else:
            others.append(arg)
    if not bases:
        return sig
    if len(bases) > 1 or (spread and reads) or _reads_base(others, bases.pop()):
        return CalledSig(**_fields(sig), call="unknown")
    # what the call fills itself leaves the parameters the tool's arguments must fill
    # (`**args`), or none at all (pieces: then `params` are those the call never passes)
    filled = _filled(sig, [arg for arg in node.args if not arg.star])
    if filled is None:
        return CalledSig(**_fields(sig), call="unknown")
    kept = tuple(p for p in sig.params if p.name not in filled)
    if reads:
        return CalledSig(**_fields(sig, params=kept, arg_reads=tuple(reads)), call="dict")
    return CalledSig(**_fields(sig, params=kept), call="kwargs")


def _reads_base(others: List[cst.Arg], base: str) -> bool:
    """Another argument built from the arguments too (`int(args["n"])`, `args`): the
    mapping is not one of pieces."""
    head = base.partition(".")[0]
    return any(head in read_names(arg.value) for arg in others)


def _filled(sig: FunctionSig, others: List[cst.Arg]) -> Optional[Set[str]]:
    """The parameters `f(client, **args, timeout=t)` fills by its own arguments; None when
    a positional one has no parameter to go to."""
    positional = [p.name for p in sig.tool_params() if p.kind == "positional"]
    filled: Set[str] = set()
    index = 0
    for arg in others:
        if arg.keyword is not None:
            filled.add(arg.keyword.value)
        elif index < len(positional):
            filled.add(positional[index])
            index += 1
        else:
            return None
    return filled


def _fields(sig: FunctionSig, **changes) -> dict:
    out = {f.name: getattr(sig, f.name) for f in dataclasses.fields(FunctionSig)}
    out.update(changes)
    return out
