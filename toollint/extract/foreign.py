"""The tool a framework makes of a function another module handed it (model.RefTool),
derived while linking: the def's module is read and parsed here, on demand.

The call that handed the function over was in the other module: its arguments come
evaluated from there (names given at the call point at the call), and stand in the
derivation as placeholders that evaluate to those values. Nothing is imported or run.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, Optional, Tuple

import libcst as cst

from toollint.config.settings import Settings
from toollint.extract.evaluate import Evaluator
from toollint.extract.wrappers import is_wrapper, wrapping_decorators
from toollint.frameworks.base import Context, Framework, Use
from toollint.model import Finding, RefTool, Tool, Value

_PLACEHOLDER = "__toollint_given_%d__"
_KEPT = 32  # parsed modules kept for the refs of one link; many refs name the same module
_parsed: Dict[str, Tuple[bytes, object]] = {}
_NOT_BOUND = frozenset({"staticmethod", "classmethod", "property", "cached_property"})


class _Given(Evaluator):
    """The module's evaluator, with the call's placeholders standing for their values."""

    def __init__(self, base: Evaluator, given: Dict[str, Value]) -> None:
        self.__dict__.update(base.__dict__)
        self.given = given

    def eval(self, node: cst.BaseExpression, depth: int = 0) -> Value:
        if isinstance(node, cst.Name) and node.value in self.given:
            return self.given[node.value]
        return super().eval(node, depth)


def derive_ref(path: str, module: str, qualname: str, ref: RefTool) -> Optional[Tool]:
    """The tool `ref` makes of the def `qualname` of the module at `path`; None when the file
    cannot be read, the def is not there, is a tool already, or the framework makes none."""
    from toollint.front import deep

    return deep.call(_derive, path, module, qualname, ref)


def _derive(path: str, module: str, qualname: str, ref: RefTool) -> Optional[Tool]:
    from toollint.frameworks.registry import FRAMEWORKS

    framework = next((f for f in FRAMEWORKS if f.name == ref.framework), None)
    prepared = _prepare(path, module)
    if framework is None or prepared is None:
        return None
    extractor, evaluator, functions = prepared
    node = dict(extractor.function_nodes).get(qualname)
    if node is None or qualname not in functions:
        return None
    use = _use(framework, ref)
    wrappers = wrapping_decorators(extractor.function_nodes, extractor.imports, extractor.names)
    if any(is_wrapper(d.decorator, wrappers) for d in node.decorators):
        return None  # `@tracked_tool`: a tool by the framework decorator its wrapper applies
    own = _decorated_by(node, extractor)
    if own is not None:
        if not (framework.marks and own.framework is framework):
            return None  # a tool by its own decorator already
        use = own  # fastmcp's `@tool(name=...)` marker: add_tool takes its options
    given = {_PLACEHOLDER % i: value for i, (_, value) in enumerate(ref.args or ())}
    span_of = lambda n: extractor.span_of(n) if n in extractor.positions else ref.span
    ctx = Context(extractor.imports, extractor.names, span_of, _Given(evaluator, given) if given else evaluator)
    if "." in qualname and any(not isinstance(d.decorator, cst.Name) or d.decorator.value in _NOT_BOUND
                               for d in node.decorators):
        return None  # a static or class method, a property: not the bound method we derive
    tool = framework.derive(node, functions[qualname], use, ctx, "bound" if "." in qualname else "function")
    return replace(tool, span=ref.span, registry=ref.registry) if tool is not None else None


def derive_wrapped(path: str, module: str, ref: RefTool, wrapper: Tuple[str, str, str]) -> Optional[Tool]:
    """The tool of the def `ref.method` of the module at `path`, decorated by the wrapper
    (path, module, qualname) of another module; None unless that wrapper only applies a
    framework's decorator."""
    from toollint.front import deep

    return deep.call(_derive_wrapped, path, module, ref, wrapper)


def _derive_wrapped(path: str, module: str, ref: RefTool, wrapper: Tuple[str, str, str]) -> Optional[Tool]:
    from toollint.extract.wrappers import wrapper_use

    other, here = _prepare(wrapper[0], wrapper[1]), _prepare(path, module)
    if other is None or here is None:
        return None
    use = wrapper_use(other[0].function_nodes, other[0].imports, other[0].names, wrapper[2])
    extractor, evaluator, functions = here
    node = dict(extractor.function_nodes).get(ref.method)
    if use is None or node is None or ref.method not in functions:
        return None
    ctx = Context(extractor.imports, extractor.names, extractor.span_of, evaluator)
    return use.framework.derive(node, functions[ref.method], use, ctx, "function")


def _use(framework: Framework, ref: RefTool) -> Use:
    if ref.args is None:
        return Use(framework, None, ref.method, ref.params)
    args = [cst.Arg(value=cst.Name(_PLACEHOLDER % i), keyword=cst.Name(kw) if kw else None)
            for i, (kw, _) in enumerate(ref.args)]
    return Use(framework, cst.Call(func=cst.Name("_"), args=args), ref.method, ref.params)


def _decorated_by(node: cst.FunctionDef, extractor) -> Optional[Use]:
    from toollint.frameworks.recognise import recognise_expr

    for decorator in node.decorators:
        use = recognise_expr(decorator.decorator, extractor.imports, extractor.names)
        if use is not None:
            return use
    return None


def _prepare(path: str, module: str):
    """(extractor, evaluator, signatures) of the module at `path`, or None."""
    from toollint.extract import _Extractor
    from toollint.front.parse import parse
    from toollint.front.read import decode, read_source

    data = read_source(path)
    if isinstance(data, Finding):
        return None
    hit = _parsed.get(path)
    if hit is not None and hit[0] == data:
        return hit[1]
    text = decode(path, data)
    tree = parse(path, text) if not isinstance(text, Finding) else text
    if isinstance(tree, Finding):
        return None
    extractor = _Extractor(path, module, path.endswith("__init__.py"), tree, Settings(), text)
    evaluator, functions = extractor.prepare()
    if len(_parsed) >= _KEPT:
        _parsed.clear()
    _parsed[path] = (data, (extractor, evaluator, functions))
    return _parsed[path][1]
