"""Semantic Kernel (the `semantic-kernel` package): `@kernel_function`, bare or with `name=` /
`description=`, on a plugin class's methods (`kernel.add_plugin(Plugin(), plugin_name=...)`,
`KernelPlugin.from_object(...)`, `ChatCompletionAgent(plugins=[Plugin()])`) or on a function
(`kernel.add_function(plugin_name=..., function=fn)`).

From semantic-kernel 1.45.0 (functions/kernel_function_decorator.py, kernel_function_from_method.py,
kernel_parameter_metadata.py, kernel_function_metadata.py, schema/kernel_json_schema_builder.py,
connectors/ai/function_calling_utils.py `kernel_function_metadata_to_function_call_format`,
functions/kernel_function_extension.py `add_plugin`), recorded in
tests/data/frameworks/semantic_kernel.json:

- the name is `<plugin>-<function>`: the function's part `name=` or `__name__`, the plugin's
  the `plugin_name` of add_plugin/add_function/from_object, else the instance's `name`
  attribute, else its class's name (an agent's `plugins=[...]` always takes that default);
- the description is `description=` (an empty one counts as none), else the raw `__doc__`
  (not cleaned: indentation kept, as Python < 3.13 has it; 3.13 dedents it), else "";
- the parameters are SK's own schema, not pydantic's: every parameter but one named `self`
  (*args and **kwargs too, `kernel: Kernel` and `arguments: KernelArguments` too: nothing
  the kernel fills in is left out), its description the last string of `Annotated[...]`
  (or a dict's "description"), `{"include_in_function_choices": False}` leaving it out; the
  `Optional`/`| None` around the type is dropped (`Annotated[Optional[X], "d"]` alone keeps
  it, as `"type": [X, "null"]`), `Literal[...]` is `{"type": "object"}`, no parameter
  carries its default; `required` (always present) lists those without a default or with
  `= None`, unless their type admits None.

The plugin's name is set where the plugin is handed over, mostly in another module than the
class (or from a variable, or the instance's `name`), and toollint's tools are derived where
they are declared: the name is left unresolved, its text `{plugin}-<function>` (as an
f-string-built name is, toollint.extract.names), so name rules say nothing and messages
quote it; the function part, which the author writes, is what the text shows. Guessing the
class's name would be wrong for every plugin added with `plugin_name=`.

Every `@kernel_function` def is a tool, handed over or not, as a decorated function is for
the other frameworks, but a method of a `KernelProcessStep` (semantic_kernel.processes): the
process invokes it on its events (`context: KernelProcessStepContext`, a whole input model);
it reaches a model only if a chat call with automatic function choice runs on the kernel the
process added the step to, which no step is written for. What the schema builder does with a class (an Enum, a pydantic model,
`Kernel`), a union of several types, or metadata it cannot read is left unresolved.
"""
from __future__ import annotations

from dataclasses import replace
from typing import List, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import string_value
from toollint.frameworks.annotations import last_name
from toollint.frameworks.args import all_params, qualified
from toollint.frameworks.base import Framework
from toollint.frameworks.derive import function_tool
from toollint.frameworks.render import object_of
from toollint.model import CallVal, Const, DictVal, ListVal, Span, Str, Tool, Unresolved, Value

_PACKAGE = "semantic_kernel"
_SCALARS = {"str": "string", "int": "integer", "float": "number", "bool": "boolean"}
_ARRAYS = {"list", "List", "set", "Set", "tuple", "Tuple"}
_BARE = {"list": "array", "set": "array", "tuple": "array", "dict": "object"}  # TYPE_MAPPING of the builtins
_META_KEYS = {"description", "include_in_function_choices"}
# calls that never return None: a default made by one is a default to SK
_BUILDERS = {"set", "list", "dict", "tuple", "frozenset", "str", "int", "float", "bool"}


class _Unknown(Exception):
    """A type the schema builder treats in a way not derived here."""


def _union(node: cst.BaseExpression) -> Optional[List[cst.BaseExpression]]:
    """The members of `X | Y`, `Optional[X]`, `Union[X, Y]`; None for anything else."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        return (_union(node.left) or [node.left]) + (_union(node.right) or [node.right])
    if isinstance(node, cst.Subscript) and last_name(node.value) in ("Optional", "Union"):
        args = _args(node)
        return args + [cst.Name("None")] if last_name(node.value) == "Optional" else args
    return None


def _args(node: cst.Subscript) -> List[cst.BaseExpression]:
    return [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _parsed(node: Optional[cst.BaseExpression]) -> Optional[cst.BaseExpression]:
    """A string annotation's expression (SK evaluates them: `signature(eval_str=True)`)."""
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        text = string_value(node)
        try:
            parsed = cst.parse_expression(text.strip()) if text and len(text) <= 1000 else None
        except Exception:
            parsed = None
        if parsed is None:
            raise _Unknown()
        return parsed
    return node


