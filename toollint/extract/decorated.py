"""Tools declared by decorating a function: the schema each framework derives from it.

Rules judge decorated tools with the same code as literal definitions, so a decorated
function becomes a Tool whose `schema` is synthesized here as the framework itself would
send it, with every node's span on the source that caused it (a property's key on the
parameter name, its type on the annotation, its description on the docstring line).

The derivations were checked against the real packages: tests/data/frameworks/record.py
records what each one sends, and tests/test_decorated.py compares. What they showed,
where it is not obvious:

- the MCP SDK sends `fn.__doc__` untouched (indentation, Args block and all); on Python
  3.13+ the compiler dedents `__doc__`, so there the indentation differs. We send the
  literal's value, what Python < 3.13 sends.
- LangChain's plain `@tool` sends `textwrap.dedent(__doc__).strip()`, which keeps the
  indentation of every line after the first; with `parse_docstring=True` it joins the
  paragraphs before `Args:` with spaces.
- the Agents SDK (strict by default) requires every property, keeps non-None defaults
  and only drops `default: null`; optional parameters are not made nullable.
- smolagents marks every parameter with a default or a `None` annotation `nullable`
  and leaves it out of `required`.
- pydantic-ai wraps the description in <summary>/<returns> tags when the docstring has
  a Returns section.
- claude-agent-sdk drops `None` from a `{"param": Optional[str]}` schema: every key is
  required and none is nullable.

Methods (`Class.method`) are not judged yet: each framework binds `self` differently.
"""
from __future__ import annotations

import inspect
import re
import textwrap
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted, string_value
from toollint.model import Const, DictVal, FunctionSig, ListVal, Param, Span, Str, Tool, Unresolved, Value

# --- which decorators declare tools -------------------------------------------------------

# Plain decorator functions, by qualified name (the module where users import them from).
_FUNCTIONS = {
    "langchain_core.tools.tool": "langchain",
    "langchain_core.tools.convert.tool": "langchain",
    "langchain.tools.tool": "langchain",
    "langchain.agents.tool": "langchain",
    "agents.function_tool": "openai-agents",
    "agents.tool.function_tool": "openai-agents",
    "anthropic.beta_tool": "anthropic",
    "anthropic.beta_async_tool": "anthropic",
    "anthropic.lib.tools.beta_tool": "anthropic",
    "anthropic.lib.tools.beta_async_tool": "anthropic",
    "smolagents.tool": "smolagents",
    "smolagents.tools.tool": "smolagents",
    "claude_agent_sdk.tool": "claude-agent-sdk",
    "fastmcp.tools.tool": "fastmcp",
    "fastmcp.tools.function_tool.tool": "fastmcp",
}

# Classes whose instances' methods decorate tools: qualified class -> framework.
_CLASSES = {
    "mcp.server.fastmcp.FastMCP": "mcp",
    "mcp.server.fastmcp.server.FastMCP": "mcp",
    "mcp.server.FastMCP": "mcp",
    "mcp.server.mcpserver.MCPServer": "mcp",
    "mcp.server.mcpserver.server.MCPServer": "mcp",
    "mcp.server.MCPServer": "mcp",
    "fastmcp.FastMCP": "fastmcp",
    "fastmcp.server.FastMCP": "fastmcp",
    "fastmcp.server.server.FastMCP": "fastmcp",
    "pydantic_ai.Agent": "pydantic-ai",
    "pydantic_ai.agent.Agent": "pydantic-ai",
}

# framework -> method names that declare a tool, and whether a bare `@x.tool` works.
_METHODS = {
    "mcp": ({"tool"}, False),  # the MCP SDK raises TypeError on a bare @mcp.tool
    "fastmcp": ({"tool"}, True),
    "pydantic-ai": ({"tool", "tool_plain"}, True),
}

# Annotations of parameters a framework fills in itself, never the model.
_INJECTED = re.compile(r"\b(?:Injected\w*|ToolRuntime|RunnableConfig|\w*Context|RunContextWrapper|CallbackManager\w*)\b")


