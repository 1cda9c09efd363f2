"""pydantic v2's `model_json_schema()` (mode "validation"), derived from class facts
(model.ModelClass, extract/models.py) without importing anything.

Precision first: whatever this does not model exactly (a type it does not know, a
validator that rewrites the schema, a default it cannot serialize...) makes the whole
result an Unresolved reason, never a schema that differs from pydantic's.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, List, Optional, Set, Tuple, Union

from toollint.model import (CallVal, Const, DictVal, ListVal, ModelClass, ModelField, Ref, Span, TypeExpr, Unresolved,
                            Value, is_complete, to_python)

Resolver = Callable[[str, str], Optional[ModelClass]]  # (module, class name) -> the class, if known

# the base of a module's Literal alias, which extract/models.py keeps beside its classes so
# a module importing the alias finds it as it finds a class: not a class pydantic knows
LITERAL_ALIAS = "toollint.literal_alias"
# PEP 695's `type Mode = ...`, kept the same way: pydantic gives it a `$defs` entry of its own
TYPE_ALIAS = "toollint.type_alias"
_BASEMODEL = {"pydantic.BaseModel", "pydantic.main.BaseModel"}
_V1 = {"pydantic.v1.BaseModel", "pydantic.v1.main.BaseModel"}
_TYPEDDICT = {"typing.TypedDict", "typing_extensions.TypedDict"}
_ENUM = {"enum.Enum", "enum.IntEnum", "enum.StrEnum"}
_ENUM_MIXINS = {"str", "int"}
_SCALARS: Dict[str, Dict[str, Any]] = {
    "str": {"type": "string"}, "int": {"type": "integer"}, "float": {"type": "number"},
    "bool": {"type": "boolean"}, "bytes": {"type": "string", "format": "binary"}, "None": {"type": "null"},
    "typing.Any": {}, "typing_extensions.Any": {},
    "datetime.datetime": {"type": "string", "format": "date-time"},
    "datetime.date": {"type": "string", "format": "date"}, "uuid.UUID": {"type": "string", "format": "uuid"},
    "dict": {"type": "object", "additionalProperties": True},
    "typing.Dict": {"type": "object", "additionalProperties": True},
    "list": {"type": "array", "items": {}}, "typing.List": {"type": "array", "items": {}},
    "tuple": {"type": "array", "items": {}}, "typing.Tuple": {"type": "array", "items": {}},
    "set": {"type": "array", "items": {}, "uniqueItems": True},
    "typing.Set": {"type": "array", "items": {}, "uniqueItems": True},
}
_LISTS = {"list", "typing.List", "typing.Sequence", "collections.abc.Sequence"}
_SETS = {"set", "typing.Set", "frozenset", "typing.FrozenSet"}
_TUPLES = {"tuple", "typing.Tuple"}
_DICTS = {"dict", "typing.Dict"}
_OPTIONALS = {"typing.Optional", "typing_extensions.Optional"}
_UNIONS = _OPTIONALS | {"typing.Union", "typing_extensions.Union"}
# Config keys that do not change the validation-mode schema, besides extra and title.
_QUIET_CONFIG = {"frozen", "str_strip_whitespace", "str_to_lower", "str_to_upper", "validate_assignment",
                 "arbitrary_types_allowed", "populate_by_name", "from_attributes", "validate_default",
                 "revalidate_instances"}
_FIELD_KEYS = {"default", "default_factory", "alias", "title", "description", "examples", "ge", "gt", "le",
               "lt", "multiple_of", "min_length", "max_length", "pattern", "json_schema_extra", "repr",
               "exclude"}
_NUMERIC = {"ge": "minimum", "gt": "exclusiveMinimum", "le": "maximum", "lt": "exclusiveMaximum",
            "multiple_of": "multipleOf"}
_LENGTHS = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems")}


class _Unsure(Exception):
    pass


def model_json_schema(model: ModelClass, resolve: Resolver) -> Union[Dict[str, Any], Unresolved]:
    """The schema pydantic would give for `model`, or why it cannot be known statically."""
    return schema_with_classes(model, resolve)[0]


def schema_with_classes(model: ModelClass, resolve: Resolver) -> Tuple[Union[Dict[str, Any], Unresolved],
                                                                      Dict[str, ModelClass]]:
    """The schema, and the class each `$defs` entry was generated from."""
    generator = _Generator(resolve)
    try:
        kind, chain = generator.classify(model)
        if kind != "model":
            raise _Unsure(f"'{model.name}' is not a pydantic model")
        schema = generator.model(model, chain)
    except _Unsure as unsure:
        return Unresolved(f"the schema of '{model.name}': {unsure}", model.span), {}
    if generator.defs:
        schema["$defs"] = {name: body for name, (_, body) in sorted(generator.defs.items())}
    return _sorted(schema), {name: resolve(key[0], key[1]) for name, (key, _) in generator.defs.items()}


def field_spans(cls: ModelClass, resolve: Resolver) -> Dict[str, Any]:
    """Property name -> the Span of the field that declares it, inherited fields included."""
    out: Dict[str, Any] = {}
    for base in cls.bases:
        module, _, name = base.rpartition(".")
        parent = resolve(module, name) if base not in _BASEMODEL | _TYPEDDICT else None
        if parent is not None and parent is not cls:
            out.update(field_spans(parent, resolve))
    for field in cls.fields:
        alias = dict(field.field or ()).get("alias")
        out[alias.value if isinstance(alias, Const) and isinstance(alias.value, str) else field.name] = field.span
    return out


def _sorted(value: Any, parent: str = "") -> Any:
    """Keys in pydantic's order: sorted at every level but a properties map and a default."""
    if isinstance(value, dict):
        keys = value if parent in ("properties", "default") else sorted(value)
        return {key: _sorted(value[key], key) for key in keys}
    if isinstance(value, list):
        return [_sorted(item, parent) for item in value]
    return value


