"""Tools a framework derives from a function: the schema each framework sends for it.

Rules judge these tools with the same code as literal definitions, so a function a
framework turns into a tool becomes a Tool whose `schema` is synthesized here as the
framework itself would send it, with every node's span on the source that caused it (a
property's key on the parameter name, its type on the annotation, its description on the
docstring line). A function becomes a tool by a decorator (`@mcp.tool()`, `@tool`), by a
call that wraps it (`Tool(fn)`, `StructuredTool.from_function(fn)`,
`FunctionTool.from_defaults(fn=fn)`, `function_tool(fn)`, `mcp.tool()(fn)`), by a call
that registers it (`mcp.add_tool(fn)`), or by a pydantic-ai `Agent(tools=[fn])`.

The derivations were checked against the real packages: tests/data/frameworks/record.py
records what each one sends, and tests/test_decorated.py compares. What they showed,
where it is not obvious:

- the MCP SDK sends `fn.__doc__` untouched (indentation, Args block and all); on Python
  3.13+ the compiler dedents `__doc__`, so there the indentation differs. We send the
  literal's value, what Python < 3.13 sends. An unannotated parameter is a string.
- LangChain's plain `@tool` sends `textwrap.dedent(__doc__).strip()`, which keeps the
  indentation of every line after the first; with `parse_docstring=True` it joins the
  paragraphs before `Args:` with spaces, and `@tool` (not `from_function`) raises on a
  docstring without an `Args:` paragraph. `Tool(...)` / `Tool.from_function` send one
  string argument, `__arg1`, whatever the function takes.
- the Agents SDK (strict by default) requires every property, keeps non-None defaults
  and only drops `default: null`; optional parameters are not made nullable.
- smolagents marks every parameter with a default or a `None` annotation `nullable`
  and leaves it out of `required`.
- pydantic-ai wraps the description in <summary>/<returns> tags when the docstring has
  a Returns section (with a <type> when the section names one).
- claude-agent-sdk drops `None` from a `{"param": Optional[str]}` schema: every key is
  required and none is nullable.
- LlamaIndex sends `name + str(inspect.signature(fn)) + "\\n" + fn.__doc__`, stripped,
  and reads parameter descriptions only from `:param x:`, `x (type):` and `@param x`.
- docstring styles: fastmcp tries Google, NumPy, then Sphinx; the Agents SDK and
  pydantic-ai each guess the style with their own patterns; Anthropic's docstring_parser
  takes the style that finds the most fields; LangChain and smolagents read only Google.

Methods: a decorator in a class body wraps the plain function, so LangChain, the Agents
SDK, Anthropic, pydantic-ai and the MCP SDK all send `self` as a required parameter (the
MCP SDK as a string), which is what is derived; fastmcp and smolagents raise instead, so
no tool. A bound method (`mcp.add_tool(obj.method)`, `Tool(self.method)`) has no `self`.
"""
from __future__ import annotations

import ast
import bisect
import inspect
import re
import textwrap
from dataclasses import dataclass, field, replace
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple, Union

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted, number_value, string_value
from toollint.extract.walk import walk
from toollint.model import (
    Const,
    DictVal,
    FunctionSig,
    ListVal,
    Param,
    PendingTool,
    Span,
    Str,
    Tool,
    Unresolved,
    Value,
)

# --- which decorators and calls declare tools ---------------------------------------------

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

# Classes whose instances' methods declare tools: qualified class -> framework.
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
    "pydantic_ai.toolsets.FunctionToolset": "pydantic-ai",
    "pydantic_ai.toolsets.function.FunctionToolset": "pydantic-ai",
    "pydantic_ai.FunctionToolset": "pydantic-ai",
}

# framework -> method names that declare a tool, and whether a bare `@x.tool` works.
_METHODS = {
    "mcp": ({"tool"}, False),  # the MCP SDK raises TypeError on a bare @mcp.tool
    "fastmcp": ({"tool"}, True),
    "pydantic-ai": ({"tool", "tool_plain"}, True),
}

# framework -> methods that take the function itself: `mcp.add_tool(fn, name=...)`, with
# the order of their parameters (the function's first).
_ADDERS = {
    "mcp": {"add_tool": ("fn", "name", "title", "description")},
    "fastmcp": {"add_tool": ("tool",)},
    "pydantic-ai": {"add_function": ("func", "takes_ctx", "name", "description")},
}

# Calls that wrap a function into a tool: qualified callee -> (framework, the order of the
# call's parameters, the parameters that may hold the function).
_LC_STRUCTURED = ("langchain", ("func", "coroutine", "name", "description", "return_direct", "args_schema",
                                "infer_schema"), ("func", "coroutine"))
_LC_SINGLE = ("langchain-single", ("func", "name", "description", "return_direct", "args_schema", "coroutine"),
              ("func", "coroutine"))
_LLAMA = ("llama-index", ("fn", "name", "description", "return_direct", "fn_schema", "async_fn"), ("fn", "async_fn"))
_PYDANTIC_TOOL = ("pydantic-ai", ("function",), ("function",))
_FASTMCP_TOOL = ("fastmcp", ("fn",), ("fn",))
_FACTORIES = {
    "pydantic_ai.Tool": _PYDANTIC_TOOL,
    "pydantic_ai.tools.Tool": _PYDANTIC_TOOL,
    "langchain_core.tools.StructuredTool.from_function": _LC_STRUCTURED,
    "langchain_core.tools.structured.StructuredTool.from_function": _LC_STRUCTURED,
    "langchain.tools.StructuredTool.from_function": _LC_STRUCTURED,
    "langchain_core.tools.Tool.from_function": _LC_SINGLE,
    "langchain_core.tools.simple.Tool.from_function": _LC_SINGLE,
    "langchain.tools.Tool.from_function": _LC_SINGLE,
    "langchain.agents.Tool.from_function": _LC_SINGLE,
    "llama_index.core.tools.FunctionTool.from_defaults": _LLAMA,
    "llama_index.core.tools.function_tool.FunctionTool.from_defaults": _LLAMA,
    "llama_index.core.FunctionTool.from_defaults": _LLAMA,
    "fastmcp.tools.Tool.from_function": _FASTMCP_TOOL,
    "fastmcp.tools.FunctionTool.from_function": _FASTMCP_TOOL,
    "fastmcp.tools.base.Tool.from_function": _FASTMCP_TOOL,
    "fastmcp.tools.function_tool.FunctionTool.from_function": _FASTMCP_TOOL,
}
# LangChain's `Tool(name=..., func=..., description=...)`: one string argument, whatever func is.
_LC_TOOL_CLASSES = {"langchain_core.tools.Tool", "langchain_core.tools.simple.Tool", "langchain.tools.Tool",
                    "langchain.agents.Tool"}
# What a call may be made through, under an alias the trigger lines cannot spell.
_CALLABLES = set(_FUNCTIONS) | _LC_TOOL_CLASSES | set(_FACTORIES) | {
    q.rsplit(".", 1)[0] for q in _FACTORIES if q.endswith((".from_function", ".from_defaults"))}