@dataclass(frozen=True)
class _Profile:
    docs: str  # how the description and Args are read: raw | dedent | langchain | griffe | pydantic-ai | smolagents
    pydantic: bool = True  # a pydantic model builds the schema: anyOf for None, Field() understood, defaults shown
    closed: bool = False  # additionalProperties: false at the top level
    smol: bool = False  # smolagents: defaults and None make a parameter nullable and optional


_PROFILES = {
    "mcp": _Profile("raw"),
    "fastmcp": _Profile("griffe", closed=True),
    "langchain": _Profile("dedent"),
    "langchain-parsed": _Profile("langchain"),
    "openai-agents": _Profile("griffe", closed=True),
    "openai-agents-loose": _Profile("griffe"),
    "anthropic": _Profile("griffe", closed=True),
    "pydantic-ai": _Profile("pydantic-ai", closed=True),
    "smolagents": _Profile("smolagents", pydantic=False, smol=True),
    "custom": _Profile("clean"),
}


@dataclass
class _Use:
    """One recognised decorator: the framework and the call's arguments, if it was called."""

    framework: str
    call: Optional[cst.Call]
    method: str = ""

    def kwarg(self, name: str) -> Optional[cst.BaseExpression]:
        if self.call is not None:
            for arg in self.call.args:
                if arg.keyword is not None and arg.keyword.value == name:
                    return arg.value
        return None

    def positional(self, index: int) -> Optional[cst.BaseExpression]:
        if self.call is None:
            return None
        plain = [a.value for a in self.call.args if a.keyword is None and not a.star]
        return plain[index] if index < len(plain) else None


def _qualified(expr: cst.BaseExpression, imports: Mapping[str, Tuple[str, str]]) -> Optional[str]:
    name = dotted(expr)
    if name is None:
        return None
    head, _, rest = name.partition(".")
    if head not in imports:
        return None
    module, attr = imports[head]
    return ".".join(p for p in (module, attr, rest) if p)


def _instance_class(name: str, imports, names) -> Optional[str]:
    """The qualified class of a module-level `name = Class(...)`."""
    value = names.get(name)
    if not isinstance(value, cst.Call):
        return None
    func = value.func
    if isinstance(func, cst.Subscript):  # Agent[Deps, str](...)
        func = func.value
    return _qualified(func, imports)


def recognise(decorator: cst.Decorator, imports: Mapping[str, Tuple[str, str]],
              names: Mapping[str, cst.BaseExpression], extra: Sequence[str] = ()) -> Optional[_Use]:
    """The framework a decorator declares a tool for, or None."""
    expr = decorator.decorator
    call = expr if isinstance(expr, cst.Call) else None
    target = call.func if call is not None else expr
    written = dotted(target)
    if written is None:
        return None
    qualified = _qualified(target, imports)
    if qualified in _FUNCTIONS:
        return _Use(_FUNCTIONS[qualified], call)
    owner, _, method = written.rpartition(".")
    if owner:
        cls = _instance_class(owner, imports, names) if "." not in owner and owner not in imports else None
        framework = _CLASSES.get(cls or "")
        if framework is not None:
            methods, bare_ok = _METHODS[framework]
            if method in methods and (call is not None or bare_ok):
                return _Use(framework, call, method)
    for name in extra:
        if name in (written, qualified) or ("." not in name and written.rpartition(".")[2] == name):
            return _Use("custom", call)
    return None


# --- docstrings ---------------------------------------------------------------------------

_SECTION = re.compile(
    r"^(args|arguments|parameters|params|keyword args|keyword arguments|other parameters|other args"
    r"|returns|return|yields|yield|raises|raise|exceptions|warns|warnings|warning|examples|example"
    r"|attributes|receives|note|notes|todo|references|see also)\s*:\s*$",
    re.IGNORECASE,
)
_PARAM_SECTIONS = {"args", "arguments", "parameters", "params", "keyword args", "keyword arguments",
                   "other parameters", "other args"}
_PARAM_LINE = re.compile(r"^(\*{0,2}\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")


@dataclass
class _Doc:
    text: Optional[str] = None  # what comes before the first section, stripped
    params: Dict[str, Tuple[str, int, int]] = field(default_factory=dict)  # name -> (text, first, last line)
    returns: Optional[str] = None
    structured: bool = False


