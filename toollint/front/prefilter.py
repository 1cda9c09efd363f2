"""A bytes test that says whether a file could declare a tool, before anything parses it.

False positives only cost a parse; a false negative hides a tool, so every form the
extractor reads must leave one of these substrings in the source.

Stages, as grep-like tools do it: plain `in` tests (memchr-speed, in C) find the
candidate needles, and only a needle that hits is confirmed by an exact test. The exact
tests remove what real code is full of and no tool needs: `tool` inside `functools`,
`itertools` and `setuptools` (about one module in six imports one of them) and inside GUI
code's `toolbar`, `tooltip`, `QToolBar`; `parameters` as a word of prose (docstrings say
"the parameters are..."); and registry names that are only part of a longer name
(`TOOLS_DIR`). One regex alternation over every file would
be several times slower than the `in` tests on the files that hold none of them, which
are nearly all of a monorepo.

A file that passes is tested again without its prose: comments, and the string literals
that hold whitespace (docstrings, messages; a dict key or keyword like "input_schema"
holds none, and stays). Comments and docstrings say "tool" far more often than code
declares one. A regex does the stripping (12x faster than the tokenize module on the
benchmark's passing files); where it mistakes where a string ends, in text Python would
refuse or in the nested quotes of a 3.12 f-string, what it leaves is only more text
tested, never less, because a quote it cannot pair stays in.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Dict, Optional, Tuple

from toollint.config.settings import Settings

_SHAPE_KEYS = (
    b"input_schema",
    b"inputSchema",
    b"parameters",
    b"Tool",  # Tool(...), ToolParam(...), class X(BaseTool), FunctionTool.from_defaults
    b"tool",  # decorators (@tool, @mcp.tool, @function_tool, @beta_tool), tools=, tool_choice
    b"functions",  # swarm's Agent(functions=[fn])
    b"handoff",  # the Agents SDK's Agent(handoffs=[agent]), handoff(agent): a transfer_to_ tool each
    b"browser_use",  # `@controller.action("...")` holds neither: the import does
    b"register_f",  # AG2's `@agent.register_for_llm(...)` and `register_function(f, ...)`
    # a module that only hands a server on (`def register_all(mcp: FastMCP): from .a import
    # register; register(mcp)`, held-out round 81: 32 tools split over 6 groups) says no "tool"
    b"FastMCP",
    b"MCPServer",
    b"kernel_function",  # a Semantic Kernel plugin class need say neither "tool" nor "functions="
)

# `tool` and `Tool` inside these words never declare a tool; any other occurrence may. The
# widget words are what GUI code (Qt's QToolBar, setToolTip; web `tooltip`s) is full of.
_BENIGN_TOOL = (b"functools", b"itertools", b"setuptools", b"toolbar", b"tooltip")
_BENIGN_TOOL_CAP = (b"ToolBar", b"Toolbar", b"ToolTip", b"Tooltip", b"ToolButton")
# `parameters` as the extractor reads it: a dict key or a keyword argument.
_PARAMETERS = re.compile(rb"""["']parameters["']|\bparameters\s*=(?!=)""")
# the keyword or swarm's live list, not the word of prose
_FUNCTIONS = re.compile(rb"\bfunctions\s*=(?!=)|\.functions\.(?:append|extend)\(")


def _outside(needle: bytes, benign: Tuple[bytes, ...]) -> Callable[[bytes], bool]:
    # count() is exact here: the needle cannot overlap itself, each benign word holds it
    # once, and no benign word holds another
    return lambda data: data.count(needle) > sum(data.count(word) for word in benign)


def needles(settings: Settings) -> Tuple[bytes, ...]:
    names = settings.definitions + settings.handlers + settings.categories + settings.always_include
    extra = tuple(d.rsplit(".", 1)[-1] for d in settings.decorators)
    return tuple(dict.fromkeys(n.encode() for n in names + extra if n)) + _SHAPE_KEYS


@lru_cache(maxsize=16)
def _confirmers(keys: Tuple[bytes, ...]) -> Dict[bytes, Callable[[bytes], bool]]:
    out: Dict[bytes, Callable[[bytes], bool]] = {
        b"tool": _outside(b"tool", _BENIGN_TOOL),
        b"Tool": _outside(b"Tool", _BENIGN_TOOL_CAP),
        b"parameters": lambda data: _PARAMETERS.search(data) is not None,
        b"functions": lambda data: _FUNCTIONS.search(data) is not None,
    }
    for key in keys:
        if key not in out and key not in _SHAPE_KEYS and re.fullmatch(rb"[A-Za-z_]\w*", key):
            # a configured name is read as a whole identifier: TOOLS, not TOOLS_DIR
            out[key] = re.compile(rb"(?<![\w])" + re.escape(key) + rb"(?![\w])").search
    return out


@lru_cache(maxsize=16)
def _plan(keys: Tuple[bytes, ...]) -> Tuple[Tuple[Optional[bytes], Tuple[bytes, ...]], ...]:
    """The needles grouped under a shared substring where one pays: the default registry
    names all hold b"TOOL", so one scan rules out four on a file that has none of them."""
    gated = tuple(k for k in keys if b"TOOL" in k and k not in _SHAPE_KEYS)
    if len(gated) < 2:
        return tuple((None, (k,)) for k in keys)
    rest = tuple((None, (k,)) for k in keys if k not in gated)
    return ((b"TOOL", gated),) + rest


# Alternatives in this order at one position: a triple-quoted string (before `""` reads as
# an empty one), a string without whitespace (kept: the group), any other one-line string,
# a comment. A string's prefix (r, b, f) stays behind as a word of code: it changes
# nothing of where the string ends (a backslash escapes the quote in a raw string too),
# and a pattern that starts with a quote or `#` lets the regex engine skip to them. Each
# string body is an unrolled loop, linear on any input.
_PROSE = re.compile(rb"""
    \'\'\'[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*\'\'\'
  | \"\"\"[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*\"\"\"
  | (?P<keep>'[^\s'\\]*'|"[^\s"\\]*")
  | '[^'\\\r\n]*(?:\\.[^'\\\r\n]*)*'|"[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*"
  | \#[^\r\n]*
""", re.X | re.S)


def without_prose(data: bytes) -> bytes:
    """The source without its comments and the strings that hold whitespace (a space in
    place of each, so that no two words join)."""
    return _PROSE.sub(rb"\g<keep> ", data)


def may_define_tools(data: bytes, keys: Tuple[bytes, ...]) -> bool:
    return _needle_in(data, keys) and _needle_in(without_prose(data), keys)


def _needle_in(data: bytes, keys: Tuple[bytes, ...]) -> bool:
    confirm = _confirmers(keys)
    for gate, group in _plan(keys):
        if gate is not None and gate not in data:
            continue
        for key in group:
            if key in data:
                check: Optional[Callable[[bytes], object]] = confirm.get(key)
                if check is None or check(data):
                    return True
    return False


# A dispatch that names no tool: an `elif name == "x":` chain, `case "x":`, a dict of
# callables keyed by strings. A module that fails may_define_tools is read for these only
# when a module that declares tools imports it (engine/load.py): handlers often live in a
# module of their own whose text never says "tool". Prose has none of these shapes.
_DISPATCH = re.compile(
    rb"""\belif\b[^\n]*(?:==\s*[rRbBuU]{0,2}["']|["']\s*==)|\bcase\s+[rRbBuU]{0,2}["']"""
    rb"""|=\s*\{(?:\s|\#[^\n]*)*[rRbBuU]{0,2}(?:"[^"\n]*"|'[^'\n]*')\s*:\s*(?:lambda\b|[A-Za-z_][\w.]*\s*[,}])"""
)


def may_dispatch(data: bytes) -> bool:
    """Whether a module could hold a tool dispatch (see _DISPATCH)."""
    return _DISPATCH.search(data) is not None

