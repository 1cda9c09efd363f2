"""Facts about module-level classes a framework may turn into a schema: pydantic models,
TypedDicts and Enums (issue 16). What a class means is decided later, by
frameworks/pydantic_schema.py, once the classes of other modules are known; here each
class with a base is recorded as written, and anything this reading does not model is
kept as a reason the class's schema is unknown. A module's Literal aliases and PEP 695
aliases are kept beside the classes (bases LITERAL_ALIAS and TYPE_ALIAS), so that
another module importing one finds it as it finds a class."""
from __future__ import annotations

from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted, string_value
from toollint.extract.literals import qualified
from toollint.frameworks.pydantic_schema import LITERAL_ALIAS, TYPE_ALIAS
from toollint.model import Const, ModelClass, ModelField, Span, Str, TypeExpr, Value

# Decorators on methods that leave the validation-mode JSON schema as the fields give it.
_HARMLESS_DECORATORS = {"property", "staticmethod", "classmethod", "cached_property", "model_validator",
                        "validator", "root_validator", "computed_field", "field_serializer", "model_serializer",
                        "override", "abstractmethod"}
# Methods that rewrite the schema, or make the class something the fields do not describe.
_SCHEMA_METHODS = {"__get_pydantic_json_schema__", "__get_pydantic_core_schema__", "model_json_schema",
                   "schema", "__modify_schema__", "__class_getitem__", "__init_subclass__", "__get_validators__"}
_FIELD_FUNCS = {"pydantic.Field", "pydantic.fields.Field", "pydantic.v1.Field", "pydantic.v1.fields.Field"}