def _google(doc: str, join: str = "\n") -> _Doc:
    """A Google-style docstring (already cleaned), as griffe and its peers read one.

    Line numbers are indexes into `doc.split("\\n")`.
    """
    lines = doc.split("\n")
    out = _Doc()
    text: List[str] = []
    i = 0
    while i < len(lines):
        match = _SECTION.match(lines[i])
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not (match and nxt[:1].isspace() and nxt.strip()):
            if not out.structured:
                text.append(lines[i])
            i += 1
            continue
        out.structured = True
        kind = match.group(1).lower()
        i += 1
        block: List[Tuple[int, str]] = []
        while i < len(lines) and (not lines[i].strip() or lines[i][:1].isspace()):
            block.append((i, lines[i]))
            i += 1
        if kind in _PARAM_SECTIONS:
            _params(block, out.params, join)
        elif kind in ("returns", "return") and out.returns is None:
            out.returns = textwrap.dedent("\n".join(l for _, l in block)).strip()
    joined = "\n".join(text).strip()
    out.text = joined or None
    return out


def _params(block, params: Dict[str, Tuple[str, int, int]], join: str) -> None:
    base: Optional[int] = None
    current: Optional[str] = None
    for index, line in block:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if base is None:
            base = indent
        match = _PARAM_LINE.match(line.strip()) if indent <= base else None
        if match:
            current = match.group(1).lstrip("*")
            if current not in params:
                params[current] = (match.group(2).strip(), index, index)
            else:
                current = None  # a name described twice keeps its first description
        elif current is not None:
            text, first, _ = params[current]
            params[current] = ((text + join + line.strip()) if text else line.strip(), first, index)


def _langchain_doc(doc: str) -> Tuple[str, Dict[str, Tuple[str, int, int]]]:
    """langchain_core's _parse_google_docstring: paragraphs before `Args:`, joined by spaces."""
    descriptors: List[str] = []
    past = False
    args_at: Optional[int] = None
    line = 0
    for block in doc.split("\n\n"):
        if block.startswith("Args:"):
            args_at = line
            break
        if block.startswith(("Returns:", "Example:")):
            past = True
        elif not past:
            descriptors.append(block)
        line += block.count("\n") + 2
    params: Dict[str, Tuple[str, int, int]] = {}
    if args_at is not None:
        lines = doc.split("\n")
        block = []
        for i in range(args_at + 1, len(lines)):
            if lines[i].strip() == "" and i + 1 < len(lines) and not lines[i + 1][:1].isspace():
                break  # the next paragraph at the left margin ends the Args block
            block.append((i, lines[i]))
        _params(block, params, " ")
    return " ".join(descriptors).strip(), params


# --- types ---------------------------------------------------------------------------------

_SCALARS = {"str": "string", "int": "integer", "float": "number", "bool": "boolean"}
_ARRAYS = {"list", "List", "Sequence", "MutableSequence", "Iterable", "Collection", "set", "Set",
           "frozenset", "FrozenSet", "AbstractSet", "MutableSet", "tuple", "Tuple"}