# Annotations of parameters a framework fills in itself, never the model.
_INJECTED = re.compile(r"\b(?:Injected\w*|ToolRuntime|RunnableConfig|\w*Context|RunContextWrapper|CallbackManager\w*)\b")


@dataclass(frozen=True)
class _Profile:
    # how the description and Args are read: raw | dedent | clean | langchain | smolagents | llama, or
    # the docstring parser of fastmcp | agents | anthropic | pydantic-ai
    docs: str
    pydantic: bool = True  # a pydantic model builds the schema: anyOf for None, Field() understood, defaults shown
    closed: bool = False  # additionalProperties: false at the top level
    smol: bool = False  # smolagents: defaults and None make a parameter nullable and optional


_PROFILES = {
    "mcp": _Profile("raw"),
    "fastmcp": _Profile("fastmcp", closed=True),
    "langchain": _Profile("dedent"),
    "langchain-parsed": _Profile("langchain"),
    "openai-agents": _Profile("agents", closed=True),
    "openai-agents-loose": _Profile("agents"),
    "anthropic": _Profile("anthropic", closed=True),
    "pydantic-ai": _Profile("pydantic-ai", closed=True),
    "smolagents": _Profile("smolagents", pydantic=False, smol=True),
    "llama-index": _Profile("llama"),
    "custom": _Profile("clean"),
}


@dataclass
class _Use:
    """One recognised declaration: the framework and the arguments of the call, if any.

    `params` names the call's positional parameters in order, so that `kwarg` finds an
    argument however it was passed (`from_function(fn, "name")`); a decorator has none.
    """

    framework: str
    call: Optional[cst.Call]
    method: str = ""
    params: Tuple[str, ...] = ()

    def kwarg(self, name: str) -> Optional[cst.BaseExpression]:
        if self.call is not None:
            for arg in self.call.args:
                if arg.keyword is not None and arg.keyword.value == name:
                    return arg.value
            if name in self.params:
                return self.positional(self.params.index(name))
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


def _call_class(call: cst.BaseExpression, imports) -> Optional[str]:
    """The framework of the object `Class(...)` makes, when Class is one we know."""
    if not isinstance(call, cst.Call):
        return None
    func = call.func.value if isinstance(call.func, cst.Subscript) else call.func
    return _CLASSES.get(_qualified(func, imports) or "")


def _methods_of(framework: str, method: str, bare: bool) -> bool:
    methods, bare_ok = _METHODS.get(framework, (set(), False))
    return method in methods and (not bare or bare_ok)


def recognise_expr(expr: cst.BaseExpression, imports: Mapping[str, Tuple[str, str]],
                   names: Mapping[str, cst.BaseExpression], extra: Sequence[str] = (),
                   local: Mapping[str, str] = {}) -> Optional[_Use]:
    """The framework a decorator expression declares a tool for, or None.

    `local` maps names bound inside a function (a parameter `mcp: FastMCP`, a variable
    `agent = Agent(...)`) to the framework of their object."""
    call = expr if isinstance(expr, cst.Call) else None
    target = call.func if call is not None else expr
    written = dotted(target)
    if written is None:
        return None
    qualified = _qualified(target, imports)
    if qualified in _FUNCTIONS and written.partition(".")[0] not in local:
        return _Use(_FUNCTIONS[qualified], call)
    owner, _, method = written.rpartition(".")
    if owner:
        framework = local.get(owner)
        if framework is None and "." not in owner and owner not in imports:
            framework = _CLASSES.get(_instance_class(owner, imports, names) or "")
        if framework is not None and _methods_of(framework, method, call is None):
            return _Use(framework, call, method)
    for name in extra:
        if name in (written, qualified) or ("." not in name and written.rpartition(".")[2] == name):
            return _Use("custom", call)
    return None


def _imported_owner(expr: cst.BaseExpression, imports: Mapping[str, Tuple[str, str]],
                    local: Mapping[str, str] = {}) -> Optional[Tuple[str, str, bool, Optional[cst.Call]]]:
    """(qualified owner, method, bare, call) for `@x.tool...` / `x.add_tool(...)` where x
    comes from an import: which framework it is, only linking can tell."""
    call = expr if isinstance(expr, cst.Call) else None
    written = dotted(call.func if call is not None else expr)
    if written is None:
        return None
    owner, _, method = written.rpartition(".")
    if not owner or owner.partition(".")[0] in local:
        return None
    known = {m for ms, _ in _METHODS.values() for m in ms} | {m for ms in _ADDERS.values() for m in ms}
    if method not in known:
        return None
    head, _, rest = owner.partition(".")
    if head not in imports:
        return None
    module, attr = imports[head]
    return ".".join(p for p in (module, attr, rest) if p), method, call is None, call


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
    returns_type: Optional[str] = None
    structured: bool = False

    @property
    def fields(self) -> int:
        return len(self.params) + (self.returns is not None)


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


_SPHINX_FIELD = re.compile(r"^:(\w+)([^:]*):(.*)$")
_SPHINX_PARAMS = {"param", "parameter", "arg", "argument", "key", "keyword"}
_SPHINX_KNOWN = _SPHINX_PARAMS | {"type", "returns", "return", "rtype", "raises", "raise", "except", "exception",
                                  "var", "ivar", "cvar", "vartype"}


def _sphinx(doc: str) -> _Doc:
    """A Sphinx (reST field list) docstring: `:param name: text`, `:returns: text`."""
    lines = doc.split("\n")
    out = _Doc()
    text: List[str] = []
    i = 0
    while i < len(lines):
        match = _SPHINX_FIELD.match(lines[i])
        if not match or match.group(1).lower() not in _SPHINX_KNOWN:
            if not out.structured:
                text.append(lines[i])
            i += 1
            continue
        out.structured = True
        kind, arg = match.group(1).lower(), match.group(2).split()
        parts = [match.group(3).strip()] if match.group(3).strip() else []
        j = i + 1
        while j < len(lines) and lines[j][:1].isspace() and lines[j].strip():
            parts.append(lines[j].strip())  # a continuation is indented under its field
            j += 1
        body = "\n".join(parts)
        if kind in _SPHINX_PARAMS and arg:
            out.params.setdefault(arg[-1].lstrip("*"), (body, i, j - 1))
        elif kind in ("returns", "return") and out.returns is None:
            out.returns = body
        elif kind == "rtype" and out.returns_type is None:
            out.returns_type = body
        i = j
    out.text = "\n".join(text).strip() or None
    return out


_NUMPY_RULE = re.compile(r"^\s*-{3,}\s*$")
_NUMPY_SECTIONS = {"parameters", "other parameters", "returns", "yields", "receives", "raises", "warns",
                   "warnings", "attributes", "methods", "functions", "classes", "modules", "see also", "notes",
                   "references", "examples", "deprecated"}


