"""ollama's Python client: plain functions in `chat(..., tools=[fn])`, of `ollama.chat`,
`Client(...).chat` and `AsyncClient(...).chat` (`client.chat` of a name bound to one).

From ollama 0.6.3 (ollama/_utils.py convert_function_to_tool and _parse_docstring,
ollama/_types.py Tool, ChatRequest; _client.py _copy_tools), with pydantic 2.14, recorded in
tests/data/frameworks/ollama.json and ollama_future.json. A listed function is sent as:

- the name: `__name__`;
- the description: the lines of `inspect.getdoc(fn)` before the first one starting `Args:`,
  `Returns:`, `Yields:` or `Raises:` (no other section ends it: `Arguments:`, `Parameters:`,
  `Example:` and what follows them are sent), each stripped, blank lines at either end
  dropped; "" without a docstring;
- each parameter (`*args` and `**kwargs` too; a leading underscore makes a pydantic private
  attribute, not sent) as `{"type": ..., "description": ...}` and nothing else (no enum,
  items, default, nor a `Field(description=...)`): the type is pydantic's top-level type of
  the annotation, "string" where it has none (no annotation, Any, a class), a union's types
  joined with ", " in set order (which changes from run to run); the description is the
  parameter's line of the Args section (`name: text` or `name (type): text`, the lines after
  it without a colon appended), else "";
- every parameter is required, whatever its default (the model gets no defaults), except one
  whose type admits None.

What toollint leaves unresolved, never guessed: a parameter typed with a class (pydantic's
`$defs` or an error decide), or with a union of several types. No tool is made where the
call raises (checked by hand: a raising call records nothing): an annotation that is a string
(`from __future__ import annotations`) naming anything but a builtin (pydantic resolves it in
ollama's namespace, not the function's), and a parameter named `model_config`; that item
stays "not a literal definition". Not read: `self.client.chat(...)`, a client handed in as a
parameter. A literal dict in `tools=` is read as any definition is.
"""
from __future__ import annotations

import builtins
import re
from dataclasses import replace
from typing import Dict, List, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.frameworks.annotations import ParamType, Types, last_name
from toollint.frameworks.base import Framework, ListCall
from toollint.frameworks.derive import Docs, function_tool
from toollint.frameworks.docstrings import ParamDocs
from toollint.frameworks.render import Pairs, object_of, render
from toollint.model import Const, ListVal, Param, Str, Tool, Unresolved, to_python

_CLIENTS = tuple(f"ollama.{m}{c}" for m in ("", "_client.") for c in ("Client", "AsyncClient"))
_DESCRIPTION = object()  # ollama keys the text before the sections by the docstring's hash: no name is it
_ARG_LINE = re.compile(r"(?:\(([^)]*)\)|:)\s*")
_NAME = re.compile(r"(?<![\w.])[A-Za-z_]\w*")
_QUOTED = re.compile(r"(['\"]).*?\1")
# names whose top-level type Types gives as pydantic's (pydantic 2.14, by hand), or, with none
# there, "string" as ollama defaults it: datetime, UUID, Path and bytes are strings, Any has none
_SPELLED = frozenset({"str", "int", "float", "bool", "bytes", "None", "Any", "Optional", "Union", "Literal",
                      "Annotated", "list", "List", "Sequence", "MutableSequence", "Iterable", "set", "Set",
                      "frozenset", "FrozenSet", "AbstractSet", "MutableSet", "tuple", "Tuple", "dict", "Dict",
                      "Mapping", "MutableMapping", "OrderedDict", "DefaultDict", "datetime", "date", "time",
                      "timedelta", "UUID", "Path"})


def parse_docstring(doc: str) -> Tuple[str, Dict[object, List]]:
    """ollama's _parse_docstring, keeping where each text comes from: (description, key ->
    [text, first line, last line]), lines as indexes into `doc.splitlines()`."""
    blocks: Dict[object, List[Tuple[int, str]]] = {}
    key: object = _DESCRIPTION
    for index, line in enumerate(doc.splitlines()):
        lowered = line.lower().strip()
        if lowered.startswith("args:"):
            key = "args"
        elif lowered.startswith(("returns:", "yields:", "raises:")):
            key = "_"
        else:
            blocks.setdefault(key, []).append((index, line.strip()))
    parsed: Dict[object, List] = {k: ["".join(f"{t}\n" for _, t in v), v[0][0], v[-1][0]] for k, v in blocks.items()}
    last: Optional[str] = None
    for index, line in blocks.get("args", ()):
        if ":" in line:
            parts = _ARG_LINE.split(line, maxsplit=1)
            last = parts[0].strip()
            text = parts[-1].strip()
            if len(parts) > 2 and parts[1]:  # `name (type): text`
                text = parts[-1].split(":", 1)[-1].strip()
            parsed[last] = [text, index, index]
        elif last and line:  # ollama tests the name, which may be ""
            entry = parsed.setdefault(last, ["", index, index])  # as defaultdict(str) would
            entry[0] += " " + line
            entry[2] = index
    description = parsed.pop(_DESCRIPTION, [""])[0]
    # pydantic sends the model's __doc__ through inspect.cleandoc: the lines are stripped already
    return description.strip("\n"), parsed


