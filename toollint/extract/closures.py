"""A function that makes a tool function and returns it (held-out round 104, M1): `def
_make_post(self): token = self.token; async def post_message(ctx, channel_id: str): ...;
return post_message`, then `Agent(tools=[self._make_post()])`. The framework is handed the
nested def, whose name, docstring and signature are as written: the closure only captures
values (a token, a client) that the model never sees.

Only a plain maker counts: every `return` returns the one nested def, defined once, not
decorated (a decorator may make something else of it), never reassigned, its `__doc__`,
`__name__` or `__signature__` never set."""
from __future__ import annotations

from typing import Callable, Optional, Tuple

import libcst as cst

from toollint.extract.returns import returns_only
from toollint.extract.walk import local_defs, rebinds, sets_identity
from toollint.model import FunctionSig

Target = Tuple[cst.FunctionDef, FunctionSig, str]


def returned_closure(maker: cst.FunctionDef) -> Optional[cst.FunctionDef]:
    """The nested def `maker` returns, or None when it may return anything else."""
    if not isinstance(maker.body, cst.IndentedBlock) or not maker.body.body:
        return None
    last = maker.body.body[-1]
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(ret, cst.Return) or not isinstance(ret.value, cst.Name) or not returns_only(maker, ret.value):
        return None
    name = ret.value.value
    nested = local_defs(maker.body.body).get(name)
    if nested is None or nested.decorators or any(rebinds(stmt, name) for stmt in maker.body.body) \
            or sets_identity(maker.body, name):  # `_inner.__signature__ = ...`: not what it declares
        return None
    return nested


def closure_target(call: cst.Call, resolve: Callable[[cst.BaseExpression], Optional[Target]],
                   sig_of: Callable[[cst.FunctionDef, str], FunctionSig]) -> Optional[Target]:
    """(def, signature, mode) of what `call` returns, when its callee (which `resolve` finds:
    a def of the module or of the enclosing function, `self.method`) is a plain maker."""
    maker = resolve(call.func)
    nested = returned_closure(maker[0]) if maker is not None and maker[1] is not None else None
    if maker is None or nested is None:
        return None
    return nested, sig_of(nested, f"{maker[1].qualname}.<locals>.{nested.name.value}"), "function"
