"""Where a derived tool's parameter is typed with a class (a pydantic model, a TypedDict):
the marker linking replaces with the class's schema (frameworks/model_params.py)."""
from __future__ import annotations

from typing import List, Optional

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.extract.models import annotation_type, literal_alias
from toollint.frameworks.args import qualified
from toollint.frameworks.model_params import MARKER, PARAM_KEY, TYPE_KEY
from toollint.model import CallVal, Const, Span, Value

# modules whose classes are types pydantic knows (or toollint reads) without their source
_KNOWN_MODULES = {"typing", "typing_extensions", "builtins", "datetime", "uuid", "decimal", "pathlib", "enum",
                  "collections", "collections.abc", "pydantic", "annotated_types"}


def param_marker(annotation: Optional[cst.BaseExpression], framework: str, ctx, span: Span,
                 description: Optional[Value], default: Optional[Value]) -> Optional[Value]:
    """What goes in place of a parameter whose type holds a class (`Address`, `list[Line]`,
    `Optional[Filters]`): a marker for linking, which knows the classes, carrying the
    annotation as a TypeExpr, the description and the default; None when it names no class."""
    if annotation is None or not class_names(annotation, ctx.imports, ctx.names):
        return None
    kind = annotation_type(annotation, ctx.imports, ctx.evaluator, ctx.span_of, ctx.names)
    kwargs = [(PARAM_KEY, Const(framework, span)), (TYPE_KEY, kind)]
    if description is not None:
        kwargs.append(("description", description))
    if default is not None:
        kwargs.append(("default", default))
    return CallVal(MARKER, (), tuple(kwargs), span)  # type: ignore[arg-type]  # a TypeExpr: see model_params


def class_names(annotation: cst.BaseExpression, imports, names=None) -> List[cst.BaseExpression]:
    """The class names an annotation uses (the annotation itself included); with the
    module's `names`, an alias of a Literal is none (pydantic reads it as the Literal)."""
    return [n for n in ([annotation] if dotted(annotation) is not None else list(_names(annotation)))
            if _is_class(n, imports) and not (names and literal_alias(n, names, imports) is not None)]


def _is_class(node: cst.BaseExpression, imports) -> bool:
    name = dotted(node)
    if name is None or name in ("None", "True", "False") or name[:1].islower() and "." not in name:
        return False
    full = qualified(node, imports) or name
    return full.rpartition(".")[0] not in _KNOWN_MODULES and full not in _TYPING_NAMES


def _names(node: cst.CSTNode):
    """The names in a subscript annotation's arguments (not in Literal's or Annotated's metadata)."""
    if isinstance(node, cst.Subscript):
        head = (dotted(node.value) or "").rpartition(".")[2]
        if head == "Literal":
            return
        for index, element in enumerate(node.slice):
            if isinstance(element.slice, cst.Index) and not (head == "Annotated" and index > 0):
                yield from _names(element.slice.value)
    elif isinstance(node, cst.BinaryOperation):
        yield from _names(node.left)
        yield from _names(node.right)
    elif dotted(node) is not None:
        yield node


# typing's names, when imported without their module (`from typing import Any`)
_TYPING_NAMES = {"Any", "Optional", "List", "Dict", "Union", "Tuple", "Set", "Sequence", "Mapping", "Literal",
                 "Annotated", "Iterable", "Callable", "Type", "FrozenSet", "Collection"}