class _Reader:
    def __init__(self, module: str, imports: Mapping[str, Tuple[str, str]], names: Mapping[str, object],
                 classes: Mapping[str, cst.ClassDef], evaluator: Evaluator,
                 span_of: Callable[[cst.CSTNode], Span], code_of: Callable[[cst.CSTNode], str]) -> None:
        self.module = module
        self.imports = imports
        self.names = names
        self.classes = classes
        self.evaluator = evaluator
        self.span_of = span_of
        self.code_of = code_of
        self.aliases = names  # where a name's Literal is found

    def resolve(self, name: str) -> str:
        """A dotted name as the module's imports and classes say: `Optional` -> `typing.Optional`."""
        head, _, rest = name.partition(".")
        if head in self.imports:
            module, attr = self.imports[head]
            return ".".join(p for p in (module, attr, rest) if p)
        if head in self.classes or head in self.names:
            return f"{self.module}.{name}"
        return name  # a builtin, or a name this module does not bind

    # --- annotations --------------------------------------------------------------------

    def annotation(self, node: cst.BaseExpression) -> TypeExpr:
        text = self.code_of(node)
        name = dotted(node)
        alias = literal_alias(node, self.aliases, self.imports)
        if alias is not None:
            return self.annotation(alias)
        if name is not None:
            return TypeExpr("name", name if name == "None" else self.resolve(name), text=text)
        if isinstance(node, cst.Ellipsis):
            return TypeExpr("name", "...", text=text)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            members: List[TypeExpr] = []
            for side in (node.left, node.right):
                inner = self.annotation(side)
                members.extend(inner.args if inner.kind == "union" else (inner,))
            return TypeExpr("union", args=tuple(members), text=text)
        if isinstance(node, cst.Subscript):
            head = dotted(node.value)
            if head is None:
                return TypeExpr("other", text=text)
            resolved = self.resolve(head)
            literal = resolved.rpartition(".")[2] == "Literal"
            args = []
            for element in node.slice:
                if not isinstance(element.slice, cst.Index):
                    return TypeExpr("other", text=text)
                value = element.slice.value
                args.append(self.literal(value) if literal else self.argument(value))
            return TypeExpr("subscript", resolved, tuple(args), text=text)
        return TypeExpr("other", text=text)  # string forward references included

    def argument(self, node: cst.BaseExpression) -> TypeExpr:
        """A subscript argument: a type, or `Field(...)` and other metadata of Annotated."""
        if isinstance(node, cst.Call) and dotted(node.func) is not None:
            keywords, positional = self.call_arguments(node)
            if positional is None:
                return TypeExpr("other", text=self.code_of(node))
            return TypeExpr("call", self.resolve(dotted(node.func)), keywords=keywords, text=self.code_of(node))
        return self.annotation(node)

    def literal(self, node: cst.BaseExpression) -> TypeExpr:
        constant = isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)) or (
            isinstance(node, cst.Name) and node.value in ("True", "False", "None")) or (
            isinstance(node, cst.UnaryOperation) and isinstance(node.expression, (cst.Integer, cst.Float)))
        if not constant:
            return TypeExpr("other", text=self.code_of(node))
        return TypeExpr("literal", value=self.evaluator.eval(node), text=self.code_of(node))

    def call_arguments(self, node: cst.Call) -> Tuple[Tuple[Tuple[str, Value], ...], Optional[int]]:
        """(keywords, positional count) of a call; the first positional is `default`, as
        Field() takes it; `...` means "no default" and is left out. None: a spread."""
        keywords: List[Tuple[str, Value]] = []
        positional = 0
        for arg in node.args:
            if arg.star:
                return (), None
            key = arg.keyword.value if arg.keyword is not None else ("default" if positional == 0 else "")
            positional += arg.keyword is None
            if not key:
                return (), None
            if isinstance(arg.value, cst.Ellipsis) and key == "default":
                continue
            keywords.append((key, self.evaluator.eval(arg.value)))
        return tuple(keywords), positional

    # --- class bodies -------------------------------------------------------------------

    def model(self, name: str, node: cst.ClassDef) -> Optional[ModelClass]:
        bases, keywords, reasons = [], [], []
        for arg in tuple(node.bases) + tuple(node.keywords):
            base = dotted(arg.value)
            if arg.keyword is not None:
                keywords.append((arg.keyword.value, self.evaluator.eval(arg.value)))
            elif base is not None and not arg.star:
                bases.append(self.resolve(base))
            else:
                reasons.append(f"base '{self.code_of(arg.value)}' is not a plain class")
        if not bases and not reasons:
            return None
        if node.decorators:
            reasons.append("a decorated class")
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
        fields: List[ModelField] = []
        config: List[Tuple[str, Value]] = []
        docstring = _docstring(body, self.span_of)
        for stmt in body:
            reasons.extend(self.statement(stmt, fields, config))
        return ModelClass(name, self.module, self.span_of(node.name), tuple(bases), tuple(keywords), docstring,
                          tuple(fields), tuple(config), tuple(reasons))

    def statement(self, stmt: cst.CSTNode, fields: List[ModelField], config: List[Tuple[str, Value]]) -> List[str]:
        if isinstance(stmt, cst.FunctionDef):
            return self.method(stmt)
        if isinstance(stmt, cst.ClassDef):
            if stmt.name.value != "Config":
                return []  # a nested class is no field; a field annotated with it is unresolved
            for inner in stmt.body.body if isinstance(stmt.body, cst.IndentedBlock) else ():
                if isinstance(inner, cst.FunctionDef):
                    return ["class Config defines a method"]
                if isinstance(inner, cst.SimpleStatementLine):
                    config.extend(self.config_line(inner))
            return []
        if not isinstance(stmt, cst.SimpleStatementLine):
            return [f"a '{type(stmt).__name__}' statement in the class body"]
        reasons: List[str] = []
        for small in stmt.body:
            if isinstance(small, (cst.Pass, cst.Expr)):
                continue
            target = small.target if isinstance(small, cst.AnnAssign) else (
                small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else None)
            if not isinstance(target, cst.Name):
                reasons.append("an assignment in the class body that is not to one name")
            elif target.value == "model_config":
                reasons.extend(self.model_config(small.value, config))
            else:
                fields.append(self.field(target, small))
        return reasons

    def field(self, target: cst.Name, stmt) -> ModelField:
        annotation = self.annotation(stmt.annotation.annotation) if isinstance(stmt, cst.AnnAssign) else None
        value = stmt.value
        span = self.span_of(target)
        if value is None or isinstance(value, cst.Ellipsis):
            return ModelField(target.value, span, annotation)
        if isinstance(value, cst.Call) and self.resolve(dotted(value.func) or "") in _FIELD_FUNCS:
            keywords, positional = self.call_arguments(value)
            if positional is None:
                keywords = (("**", self.evaluator.eval(value)),)  # a spread: the generator gives up
            given = dict(keywords)
            return ModelField(target.value, span, annotation, "default" in given, given.get("default"),
                              keywords, "default_factory" in given)
        return ModelField(target.value, span, annotation, True, self.evaluator.eval(value))

    def model_config(self, value: Optional[cst.BaseExpression], config: List[Tuple[str, Value]]) -> List[str]:
        evaluated = self.evaluator.eval(value) if value is not None else None
        if isinstance(value, cst.Call) and self.resolve(dotted(value.func) or "") in ("pydantic.ConfigDict", "dict"):
            keywords, positional = self.call_arguments(value)
            if positional == 0:
                config.extend(keywords)
                return []
        elif evaluated is not None and hasattr(evaluated, "entries") and evaluated.complete:
            config.extend((k.value, v) for k, v in evaluated.entries if isinstance(k, Const))
            return []
        return ["model_config is not a ConfigDict(...) of keywords"]

    def config_line(self, line: cst.SimpleStatementLine) -> List[Tuple[str, Value]]:
        out = []
        for small in line.body:
            target = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else (
                small.target if isinstance(small, cst.AnnAssign) else None)
            if isinstance(target, cst.Name) and small.value is not None:
                out.append((target.value, self.evaluator.eval(small.value)))
        return out

    def method(self, node: cst.FunctionDef) -> List[str]:
        if node.name.value in _SCHEMA_METHODS:
            return [f"defines {node.name.value}()"]
        reasons = []
        for decorator in node.decorators:
            expr = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
            name = (dotted(expr) or "").rpartition(".")[2]
            if name == "field_validator" and isinstance(decorator.decorator, cst.Call):
                mode = dict(self.call_arguments(decorator.decorator)[0]).get("mode")
                if mode is None or (isinstance(mode, Const) and mode.value in ("after", "before", "wrap")):
                    continue
            if name not in _HARMLESS_DECORATORS:
                reasons.append(f"method {node.name.value}() is decorated with @{name or '...'}")
        return reasons