def _title(name: str) -> str:
    return name.title().replace("_", " ").strip()


_EMPTY_CALLS = {"set": [], "frozenset": [], "list": [], "tuple": []}


def _json(value: Optional[Value], what: str) -> Any:
    if isinstance(value, CallVal) and value.func in _EMPTY_CALLS and not value.args and not value.kwargs:
        return _EMPTY_CALLS[value.func]  # `= set()`: pydantic serializes the default as []
    if not is_complete(value) or isinstance(value, DictVal) and any(
            not isinstance(k, Const) or not isinstance(k.value, str) for k, _ in value.entries):
        raise _Unsure(f"{what} is not a literal")
    return to_python(value)


def _const(value: Optional[Value], what: str) -> Any:
    if not isinstance(value, Const):
        raise _Unsure(f"{what} is not a constant")
    return value.value


def _flatten(members: Tuple[TypeExpr, ...]) -> List[TypeExpr]:
    """Union members as typing keeps them: nested unions spliced in, repeats dropped."""
    out: List[TypeExpr] = []
    seen: Set[Tuple[str, str]] = set()
    for m in members:
        if m.kind == "union" or m.kind == "subscript" and m.name in _UNIONS:
            inner = m.args + ((TypeExpr("name", "None"),) if m.name in _OPTIONALS else ())
            nested = _flatten(inner)
        else:
            nested = [m]
        for n in nested:
            key = (n.kind, n.name) if n.kind == "name" else (n.kind, n.text)
            if key not in seen:
                seen.add(key)
                out.append(n)
    return out


