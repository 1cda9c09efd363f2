"""The tool a framework derives from a function's signature and docstring.

One derivation for every framework that builds the schema from the signature; what
differs between them (the description, which parameters count, strictness) comes from
the hooks of its `Framework` (toollint.frameworks.base).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, List, Optional, Tuple

import libcst as cst

from toollint.frameworks.annotations import ParamType, Types, field_call, field_has_default, keyword
from toollint.frameworks.args import all_params, str_arg
from toollint.frameworks.docstrings import ParamDocs
from toollint.frameworks.model_marks import class_names, param_marker
from toollint.frameworks.render import Pairs, object_of, render, with_keys
from toollint.model import Const, DictVal, FunctionSig, ListVal, Param, Span, Str, Tool, Unresolved, Value
from toollint.rulekit.naming import expression_text

if TYPE_CHECKING:  # base's Framework.derive is this module's function_tool
    from toollint.frameworks.base import Context, Use


def wire_params(sig: FunctionSig, mode: str) -> Tuple[Param, ...]:
    """The parameters the framework sees: a method in a class body still has `self`; a
    bound method has lost its first."""
    if mode == "function":
        return sig.tool_params()
    params = [p for p in sig.params]
    if mode == "bound" and params and params[0].kind == "positional":
        params = params[1:]
    return tuple(p for p in params if p.kind in ("positional", "keyword_only"))


def version_bound(sig: FunctionSig, mode: str) -> str:
    """The mode to read a def in a class body with when whether its first `self`/`cls` goes
    on the wire depends on the framework's version (LangChain's and crewAI's `@tool`, in
    tests/data/frameworks/versions/): left out, as a bound method's, since the rest is the
    same in every version and a finding on it could not be fixed with a description."""
    if mode == "method" and sig.params and sig.params[0].name in ("self", "cls"):
        return "bound"
    return mode


def function_tool(node: cst.FunctionDef, sig: FunctionSig, use: Use, ctx: Context,
                  mode: str = "function") -> Optional[Tool]:
    framework, evaluator = use.framework, ctx.evaluator
    strict = framework.strict(use, evaluator)
    params = wire_params(sig, mode)
    if framework.rejects(use, sig, params, evaluator):
        return None
    name = _name(sig, use, ctx)
    text, arg_docs, offset = framework.read_docstring(use, sig, evaluator)
    description = None
    for kw in ("description", "description_override"):
        description = description or str_arg(use.kwarg(kw), evaluator)
    if description is None:
        description = _spread_description(use, ctx)
    if description is None:
        description = _doc_replaced(node, use, ctx)
    if description is None:
        description = framework.fallback_description(node, sig, name, text, ctx)
    given = framework.given_schema(use, evaluator)
    if given is None:
        docs = Docs(sig, arg_docs, offset)
        given = _schema(node, params, use, ctx, strict, docs, sig.span)
    return Tool(name=name, span=ctx.span_of(node), shape="decorated", description=description, schema=given,
                strict=strict, framework=framework.name, function=sig, name_expr=_name_expr(name, use, ctx))


# a decorator that sets the docstring: `@inject_docstring(lambda: load_section(...))`,
# `@with_docs(...)`, `@describe(...)`, `@setDescription`; the name says so, its body is often
# in a package. A word of the name, not a part of one: `@docker_required`, `@doctor_only` wrap
_DOC_WORDS = frozenset({"doc", "docs", "docstring", "docstrings", "describe", "described", "describes",
                        "description", "descriptions", "document", "documented"})
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _doc_replaced(node: cst.FunctionDef, use: Use, ctx: Context) -> Optional[Str]:
    """Unknown when a decorator applied before the framework's (below it) sets the docstring
    (held-out round 94, A: 194 findings on a one-line placeholder the markdown section
    `@inject_docstring` loads replaces before `@mcp.tool()` reads it); None otherwise."""
    decorators = list(node.decorators)
    mine = next((i for i, d in enumerate(decorators) if d.decorator is use.call
                 or (isinstance(d.decorator, cst.Call) and d.decorator.func is use.call)), -1)
    for decorator in decorators[mine + 1:]:
        expr = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        last = expr.attr.value if isinstance(expr, cst.Attribute) else expr.value if isinstance(expr, cst.Name) else ""
        if _DOC_WORDS & {w.lower() for w in _WORD.findall(last)}:
            return Str(None, ctx.span_of(decorator.decorator))
    return None


def _spread_description(use: "Use", ctx: "Context") -> Optional[Str]:
    """`@mcp.tool(**metadata)` (held-out round 73, E): the description a dict spread into the
    decorator gives, read when the dict is one evaluation sees (a local or module literal);
    unknown when it is not, since it may hold one. None when nothing is spread."""
    spreads = [a.value for a in use.call.args if a.star == "**"] if use.call is not None else []
    for expr in spreads:
        value = ctx.evaluator.eval(expr)
        if not isinstance(value, DictVal) or not value.complete:
            return Str(None, ctx.span_of(expr))
        given = value.get("description")
        if given is not None:
            return Str(given.value, given.span) if isinstance(given, Const) and isinstance(given.value, str) \
                else Str(None, given.span)
    return None


def _name(sig: FunctionSig, use: Use, ctx: Context) -> Str:
    evaluator = ctx.evaluator
    name = None
    for kw in ("name", "name_override"):
        name = name or str_arg(use.kwarg(kw), evaluator)
    if name is None and use.framework.positional_name and not use.params:
        first = use.positional(0)
        if first is not None and isinstance(evaluator.eval(first), Const):
            name = str_arg(first, evaluator)
    return name if name is not None else Str(sig.name, sig.span)


def _name_expr(name: Str, use: Use, ctx: Context) -> Optional[str]:
    """How messages quote a name given as a template: `f"{namespace}-read"` (toollint.extract.names)."""
    if name.value is not None or name.choices:
        return None
    for kw in ("name", "name_override"):
        expr = use.kwarg(kw)
        if expr is not None:
            return expression_text(ctx.evaluator.eval(expr))
    first = use.positional(0) if use.framework.positional_name and not use.params else None
    return expression_text(ctx.evaluator.eval(first)) if first is not None else None


class Docs:
    """The parameter descriptions of a docstring, pointing at their source lines."""

    def __init__(self, sig: FunctionSig, docs: ParamDocs, offset: int) -> None:
        self.doc = sig.docstring
        self.raw = self.doc.value if self.doc is not None and self.doc.value is not None else ""
        self.docs = docs
        self.offset = offset

    def get(self, param: Param) -> Optional[Const]:
        if param.name not in self.docs:
            return None
        text, first, last = self.docs[param.name]
        return Const(text, self._lines(first, last) or param.span)

    def _lines(self, first: int, last: int) -> Optional[Span]:
        """The source lines of docstring lines first..last (indexes into the docs' lines)."""
        if self.doc is None or self.doc.span is None:
            return None
        span = self.doc.span
        raw_lines = self.raw.expandtabs().split("\n")
        if span.end_line - span.line + 1 != len(raw_lines):
            return span  # escapes or concatenation: lines do not map one to one
        a, b = first + self.offset, last + self.offset
        if a <= 0 or b >= len(raw_lines):
            return span
        start_col = len(raw_lines[a]) - len(raw_lines[a].lstrip()) + 1
        return Span(span.path, span.line + a, start_col, span.line + b, len(raw_lines[b]) + 1)


def _schema(node: cst.FunctionDef, params: Tuple[Param, ...], use: Use, ctx: Context, strict: Optional[bool],
            docs: Docs, where: Span) -> DictVal:
    framework = use.framework
    method = framework.tool_method(use, ctx.evaluator)
    skip = framework.skipped(use, ctx.evaluator)
    cst_params = {p.name.value: p for p in all_params(node)}
    types = Types(ctx.span_of, ctx.evaluator, string_descriptions=framework.string_descriptions)
    properties: Pairs = []
    required: List[Const] = []
    for index, param in enumerate(params):
        if framework.excluded(param, method, index == 0, skip):
            continue
        prop, is_required = _property(param, cst_params.get(param.name), use, ctx, types, strict, docs)
        properties.append((param.name, param.span, prop))
        if is_required:
            required.append(Const(param.name, param.span))
    pairs: Pairs = [
        ("type", where, Const("object", where)),
        ("properties", where, object_of(properties, where)),
    ]
    if required or framework.style != "pydantic":
        # pydantic's schema has no `required` when nothing is (recorded: *_subclass.json)
        pairs.append(("required", where, ListVal(tuple(required), where)))
    if framework.closes(ctx.evaluator) or strict:
        pairs.append(("additionalProperties", where, Const(False, where)))
    return object_of(pairs, where)


def _property(param: Param, cst_param: Optional[cst.Param], use: Use, ctx: Context, types: Types,
              strict: Optional[bool], docs: Docs) -> Tuple[Value, bool]:
    """One parameter's property, and whether it is required."""
    framework = use.framework
    pydantic = framework.style == "pydantic"
    annotation = cst_param.annotation.annotation if cst_param is not None and cst_param.annotation else None
    t = types.of(annotation) or ParamType(param.span)
    if annotation is None and framework.unannotated is not None:
        t.type = framework.unannotated
    has_default = param.has_default
    description = t.description
    default_node = cst_param.default if cst_param is not None else None
    field = field_call(default_node) if pydantic else None
    if field is not None:
        has_default = field_has_default(field) or framework.field_is_default
        got = keyword(field, "description")
        if got is not None:
            value = ctx.evaluator.eval(got)
            if not isinstance(value, Const) or isinstance(value.value, str):
                description = value  # `description=helper(...)`: there is one, we cannot read it
    elif t.field_default and pydantic:
        has_default = True
    if description is None:
        description = docs.get(param)
    extra: Pairs = []
    # smolagents and agno send a class in forms of their own (recorded in *_models.json, not derived)
    opaque = not pydantic and annotation is not None and bool(class_names(annotation, ctx.imports, ctx.names))
    if framework.style == "smol":  # defaults and None make a parameter nullable and optional
        nullable = t.nullable or has_default
        t.nullable = nullable
        prop = render(t, framework.style)
        if description is not None:
            extra.append(("description", description.span, description))
        if nullable:
            extra.append(("nullable", param.span, Const(True, param.span)))
        return _opaque(param) if opaque else with_keys(prop, extra), not nullable
    if field is not None:
        given, readable = _field_default(field, ctx.evaluator)
    else:
        given = param.default if has_default else None
        readable = given is not None or not has_default
    marker = param_marker(annotation, framework.name, ctx, param.span, description, given) if pydantic else None
    if marker is not None:  # a class: its schema is known once linking sees the classes
        if not readable:
            marker = Unresolved("a default on a parameter whose type is a class that is not derived", param.span)
        return marker, strict is True or not has_default
    prop = render(t, framework.style)
    keywords = t.field_keywords + (tuple((a.keyword.value, a.value) for a in field.args if a.keyword is not None
                                         and a.keyword.value not in ("description", "default", "default_factory"))
                                   if field is not None else ())
    constraints, whole = _constraints(keywords, t, ctx.evaluator) if pydantic else ([], True)
    extra.extend(constraints)
    if description is not None:
        extra.append(("description", description.span, description))
    if isinstance(given, (Const, DictVal, ListVal)) and not (
        strict and isinstance(given, Const) and given.value is None
    ):
        extra.append(("default", given.span, given))
    prop = with_keys(prop, extra)
    if not whole:
        prop = DictVal(prop.entries, prop.span, False)  # a Field keyword not derived: more may be sent
    return _opaque(param) if opaque else prop, strict is True or not has_default


# pydantic's spelling of a Field's constraints (as frameworks/pydantic_schema.py for model fields)
_NUMERIC = {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum", "lt": "exclusiveMaximum",
            "multiple_of": "multipleOf"}
_LENGTHS = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems")}


def _constraints(keywords, t, evaluator) -> Tuple[Pairs, bool]:
    """The schema keys pydantic adds for `Field(examples=..., pattern=..., ge=...)` on a
    parameter (held-out round 36: fastmcp sends them; recorded with fastmcp 4.2.3), and
    whether every keyword was read; one on a nullable or union type is not placed here."""
    pairs: Pairs = []
    whole = True
    plain = not t.members and not t.nullable
    for name, node in keywords:
        value = evaluator.eval(node)
        text = isinstance(value, Const) and isinstance(value.value, str)
        number = isinstance(value, Const) and isinstance(value.value, (int, float)) and not isinstance(value.value, bool)
        if name == "examples" and isinstance(value, ListVal) and value.complete:
            pairs.append(("examples", value.span, value))
        elif name == "title":
            continue  # fastmcp drops titles (recorded); pydantic-style frameworks' titles say nothing rules read
        elif name == "pattern" and text and plain and t.type == "string":
            pairs.append(("pattern", value.span, value))
        elif name in _NUMERIC and number and plain and t.type in ("integer", "number"):
            pairs.append((_NUMERIC[name], value.span, value))
        elif name in ("min_length", "max_length") and number and plain and t.type in _LENGTHS:
            pairs.append((_LENGTHS[t.type][name == "max_length"], value.span, value))
        else:
            whole = False
    return pairs, whole


def _field_default(field: cst.Call, evaluator) -> Tuple[Optional[Value], bool]:
    """A `= Field(...)` default's own default (None: it has none), and whether the Field is
    read whole: its default (positional or `default=`) and a description, nothing else."""
    default: Optional[cst.BaseExpression] = None
    whole = True
    for index, arg in enumerate(field.args):
        name = arg.keyword.value if arg.keyword is not None else ("default" if index == 0 and not arg.star else "")
        if name == "default":
            default = arg.value
        elif name != "description":
            whole = False
    if default is None or not field_has_default(field):  # `Field(...)`: required
        return None, whole
    value = evaluator.eval(default)
    return value, whole and not isinstance(value, Unresolved)


def _opaque(param: Param) -> Unresolved:
    return Unresolved(f"the type of '{param.name}' holds a class, which this framework sends in a form not derived",
                      param.span)

