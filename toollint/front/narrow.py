"""Narrowing: which function bodies libcst need not parse (`reduce_source`)."""
from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple

from toollint.front.parse import MAX_SOURCE_CHARS, python_verdict, remember_reduced

# --- narrowing ---------------------------------------------------------------------------
#
# libcst costs ~12x `ast.parse`, and resolving positions as much again, for every node of a
# file, yet extraction reads little of most function bodies. So `ast` (a tenth of the
# cost) locates the functions extraction collects (module level, methods of module-level
# classes, defs inside module-level if/try, as extract's `collect` walks them), and the body of one
# that nothing can be read from is blanked: its lines become empty lines, the decorators,
# signature and docstring stay, and `pass` holds the place of a body left empty. Every
# kept line keeps its number and every kept character its column, so libcst parses a
# smaller module whose positions are those of the real file; extraction never knows.
#
# A body is kept whole when it could hold anything extraction reads there (each trigger
# below mirrors a reader in toollint/extract/; when extraction learns to read something
# new inside function bodies, add its trigger here: tests/engine/test_engine.py compares
# the facts of every example and scenario file with and without narrowing):
# - a prefilter needle (tool lists, `tools=`, tool-shaped dicts and calls, decorators);
# - `"function"` (the OpenAI Chat wrapper `{"type": "function", "function": {...}}`);
# - a dispatch chain: an `elif` comparing to a string literal, or `case "..."`, or an `if`
#   comparing a tool's name to one;
# - a dict of callables assigned to a name (`= {"a": fn, ...}`, `= {**base, ...}`);
# - a read of one of the function's parameters as a dict: `p["key"]`, `p.get(`;
# - an agent built with its tools passed by position (`CodeAgent([search], model)`,
#   `create_react_agent(llm, [search])`), which registration reads;
# - a helper returning one of the module's strings, or a literal dict (factories), or a method
#   returning a long text (`return dedent('''...''')`);
# - a decorator appending its function to a list and returning it (a registry a loop reads),
#   or a function returning a list of names (`return [search, fetch]`; a loop may register it);
# - an `__init__` or a method setting `self.x`, in a module that builds a tool named from
#   `self` (`Tool(name=self.name)`): the attributes they set are read (toollint.extract.selfattrs);
# - a method keeping a framework's server or agent on self (`self.mcp = FastMCP(...)`);
# - a function returning the server it builds (`return FastMCP(...)`), or binding one
#   (`mcp = FastMCP(...)`) that it may hand to register functions;
# - a call given only `**x` (`handler(**tool_input)`), which may dispatch a handler table;
# - a method's one `return` under `@property`, which the class's attributes hold;
# - a function returning a def it makes (`def make(): def search(...): ...; return search`).
#
# One difference is accepted: syntax that Python's own parser takes and libcst does not
# (a newer Python's), inside a blanked body, no longer makes the file TL001; the file is
# analysed instead. Anywhere else libcst still decides, on the real text.

# (a lone `if name == "x":` before `tool_map[name](...)` dispatches too; its subject names a tool)
_DISPATCH = (r"""\belif\b[^\n]*(?:==\s*[rRbBuU]{0,2}["']|["']\s*==)|\bcase\s+[rRbBuU]{0,2}["']"""
             r"""|\bif\s+[\w.\[\]()"']*(?:name|tool)[\w.\[\]()"']*\s*==\s*[rRbBuU]{0,2}["']""")
_CALLABLE_DICT = (r"""=\s*\{(?:\s|\#[^\n]*)*(?:\*\*|[rRbBuU]{0,2}(?:"[^"\n]*"|'[^'\n]*')\s*:\s*"""
                  r"""(?:lambda\b|[A-Za-z_][\w.]*\s*[,}]))""")
_FUNCTION_KEY = r"""["']function["']"""
# registration's callees whose names hold no needle (`bind_tools`, `add_tool` hold `tool`)
_AGENT_CALL = r"(?:Agent|ToolNode|initialize_agent|create_\w*agent|from_agent_and_tools)\s*(?:\[[^\n]*?\]\s*)?\("  # Agent[Ctx](...) too: factories return it (extract/factories.py)
_SELF_REGISTER = r"\bself\s*\.\s*(?:register|add_function)\s*\("  # a toolkit registering its own method (agno, pydantic-ai)
# a server or agent kept on self (`self.mcp = FastMCP(...)`), whose tools another method
# declares (toollint.extract.objects); the names of frameworks' classes (registry CLASSES)
OBJECT_CLASSES = ("Agent", "AssistantAgent", "ChatAgent", "CodeAgent", "Controller", "ConversableAgent", "FastMCP",
                  "FunctionToolset", "GoogleToolkit", "LlmAgent", "LocalProvider", "MCPServer", "RawAgent", "Registry",
                  "Team", "ToolCallingAgent", "Toolkit", "Tools", "UserProxyAgent")