def _numpy(doc: str) -> _Doc:
    """A NumPy docstring: `Parameters` over a rule of dashes, `name : type` over indented text."""
    lines = doc.split("\n")
    out = _Doc()
    text: List[str] = []

    def header(at: int) -> bool:
        return (at + 1 < len(lines) and bool(_NUMPY_RULE.match(lines[at + 1]))
                and lines[at].strip().lower() in _NUMPY_SECTIONS)

    i = 0
    while i < len(lines):
        if not header(i):
            if not out.structured:
                text.append(lines[i])
            i += 1
            continue
        out.structured = True
        kind = lines[i].strip().lower()
        j = i + 2
        items: List[Tuple[int, str, List[Tuple[int, str]]]] = []  # (line, head, description lines)
        while j < len(lines) and not header(j):
            line = lines[j]
            if line.strip() and not line[:1].isspace():
                items.append((j, line.strip(), []))
            elif line.strip() and items:
                items[-1][2].append((j, line.strip()))
            j += 1
        if kind in ("parameters", "other parameters"):
            for at, head, body in items:
                names = head.partition(":")[0] if " :" in head or head.endswith(":") else head
                last = body[-1][0] if body else at
                for name in names.split(","):
                    name = name.strip().lstrip("*")
                    if name and name not in out.params:
                        out.params[name] = ("\n".join(t for _, t in body), at, last)
        elif kind == "returns" and items and out.returns is None:
            at, head, body = items[0]
            out.returns = "\n".join(t for _, t in body)
            out.returns_type = head.partition(":")[2].strip() if " :" in head else head
        i = j
    out.text = "\n".join(text).strip() or None
    return out


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


def _langchain_rejects(doc: Optional[str], params: Sequence[Param]) -> bool:
    """`@tool(parse_docstring=True)` raises ValueError("Found invalid Google-Style docstring")."""
    if not any(p.name not in ("run_manager", "callbacks", "runtime") for p in params):
        return False
    if not doc:
        return True
    blocks = inspect.cleandoc(doc).split("\n\n")
    return len(blocks) < 2 or not any(b.startswith("Args:") for b in blocks[1:])


def _agents_style(doc: str) -> str:
    """openai-agents' _detect_docstring_style: count each style's markers, sphinx > numpy > google on a tie."""
    scores = {
        "sphinx": sum(bool(re.search(p, doc, re.M)) for p in (r"^:param\s", r"^:type\s", r"^:return:", r"^:rtype:")),
        "numpy": sum(bool(re.search(p, doc, re.M)) for p in (r"^Parameters\s*\n\s*-{3,}", r"^Returns\s*\n\s*-{3,}",
                                                              r"^Yields\s*\n\s*-{3,}")),
        "google": sum(bool(re.search(p, doc, re.M)) for p in (r"^(Args|Arguments):", r"^(Returns):", r"^(Raises):")),
    }
    best = max(scores.values())
    if best == 0:
        return "google"
    return next(s for s in ("sphinx", "numpy", "google") if scores[s] == best)


_PYDANTIC_STYLES = (
    (r"\n[ \t]*:{0}([ \t]+\w+)*:([ \t]+.+)?\n",
     ("param", "parameter", "arg", "argument", "key", "keyword", "type", "var", "ivar", "cvar", "vartype",
      "returns", "return", "rtype", "raises", "raise", "except", "exception"), "sphinx"),
    (r"\n[ \t]*{0}:([ \t]+.+)?\n[ \t]+.+",
     ("args", "arguments", "params", "parameters", "keyword args", "keyword arguments", "other args",
      "other arguments", "other params", "other parameters", "raises", "exceptions", "returns", "yields",
      "receives", "examples", "attributes", "functions", "methods", "classes", "modules", "warns", "warnings"),
     "google"),
    (r"\n[ \t]*{0}\n[ \t]*---+\n",
     ("deprecated", "parameters", "other parameters", "returns", "yields", "receives", "raises", "warns",
      "attributes", "functions", "methods", "classes", "modules"), "numpy"),
)


def _pydantic_style(raw: str) -> str:
    """pydantic-ai's _infer_docstring_style, on the raw `__doc__`."""
    for pattern, words, style in _PYDANTIC_STYLES:
        if any(re.search(pattern.format(w), raw, re.I | re.M) for w in words):
            return style
    return "google"


def _parse(style: str, clean: str, join: str = "\n") -> _Doc:
    if style == "numpy":
        return _numpy(clean)
    if style == "sphinx":
        return _sphinx(clean)
    return _google(clean, join)


def _styled(docs: str, raw: str, clean: str) -> _Doc:
    """The docstring as the framework's own parser reads it."""
    if docs == "fastmcp":  # the first of google, numpy, sphinx that finds a section
        for style in ("google", "numpy", "sphinx"):
            parsed = _parse(style, clean)
            if parsed.structured:
                return parsed
        return _Doc(text=clean or None)
    if docs == "agents":
        return _parse(_agents_style(clean), clean)
    if docs == "pydantic-ai":
        return _parse(_pydantic_style(raw), clean)
    if docs == "anthropic":  # docstring_parser: the style with the most fields; reST, Google, NumPy on a tie
        return max((_parse(s, clean) for s in ("sphinx", "google", "numpy")), key=lambda d: d.fields)
    return _google(clean, " " if docs == "smolagents" else "\n")


_LLAMA_PARAM_DOCS = (
    re.compile(r":param (\w+): (.+)"),
    re.compile(r"^\s*(\w+)\s*\(.*?\):\s*(.+)$", re.M),
    re.compile(r"@param (\w+)\s+(.+)"),
)


def _llama_param_docs(raw: str, names: Set[str]) -> Dict[str, Tuple[str, int, int]]:
    """LlamaIndex's extract_param_docs; line numbers index the raw docstring's lines."""
    out: Dict[str, Tuple[str, int, int]] = {}
    for pattern in _LLAMA_PARAM_DOCS:
        for match in pattern.finditer(raw):
            name, text = match.group(1), match.group(2).strip()
            if name not in names or (name in out and out[name][0] != text):
                continue
            line = raw.count("\n", 0, match.start(2))
            out.setdefault(name, (text, line, line))
    return out


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


_MAX_ANNOTATION = 1000  # characters of a string annotation worth parsing


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
                # A real annotation is short; a long string is not one, and 3,000 nested
                # brackets in it would cost libcst's parser 7 GB and half a minute.
                parsed = cst.parse_expression(text.strip()) if text and len(text) <= _MAX_ANNOTATION else None
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
        return Const(number_value(node), span)
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


# --- LlamaIndex: the signature it puts in front of the docstring ---------------------------

_BUILTIN_CLASSES = {"str", "int", "float", "bool", "bytes", "complex", "object", "list", "dict", "tuple", "set",
                    "frozenset", "type", "bytearray"}
_BUILTIN_GENERICS = {"list", "dict", "tuple", "set", "frozenset", "type"}
_TYPING = {"typing", "typing_extensions"}