_OBJECTS = {"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "DefaultDict", "defaultdict"}


@dataclass
class _Type:
    """A parameter's JSON type before a framework spells it."""

    span: Span
    type: Optional[str] = None  # None: not one we can name: no "type" at all
    items: Optional["_Type"] = None
    enum: Optional[List[Const]] = None
    members: Optional[List["_Type"]] = None  # a union of several non-null types
    values: Optional["_Type"] = None  # dict[str, V]: V
    nullable: bool = False
    description: Optional[Const] = None  # Annotated[X, Field(description=...)] / Annotated[X, "..."]
    field_default: bool = False  # Annotated[X, Field(default=...)]: optional without `= v`


def _last(expr: cst.BaseExpression) -> str:
    name = dotted(expr)
    return name.rpartition(".")[2] if name else ""


class _Types:
    def __init__(self, span_of: Callable[[cst.CSTNode], Span], evaluator: Evaluator,
                 string_descriptions: bool = False) -> None:
        self.span_of = span_of
        self.evaluator = evaluator
        self.string_descriptions = string_descriptions

    def of(self, node: Optional[cst.BaseExpression], span: Optional[Span] = None, depth: int = 0) -> Optional[_Type]:
        if node is None:
            return None
        here = span or self.span_of(node)
        if depth > 20:
            return _Type(here)
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            text = string_value(node)
            try:
                parsed = cst.parse_expression(text.strip()) if text else None
            except Exception:
                parsed = None
            # positions are unknown inside a string: everything points at the string
            return self.of(parsed, here, depth + 1) if parsed is not None else _Type(here)
        members = self._union(node)
        if members is not None:
            return self._merge([_Type(here, type="null") if m is _NONE else self.of(m, span, depth + 1)
                                for m in members], here)
        if isinstance(node, cst.Name) and node.value == "None":
            return _Type(here, type="null")
        if isinstance(node, cst.Subscript):
            head = _last(node.value)
            args = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
            if head == "Annotated" and args:
                inner = self.of(args[0], span, depth + 1) or _Type(here)
                if span is None:  # nodes parsed out of a string annotation have no position
                    for meta in args[1:]:
                        self._metadata(meta, inner)
                return inner
            if head == "Literal":
                consts = [_literal(a, span or self.span_of(a)) for a in args]
                if any(c is None for c in consts):
                    return _Type(here)
                nullable = any(c.value is None for c in consts)
                consts = [c for c in consts if c.value is not None]
                kinds = {type(c.value) for c in consts}
                json = {str: "string", int: "integer", bool: "boolean", float: "number"}
                return _Type(here, type=json.get(kinds.pop()) if len(kinds) == 1 else None, enum=consts,
                             nullable=nullable)
            if head in _ARRAYS:
                items = self.of(args[0], span, depth + 1) if args and head not in ("tuple", "Tuple") else None
                return _Type(here, type="array", items=items)
            if head in _OBJECTS:
                values = self.of(args[1], span, depth + 1) if len(args) == 2 else None
                return _Type(here, type="object", values=values)
            return _Type(here)
        name = _last(node)
        if name in _SCALARS:
            return _Type(here, type=_SCALARS[name])
        if name in _ARRAYS:
            return _Type(here, type="array")
        if name in _OBJECTS:
            return _Type(here, type="object")
        return _Type(here)

    @staticmethod
    def _union(node: cst.BaseExpression) -> Optional[List[cst.BaseExpression]]:
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            return [node.left, node.right]
        if isinstance(node, cst.Subscript) and _last(node.value) in ("Optional", "Union"):
            args = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
            return args + [_NONE] if _last(node.value) == "Optional" else args
        return None

    def _merge(self, parts: List[Optional[_Type]], span: Span) -> _Type:
        flat: List[_Type] = []
        nullable = False
        for part in parts:
            if part is None:
                continue
            if part.type == "null" and not part.enum:
                nullable = True
                continue
            nullable = nullable or part.nullable
            flat.extend(part.members if part.members else [part])
        if not flat:
            return _Type(span, type="null")
        if len(flat) == 1:
            only = flat[0]
            return _Type(only.span, type=only.type, items=only.items, enum=only.enum, values=only.values,
                         nullable=nullable or only.nullable, description=only.description,
                         field_default=only.field_default)
        return _Type(span, members=flat, nullable=nullable)

    def _metadata(self, meta: cst.BaseExpression, into: _Type) -> None:
        if self.string_descriptions:  # claude-agent-sdk reads Annotated[str, "description"]; pydantic does not
            value = self.evaluator.eval(meta)
            if isinstance(value, Const) and isinstance(value.value, str) and into.description is None:
                into.description = value
        call = _field_call(meta)
        if call is not None:
            description = _kw(call, "description")
            if description is not None:
                got = self.evaluator.eval(description)
                if isinstance(got, Const) and isinstance(got.value, str):
                    into.description = got
            into.field_default = _field_has_default(call)


_NONE = cst.Name("None")  # the None that Optional[X] implies; it has no position


def _literal(node: cst.BaseExpression, span: Span) -> Optional[Const]:
    """A Literal[...] member: str, int, float, bool or None."""
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        text = string_value(node)
        return Const(text, span) if text is not None else None
    if isinstance(node, (cst.Integer, cst.Float)):
        return Const(node.evaluated_value, span)
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return Const({"True": True, "False": False, "None": None}[node.value], span)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _literal(node.expression, span)
        if inner is not None and isinstance(inner.value, (int, float)) and not isinstance(inner.value, bool):
            return Const(-inner.value, span)
    return None


def _field_call(node: Optional[cst.BaseExpression]) -> Optional[cst.Call]:
    if isinstance(node, cst.Call) and _last(node.func) == "Field":
        return node
    return None


def _kw(call: cst.Call, name: str) -> Optional[cst.BaseExpression]:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def _field_has_default(call: cst.Call) -> bool:
    for arg in call.args:
        if arg.keyword is None and not arg.star:
            return not (isinstance(arg.value, cst.Ellipsis) or dotted(arg.value) == "PydanticUndefined")
        if arg.keyword is not None and arg.keyword.value in ("default", "default_factory"):
            return True
    return False


# --- rendering: the JSON schema as a framework spells it ------------------------------------


def _const(value, span: Span) -> Const:
    return Const(value, span)


def _dict(pairs: List[Tuple[str, Span, Value]], span: Span) -> DictVal:
    return DictVal(tuple((Const(k, ks), v) for k, ks, v in pairs), span)


def _render(t: _Type, style: str, with_null: bool = True) -> DictVal:
    """style: "pydantic" (anyOf with null), "smol" (nullable flag, type lists), "plain" (None dropped)."""
    pairs: List[Tuple[str, Span, Value]] = []
    if t.members:
        if style == "smol" and all(m.type and not m.items and not m.enum for m in t.members):
            types = [_const(m.type, m.span) for m in t.members]
            pairs.append(("type", t.span, ListVal(tuple(types), t.span)))
        else:
            options = [_render(m, style, False) for m in t.members]
            if t.nullable and style == "pydantic" and with_null:
                options.append(_dict([("type", t.span, _const("null", t.span))], t.span))
            pairs.append(("anyOf", t.span, ListVal(tuple(options), t.span)))
            return _dict(pairs, t.span)
    else:
        if t.nullable and style == "pydantic" and with_null:
            inner = _render(_Type(t.span, t.type, t.items, t.enum, values=t.values), style, False)
            null = _dict([("type", t.span, _const("null", t.span))], t.span)
            return _dict([("anyOf", t.span, ListVal((inner, null), t.span))], t.span)
        if t.type is not None:
            pairs.append(("type", t.span, _const(t.type, t.span)))
        if t.items is not None:
            pairs.append(("items", t.items.span, _render(t.items, style)))
        elif t.type == "array" and style == "pydantic":
            pairs.append(("items", t.span, DictVal((), t.span)))  # pydantic's "items of any type"
        if t.enum is not None:
            pairs.append(("enum", t.span, ListVal(tuple(t.enum), t.span)))
        if t.type == "object" and style == "pydantic":
            # pydantic spells an open dict out; dict[str, V] constrains the values
            v = t.values
            known = v is not None and (v.type is not None or v.members or v.enum)
            pairs.append(("additionalProperties", t.span, _render(v, style) if known else Const(True, t.span)))
    return _dict(pairs, t.span)


def _add(prop: DictVal, pairs: List[Tuple[str, Span, Value]]) -> DictVal:
    return DictVal(prop.entries + tuple((Const(k, ks), v) for k, ks, v in pairs), prop.span, prop.complete)


# --- the tool -------------------------------------------------------------------------------


def _excluded(param: Param, framework: str, method: str, first: bool, skip: Sequence[str]) -> bool:
    if first and (framework == "pydantic-ai" and method == "tool"):
        return True  # @agent.tool passes RunContext first, whatever its annotation
    if framework == "langchain" and param.name in ("run_manager", "callbacks"):
        return True
    if param.name in skip:
        return True
    annotation = (param.annotation or "").strip()
    if annotation[:1] in ("'", '"'):
        annotation = annotation.strip("'\"")  # a string annotation: its text is the type
    annotation = re.sub(r"(['\"]).*?\1", "", annotation)  # not `Annotated[str, "the Context"]`
    return bool(_INJECTED.search(annotation))


def _docstring_line_span(doc: Optional[Str], raw: str, offset: int, first: int, last: int) -> Optional[Span]:
    """The source lines of docstring lines first..last (indexes into the cleaned docstring)."""
    if doc is None or doc.span is None:
        return None
    span = doc.span
    raw_lines = raw.expandtabs().split("\n")
    if span.end_line - span.line + 1 != len(raw_lines):
        return span  # escapes or concatenation: lines do not map one to one
    a, b = first + offset, last + offset
    if a <= 0 or b >= len(raw_lines):
        return span
    start_col = len(raw_lines[a]) - len(raw_lines[a].lstrip()) + 1
    return Span(span.path, span.line + a, start_col, span.line + b, len(raw_lines[b]) + 1)


def _clean_offset(raw: str) -> int:
    """How many leading lines inspect.cleandoc drops."""
    lines = raw.expandtabs().split("\n")
    lines[0] = lines[0].lstrip()
    count = 0
    while count < len(lines) and not lines[count].strip():
        count += 1
    return count


def _description(profile: _Profile, doc: Optional[Str]) -> Tuple[Optional[str], Dict[str, Tuple[str, int, int]]]:
    raw = doc.value if doc is not None else None
    if raw is None:
        return None, {}
    clean = inspect.cleandoc(raw)
    if profile.docs == "raw":
        return raw, {}
    if profile.docs == "dedent":
        return textwrap.dedent(raw).strip(), {}
    if profile.docs == "clean":
        return clean, {}
    if profile.docs == "langchain":
        return _langchain_doc(clean)
    parsed = _google(clean, " " if profile.docs == "smolagents" else "\n")
    if profile.docs == "smolagents":
        return parsed.text or "", parsed.params
    text = parsed.text if parsed.structured else (clean or None)
    if profile.docs == "pydantic-ai" and parsed.returns:
        returns = f"<returns>\n<description>{parsed.returns}</description>\n</returns>"
        text = f"<summary>{text}</summary>\n{returns}" if text else returns
    return text, parsed.params


def _str_arg(expr: Optional[cst.BaseExpression], evaluator: Evaluator) -> Optional[Str]:
    """A name or description given to the decorator; None when it was not given (or None)."""
    if expr is None:
        return None
    value = evaluator.eval(expr)
    if isinstance(value, Const) and value.value is None:
        return None
    if isinstance(value, Const) and isinstance(value.value, str):
        return Str(value.value, value.span)
    return Str(None, value.span)


def _bool_arg(expr: Optional[cst.BaseExpression], evaluator: Evaluator, default: bool) -> bool:
    if expr is None:
        return default
    value = evaluator.eval(expr)
    if isinstance(value, Const) and isinstance(value.value, bool):
        return value.value
    return default  # not a literal: the framework's default is the best reading


def decorated_tool(
    node: cst.FunctionDef,
    sig: FunctionSig,
    imports: Mapping[str, Tuple[str, str]],
    names: Mapping[str, cst.BaseExpression],
    span_of: Callable[[cst.CSTNode], Span],
    evaluator: Evaluator,
    settings,
) -> Optional[Tool]:
    """The Tool a decorated top-level `def` declares, or None when no decorator declares one."""
    if "." in sig.qualname:
        return None  # methods: see the module docstring
    use = None
    for decorator in node.decorators:
        use = recognise(decorator, imports, names, getattr(settings, "decorators", ()))
        if use is not None:
            break
    if use is None:
        return None
    if use.framework == "claude-agent-sdk":
        return _claude_tool(node, sig, use, names, span_of, evaluator)
    return _function_tool(node, sig, use, span_of, evaluator)


def _function_tool(node: cst.FunctionDef, sig: FunctionSig, use: _Use,
                   span_of: Callable[[cst.CSTNode], Span], evaluator: Evaluator) -> Tool:
    framework = use.framework
    strict = None
    key = framework
    if framework == "openai-agents":
        strict = _bool_arg(use.kwarg("strict_mode"), evaluator, True)
        key = "openai-agents" if strict else "openai-agents-loose"
    if framework == "langchain" and _bool_arg(use.kwarg("parse_docstring"), evaluator, False):
        key = "langchain-parsed"
    profile = _PROFILES[key]

    # name
    name = None
    for kw in ("name", "name_override"):
        name = name or _str_arg(use.kwarg(kw), evaluator)
    if name is None and framework in ("langchain", "fastmcp", "custom"):
        first = use.positional(0)
        if first is not None and isinstance(evaluator.eval(first), Const):
            name = _str_arg(first, evaluator)
    if name is None:
        name = Str(sig.name, sig.span)

    # description
    text, arg_docs = _description(profile, sig.docstring)
    if framework == "openai-agents" and not _bool_arg(use.kwarg("use_docstring_info"), evaluator, True):
        text, arg_docs = None, {}
    description = None
    for kw in ("description", "description_override"):
        description = description or _str_arg(use.kwarg(kw), evaluator)
    if description is None and text is not None:
        description = Str(text, sig.docstring.span if sig.docstring is not None else sig.span)
    if description is None and framework == "mcp":
        description = Str("", sig.span)  # the MCP SDK sends "" for a function without a docstring
    raw_doc = sig.docstring.value if sig.docstring is not None and sig.docstring.value is not None else ""
    offset = _clean_offset(raw_doc) if raw_doc else 0

    # parameters
    given = _given_schema(use, evaluator)
    skip = _str_list(use.kwarg("exclude_args"), evaluator) if framework == "fastmcp" else ()
    cst_params = {p.name.value: p for p in _all_params(node)}
    types = _Types(span_of, evaluator)
    style = "smol" if profile.smol else "pydantic" if profile.pydantic else "plain"
    properties: List[Tuple[str, Span, Value]] = []
    required: List[Const] = []
    params = sig.tool_params() if given is None else ()
    for index, param in enumerate(params):
        cst_param = cst_params.get(param.name)
        if _excluded(param, framework, use.method, index == 0, skip):
            continue
        annotation = cst_param.annotation.annotation if cst_param is not None and cst_param.annotation else None
        t = types.of(annotation) or _Type(param.span)
        has_default = param.has_default
        description_node = t.description
        default_node = cst_param.default if cst_param is not None else None
        field_call = _field_call(default_node) if profile.pydantic else None
        if field_call is not None:
            has_default = _field_has_default(field_call)
            got = _kw(field_call, "description")
            if got is not None:
                value = evaluator.eval(got)
                if isinstance(value, Const) and isinstance(value.value, str):
                    description_node = value
        elif t.field_default and profile.pydantic:
            has_default = True
        if description_node is None and param.name in arg_docs:
            doc_text, first, last = arg_docs[param.name]
            where = _docstring_line_span(sig.docstring, raw_doc, offset, first, last) or param.span
            description_node = Const(doc_text, where)

        if profile.smol:
            nullable = t.nullable or has_default
            t.nullable = nullable
            prop = _render(t, style)
            extra: List[Tuple[str, Span, Value]] = []
            if description_node is not None:
                extra.append(("description", description_node.span, description_node))
            if nullable:
                extra.append(("nullable", param.span, Const(True, param.span)))
            prop = _add(prop, extra)
            is_required = not nullable
        else:
            prop = _render(t, style)
            extra = []
            if description_node is not None:
                extra.append(("description", description_node.span, description_node))
            default = param.default if has_default and field_call is None else None
            if isinstance(default, (Const, DictVal, ListVal)) and not (
                strict and isinstance(default, Const) and default.value is None
            ):
                extra.append(("default", default.span, default))
            prop = _add(prop, extra)
            is_required = strict is True or not has_default
        properties.append((param.name, param.span, prop))
        if is_required:
            required.append(Const(param.name, param.span))

    where = sig.span
    schema_pairs: List[Tuple[str, Span, Value]] = [
        ("type", where, Const("object", where)),
        ("properties", where, _dict(properties, where)),
        ("required", where, ListVal(tuple(required), where)),
    ]
    if profile.closed:
        schema_pairs.append(("additionalProperties", where, Const(False, where)))
    return Tool(
        name=name,
        span=span_of(node),
        shape="decorated",
        description=description,
        schema=given if given is not None else _dict(schema_pairs, where),
        strict=strict,
        framework=framework,
        function=sig,
    )


def _given_schema(use: _Use, evaluator: Evaluator) -> Optional[Value]:
    """A schema passed to the decorator instead of the one derived from the signature."""
    for kw in ("input_schema", "args_schema"):
        expr = use.kwarg(kw)
        if expr is None:
            continue
        value = evaluator.eval(expr)
        if isinstance(value, DictVal):
            return value  # a JSON schema literal goes on the wire as it is
        if isinstance(value, Const) and value.value is None:
            continue
        return Unresolved(f"the schema comes from {kw}=, which is not read statically", value.span)
    if use.framework == "langchain" and use.kwarg("infer_schema") is not None:
        value = evaluator.eval(use.kwarg("infer_schema"))
        if not (isinstance(value, Const) and value.value is True):
            return Unresolved("infer_schema=False: LangChain sends a single tool_input string", value.span)
    return None


def _str_list(expr: Optional[cst.BaseExpression], evaluator: Evaluator) -> Tuple[str, ...]:
    value = evaluator.eval(expr) if expr is not None else None
    if isinstance(value, ListVal):
        return tuple(i.value for i in value.items if isinstance(i, Const) and isinstance(i.value, str))
    return ()


def _all_params(node: cst.FunctionDef) -> List[cst.Param]:
    p = node.params
    out = list(p.posonly_params) + list(p.params) + list(p.kwonly_params)
    if isinstance(p.star_arg, cst.Param):
        out.append(p.star_arg)
    if p.star_kwarg is not None:
        out.append(p.star_kwarg)
    return out


def _claude_tool(node: cst.FunctionDef, sig: FunctionSig, use: _Use, names: Mapping[str, cst.BaseExpression],
                 span_of: Callable[[cst.CSTNode], Span], evaluator: Evaluator) -> Tool:
    """`@tool("name", "description", {"param": str})`: everything comes from the arguments."""
    name = _str_arg(use.kwarg("name") or use.positional(0), evaluator) or Str(None, sig.span)
    description = _str_arg(use.kwarg("description") or use.positional(1), evaluator)
    spec = use.kwarg("input_schema") or use.positional(2)
    if isinstance(spec, cst.Name) and isinstance(names.get(spec.value), cst.Dict):
        spec = names[spec.value]
    schema: Value
    if isinstance(spec, cst.Dict):
        schema = _claude_schema(spec, span_of, evaluator)
    else:
        where = span_of(spec) if spec is not None else sig.span
        schema = Unresolved("the input schema is not a dict literal (a TypedDict is not read yet)", where)
    return Tool(name=name, span=span_of(node), shape="decorated", description=description, schema=schema,
                framework="claude-agent-sdk", function=sig)


def _claude_schema(spec: cst.Dict, span_of, evaluator: Evaluator) -> Value:
    evaluated = evaluator.eval(spec)
    if isinstance(evaluated, DictVal):
        kind = evaluated.get("type")
        if isinstance(kind, Const) and isinstance(kind.value, str) and evaluated.has("properties"):
            return evaluated  # already a JSON schema: sent as it is
    types = _Types(span_of, evaluator, string_descriptions=True)
    where = span_of(spec)
    properties: List[Tuple[str, Span, Value]] = []
    required: List[Const] = []
    complete = True
    for element in spec.elements:
        if not isinstance(element, cst.DictElement):
            complete = False
            continue
        key = string_value(element.key)
        if key is None:
            complete = False
            continue
        t = types.of(element.value) or _Type(span_of(element.value))
        t.nullable = False  # the SDK drops None from a union
        prop = _render(t, "plain")
        if t.description is not None:
            prop = _add(prop, [("description", t.description.span, t.description)])
        key_span = span_of(element.key)
        properties.append((key, key_span, prop))
        required.append(Const(key, key_span))
    return DictVal((
        (Const("type", where), Const("object", where)),
        (Const("properties", where), DictVal(tuple((Const(k, s), v) for k, s, v in properties), where, complete)),
        (Const("required", where), ListVal(tuple(required), where, complete)),
    ), where, complete)
