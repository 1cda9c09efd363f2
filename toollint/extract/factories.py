"""Functions that return one object they construct, for other modules to read:
`def build_research_agent() -> Agent: return Agent(name="Research agent", ...)` in
app/agents/research.py, and `Agent(handoffs=[build_research_agent()])` in another module
(frameworks/factory_refs.py records that as a RefTool; link/byref.py reads it here).

Which functions: those extract/returns.final_calls finds (the last statement returns the
call, or a name bound once to it, and every other `return` the same), whose callee is a
class (`Agent(...)`, `Agent[Any](...)`, `smolagents.CodeAgent(...)`). The call's arguments are
evaluated in this module with the function's own names (its parameters and locals) OWN:
an agent named after a parameter has the name its caller gives, which is not read here.
"""
from __future__ import annotations

from typing import Dict, List, Mapping, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted
from toollint.frameworks.agents_locals import bound_names
from toollint.model import CallVal, Unresolved, Value

OWN = "set by the function that makes the object, when it runs"  # Unresolved.reason


def factory_calls(final: Mapping[str, cst.Call], bodies: Mapping[str, cst.FunctionDef],
                  evaluator: Evaluator) -> Tuple[Tuple[str, CallVal], ...]:
    """(function, the call it returns evaluated) of each factory the module defines."""
    out: List[Tuple[str, CallVal]] = []
    for qualname, call in final.items():
        func = call.func.value if isinstance(call.func, cst.Subscript) else call.func  # Agent[Ctx](...)
        written = dotted(func) if isinstance(func, (cst.Name, cst.Attribute)) else None
        node = bodies.get(qualname)
        if written is None or not written.rpartition(".")[2][:1].isupper() or node is None:
            continue  # not a class made: what a helper returns is not read across modules
        where = evaluator.span_of(node.name)
        own: Dict[str, Value] = {name: Unresolved(OWN, where) for name in bound_names(node)}
        local = evaluator.with_bindings(own)
        args: Optional[List[Value]] = []
        kwargs: List[Tuple[str, Value]] = []
        for arg in call.args:
            if arg.keyword is not None:
                kwargs.append((arg.keyword.value, local.eval(arg.value)))
            elif arg.star == "*" or args is None:
                args = None  # the positions after `*items` are not known
            elif not arg.star:
                args.append(local.eval(arg.value))
        complete = not any(arg.star for arg in call.args)
        out.append((qualname, CallVal(written, tuple(args or ()), tuple(kwargs), evaluator.span_of(call), complete)))
    return tuple(out)


def own(value: object) -> bool:
    """Whether a factory's argument is one of its own names (OWN): its callers choose it."""
    return isinstance(value, Unresolved) and value.reason == OWN