class _Builder:
    """KernelJsonSchemaBuilder.build, over an annotation's source; every node at `span`."""

    def __init__(self, span: Span) -> None:
        self.span = span

    def const(self, value) -> Const:
        return Const(value, self.span)

    def obj(self, *pairs: Tuple[str, Value]) -> DictVal:
        return object_of([(k, self.span, v) for k, v in pairs], self.span)

    def build(self, node: Optional[cst.BaseExpression]) -> DictVal:
        node = _parsed(node)
        members = _union(node) if node is not None else None
        if members is not None:
            rest = [m for m in members if not _is_none(m)]
            if len(rest) != 1 or len(members) != 2:
                raise _Unknown()  # anyOf, each member with the description: not derived
            inner = self.build(rest[0])  # handle_complex_type: the type and "null"
            kind = inner.get("type")
            if not isinstance(kind, Const):
                raise _Unknown()
            entries = tuple(e for e in inner.entries if e[0].value != "type")
            return DictVal(((Const("type", self.span), ListVal((kind, self.const("null")), self.span)),) + entries,
                           self.span)
        if isinstance(node, cst.Subscript):
            head, args = last_name(node.value), _args(node)
            if head == "Literal":
                return self.obj(("type", self.const("object")))  # no origin it knows: TYPE_MAPPING's default
            if head in _ARRAYS and head.lower() == "tuple":
                if any(isinstance(a, cst.Ellipsis) for a in args):
                    raise _Unknown()
                return self.obj(("type", self.const("array")),
                                ("items", ListVal(tuple(self.build(a) for a in args), self.span)))
            if head in _ARRAYS and len(args) == 1:
                return self.obj(("type", self.const("array")), ("items", self.build(args[0])))
            if head in ("dict", "Dict") and len(args) == 2:
                values = self.build(args[1])
                if values.entries and len(values.entries) == 1 and values.get("type") is not None \
                        and values.get("type").value == "object":
                    values = self.obj(("type", self.const("object")), ("properties", self.obj()))
                return self.obj(("type", self.const("object")), ("additionalProperties", values))
            raise _Unknown()
        name = last_name(node) if isinstance(node, (cst.Name, cst.Attribute)) else ""
        if isinstance(node, cst.Name) and name in _SCALARS:
            return self.obj(("type", self.const(_SCALARS[name])))
        if isinstance(node, cst.Name) and name in _BARE:
            return self.obj(("type", self.const(_BARE[name])))
        if node is None or name == "Any":
            # inspect's `empty` and typing.Any are classes with __annotations__: a model of no fields
            return self.obj(("type", self.const("object")), ("properties", self.obj()))
        raise _Unknown()


def _metadata(metas: List[cst.BaseExpression], evaluator) -> Tuple[Optional[Const], bool]:
    """(description, included) of Annotated's metadata: the last string (or a dict's
    "description") wins; a dict may leave the parameter out of what the model sees."""
    description, included = None, True
    for meta in metas:
        value = evaluator.eval(meta)
        if isinstance(value, Const) and isinstance(value.value, str):
            description = value
        elif isinstance(value, DictVal):
            if not value.complete or set(value.str_keys()) - _META_KEYS or len(list(value.str_keys())) != len(
                    value.entries):
                raise _Unknown()  # other keys set other fields of the parameter's metadata
            given, flag = value.get("description"), value.get("include_in_function_choices")
            if given is not None:
                if not (isinstance(given, Const) and isinstance(given.value, str)):
                    raise _Unknown()
                description = given
            if flag is not None:
                if not isinstance(flag, Const):
                    raise _Unknown()
                included = bool(flag.value)
        elif isinstance(value, Unresolved) or (isinstance(value, CallVal)
                                               and value.func.rpartition(".")[2][:1].islower()):
            raise _Unknown()  # `Annotated[str, helper()]`: may be a string or a dict
    return description, included