class _SignatureText:
    """`str(inspect.signature(fn))` as Python 3.9-3.13 print it, from the source.

    inspect strips `typing.` from a typing object at the top, prints a builtin generic or a
    `X | Y` union with its members' full reprs, an Annotated with everything, a class as
    `module.Name`, and under `from __future__ import annotations` the quoted source. What
    cannot be known without importing (a class of this module, an unusual default) is
    printed as written."""

    def __init__(self, imports: Mapping[str, Tuple[str, str]], evaluator: Evaluator) -> None:
        self.imports = imports
        self.evaluator = evaluator
        self.future = imports.get("annotations") == ("__future__", "annotations")

    def annotation(self, node: cst.BaseExpression) -> str:
        if self.future:
            code = cst.Module([]).code_for_node(node)
            try:
                return repr(ast.unparse(ast.parse(code.strip(), mode="eval")))
            except (SyntaxError, ValueError, AttributeError):
                return repr(code)
        text, kind = self._repr(node)
        return text.replace("typing.", "") if kind == "typing" else text

    def _name(self, node: cst.BaseExpression) -> Optional[Tuple[str, str]]:
        name = dotted(node)
        if name is None:
            return None
        qualified = _qualified(node, self.imports) or name
        module, _, last = qualified.rpartition(".")
        return module, last

    def _repr(self, node: cst.BaseExpression) -> Tuple[str, str]:
        """(repr, kind): kind is typing | annotated | generic | union | class | none | str."""
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            return repr(string_value(node)), "str"
        if isinstance(node, cst.Name) and node.value == "None":
            return "None", "none"
        named = self._name(node)
        if named is not None:
            module, last = named
            if module in _TYPING:
                return f"typing.{last}", "typing"
            return (f"{module}.{last}" if module else last), "class"
        if isinstance(node, cst.Subscript):
            head = self._name(node.value)
            args = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
            if head is not None and head[0] in _TYPING:
                last = head[1]
                if last == "Optional" and args:
                    return self._union([args[0], cst.Name("None")])
                if last == "Union":
                    return self._union(args)
                if last == "Literal":
                    return "typing.Literal[%s]" % ", ".join(self._literal(a) for a in args), "typing"
                if last == "Annotated" and args:
                    meta = ", ".join(self._meta(a) for a in args[1:])
                    return f"typing.Annotated[{self._arg(args[0])}, {meta}]", "annotated"
                return "typing.%s[%s]" % (last, ", ".join(self._arg(a) for a in args)), "typing"
            if head is not None and not head[0] and head[1] in _BUILTIN_GENERICS:
                return "%s[%s]" % (head[1], ", ".join(self._arg(a) for a in args)), "generic"
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            members = self._flatten(node)
            if any(self._repr(m)[1] in ("typing", "annotated") for m in members):
                return self._union(members)  # a typing object's `|` makes a typing.Union
            return " | ".join(self._arg(m) for m in members), "union"
        return cst.Module([]).code_for_node(node), "class"

    def _arg(self, node: cst.BaseExpression) -> str:
        return self._repr(node)[0]

    def _flatten(self, node: cst.BaseExpression) -> List[cst.BaseExpression]:
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            return self._flatten(node.left) + self._flatten(node.right)
        return [node]

    def _union(self, members: Sequence[cst.BaseExpression]) -> Tuple[str, str]:
        flat: List[str] = []
        for member in members:
            inner = self._flatten(member)
            for m in inner:
                named = self._name(m.value) if isinstance(m, cst.Subscript) else None
                args = [e.slice.value for e in m.slice if isinstance(e.slice, cst.Index)] \
                    if isinstance(m, cst.Subscript) else []
                if named is not None and named[0] in _TYPING and named[1] == "Union":
                    flat.extend(self._arg(a) if self._repr(a)[1] != "none" else "None" for a in args)
                elif named is not None and named[0] in _TYPING and named[1] == "Optional" and args:
                    flat.extend([self._arg(args[0]), "None"])
                else:
                    flat.append(self._arg(m))
        unique = list(dict.fromkeys(flat))
        if len(unique) == 1:
            return unique[0], "typing"
        if len(unique) == 2 and "None" in unique:
            other = unique[0] if unique[1] == "None" else unique[1]
            return f"typing.Optional[{other}]", "typing"
        return "typing.Union[%s]" % ", ".join("NoneType" if u == "None" else u for u in unique), "typing"

    def _literal(self, node: cst.BaseExpression) -> str:
        value = self.evaluator.eval(node)
        if isinstance(value, Const):
            return repr(value.value)
        return cst.Module([]).code_for_node(node)

    def _meta(self, node: cst.BaseExpression) -> str:
        call = _field_call(node)
        if call is None:
            value = self.evaluator.eval(node)
            return repr(value.value) if isinstance(value, Const) else cst.Module([]).code_for_node(node)
        parts = ["annotation=NoneType", f"required={not _field_has_default(call)}"]
        default = _kw(call, "default") or next((a.value for a in call.args if a.keyword is None and not a.star), None)
        if default is not None and _field_has_default(call):
            parts.append(f"default={self._default(default)}")
        description = _kw(call, "description")
        if description is not None:
            parts.append(f"description={self._default(description)}")
        return "FieldInfo(%s)" % ", ".join(parts)

    def _default(self, node: cst.BaseExpression) -> str:
        value = self.evaluator.eval(node)
        if isinstance(value, Const):
            return repr(value.value)
        return cst.Module([]).code_for_node(node)

    def signature(self, node: cst.FunctionDef, keep: Callable[[cst.Param], bool]) -> str:
        p = node.params
        parts: List[str] = []

        def one(param: cst.Param, prefix: str = "") -> str:
            text = prefix + param.name.value
            annotation = param.annotation.annotation if param.annotation is not None else None
            if annotation is not None:
                text += ": " + self.annotation(annotation)
            if param.default is not None and _field_call(param.default) is None:
                text += (" = " if annotation is not None else "=") + self._default(param.default)
            return text

        posonly = [q for q in p.posonly_params if keep(q)]
        parts.extend(one(q) for q in posonly)
        if posonly:
            parts.append("/")
        parts.extend(one(q) for q in p.params if keep(q))
        if isinstance(p.star_arg, cst.Param):
            parts.append(one(p.star_arg, "*"))
        kwonly = [q for q in p.kwonly_params if keep(q)]
        if kwonly and not isinstance(p.star_arg, cst.Param):
            parts.append("*")
        parts.extend(one(q) for q in kwonly)
        if p.star_kwarg is not None:
            parts.append(one(p.star_kwarg, "**"))
        text = "(" + ", ".join(parts) + ")"
        if node.returns is not None:
            text += " -> " + self.annotation(node.returns.annotation)
        return text


# --- the tool -------------------------------------------------------------------------------


