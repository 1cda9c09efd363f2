"""Which function a call is given (`Tool(fn)`, `mcp.tool()(fn)`, `tools=[self.search]`):
the def of the module or of an enclosing function, a bound or plain method, the nested def
a maker returns; or, for a function another module defines, a reference linking derives.
A mixin of decorated._Calls, whose scopes and module tables it reads."""
from __future__ import annotations

from typing import Optional, Tuple

import libcst as cst

from toollint.extract.byref import foreign_targets, ref_tool
from toollint.extract.closures import closure_target
from toollint.extract.evaluate import dotted
from toollint.extract.wrappers import borrows_identity, is_wrapper, renamed
from toollint.frameworks.annotations import last_name
from toollint.frameworks.base import Framework, Use
from toollint.frameworks.recognise import recognise_expr
from toollint.model import FunctionSig


class FunctionTargets:
    def _function(self, expr: Optional[cst.BaseExpression]) -> Optional[Tuple[cst.FunctionDef, FunctionSig, str]]:
        """(def, signature, mode) of a function reference: a def of this module or of the
        enclosing function, `obj.method` / `self.method` (bound), `Class.method`."""
        if isinstance(expr, cst.Call):  # `self._make_post()`: the def it returns
            return closure_target(expr, self._function, self.sig_of)
        if expr is None:
            return None
        if isinstance(expr, cst.Name):
            for scope in reversed(self.scopes):
                if expr.value in scope.defs:
                    node = scope.defs[expr.value]
                    sig = None if borrows_identity(node) or renamed(scope.node, expr.value) \
                        else self.sig_of(node, f"{scope.qualname}.<locals>.{expr.value}")
                    return (node, sig, "function") if sig else None  # @wraps(f), `f.__doc__ = ...`: not its own
            own = expr.value in self.functions and expr.value in self.nodes and not borrows_identity(self.nodes[expr.value])
            return (self.nodes[expr.value], self.functions[expr.value], "function") if own else None
        name = dotted(expr)
        if name is None or name.count(".") != 1:
            return None
        head, method = name.split(".")
        cls = None
        bound = True
        if head in ("self", "cls"):
            cls = next((s.cls for s in reversed(self.scopes) if s.cls), None)
        else:
            value = self.ctx.names.get(head)
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
                cls = value.func.value  # `orders = Orders()` then `orders.cancel`
            elif head in {q.partition(".")[0] for q in self.nodes if "." in q}:
                cls, bound = head, False  # `Orders.cancel`: the plain function
        qualname = f"{cls}.{method}" if cls else None
        if qualname is None or qualname not in self.nodes or qualname not in self.functions:
            return None
        node = self.nodes[qualname]
        static = "staticmethod" in {last_name(d.decorator) for d in node.decorators}
        mode = "function" if static else "bound" if bound else "method"
        return node, self.functions[qualname], mode

    def _foreign(self, where: cst.CSTNode, expr: Optional[cst.BaseExpression], use: Use, looped: bool = False) -> None:
        """A function another module defines, or (`looped`: a loop variable stands for a call's
        items) each of a list another module's function returns (extract/byref.py): linking derives it."""
        for target in foreign_targets(expr, self.ctx.imports, {**self.ctx.names, **self._objects(), **self.nodes},
                                      looped):
            self._add(where, ref_tool(target, use, self.ctx.evaluator, self.ctx.span_of(where)))

    def _own_decorator(self, node: cst.FunctionDef, framework: Framework) -> Optional[Use]:
        """The framework's own marker (fastmcp's `@tool(name=...)`): the options add_tool applies."""
        if not framework.marks:
            return None
        for decorator in node.decorators:
            use = recognise_expr(decorator.decorator, self.ctx.imports, self.ctx.names)
            if use is not None and use.framework is framework:
                return use
        return None

    def _is_tool_already(self, node: cst.FunctionDef) -> bool:
        return any(recognise_expr(d.decorator, self.ctx.imports, self.ctx.names) is not None
                   or is_wrapper(d.decorator, self.ctx.wrappers) for d in node.decorators)
