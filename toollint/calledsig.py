"""A handler's signature as one visible dispatch call reaches it (extract/callview.py).

Here and not in extract/: facts hold it, and the cache rebuilds facts without importing
libcst (a warm run on a file without tools never imports it), and importing the module
that defines a class is how an entry rebuilds it (cache/store.py). An imported handler's
call is bound here too, when linking finds its `def` (link/resolve.py)."""
from __future__ import annotations

import dataclasses
from typing import Dict, Optional, Sequence, Tuple

from toollint.model import ArgRead, FunctionSig, Ref


# what a dispatcher's variable holding the whole arguments dict is called
ARGUMENT_NAMES = frozenset(("arguments", "args", "params", "payload", "tool_input", "tool_args", "input_data"))


@dataclasses.dataclass(frozen=True)
class CalledSig(FunctionSig):
    # "kwargs": `f(**args)`, `params` less those the call fills itself; "dict": pieces
    # `f(args["a"])`, `arg_reads` are the call's, `params` those it does not pass;
    # "unknown": the call mixes the arguments with other things: nothing depends on it
    call: str = ""
    # "dict" by the whole arguments dict next to other values (`f(chat, args)`): the
    # parameter given it, and `arg_reads` are the handler's reads of that parameter
    whole: str = ""
    # "dict" by pieces: the keys whose read goes to a parameter with a default of its own
    # (`create_file(a["path"], a.get("content", ""))` to `def create_file(path, content="")`)
    defaulted: Tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Passed:
    """One argument of a visible dispatch call, as it relates to the tool's arguments."""

    keyword: str  # "" when positional
    # "star" `*x`, "spread" `**args`, "read" `args["k"]`, "whole" `args`, "built" from
    # the arguments some other way (`int(args["n"])`), "literal" (`"feeds"`), "other"
    # (`client`, `runtime["x"]`)
    kind: str
    base: str = ""  # the dict a "spread" or "read" takes from
    read: Optional[ArgRead] = None


@dataclasses.dataclass(frozen=True)
class CalledRef(Ref):
    """An imported handler and how its dispatch branch calls it (an imported `def` is only
    seen when linking): bound then as a local one is at once."""

    passed: Tuple[Passed, ...] = ()


def bind(sig: FunctionSig, passed: Optional[Sequence[Passed]]) -> FunctionSig:
    """`sig` as a call passing `passed` reaches it; `sig` itself when the call does not say
    (None, or nothing of the arguments recognisable in it): then the signature decides."""
    if passed is None:
        return sig
    if all(p.kind == "literal" for p in passed):
        # `await _empty_cache()`, `fetch_json("feeds")`: none of the arguments reaches it
        # (held-out rounds 26 and 43)
        return unknown(sig)
    if any(p.kind == "star" for p in passed):
        return unknown(sig)  # `f(*args.values())`: which parameter gets what is not known
    bases = {p.base for p in passed if p.kind in ("spread", "read")}
    reads = tuple(p.read for p in passed if p.kind == "read" and p.read is not None)
    spread = any(p.kind == "spread" for p in passed)
    wholes = [i for i, p in enumerate(passed) if p.kind == "whole"]
    built = any(p.kind == "built" for p in passed)
    if bases:
        if len(bases) > 1 or (spread and reads) or built or wholes:
            return unknown(sig)  # another argument built from the arguments too: not pieces
        # what the call fills itself leaves the parameters the tool's arguments must fill
        # (`**args`), or none at all (pieces: then `params` are those the call never passes)
        slots = _slots(sig, passed)
        if slots is None:
            return unknown(sig)
        kept = tuple(p for p in sig.params if p.name not in slots.values())
        if reads:
            defaults = {p.name for p in sig.params if p.has_default}
            defaulted = tuple(p.read.key for i, p in enumerate(passed)
                              if p.kind == "read" and p.read is not None and slots.get(i) in defaults)
            return CalledSig(**_fields(sig, params=kept, arg_reads=reads), call="dict", defaulted=defaulted)
        return CalledSig(**_fields(sig, params=kept), call="kwargs")
    if not wholes and not built or len(passed) == 1 and not passed[0].keyword:
        return sig  # `do_x(args)`, `handle(block.input)`: the signature says how it takes them
    # No `**args`: the schema's keys never become keyword arguments, so the parameter
    # list is no map of the schema. Only a parameter given the whole dict is, by the keys
    # the handler reads from it (`handle_set_alarm(chat, arguments)`).
    slots = _slots(sig, passed)
    if len(wholes) != 1 or built or slots is None or wholes[0] not in slots:
        return unknown(sig)
    name = slots[wholes[0]]
    held = dict(sig.param_reads).get(name)
    if not held:
        return unknown(sig)
    kept = tuple(p for p in sig.params if p.name not in slots.values())
    return CalledSig(**_fields(sig, params=kept, arg_reads=held), call="dict", whole=name)


def _slots(sig: FunctionSig, passed: Sequence[Passed]) -> Optional[Dict[int, str]]:
    """The parameter each argument of `f(client, **args, timeout=t)` fills, by its index;
    None when a positional one has no parameter to go to."""
    positional = [p.name for p in sig.tool_params() if p.kind == "positional"]
    slots: Dict[int, str] = {}
    index = 0
    for i, arg in enumerate(passed):
        if arg.kind == "spread":
            continue
        if arg.keyword:
            slots[i] = arg.keyword
        elif index < len(positional):
            slots[i] = positional[index]
            index += 1
        else:
            return None
    return slots


def unknown(sig: FunctionSig) -> CalledSig:
    """`sig` reached by a call that mixes the arguments with other things: nothing depends on it."""
    return CalledSig(**_fields(sig), call="unknown")


def _fields(sig: FunctionSig, **changes) -> dict:
    out = {f.name: getattr(sig, f.name) for f in dataclasses.fields(FunctionSig)}
    out.update(changes)
    return out