def _excluded(param: Param, framework: str, method: str, first: bool, skip: Sequence[str]) -> bool:
    if first and (framework == "pydantic-ai" and method == "tool"):
        return True  # @agent.tool passes RunContext first, whatever its annotation
    if framework == "langchain" and param.name in ("run_manager", "callbacks"):
        return True
    if framework == "llama-index" and param.name == "self":
        return True  # LlamaIndex drops `self` by name, bound or not
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
    parsed = _styled(profile.docs, raw, clean)
    if profile.docs == "smolagents":
        return parsed.text or "", parsed.params
    text = parsed.text if parsed.structured else (clean or None)
    if profile.docs == "pydantic-ai" and parsed.returns is not None:
        kind = f"<type>{parsed.returns_type}</type>\n" if parsed.returns_type else ""
        returns = f"<returns>\n{kind}<description>{parsed.returns}</description>\n</returns>"
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


def _bool_arg(expr: Optional[cst.BaseExpression], evaluator: Evaluator, default: Optional[bool]) -> Optional[bool]:
    if expr is None:
        return default
    value = evaluator.eval(expr)
    if isinstance(value, Const) and (isinstance(value.value, bool) or value.value is None):
        return value.value if value.value is not None else default
    return default  # not a literal: the framework's default is the best reading


@dataclass
class _Context:
    """What every derivation in one module reads."""

    imports: Mapping[str, Tuple[str, str]]
    names: Mapping[str, cst.BaseExpression]
    span_of: Callable[[cst.CSTNode], Span]
    evaluator: Evaluator
    extra: Sequence[str] = ()


def _from_decorators(node: cst.FunctionDef, sig: FunctionSig, ctx: _Context, local: Mapping[str, str],
                     in_class: bool) -> Union[Tool, PendingTool, None]:
    names = {_last(d.decorator) for d in node.decorators}
    if in_class and "classmethod" in names:
        return None  # a classmethod object is no function: every framework rejects it
    mode = "method" if in_class and "staticmethod" not in names else "function"
    for decorator in node.decorators:
        use = recognise_expr(decorator.decorator, ctx.imports, ctx.names, ctx.extra, local)
        if use is not None:
            if mode == "method" and use.framework in ("custom", "smolagents", "fastmcp"):
                # smolagents and fastmcp raise on `self`; fastmcp's own @tool only marks a
                # method for `mcp.add_tool(obj.method)`; project decorators: unknown
                return None
            return _derive(node, sig, use, ctx, mode)
        owner = _imported_owner(decorator.decorator, ctx.imports, local)
        if owner is not None:
            qualified, method, bare, call = owner
            candidates = []
            for framework in _METHODS:
                if _methods_of(framework, method, bare) and not (mode == "method" and framework == "fastmcp"):
                    tool = _derive(node, sig, _Use(framework, call, method), ctx, mode)
                    if tool is not None:
                        candidates.append(tool)
            if candidates:
                return PendingTool(qualified, ctx.span_of(decorator.decorator), tuple(candidates))
            return None
    return None


def _derive(node: cst.FunctionDef, sig: FunctionSig, use: _Use, ctx: _Context, mode: str) -> Optional[Tool]:
    if use.framework == "claude-agent-sdk":
        return _claude_tool(node, sig, use, ctx.names, ctx.span_of, ctx.evaluator)
    return _function_tool(node, sig, use, ctx, mode)


def _wire_params(sig: FunctionSig, mode: str) -> Tuple[Param, ...]:
    """The parameters the framework sees: a method in a class body still has `self`; a
    bound method has lost its first."""
    if mode == "function":
        return sig.tool_params()
    params = [p for p in sig.params]
    if mode == "bound" and params and params[0].kind == "positional":
        params = params[1:]
    return tuple(p for p in params if p.kind in ("positional", "keyword_only"))


def _function_tool(node: cst.FunctionDef, sig: FunctionSig, use: _Use, ctx: _Context,
                   mode: str = "function") -> Optional[Tool]:
    span_of, evaluator = ctx.span_of, ctx.evaluator
    framework = use.framework
    if framework == "langchain-single":
        return _langchain_single(node, sig, use, ctx)
    strict = None
    key = framework
    if framework == "openai-agents":
        strict = _bool_arg(use.kwarg("strict_mode"), evaluator, True)
        key = "openai-agents" if strict else "openai-agents-loose"
    method = use.method
    if framework == "pydantic-ai" and method in ("auto", "add_function"):
        takes_ctx = _bool_arg(use.kwarg("takes_ctx"), evaluator, None)
        method = "tool" if takes_ctx is True else "tool_plain" if takes_ctx is False else "auto"
    params = _wire_params(sig, mode)
    if framework == "langchain" and _bool_arg(use.kwarg("parse_docstring"), evaluator, False):
        key = "langchain-parsed"
        # @tool raises on a docstring it cannot parse; StructuredTool.from_function does not
        rejects = _bool_arg(use.kwarg("error_on_invalid_docstring"), evaluator, use.method != "from_function")
        doc = sig.docstring.value if sig.docstring is not None else None
        if rejects and (sig.docstring is None or doc is not None) and _langchain_rejects(doc, params):
            return None
    profile = _PROFILES[key]

    # name
    name = None
    for kw in ("name", "name_override"):
        name = name or _str_arg(use.kwarg(kw), evaluator)
    if name is None and framework in ("langchain", "fastmcp", "custom") and not use.params:
        first = use.positional(0)
        if first is not None and isinstance(evaluator.eval(first), Const):
            name = _str_arg(first, evaluator)
    if name is None:
        name = Str(sig.name, sig.span)

    # description
    raw_doc = sig.docstring.value if sig.docstring is not None and sig.docstring.value is not None else ""
    offset = _clean_offset(raw_doc) if raw_doc else 0
    if profile.docs == "llama":
        text = None
        arg_docs = _llama_param_docs(raw_doc, {p.name for p in sig.params})
        offset = 0  # LlamaIndex reads the raw docstring: its lines are the source's
    else:
        text, arg_docs = _description(profile, sig.docstring)
    if framework == "openai-agents" and not _bool_arg(use.kwarg("use_docstring_info"), evaluator, True):
        text, arg_docs = None, {}
    description = None
    for kw in ("description", "description_override"):
        description = description or _str_arg(use.kwarg(kw), evaluator)
    if description is None and profile.docs == "llama" and name.value is not None:
        if sig.docstring is not None and sig.docstring.value is None:
            description = Str(None, sig.docstring.span)
        else:
            shown = _SignatureText(ctx.imports, evaluator).signature(
                node, lambda q: q.name.value != "self" and not _llama_context(q))
            text = (f"{name.value}{shown}\n{raw_doc}").strip()
            description = Str(text, sig.docstring.span if sig.docstring is not None else sig.span)
    if description is None and text is not None:
        description = Str(text, sig.docstring.span if sig.docstring is not None else sig.span)
    if description is None and framework == "mcp":
        description = Str("", sig.span)  # the MCP SDK sends "" for a function without a docstring

    # parameters
    given = _given_schema(use, evaluator)
    skip = _str_list(use.kwarg("exclude_args"), evaluator) if framework == "fastmcp" else ()
    cst_params = {p.name.value: p for p in _all_params(node)}
    types = _Types(span_of, evaluator, string_descriptions=profile.docs == "llama")
    style = "smol" if profile.smol else "pydantic" if profile.pydantic else "plain"
    properties: List[Tuple[str, Span, Value]] = []
    required: List[Const] = []
    for index, param in enumerate(params if given is None else ()):
        cst_param = cst_params.get(param.name)
        if _excluded(param, framework, method, index == 0, skip):
            continue
        annotation = cst_param.annotation.annotation if cst_param is not None and cst_param.annotation else None
        t = types.of(annotation) or _Type(param.span)
        if annotation is None and framework == "mcp":
            t.type = "string"  # the MCP SDK gives an unannotated parameter {"type": "string"}
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


