"""Functions that return one object they construct, for other modules to read:
`def build_research_agent() -> Agent: return Agent(name="Research agent", ...)` in
app/agents/research.py, and `Agent(handoffs=[build_research_agent()])` in another module,
which agents_refs.py and smolagents_managed.py record as a RefTool (extract/byref.called_target)
and link/byref.factory_call reads here.

Which functions: those extract/returns.final_calls finds (the last statement returns the
call, or a name bound once to it, and every other `return` the same), whose callee is a
class (`Agent(...)`, `Agent[Any](...)`, `smolagents.CodeAgent(...)`). An argument that reads
any of the function's own names (its parameters and locals: `name=name`, `"About " + topic`)
is OWN: its callers choose it, and their arguments are not read here.
"""
from __future__ import annotations

from typing import List, Mapping, Optional, Set, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted
from toollint.extract.walk import walk
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
        mine = bound_names(node)

        def value(expr: cst.BaseExpression) -> Value:
            return Unresolved(OWN, evaluator.span_of(expr)) if _reads(expr) & mine else evaluator.eval(expr)

        args: Optional[List[Value]] = []
        kwargs: List[Tuple[str, Value]] = []
        for arg in call.args:
            if arg.keyword is not None:
                kwargs.append((arg.keyword.value, value(arg.value)))
            elif arg.star == "*" or args is None:
                args = None  # the positions after `*items` are not known
            elif not arg.star:
                args.append(value(arg.value))
        complete = not any(arg.star for arg in call.args)
        out.append((qualname, CallVal(written, tuple(args or ()), tuple(kwargs), evaluator.span_of(call), complete)))
    return tuple(out)


def own(value: object) -> bool:
    """Whether a factory's argument is one of its own names (OWN): its callers choose it."""
    return isinstance(value, Unresolved) and value.reason == OWN


def _reads(expr: cst.BaseExpression) -> Set[str]:
    """The names an expression reads (not `x.attr`'s attr, nor a call's keywords)."""
    names: Set[str] = set()

    class _Names(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            names.add(node.value)

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            walk(node.value, self)
            return False

        def visit_Arg(self, node: cst.Arg) -> bool:
            walk(node.value, self)
            return False

    walk(expr, _Names())
    return names