class _Generator:
    def __init__(self, resolve: Resolver) -> None:
        self.resolve = resolve
        self.defs: Dict[str, Tuple[tuple, Dict[str, Any]]] = {}  # title -> (class key, schema)
        self.building: Set[tuple] = set()
        self.extra: List[Optional[str]] = [None]  # the enclosing model's `extra`, which TypedDicts follow

    def lookup(self, dotted: str) -> Optional[ModelClass]:
        module, _, name = dotted.rpartition(".")
        return self.resolve(module, name)

    def classify(self, cls: ModelClass, depth: int = 0) -> Tuple[str, Tuple[ModelClass, ...]]:
        """("model" | "typeddict" | "enum", the class and its ancestors, root first)."""
        if cls.unresolved:
            raise _Unsure(f"'{cls.name}': {cls.unresolved[0]}")
        if depth > 50:
            raise _Unsure("an inheritance chain too deep")
        kinds = []
        for base in cls.bases:
            if base == LITERAL_ALIAS:
                raise _Unsure(f"'{cls.name}' is a Literal alias, not a class")
            if base == TYPE_ALIAS:
                kinds.append(("type_alias", (cls,)))
            elif base in _BASEMODEL:
                kinds.append(("model", (cls,)))
            elif base in _V1:
                raise _Unsure(f"'{cls.name}' is a pydantic v1 model")
            elif base in _TYPEDDICT:
                kinds.append(("typeddict", (cls,)))
            elif base in _ENUM:
                kinds.append(("enum", (cls,)))
            elif base not in _ENUM_MIXINS:
                parent = self.lookup(base)
                if parent is None:
                    raise _Unsure(f"base '{base}' of '{cls.name}' is not a class of the project")
                kind, chain = self.classify(parent, depth + 1)
                kinds.append((kind, chain + (cls,)))
        if len(kinds) != 1 or (kinds[0][0] != "enum" and len(cls.bases) != 1):
            raise _Unsure(f"'{cls.name}' has several bases")
        return kinds[0]

    # --- classes ------------------------------------------------------------------------

    def model(self, cls: ModelClass, chain: Tuple[ModelClass, ...]) -> Dict[str, Any]:
        config: Dict[str, Any] = {}
        for ancestor in chain:
            for key, value in ancestor.config + ancestor.keywords:
                if key not in _QUIET_CONFIG and key not in ("extra", "title"):
                    raise _Unsure(f"config '{key}' of '{ancestor.name}' is not modelled")
                config[key] = _const(value, f"config '{key}'")
        extra = config.get("extra")
        if extra not in (None, "forbid", "allow", "ignore"):
            raise _Unsure(f"extra={extra!r}")
        fields: Dict[str, ModelField] = {}
        for ancestor in chain:
            for field in ancestor.fields:
                if not field.name.startswith("_") and not self.is_classvar(field):
                    fields[field.name] = field
        self.extra.append(extra)
        try:
            properties, required = self.properties(cls, fields.values(), model=True)
        finally:
            self.extra.pop()
        schema: Dict[str, Any] = {"properties": properties, "title": config.get("title", cls.name), "type": "object"}
        if required:
            schema["required"] = required
        if extra in ("forbid", "allow"):
            schema["additionalProperties"] = extra == "allow"
        self.describe(cls, schema)
        return schema

    def typeddict(self, cls: ModelClass, chain: Tuple[ModelClass, ...]) -> Dict[str, Any]:
        properties: Dict[str, Any] = {}
        needed: Dict[str, bool] = {}
        for ancestor in chain:
            total = True
            for key, value in ancestor.keywords:
                if key != "total":
                    raise _Unsure(f"class keyword '{key}' of '{ancestor.name}'")
                total = _const(value, "total")
            fields = [f for f in ancestor.fields if not self.is_classvar(f)]
            if any(f.has_default or f.field is not None or f.annotation is None for f in fields):
                raise _Unsure(f"TypedDict '{ancestor.name}' has a value in its body")
            props, req = self.properties(ancestor, fields, model=False, total=total)
            properties.update(props)
            needed.update((key, key in req) for key in props)
        schema: Dict[str, Any] = {"properties": properties, "title": cls.name, "type": "object"}
        required = [key for key in properties if needed[key]]
        if required:
            schema["required"] = required
        if self.extra[-1] in ("forbid", "allow"):
            schema["additionalProperties"] = self.extra[-1] == "allow"
        self.describe(cls, schema)
        return schema

    def enum(self, cls: ModelClass, chain: Tuple[ModelClass, ...]) -> Dict[str, Any]:
        if len(chain) != 1:
            raise _Unsure(f"enum '{cls.name}' extends another enum")
        values = []
        for field in cls.fields:
            if field.name.startswith("_"):
                continue
            if field.annotation is not None or not field.has_default:
                raise _Unsure(f"enum '{cls.name}' has an annotated member")
            values.append(_const(field.default, f"member {field.name}"))
        types = {type(v) for v in values}
        names = {str: "string", int: "integer", float: "number"}
        if not values or len(types) != 1 or next(iter(types)) not in names:
            raise _Unsure(f"enum '{cls.name}' has values of several types")
        if "str" in cls.bases and str not in types or "int" in cls.bases and int not in types:
            raise _Unsure(f"enum '{cls.name}' converts its values")
        schema = {"enum": values, "title": cls.name, "type": names[next(iter(types))]}
        self.describe(cls, schema)
        return schema

    def type_alias(self, cls: ModelClass, chain: Tuple[ModelClass, ...]) -> Dict[str, Any]:
        """`type Mode = ...`: its value's schema, without title (pydantic 2.12, Python 3.12)."""
        body = self.type_schema(cls.fields[0].annotation)
        if set(body) == {"$ref"}:  # `type Where = Address`: pydantic merges the two definitions
            raise _Unsure(f"type alias '{cls.name}' of a class")
        return body

    def describe(self, cls: ModelClass, schema: Dict[str, Any]) -> None:
        if cls.docstring is not None:
            if cls.docstring.value is None:
                raise _Unsure(f"the docstring of '{cls.name}' is not a literal")
            schema["description"] = inspect.cleandoc(cls.docstring.value)

    def reference(self, cls: ModelClass) -> Dict[str, Any]:
        kind, chain = self.classify(cls)
        # a TypedDict follows the enclosing model's `extra`: under two, it is two schemas
        key = (cls.module, cls.name, self.extra[-1] if kind == "typeddict" else None)
        if key in self.building:
            raise _Unsure(f"'{cls.name}' refers to itself")
        known = self.defs.get(cls.name)
        if known is not None:
            if known[0] != key:
                raise _Unsure(f"two classes named '{cls.name}', or one under two configs")
            return {"$ref": f"#/$defs/{cls.name}"}
        self.building.add(key)
        try:
            body = getattr(self, kind)(cls, chain)
        finally:
            self.building.discard(key)
        self.defs[cls.name] = (key, body)
        return {"$ref": f"#/$defs/{cls.name}"}

    def is_classvar(self, field: ModelField) -> bool:
        a = field.annotation
        return a is not None and a.name in ("typing.ClassVar", "typing_extensions.ClassVar")

    # --- fields -------------------------------------------------------------------------

    def properties(self, cls: ModelClass, fields, model: bool, total: bool = True):
        properties: Dict[str, Any] = {}
        required: List[str] = []
        for field in fields:
            if field.annotation is None:
                raise _Unsure(f"'{cls.name}.{field.name}' has no annotation")
            annotation, info = self.unwrap(field.annotation, dict(field.field or ()))
            needed = total
            if not model and annotation.name in ("typing.Required", "typing_extensions.Required",
                                                 "typing.NotRequired", "typing_extensions.NotRequired"):
                needed = annotation.name.endswith(".Required")
                annotation, info = self.unwrap(annotation.args[0], info)
            unknown = set(info) - _FIELD_KEYS
            if unknown:
                raise _Unsure(f"Field({sorted(unknown)[0]}=...) of '{cls.name}.{field.name}'")
            key = _const(info["alias"], "alias") if "alias" in info else field.name
            if key in properties:
                raise _Unsure(f"two fields of '{cls.name}' are called '{key}'")
            properties[key] = self.property(field, annotation, info, key)
            if not model and needed or model and not (field.has_default or "default_factory" in info):
                required.append(key)
        return properties, required

    def unwrap(self, annotation: TypeExpr, info: Dict[str, Value]) -> Tuple[TypeExpr, Dict[str, Value]]:
        """The type inside `Annotated[T, Field(...)]`, and the Field arguments merged."""
        if annotation.name not in ("typing.Annotated", "typing_extensions.Annotated"):
            return annotation, info
        merged = {}
        for meta in annotation.args[1:]:
            if meta.kind != "call" or meta.name not in ("pydantic.Field", "pydantic.fields.Field"):
                raise _Unsure(f"Annotated metadata '{meta.text}'")
            if any(k in ("default", "default_factory") for k, _ in meta.keywords):
                raise _Unsure("a default inside Annotated")
            merged.update(meta.keywords)
        merged.update(info)  # the assigned Field() wins over the annotation's
        return self.unwrap(annotation.args[0], merged)

    def property(self, field: ModelField, annotation: TypeExpr, info: Dict[str, Value], key: str) -> Dict[str, Any]:
        schema = self.type_schema(annotation)
        self.constrain(schema, info)
        referenced = "$ref" in schema or ("anyOf" in schema and len(schema["anyOf"]) == 2
                                          and {"type": "null"} in schema["anyOf"]
                                          and any("$ref" in s for s in schema["anyOf"]))
        if "title" in info:
            schema["title"] = _const(info["title"], "title")
        elif not referenced:
            schema["title"] = _title(key)
        if "description" in info:
            schema["description"] = _const(info["description"], "description")
        if "default" in info or field.has_default and field.field is None:
            schema["default"] = self.default(info.get("default", field.default), field.name)
        if "examples" in info:
            schema["examples"] = _json(info["examples"], "examples")
            if not isinstance(schema["examples"], list):
                raise _Unsure("examples that are not a list")
        if "json_schema_extra" in info:
            extra = _json(info["json_schema_extra"], "json_schema_extra")
            if not isinstance(extra, dict):
                raise _Unsure("json_schema_extra that is not a dict")
            schema.update(extra)
        return schema

    def default(self, value: Optional[Value], name: str) -> Any:
        """The default as JSON; an imported Enum's member (`Color.RED`) as its value."""
        if isinstance(value, Ref) and not value.spread:
            cls = self.lookup(value.module)
            if cls is not None and self.classify(cls)[0] == "enum":
                for member in cls.fields:
                    if member.name == value.name and member.annotation is None:
                        return _const(member.default, f"member {value.name}")
        if isinstance(value, ListVal) and value.complete:
            return [self.default(item, name) for item in value.items]
        return _json(value, f"the default of '{name}'")

    def constrain(self, schema: Dict[str, Any], info: Dict[str, Value]) -> None:
        wanted = {k: _const(v, k) for k, v in info.items() if k in _NUMERIC or k in (
            "min_length", "max_length", "pattern")}
        if not wanted:
            return
        target = schema
        if "anyOf" in schema and len(schema["anyOf"]) == 2 and schema["anyOf"][1] == {"type": "null"}:
            target = schema["anyOf"][0]
        kind = target.get("type")
        for key, value in wanted.items():
            if key in _NUMERIC and kind in ("integer", "number"):
                target[_NUMERIC[key]] = value
            elif key in ("min_length", "max_length") and kind in _LENGTHS:
                target[_LENGTHS[kind][key == "max_length"]] = value
            elif key == "pattern" and kind == "string":
                target["pattern"] = value
            else:
                raise _Unsure(f"constraint '{key}' on a '{kind}' schema")

    # --- types --------------------------------------------------------------------------

    def type_schema(self, t: TypeExpr) -> Dict[str, Any]:
        if t.kind == "name":
            if t.name in _SCALARS:
                return dict(_SCALARS[t.name])
            cls = self.lookup(t.name)
            if cls is None:
                raise _Unsure(f"type '{t.text}' is not modelled")
            if cls.bases == (LITERAL_ALIAS,):  # pydantic reads through it, as if written in place
                return self.type_schema(cls.fields[0].annotation)
            return self.reference(cls)
        if t.kind == "union":
            return self.union(t.args)
        if t.kind != "subscript":
            raise _Unsure(f"annotation '{t.text}' is not modelled")
        name, args = t.name, t.args
        if name in _UNIONS:
            return self.union((t,))
        if name in ("typing.Literal", "typing_extensions.Literal"):
            return self.literal(t)
        if name in _LISTS | _SETS and len(args) == 1:
            schema = {"items": self.type_schema(args[0]), "type": "array"}
            if name in _SETS:
                schema["uniqueItems"] = True
            return schema
        if name in _TUPLES and args:
            if len(args) == 2 and args[1].name == "...":
                return {"items": self.type_schema(args[0]), "type": "array"}
            items = [self.type_schema(a) for a in args]
            return {"maxItems": len(items), "minItems": len(items), "prefixItems": items, "type": "array"}
        if name in _DICTS and len(args) == 2 and args[0].name == "str":
            values = self.type_schema(args[1])
            return {"additionalProperties": values if values else True, "type": "object"}
        raise _Unsure(f"annotation '{t.text}' is not modelled")

    def union(self, members: Tuple[TypeExpr, ...]) -> Dict[str, Any]:
        flat = _flatten(members)
        schemas: List[Dict[str, Any]] = []
        for m in flat:
            schema = self.type_schema(m) if m.name != "None" else None
            if schema is not None and schema not in schemas:  # pydantic drops repeated schemas too
                schemas.append(schema)
        if any(m.name == "None" for m in flat):
            schemas.append({"type": "null"})
        if len(schemas) == 1:
            return schemas[0]
        return {"anyOf": schemas}

    def literal(self, t: TypeExpr) -> Dict[str, Any]:
        values = []
        for arg in t.args:
            if arg.kind != "literal" or not isinstance(arg.value, Const) or arg.value.value is None:
                raise _Unsure(f"Literal value '{arg.text}'")
            values.append(arg.value.value)
        schema: Dict[str, Any] = {"const": values[0]} if len(values) == 1 else {"enum": values}
        types = {type(v) for v in values}
        names = {str: "string", int: "integer", float: "number", bool: "boolean"}
        if len(types) == 1 and next(iter(types)) in names:
            schema["type"] = names[next(iter(types))]
        elif types & {bool, float}:
            raise _Unsure("a Literal mixing booleans or floats with other values")
        return schema