def _llama_context(param: cst.Param) -> bool:
    """LlamaIndex drops a parameter annotated with its workflow `Context` (or Context[...])."""
    annotation = param.annotation.annotation if param.annotation is not None else None
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    return annotation is not None and _last(annotation) == "Context"


def _langchain_single(node: Optional[cst.FunctionDef], sig: Optional[FunctionSig], use: _Use,
                      ctx: _Context) -> Tool:
    """LangChain's `Tool`: without args_schema the model sends one string, `__arg1`."""
    call = use.call
    assert call is not None
    where = ctx.span_of(call)
    name = _str_arg(use.kwarg("name"), ctx.evaluator) or Str(None, where)
    description = _str_arg(use.kwarg("description"), ctx.evaluator) or Str(None, where)
    schema = _given_schema(use, ctx.evaluator)
    if schema is None:
        prop = DictVal(((Const("type", where), Const("string", where)),), where)
        schema = DictVal((
            (Const("type", where), Const("object", where)),
            (Const("properties", where), DictVal(((Const("__arg1", where), prop),), where)),
            (Const("required", where), ListVal((Const("__arg1", where),), where)),
        ), where)
    # the function gets the string positionally: its parameters say nothing about the schema
    return Tool(name=name, span=where, shape="decorated", description=description, schema=schema,
                framework="langchain", function=None)


def _given_schema(use: _Use, evaluator: Evaluator) -> Optional[Value]:
    """A schema passed to the decorator instead of the one derived from the signature."""
    for kw in ("input_schema", "args_schema", "fn_schema"):
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


# --- a module's tools: decorated defs, wrapping and registering calls ------------------------


@dataclass
class Found:
    """What one module declares through frameworks, in source order."""

    tools: Tuple[Tool, ...] = ()
    pending: Tuple[PendingTool, ...] = ()
    decorated: Tuple[Tool, ...] = ()  # those of `tools` a decorator declares on a def of the module
    servers: Tuple[Tuple[str, str], ...] = ()
    calls: Set[Tuple[int, int]] = field(default_factory=set)  # (line, col) of calls that became tools


@dataclass
class _Scope:
    qualname: str  # "" at module level
    cls: Optional[str]  # the class a method's `self` is an instance of
    defs: Dict[str, cst.FunctionDef] = field(default_factory=dict)  # defs local to a function
    objects: Dict[str, str] = field(default_factory=dict)  # local name -> framework of its object


def module_tools(tree: cst.Module, function_nodes: Sequence[Tuple[str, cst.FunctionDef]],
                 functions: Mapping[str, FunctionSig], imports: Mapping[str, Tuple[str, str]],
                 names: Mapping[str, cst.BaseExpression], span_of: Callable[[cst.CSTNode], Span],
                 evaluator: Evaluator, settings,
                 sig_of: Callable[[cst.FunctionDef, str], FunctionSig], text: str = "") -> Found:
    """Every tool a framework derives from a function of this module."""
    ctx = _Context(imports, names, span_of, evaluator, getattr(settings, "decorators", ()))
    servers = tuple((name, fw) for name, fw in ((n, _CLASSES.get(_instance_class(n, imports, names) or ""))
                                                for n in names if "." not in n) if fw is not None)
    found: List[Tuple[Tuple[int, int], Union[Tool, PendingTool]]] = []
    for qualname, node in function_nodes:
        if not node.decorators:
            continue  # most defs have none: skip them before any work
        got = _from_decorators(node, functions[qualname], ctx, {}, "." in qualname)
        if got is not None:
            found.append((_at(span_of(node)), got))
    decorated = tuple(t for _, t in found if isinstance(t, Tool))
    scan = _Calls(ctx, dict(function_nodes), functions, sig_of, text)
    try:
        scan.walk_body(tree.body)
    except RecursionError:
        pass
    found.extend(scan.found)
    found.sort(key=lambda item: item[0])
    tools: List[Tool] = []
    pending: List[PendingTool] = []
    seen: Set[Tuple[str, Optional[str], Optional[str]]] = set()
    for _, item in found:
        if isinstance(item, PendingTool):
            pending.append(item)
            continue
        # one function offered twice the same way (Tool(fn) in two agents) is one tool
        key = (item.function.qualname if item.function else f"{item.span}", item.framework, item.name.value)
        if key not in seen:
            seen.add(key)
            tools.append(item)
    return Found(tuple(tools), tuple(pending), decorated, servers, scan.calls)


def _at(span: Span) -> Tuple[int, int]:
    return span.line, span.col


def _function_arg(use: _Use, names: Sequence[str]) -> Optional[cst.BaseExpression]:
    for name in names:
        expr = use.kwarg(name)
        if expr is not None:
            return expr
    return None


# A line where a call may make or register a tool: `Tool(`, `from_function(`, `add_tool(`,
# `tools=`, `function_tool(`, `mcp.tool()(`. Only statements holding one are visited: a
# visit of every node costs a quarter of extraction on large modules with no such call.
_TRIGGER = re.compile(r"(?:from_function|from_defaults|add_tool|add_function|Tool|tool|tool_plain|tools)\s*[(=]"
                      r"|\)\s*\(")


