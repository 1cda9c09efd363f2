"""Derived JSON as the Value rules read: each property on the span of the field that
declares it, the rest on the call that made it (issue 16)."""
from __future__ import annotations

from typing import Any, Dict

from toollint.model import Const, DictVal, ListVal, Span, Value


class Kept:
    """A Value placed in derived JSON as it is (a name passed to the call), span and all."""

    def __init__(self, value: Value) -> None:
        self.value = value


def spanned(data: Any, span: Span, spans: Dict[str, Dict[str, Span]]) -> Value:
    """Derived JSON as a Value: the properties of the top level (key "") and of each `$defs`
    entry (its name) on their fields' spans, the rest on `span`."""
    return _value(data, span, spans, "")


def _value(data: Any, span: Span, spans: Dict[str, Dict[str, Span]], level: str) -> Value:
    if isinstance(data, Kept):
        return data.value
    if isinstance(data, dict):
        entries = []
        for key, sub in data.items():
            if key == "properties" and isinstance(sub, dict):
                fields = spans.get(level, {})
                props = tuple((Const(k, fields.get(k, span)), _value(v, fields.get(k, span), spans, "\0"))
                              for k, v in sub.items())
                entries.append((Const(key, span), DictVal(props, span)))
            elif key == "$defs" and isinstance(sub, dict):
                defs = tuple((Const(k, span), _value(v, span, spans, k)) for k, v in sub.items())
                entries.append((Const(key, span), DictVal(defs, span)))
            else:
                entries.append((Const(key, span), _value(sub, span, spans, "\0")))
        return DictVal(tuple(entries), span)
    if isinstance(data, list):
        return ListVal(tuple(_value(i, span, spans, "\0") for i in data), span)
    return Const(data, span)
