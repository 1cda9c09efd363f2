"""pydantic's `TypeAdapter(Model).json_schema()` (issue 16): for a model it returns what
`Model.model_json_schema()` does (pydantic 2.14, compared in tests/frameworks/
test_pydantic_tools.py), so the evaluator hands linking that call to read. Any other
type given to the adapter stays unresolved there: only models are read."""
from __future__ import annotations

from typing import Mapping, Optional, Tuple

import libcst as cst

from toollint.model import CallVal, Span

_ADAPTERS = ("pydantic.TypeAdapter", "pydantic.type_adapter.TypeAdapter")


def _dotted(node: cst.BaseExpression) -> Optional[str]:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        head = _dotted(node.value)
        return f"{head}.{node.attr.value}" if head else None
    return None


def type_adapter_schema(node: cst.Call, imports: Mapping[str, Tuple[str, str]], span: Span) -> Optional[CallVal]:
    attr = node.func
    if not (isinstance(attr, cst.Attribute) and attr.attr.value == "json_schema" and not node.args
            and isinstance(attr.value, cst.Call) and len(attr.value.args) == 1):
        return None
    adapter, arg = _dotted(attr.value.func) or "", attr.value.args[0]
    head, _, rest = adapter.partition(".")
    full = ".".join(p for p in (*imports.get(head, ("", "")), rest) if p) if head in imports else adapter
    model = _dotted(arg.value)
    if full not in _ADAPTERS or arg.keyword is not None or arg.star or model is None:
        return None
    return CallVal(f"{model}.model_json_schema", (), (), span)