class _Calls(cst.CSTVisitor):
    """Calls that turn a function into a tool, with the scope each one is in.

    `walk_body` goes down the statements keeping the scopes (classes, functions, the objects
    bound in them); the visitor part runs only on the statements a trigger line is in."""

    def __init__(self, ctx: _Context, nodes: Dict[str, cst.FunctionDef], functions: Mapping[str, FunctionSig],
                 sig_of: Callable[[cst.FunctionDef, str], FunctionSig], text: str) -> None:
        self.ctx = ctx
        self.nodes = nodes
        self.functions = functions
        self.sig_of = sig_of
        self.scopes: List[_Scope] = [_Scope("", None)]
        self.found: List[Tuple[Tuple[int, int], Union[Tool, PendingTool]]] = []
        self.calls: Set[Tuple[int, int]] = set()
        triggers = [_TRIGGER]
        aliases = [local for local, (module, attr) in ctx.imports.items()
                   if f"{module}.{attr}" in _CALLABLES and local != attr]
        if aliases:  # `from agents import function_tool as ft`, then `ft(fn)`
            triggers.append(re.compile(r"\b(?:%s)\s*\(" % "|".join(map(re.escape, aliases))))
        self.lines = sorted({text.count("\n", 0, m.start()) + 1 for t in triggers for m in t.finditer(text)})

    def _triggered(self, node: cst.CSTNode) -> bool:
        span = self.ctx.span_of(node)
        at = bisect.bisect_left(self.lines, span.line)
        return at < len(self.lines) and self.lines[at] <= span.end_line

    # --- scopes

    def walk_body(self, body: Sequence[cst.CSTNode]) -> None:
        for stmt in body:
            if isinstance(stmt, cst.FunctionDef):
                self._def(stmt)
            elif isinstance(stmt, cst.ClassDef):
                outer = self.scopes[-1]
                self.scopes.append(_Scope(outer.qualname, stmt.name.value if not outer.qualname else None))
                self._block(stmt.body)
                self.scopes.pop()
            elif isinstance(stmt, cst.SimpleStatementLine):
                if self.scopes[-1].qualname:
                    for small in stmt.body:
                        if isinstance(small, cst.Assign):
                            self._bind(small)
                if self._triggered(stmt):
                    walk(stmt, self)
            else:  # if / for / while / with / try / match: the header, then each block
                for header in _headers(stmt):
                    if self._triggered(header):
                        walk(header, self)
                for block in _child_blocks(stmt):
                    if isinstance(block, cst.If):
                        self.walk_body([block])  # elif
                    else:
                        self._block(block)

    def _block(self, block: cst.CSTNode) -> None:
        if isinstance(block, cst.IndentedBlock):
            self.walk_body(block.body)
        elif isinstance(block, cst.SimpleStatementSuite):  # `def f(): return Tool(g)`
            if self._triggered(block):
                walk(block, self)

    def _def(self, node: cst.FunctionDef) -> None:
        outer = self.scopes[-1]
        qualname = f"{outer.cls}.{node.name.value}" if outer.cls and not outer.qualname else (
            f"{outer.qualname}.<locals>.{node.name.value}" if outer.qualname else node.name.value)
        scope = _Scope(qualname, outer.cls)
        if isinstance(node.body, cst.IndentedBlock):
            for stmt in node.body.body:
                if isinstance(stmt, cst.FunctionDef):
                    scope.defs[stmt.name.value] = stmt
        for param in _all_params(node):  # `def register(mcp: FastMCP)`
            annotation = param.annotation.annotation if param.annotation is not None else None
            if annotation is not None and not isinstance(annotation, (cst.SimpleString, cst.ConcatenatedString)):
                framework = _CLASSES.get(_qualified(annotation, self.ctx.imports) or "")
                if framework is not None:
                    scope.objects[param.name.value] = framework
        if outer.qualname and node.decorators:
            self._nested(node, qualname)
        self.scopes.append(scope)
        self._block(node.body)
        self.scopes.pop()

    def _bind(self, node: cst.Assign) -> None:
        """`agent = Agent(...)` inside a function: what `@agent.tool_plain` then means."""
        framework = _call_class(node.value, self.ctx.imports)
        if framework is not None:
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    self.scopes[-1].objects[target.target.value] = framework

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # only lambdas and comprehensions hide in a statement's expressions

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def _objects(self) -> Dict[str, str]:
        out: Dict[str, str] = {}
        for scope in self.scopes:
            out.update(scope.objects)
        return out

    def _nested(self, node: cst.FunctionDef, qualname: str) -> None:
        """A decorated def inside a function: `def register(mcp: FastMCP): @mcp.tool() def f`."""
        sig = self.sig_of(node, qualname)
        got = _from_decorators(node, sig, self.ctx, self._objects(), False)
        if got is not None:
            self.found.append((_at(self.ctx.span_of(node)), got))

    # --- which function a call is given

    def _function(self, expr: Optional[cst.BaseExpression]) -> Optional[Tuple[cst.FunctionDef, FunctionSig, str]]:
        """(def, signature, mode) of a function reference: a def of this module or of the
        enclosing function, `obj.method` / `self.method` (bound), `Class.method`."""
        if expr is None:
            return None
        if isinstance(expr, cst.Name):
            for scope in reversed(self.scopes):
                if expr.value in scope.defs:
                    node = scope.defs[expr.value]
                    return node, self.sig_of(node, f"{scope.qualname}.<locals>.{expr.value}"), "function"
            if expr.value in self.nodes and expr.value in self.functions:
                return self.nodes[expr.value], self.functions[expr.value], "function"
            return None
        name = dotted(expr)
        if name is None or name.count(".") != 1:
            return None
        head, method = name.split(".")
        cls = None
        bound = True
        if head in ("self", "cls"):
            cls = next((s.cls for s in reversed(self.scopes) if s.cls), None)
        else:
            value = self.ctx.names.get(head)
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
                cls = value.func.value  # `orders = Orders()` then `orders.cancel`
            elif head in {q.partition(".")[0] for q in self.nodes if "." in q}:
                cls, bound = head, False  # `Orders.cancel`: the plain function
        qualname = f"{cls}.{method}" if cls else None
        if qualname is None or qualname not in self.nodes or qualname not in self.functions:
            return None
        node = self.nodes[qualname]
        static = "staticmethod" in {_last(d.decorator) for d in node.decorators}
        mode = "function" if static else "bound" if bound else "method"
        return node, self.functions[qualname], mode

    def _own_decorator(self, node: cst.FunctionDef, framework: str) -> Optional[_Use]:
        """fastmcp's own `@tool(name=...)` on a function: the options add_tool applies."""
        for decorator in node.decorators:
            use = recognise_expr(decorator.decorator, self.ctx.imports, self.ctx.names)
            if use is not None and use.framework == framework:
                return use
        return None

    def _is_tool_already(self, node: cst.FunctionDef) -> bool:
        return any(recognise_expr(d.decorator, self.ctx.imports, self.ctx.names) is not None
                   for d in node.decorators)

    # --- the calls

    def visit_Call(self, node: cst.Call) -> bool:
        try:
            self._call(node)
        except RecursionError:
            pass
        return True

    def _add(self, call: cst.CSTNode, tool: Optional[Union[Tool, PendingTool]]) -> None:
        # A tool a call makes is that call: its span is where the tool object is made, so it
        # is not mistaken for a decorated def (TL308 asks whether the def is passed on).
        if tool is None:
            return
        where = self.ctx.span_of(call)
        if isinstance(tool, PendingTool):
            tool = replace(tool, candidates=tuple(replace(t, span=where) for t in tool.candidates))
        else:
            tool = replace(tool, span=where)
        self.found.append((_at(where), tool))
        self.calls.add(_at(where))

    def _call(self, node: cst.Call) -> None:
        imports, names = self.ctx.imports, self.ctx.names
        func = node.func
        qualified = _qualified(func, imports) if isinstance(func, (cst.Name, cst.Attribute)) else None
        objects = self._objects()

        # Tool(fn), StructuredTool.from_function(fn), FunctionTool.from_defaults(fn=fn), ...
        if qualified in _FACTORIES:
            framework, params, fn_params = _FACTORIES[qualified]
            method = {"pydantic-ai": "auto"}.get(framework, qualified.rpartition(".")[2])
            use = _Use(framework, node, method, params)
            if framework == "langchain-single":
                self._add(node, _langchain_single(None, None, use, self.ctx))
                return
            target = self._function(_function_arg(use, fn_params))
            if target is not None and not (framework != "fastmcp" and self._is_tool_already(target[0])):
                fn, sig, mode = target
                own = self._own_decorator(fn, "fastmcp") if framework == "fastmcp" else None
                self._add(node, _function_tool(fn, sig, _merge(use, own), self.ctx, mode))
            return
        if qualified in _LC_TOOL_CLASSES and any(a.keyword is not None and a.keyword.value == "name"
                                                 for a in node.args):
            self._add(node, _langchain_single(None, None, _Use("langchain-single", node, "", ("name", "func",
                                                                                          "description")), self.ctx))
            return

        # Agent(..., tools=[fn, ...]) and FunctionToolset([fn, ...]): pydantic-ai's Tool(fn)
        if _CLASSES.get(_qualified(func.value if isinstance(func, cst.Subscript) else func, imports) or "") \
                == "pydantic-ai":
            self._agent_tools(node)
            return

        # mcp.tool()(fn), function_tool(fn), agent.tool_plain(fn), tool("n", "d", {...})(fn)
        if isinstance(func, cst.Call) or (isinstance(func, (cst.Name, cst.Attribute)) and (
                qualified in _FUNCTIONS or (dotted(func) or "").rpartition(".")[2] in ("tool", "tool_plain"))):
            use = recognise_expr(func, imports, names, (), objects)
            args = [a for a in node.args if a.keyword is None and not a.star]
            if use is not None and use.framework != "custom" and args:
                target = self._function(args[0].value)
                if target is not None and not self._is_tool_already(target[0]):
                    if use.call is None:
                        use = _Use(use.framework, node, use.method)  # `function_tool(fn, name_override=...)`
                    fn, sig, mode = target
                    if use.framework == "claude-agent-sdk":
                        self._add(node, _claude_tool(fn, sig, use, names, self.ctx.span_of, self.ctx.evaluator))
                    else:
                        self._add(node, _function_tool(fn, sig, use, self.ctx, mode))
                return
            if use is None and args:
                self._pending(node, func, args[0].value, decorator=True)
            return

        # mcp.add_tool(fn), toolset.add_function(fn)
        written = dotted(func) if isinstance(func, cst.Attribute) else None
        if written is None:
            return
        owner, _, method = written.rpartition(".")
        framework = objects.get(owner) or (
            _CLASSES.get(_instance_class(owner, imports, names) or "") if "." not in owner else None)
        if framework is not None:
            params = _ADDERS.get(framework, {}).get(method)
            if params is not None:
                use = _Use(framework, node, method, params)
                self._register(node, use, use.kwarg(params[0]))
            return
        if any(method in adders for adders in _ADDERS.values()):
            self._pending(node, node, _first_arg(node), decorator=False)

    def _register(self, call: cst.Call, use: _Use, expr: Optional[cst.BaseExpression]) -> None:
        target = self._function(expr)
        if target is None:
            return
        fn, sig, mode = target
        own = self._own_decorator(fn, use.framework) if use.framework == "fastmcp" else None
        if own is None and self._is_tool_already(fn):
            return
        self._add(call, _function_tool(fn, sig, _merge(use, own), self.ctx, mode))

    def _pending(self, call: cst.Call, expr: cst.BaseExpression, fn_expr: Optional[cst.BaseExpression],
                 decorator: bool) -> None:
        """`from .server import mcp` then `mcp.add_tool(fn)` / `mcp.tool()(fn)`."""
        owner = _imported_owner(expr, self.ctx.imports, self._objects())
        target = self._function(fn_expr)
        if owner is None or target is None:
            return
        qualified, method, bare, inner = owner
        fn, sig, mode = target
        candidates = []
        for framework in _METHODS:
            if decorator and _methods_of(framework, method, bare):
                use = _Use(framework, inner, method)
            elif not decorator and method in _ADDERS.get(framework, {}):
                use = _Use(framework, call, method, _ADDERS[framework][method])
            else:
                continue
            tool = _function_tool(fn, sig, use, self.ctx, mode)
            if tool is not None:
                candidates.append(tool)
        if candidates:
            self._add(call, PendingTool(qualified, self.ctx.span_of(call), tuple(candidates)))

    def _agent_tools(self, call: cst.Call) -> None:
        expr = None
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "tools":
                expr = arg.value
        if expr is None and _last(call.func) == "FunctionToolset":
            expr = _first_arg(call)
        if isinstance(expr, cst.Name) and isinstance(self.ctx.names.get(expr.value), (cst.List, cst.Tuple)):
            expr = self.ctx.names[expr.value]  # tools=TOOLS
        if not isinstance(expr, (cst.List, cst.Tuple)):
            return
        for element in expr.elements:
            if isinstance(element, cst.Element) and isinstance(element.value, (cst.Name, cst.Attribute)):
                target = self._function(element.value)
                if target is not None and not self._is_tool_already(target[0]):
                    fn, sig, mode = target
                    use = _Use("pydantic-ai", None, "auto")
                    self._add(element.value, _function_tool(fn, sig, use, self.ctx, mode))