_SELF_OBJECT = r"\bself\s*\.\s*\w+\s*(?::[^=\n]*)?=\s*(?:\w+\s*\.\s*)*(?:%s)\s*[\[(]" % "|".join(OBJECT_CLASSES)
# a helper choosing a module string (`return DETAILED if verbose else SHORT`), which the
# evaluator reads when a description calls it
_CHOOSER = r"\breturn\s+[A-Z][A-Z0-9_]*[ \t]*(?:\r?\n|$|if\b)"
# ... or a method returning a long text (`def description(self): return dedent('''...''')`), which
# `self.description()` in a definition reads (toollint.extract.selfattrs)
_TEXT_RETURN = r"""\breturn\s+(?:(?:textwrap\s*\.\s*)?dedent\s*\(\s*)?[rRuU]?(?:\"\"\"|''')"""
# a decorator collecting functions into a module list (`LIST.append(func); return func`), which
# a loop then registers (extract/loops.py)
_COLLECTOR = r"\.append\(\s*(?P<collected>[A-Za-z_]\w*)\s*\)[ \t]*\r?\n\s*return\s+(?P=collected)\b"
# a function returning a list of names (`return [search, fetch]`), or building one in a
# local (`fns = [search]`), whose call a loop may register (extract/returned.py); any such
# assignment keeps its body (0.7% more bytes over 1,500 held-out files), where matching the
# local's `return fns` by a back-reference cost narrowing 12%
_NAMES = r"\[\s*(?:[A-Za-z_][\w.]*\s*,\s*)*[A-Za-z_][\w.]*\s*,?\s*\]"
_NAMES_RETURN = (r"\breturn\s*(?:%s|\(\s*(?:[A-Za-z_][\w.]*\s*,\s*)+[A-Za-z_][\w.]*\s*,?\s*\))"
                 r"|\b[A-Za-z_]\w*\s*(?::[^=\n]*)?=\s*%s" % (_NAMES, _NAMES))
# a small factory returning a literal dict (`def read_file_tool(): return {...}`), which
# the evaluator reads at each call (toollint.extract.returns)
_FACTORY = r"\breturn\s*\{"
# a function returning a server it builds (`return MCPServer(name, ...)`), which is then
# read as that server's class (toollint.extract.serverfactory)
_SERVER_RETURN = r"\breturn\s+(?:\w+\s*\.\s*)*(?:FastMCP|MCPServer)\s*\("
# a server a function makes for itself (`mcp = FastMCP(...)`, or of the project's subclass
# named so: `AppFastMCP(...)`) and may hand to register functions (toollint.extract.localservers)
_LOCAL_SERVER = r"\b[A-Za-z_]\w*\s*(?::[^=\n]*)?=\s*(?:\w+\s*\.\s*)*\w*(?:FastMCP|MCPServer)\s*\("
# a call given nothing but `**x` (`handler(**tool_input)`): a handler table's items may take
# keywords (toollint.extract.spread)
_SPREAD_CALL = r"[\w\])](?<!__init__)\s*\(\s*\*\*\s*[A-Za-z_][\w.]*\s*,?\s*\)"
# an `__init__`, or any method that sets an attribute of self (`self.name = new`)
_SELF_SET = r"\bdef\s+__init__\b|\bself\s*\.\s*\w+\s*(?::[^=\n]*)?[-+*/|&]?=(?!=)|\bsetattr\s*\(\s*self\b"
_SELF_OBJECT_TEXT = re.compile(_SELF_OBJECT)
_SELF_NAMED = re.compile(r"""\bname["']?\s*[:=]\s*self\s*\.""")  # `name=self.name`, `"name": self.name`
_DICT_READ = re.compile(r"""\b([A-Za-z_]\w*)\s*(?:\[\s*[rRbBuU]{0,2}["']|\.\s*get\s*\()""")
# a module-level def handing a parameter the signature leaves untyped to a call
# (`def register_all(mcp): notes.register_tools(mcp)`), which passes a server on (extract/passed.py)
_HANDED = re.compile(r"[(,]\s*([A-Za-z_]\w*)\s*[,)]")
_SERVERS = ("FastMCP", "MCPServer")
_LINES = re.compile(r"(\r\n|\r|\n)")  # as Python counts lines, not str.splitlines