def _unspelled(node: cst.BaseExpression, names, depth: int = 0) -> Optional[str]:
    """The first name in an annotation whose top-level type in pydantic's schema toollint does
    not know: a class (`$defs`, or pydantic raises), Decimal (a union), Collection (raises)."""
    if depth > 10:
        return "?"
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        text = node.evaluated_value if isinstance(node, cst.SimpleString) else None
        try:
            parsed = cst.parse_expression(text.strip()) if isinstance(text, str) and len(text) < 1000 else None
        except cst.ParserSyntaxError:
            parsed = None
        return _unspelled(parsed, names, depth + 1) if parsed is not None else "?"
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        return _unspelled(node.left, names, depth + 1) or _unspelled(node.right, names, depth + 1)
    if isinstance(node, cst.Subscript):
        head = last_name(node.value)
        if head not in _SPELLED:
            return dotted(node.value) or "?"
        args = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
        inner = [] if head == "Literal" else args[:1] if head == "Annotated" else args
        return next(filter(None, (_unspelled(a, names, depth + 1) for a in inner)), None)
    if isinstance(node, cst.Ellipsis):  # tuple[int, ...]
        return None
    if isinstance(node, (cst.Name, cst.Attribute)):
        alias = names.get(node.value) if isinstance(node, cst.Name) else None
        if isinstance(alias, cst.Subscript) and last_name(alias.value) in ("Annotated", "Literal"):
            return _unspelled(alias, names, depth + 1)  # `Mode = Literal["a", "b"]`, as Types reads it
        return None if last_name(node) in _SPELLED else dotted(node) or "?"
    return "?"


def _builtin_only(annotation: str) -> bool:
    return all(hasattr(builtins, n) for n in _NAME.findall(_QUOTED.sub("", annotation.strip().strip("'\""))))


class Ollama(Framework):
    name = "ollama"
    # `tools` is keyword-only in every chat signature; `client.chat` of `client = Client(...)`
    # is looked up as `ollama.Client.chat` (recognise.py list_call)
    list_calls = {q: ListCall(99, "listed") for q in (
        "ollama.chat", *(f"{c}.chat" for c in _CLIENTS))}

    def describe(self, use, raw, clean, evaluator) -> Tuple[Optional[str], ParamDocs]:
        description, parsed = parse_docstring(clean)
        return description, {k: (v[0], v[1], v[2]) for k, v in parsed.items() if isinstance(k, str)}

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        if sig.docstring is not None:
            return Str(text if sig.docstring.value is not None else None, sig.docstring.span)
        return Str("", sig.span)

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        params = list(sig.params[1:] if mode == "bound" and sig.params else sig.params)
        postponed = ctx.imports.get("annotations") == ("__future__", "annotations")
        nodes = {p.name.value: p for p in [*node.params.posonly_params, *node.params.params,
                                           *node.params.kwonly_params, node.params.star_arg,
                                           node.params.star_kwarg] if isinstance(p, cst.Param)}
        for param in params:
            annotation = nodes[param.name].annotation if param.name in nodes else None
            written = annotation.annotation if annotation is not None else None
            is_string = postponed or isinstance(written, (cst.SimpleString, cst.ConcatenatedString))
            if param.name == "model_config" or (is_string and param.annotation and not _builtin_only(param.annotation)):
                return None  # pydantic raises, and the whole chat call with it
        tool = function_tool(node, sig, use, ctx, mode)
        if tool is None:
            return None
        text, docs, offset = self.read_docstring(use, sig, ctx.evaluator)
        schema = self._schema([p for p in params if not p.name.startswith("_")], nodes, Docs(sig, docs, offset), ctx,
                               sig.span)
        return replace(tool, schema=schema)

    def _schema(self, params: List[Param], nodes, docs: Docs, ctx, where):
        types = Types(ctx.span_of, ctx.evaluator)
        properties: Pairs = []
        required = []
        for param in params:
            annotation = nodes[param.name].annotation if param.name in nodes else None
            written = annotation.annotation if annotation is not None else None
            t = types.of(written) or ParamType(param.span)
            pydantic = to_python(render(t, "pydantic"))
            kinds = {o.get("type", "string") for o in pydantic["anyOf"]} if "anyOf" in pydantic else {
                pydantic.get("type", "string")}
            if "null" not in kinds:
                required.append(Const(param.name, param.span))
            kinds.discard("null")
            description = docs.get(param) or Const("", param.span)
            unknown = _unspelled(written, ctx.names) if written is not None else None
            if unknown is not None:
                prop = Unresolved(f"the type of '{param.name}' holds {unknown}, whose schema pydantic makes "
                                  "(a class: $defs, or an error) is not derived", param.span)
            elif len(kinds) > 1:
                prop = Unresolved(f"ollama joins the types of '{param.name}' in set order, which varies", param.span)
            else:
                kind = Const(next(iter(kinds), ""), param.span)
                prop = object_of([("type", param.span, kind), ("description", description.span, description)],
                                 param.span)
            properties.append((param.name, param.span, prop))
        pairs: Pairs = [("type", where, Const("object", where)), ("properties", where, object_of(properties, where))]
        if properties:  # pydantic gives `required` only to a model with fields
            pairs.append(("required", where, ListVal(tuple(required), where)))
        return object_of(pairs, where)