def _headers(stmt: cst.CSTNode) -> List[cst.CSTNode]:
    if isinstance(stmt, (cst.If, cst.While)):
        return [stmt.test]
    if isinstance(stmt, cst.For):
        return [stmt.iter]
    if isinstance(stmt, cst.With):
        return list(stmt.items)
    if isinstance(stmt, cst.Match):
        return [stmt.subject]
    return []


def _child_blocks(stmt: cst.CSTNode) -> List[cst.CSTNode]:
    out: List[cst.CSTNode] = []
    body = getattr(stmt, "body", None)
    if isinstance(body, cst.BaseSuite):
        out.append(body)
    for case in getattr(stmt, "cases", ()) or ():
        out.append(case.body)
    for handler in getattr(stmt, "handlers", ()) or ():
        out.append(handler.body)
    orelse = getattr(stmt, "orelse", None)
    if isinstance(orelse, cst.If):
        out.append(orelse)  # an elif is walked as an if of its own
    elif orelse is not None:
        out.append(orelse.body)
    final = getattr(stmt, "finalbody", None)
    if final is not None:
        out.append(final.body)
    return out


def _first_arg(call: cst.Call) -> Optional[cst.BaseExpression]:
    args = [a.value for a in call.args if a.keyword is None and not a.star]
    return args[0] if args else None


def _merge(use: _Use, own: Optional[_Use]) -> _Use:
    """add_tool(fn) of a function fastmcp's `@tool(name=...)` marked: the marker's options."""
    if own is None or own.call is None:
        return use
    return own