def _needle_pattern(keys: Sequence[bytes]) -> str:
    parts = []
    for key in keys:
        word = key.decode("utf-8", "replace")
        if word == "tool":
            parts.append(r"(?<!func)(?<!iter)(?<!setup)tool")
        elif word == "parameters":
            parts.append(r"""["']parameters["']|\bparameters\s*=(?!=)""")
        else:
            parts.append(re.escape(word))
    return "|".join(parts)


_triggers_cache: dict = {}


def _triggers(keys: Tuple[bytes, ...], inits: bool):
    pattern = _triggers_cache.get((keys, inits))
    if pattern is None:
        pattern = re.compile("|".join(filter(None, (_needle_pattern(keys), _FUNCTION_KEY, _DISPATCH,
                                                     _CALLABLE_DICT, _AGENT_CALL, _SELF_REGISTER, _SELF_OBJECT,
                                                     _CHOOSER, _TEXT_RETURN, _COLLECTOR, _NAMES_RETURN,
                                                     _FACTORY, _SERVER_RETURN, _LOCAL_SERVER,
                                                     _SPREAD_CALL, _SELF_SET if inits else ""))))
        _triggers_cache[(keys, inits)] = pattern
    return pattern


def reduce_source(text: str, keys: Tuple[bytes, ...]) -> Optional[str]:
    """`text` with the bodies extraction cannot read from blanked out, line for line.

    None when there is nothing to blank, or when `ast` cannot parse the text: the caller
    then parses the real text, so libcst alone decides what is a syntax error.
    """
    if len(text) > MAX_SOURCE_CHARS:
        return None  # parse() reports it
    tree = python_verdict(text).tree  # parse() reuses this verdict
    if tree is None:
        return None
    parts = _LINES.split(text)
    lines = parts[0::2]  # line i+1 is lines[i]; its terminator is parts[2 * i + 1]
    # a framework object kept on self (`self.mcp = FastMCP(...)`) is one only if no other
    # store to self.<attr> says otherwise: every such store stays then
    triggers = _triggers(keys, bool(_SELF_NAMED.search(text) or _SELF_OBJECT_TEXT.search(text)))
    blank: List[Tuple[int, int, str]] = []  # (first line, last line, placeholder)

    try:
        _collect_blanks(tree.body, False, lines, triggers, blank)
    except RecursionError:  # an elif chain as deep as CPython allows: parse it all
        return None
    if not blank:
        return None
    for first, last, placeholder in blank:
        for number in range(first, last + 1):
            parts[2 * (number - 1)] = ""
        parts[2 * (first - 1)] = placeholder
    reduced = "".join(parts)
    remember_reduced(reduced, tree, text)  # blanking bodies of accepted code keeps it accepted
    return reduced


def _hands_on(node, body_text: str) -> bool:
    import ast

    # a parameter typed as a server (`server: FastMCP`) is handed on as an untyped one is
    loose = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs
             if a.annotation is None or (isinstance(_unsubscripted(a.annotation), (ast.Name, ast.Attribute))
                                         and (ast.unparse(a.annotation) in ("Any", "typing.Any", "object")
                                              or ast.unparse(_unsubscripted(a.annotation)).rpartition(".")[2]
                                              in _SERVERS))}
    return bool(loose) and any(m.group(1) in loose for m in _HANDED.finditer(body_text))