def class_schema(dotted: str, resolve: Resolver) -> Union[Dict[str, Any], Unresolved, None]:
    """A parameter typed with a project class, as pydantic puts it in the arguments model:
    `{"$ref": ...}` and the `$defs` it needs; None: not a project class."""
    module, _, name = dotted.rpartition(".")
    cls = resolve(module, name)
    if cls is None:
        return None
    generator = _Generator(resolve)
    try:
        schema = generator.reference(cls)
    except _Unsure as unsure:
        return Unresolved(f"the schema of '{cls.name}': {unsure}", cls.span)
    schema["$defs"] = {key: body for key, (_, body) in sorted(generator.defs.items())}
    return _sorted(schema)


_PARAM_KEYS = {"description", "title", "examples", "json_schema_extra", "min_length", "max_length", "pattern",
               *_NUMERIC}


def param_schema(name: str, annotation: TypeExpr, description: Optional[Value], default: Optional[Value],
                 span: Span, resolve: Resolver) -> Union[Tuple[Dict[str, Any], Dict[str, Any], Dict[str, Any]],
                                                         Unresolved]:
    """A function parameter as pydantic puts it in the arguments model `create_model` makes
    from a signature: (its property, the `$defs` it needs, the class of each of them)."""
    generator = _Generator(resolve)
    field = ModelField(name, span, annotation, has_default=default is not None, default=default)
    try:
        annotation, info = generator.unwrap(annotation, {} if description is None else {"description": description})
        if set(info) - _PARAM_KEYS:  # an alias or a default in Annotated: not modelled for a parameter
            raise _Unsure(f"Field({sorted(info)[0]}=...) on parameter '{name}'")
        prop = generator.property(field, annotation, info, name)
    except _Unsure as unsure:
        return Unresolved(f"parameter '{name}': {unsure}", span)
    defs = {key: _sorted(body) for key, (_, body) in sorted(generator.defs.items())}
    return _sorted(prop), defs, {key: resolve(k[0], k[1]) for key, (k, _) in generator.defs.items()}