_LITERALS = {"typing.Literal", "typing_extensions.Literal"}


def literal_alias(node: Optional[cst.BaseExpression], names: Mapping[str, object],
                  imports: Mapping[str, Tuple[str, str]]) -> Optional[cst.Subscript]:
    """The `Literal[...]` a name stands for when the module binds it to one (`Mode =
    Literal["a", "b"]`, `Mode: TypeAlias = Literal[...]`): pydantic sees through such an
    alias as if the Literal were written in place. PEP 695's `type Mode = ...` is another
    thing to pydantic (a `$defs` entry of its own: type_aliases)."""
    if not isinstance(node, cst.Name):
        return None
    value = names.get(node.value)
    if not isinstance(value, cst.Subscript):
        return None
    return value if qualified(value.value, imports) in _LITERALS else None


def _docstring(body, span_of) -> Optional[Str]:
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr):
        node = body[0].body[0].value
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            return Str(string_value(node), span_of(node))
    return None


def type_aliases(body: Sequence[cst.CSTNode]) -> Dict[str, cst.TypeAlias]:
    """The module's PEP 695 aliases without type parameters (a generic one is not read)."""
    return {small.name.value: small for line in body if isinstance(line, cst.SimpleStatementLine)
            for small in line.body if isinstance(small, cst.TypeAlias) and small.type_parameters is None}


def module_models(module: str, classes: Mapping[str, cst.ClassDef], imports: Mapping[str, Tuple[str, str]],
                  names: Mapping[str, object], evaluator: Evaluator, span_of: Callable[[cst.CSTNode], Span],
                  code_of: Callable[[cst.CSTNode], str], body: Sequence[cst.CSTNode] = ()) -> Tuple[ModelClass, ...]:
    declared = type_aliases(body)
    reader = _Reader(module, imports, {**declared, **names}, classes, evaluator, span_of, code_of)
    found: Dict[str, ModelClass] = {}
    for name, node in classes.items():
        model = reader.model(name, node)
        if model is not None:
            found[name] = model
    for name in names:
        alias = literal_alias(cst.Name(name), names, imports) if name.isidentifier() and name not in found else None
        if alias is not None:
            where = span_of(alias)
            found[name] = ModelClass(name, module, where, (LITERAL_ALIAS,),
                                     fields=(ModelField(name, where, reader.annotation(alias)),))
    for name, node in declared.items():
        if name not in found:
            where = span_of(node.name)
            found[name] = ModelClass(name, module, where, (TYPE_ALIAS,),
                                     fields=(ModelField(name, where, reader.annotation(node.value)),))
    return tuple(found.values())


def annotation_type(node: cst.BaseExpression, imports: Mapping[str, Tuple[str, str]], evaluator: Evaluator,
                    span_of: Callable[[cst.CSTNode], Span], names: Optional[Mapping[str, object]] = None) -> TypeExpr:
    """A function parameter's annotation as a TypeExpr: imported names qualified, the
    module's own names left bare (linking qualifies them: frameworks/model_params.py), but
    for an alias of a Literal (`names`), read as the Literal."""
    reader = _Reader("", imports, {}, {}, evaluator, span_of, _NO_MODULE.code_for_node)
    reader.aliases = names or {}
    return reader.annotation(node)


_NO_MODULE = cst.Module([])
