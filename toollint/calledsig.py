"""A handler's signature as one visible dispatch call reaches it (extract/callview.py).

Here and not in extract/: facts hold it, and the cache rebuilds facts without importing
libcst (a warm run on a file without tools never imports it), and importing the module
that defines a class is how an entry rebuilds it (cache/store.py)."""
from __future__ import annotations

import dataclasses

from toollint.model import FunctionSig


@dataclasses.dataclass(frozen=True)
class CalledSig(FunctionSig):
    # "kwargs": `f(**args)`, `params` less those the call fills itself; "dict": pieces
    # `f(args["a"])`, `arg_reads` are the call's, `params` those it does not pass;
    # "unknown": the call mixes the arguments with other things: nothing depends on it
    call: str = ""