def _parameter(param: cst.Param, ctx) -> Tuple[Value, bool, Optional[bool]]:
    """(property, included, required: None when not known), as _parse_parameter and
    KernelParameterMetadata make them; _Unknown when the metadata is not read."""
    span = ctx.span_of(param.name)
    annotation = _parsed(param.annotation.annotation) if param.annotation is not None else None
    description, included, nullable, known = None, True, False, True
    if isinstance(annotation, cst.Subscript) and last_name(annotation.value) == "Annotated":
        args = _args(annotation)
        description, included = _metadata(args[1:], ctx.evaluator)
        annotation = _parsed(args[0])
        members = _union(annotation)
        nullable = members is not None and any(_is_none(m) for m in members)
        if isinstance(annotation, cst.BinaryOperation) and members is not None:
            # _get_underlying_type: a `X | None` (types.UnionType) in Annotated is X itself
            rest = [m for m in members if not _is_none(m)]
            known, annotation = len(rest) == 1, rest[0] if rest else None
    else:
        members = _union(annotation) if annotation is not None else None
        if members is not None:
            rest = [m for m in members if not _is_none(m)]
            # several types: built from the type's name, the default in each one's description
            nullable, known = len(rest) < len(members), len(rest) == 1
            annotation = rest[0] if rest else None
    required: Optional[bool] = not nullable and included
    if param.default is not None and required:
        default = ctx.evaluator.eval(param.default)
        if isinstance(default, Const):
            required = default.value is None  # `= None` is no default to SK
        elif isinstance(default, (DictVal, ListVal)) or (isinstance(default, CallVal) and (
                default.func in _BUILDERS or default.func.rpartition(".")[2][:1].isupper())):
            required = False  # a literal, `set()`, an object of a class: never None
        else:
            required = None
    try:
        if not known:
            raise _Unknown()
        prop: Value = _Builder(span).build(annotation)
    except _Unknown:
        return Unresolved("Semantic Kernel builds this parameter's schema in a way not derived statically",
                          ctx.span_of(param)), included, required
    if description is not None:
        prop = object_of([(k.value, k.span, v) for k, v in prop.entries]
                         + [("description", description.span, description)], prop.span)
    return prop, included, required


def _schema(node: cst.FunctionDef, ctx, where: Span) -> Value:
    properties, required, known = [], [], True
    for param in all_params(node):
        if param.name.value == "self":  # _process_signature skips it by name, wherever it is
            continue
        try:
            prop, included, is_required = _parameter(param, ctx)
        except _Unknown:
            prop, included, is_required = Unresolved(
                "Semantic Kernel reads this parameter's metadata in a way not derived statically",
                ctx.span_of(param)), True, None
        if not included:
            continue
        span = ctx.span_of(param.name)
        properties.append((param.name.value, span, prop))
        if is_required:
            required.append(Const(param.name.value, span))
        known = known and is_required is not None
    return object_of([("type", where, Const("object", where)), ("properties", where, object_of(properties, where)),
                      ("required", where, ListVal(tuple(required), where, complete=known))], where)


def _process_step(qualname: str, ctx) -> bool:
    """Whether the def is a method of a KernelProcessStep (through the module's own classes):
    the process runs it on an event, the model is never offered it."""
    owner, dot, rest = qualname.partition(".")
    seen, todo = set(), [owner] if dot and "." not in rest else []
    while todo:
        node = ctx.classes.get(todo.pop())
        if node is None or node.name.value in seen:
            continue
        seen.add(node.name.value)
        for base in node.bases:
            expr = base.value.value if isinstance(base.value, cst.Subscript) else base.value  # Step[State]
            full = qualified(expr, ctx.imports) or ""
            if full.startswith(f"{_PACKAGE}.processes") or last_name(expr) == "KernelProcessStep":
                return True
            if isinstance(expr, cst.Name):
                todo.append(expr.value)
    return False


class SemanticKernel(Framework):
    name = "semantic-kernel"
    functions = tuple(f"{_PACKAGE}.{m}kernel_function" for m in (
        "functions.", "functions.kernel_function_decorator."))
    bare = True

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        if _process_step(sig.qualname, ctx):
            return None
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None:
            return None
        description = tool.description
        given = use.kwarg("description")
        if description is not None and description.value == "" and given is not None and sig.docstring is not None:
            description = sig.docstring  # `description or func.__doc__`
        function = tool.name.value if tool.name.value is not None else tool.name_expr
        return replace(tool, name=Str(None, tool.name.span), description=description,
                       name_expr=f"{{plugin}}-{function}" if function else None,
                       schema=_schema(node, ctx, sig.span))

    def describe(self, use, raw, clean, evaluator):
        return raw, {}  # `__doc__` itself

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        if sig.docstring is not None:
            return Str(text if sig.docstring.value is not None else None, sig.docstring.span)
        return Str("", sig.span)  # `metadata.description or ""`