def _guards(node, statements) -> bool:
    """`def f(bucket=None): if not bucket: return {"error": ...}`: a parameter with a default the
    body rejects at once (TL204 reads it, extract/functions.py `_guarded`, over the same chain of
    leading guards). Guard clauses are common, so only one on a defaulted parameter, returning or
    raising at once, keeps the body."""
    import ast

    positional = node.args.posonlyargs + node.args.args
    defaulted = {a.arg for a in positional[len(positional) - len(node.args.defaults):]}
    defaulted |= {a.arg for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults) if d is not None}
    for stmt in statements[:4]:
        if not isinstance(stmt, ast.If) or stmt.orelse or len(stmt.body) != 1 \
                or not isinstance(stmt.body[0], (ast.Return, ast.Raise)):
            return False
        tests = stmt.test.values if isinstance(stmt.test, ast.BoolOp) and isinstance(stmt.test.op, ast.Or) \
            else [stmt.test]  # `if not a or not b:` (held-out round 99, B)
        names = []
        for test in tests:
            if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test = test.operand
            elif isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is):
                test = test.left
            if not isinstance(test, ast.Name):
                return False
            names.append(test.id)
        if defaulted & set(names):
            return True
    return False


def _unsubscripted(annotation):
    """`FastMCP` of `FastMCP[Any]` (extract reads it so: frameworks/args.annotated_class)."""
    import ast

    return annotation.value if isinstance(annotation, ast.Subscript) else annotation


def _keeps_server(node, body_text: str) -> bool:
    """`def __init__(self, mcp: FastMCP): self.mcp = mcp`: the server another method declares on."""
    import ast

    typed = {a.arg for a in node.args.args + node.args.kwonlyargs
             for kind in [_unsubscripted(a.annotation)]
             if (kind.id if isinstance(kind, ast.Name) else kind.attr if isinstance(kind, ast.Attribute) else None)
             in _SERVERS}
    return bool(typed) and any(m.group(1) in typed for m in _SELF_STORE.finditer(body_text))


_SELF_STORE = re.compile(r"\bself\s*\.\s*\w+\s*(?::[^=\n]*)?=\s*([A-Za-z_]\w*)\s*$", re.MULTILINE)


def _collect_blanks(
    statements, in_class: bool, lines: Sequence[str], triggers: "re.Pattern[str]", blank: List[Tuple[int, int, str]]
) -> None:
    """Appends to `blank` the bodies to blank of the defs extract's `collect` walks to."""
    import ast

    for stmt in statements:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found = _blankable(stmt, lines, triggers, in_class)
            if found is not None:
                blank.append(found)
        elif isinstance(stmt, ast.ClassDef) and not in_class:
            _collect_blanks(stmt.body, True, lines, triggers, blank)
        elif isinstance(stmt, ast.If) and not in_class:
            _collect_blanks(stmt.body, False, lines, triggers, blank)
            _collect_blanks(stmt.orelse, False, lines, triggers, blank)
        elif isinstance(stmt, ast.Try) and not in_class:
            _collect_blanks(stmt.body, False, lines, triggers, blank)
            for handler in stmt.handlers:
                _collect_blanks(handler.body, False, lines, triggers, blank)
            _collect_blanks(stmt.orelse, False, lines, triggers, blank)
            _collect_blanks(stmt.finalbody, False, lines, triggers, blank)


def _blankable(node, lines: Sequence[str], triggers: "re.Pattern[str]",
               in_class: bool = False) -> Optional[Tuple[int, int, str]]:
    """(first line, last line, placeholder) of the body of `node` to blank, or None to keep it."""
    import ast

    body = node.body
    rest = body[1:] if isinstance(body[0], ast.Expr) else body  # the docstring stays
    if not rest:
        return None
    if in_class and len(rest) == 1 and isinstance(rest[0], ast.Return) \
            and any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list):
        return None  # `@property def name(self): return "x"`: a class attribute (extract/returns.py)
    if isinstance(rest[-1], ast.Return) and isinstance(rest[-1].value, ast.Name) and any(
            isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == rest[-1].value.id for s in rest):
        return None  # a maker returning its nested def, which a tool list may take (extract/closures.py)
    first, last = rest[0].lineno, node.end_lineno
    line = lines[first - 1]
    indent = line[: len(line) - len(line.lstrip(" \t"))]
    if len(indent) != rest[0].col_offset or last is None or last < first:
        return None  # the body shares a line with the signature or the docstring
    start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
    if triggers.search("\n".join(lines[start - 1:last])):
        return None
    params = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
    body_text = "\n".join(lines[first - 1:last])
    if any(m.group(1) in params for m in _DICT_READ.finditer(body_text)):
        return None
    if not in_class and _hands_on(node, body_text):
        return None
    if in_class and _keeps_server(node, body_text):
        return None
    if _guards(node, rest):
        return None
    return first, last, "" if rest is not body else indent + "pass"
