"""Parse one file with libcst; every failure becomes a TL001 finding, never an exception."""
from __future__ import annotations

import threading
from typing import Optional, Tuple

from toollint import SOURCE_NAME
from toollint.front.read import file_error

# libcst needs ~0.7 GB and 15 s per MB of source (measured: 6.5 MB, 4.2 GB, 90 s with
# positions); no hand-written module with tools comes near this, a generated data module can.
MAX_SOURCE_CHARS = 5_000_000


def parse(path: str, text: str):
    """A libcst Module, or TL001 with the parser's position. Never raises, never crashes.

    libcst's native parser is not safe on every input CPython refuses: 3,000 nested
    brackets take it 8 GB and a minute, 20,000 take it down (SIGSEGV). So CPython, whose
    parser has hard limits, sees the text first, and what it refuses as too deep never
    reaches libcst; everything else CPython refuses still goes to libcst, which knows
    the syntax of newer Pythons than the one running.
    """
    import libcst

    from toollint.front import deep

    if len(text) > MAX_SOURCE_CHARS:
        return file_error(path, f"cannot parse file: {len(text) / 1e6:.1f} million characters is more than "
                                f"the {MAX_SOURCE_CHARS / 1e6:.0f} million toollint analyses")
    verdict = python_verdict(text)
    if verdict.error is not None and (verdict.error[3] or _chain_tokens(text) >= MAX_CHAIN):
        # too deep for CPython, or too many operands to know without its tree: libcst
        # must not be the one to find out
        message, line, col, _ = verdict.error
        return file_error(path, f"syntax error: {message}", line, col)
    too_long = _too_long_for_libcst(text, verdict.tree)
    if too_long is not None:
        return file_error(path, f"cannot parse file: {too_long}")
    try:
        return deep.call(libcst.parse_module, text)
    except libcst.ParserSyntaxError as exc:
        if verdict.error is None and not verdict.derived:
            # CPython accepts it: a form libcst's grammar lacks, or a concatenation past
            # its parser's cap. Lint what can be read rather than nothing. (A reduced
            # text is not recovered: the caller parses the real one next.)
            from toollint.front.recover import recover

            try:
                tree = recover(text, lambda t: deep.call(libcst.parse_module, t), exc.raw_line, verdict.tree)
            except (RecursionError, MemoryError):
                tree = None
            if tree is not None:
                return tree
        elif verdict.error is not None:  # the position and words users know from Python itself
            message, line, col, _ = verdict.error
            return file_error(path, f"syntax error: {message}", line, col)
        message = str(exc.message).splitlines()[0] if exc.message else "invalid syntax"
        return file_error(path, f"syntax error: {message}", max(1, exc.raw_line), exc.raw_column + 1)
    except RecursionError:
        return file_error(path, "cannot parse file: it is nested too deeply to analyse")
    except Exception as exc:  # libcst's native parser raises a few other types on odd input
        return file_error(path, f"cannot parse file: {type(exc).__name__}: {exc}".splitlines()[0])


class Verdict:
    """CPython's parse of a text: its AST, or its error as (message, line, col, too_deep).

    `derived`: the text is a reduction of an accepted one, and `tree` is that one's AST.
    """

    __slots__ = ("tree", "error", "derived", "source")

    def __init__(self, tree, error: Optional[Tuple[str, int, int, bool]], derived: bool = False,
                 source: Optional[str] = None) -> None:
        self.tree = tree
        self.error = error
        self.derived = derived
        self.source = source  # the accepted text `tree` is of, when derived


# Limits of CPython's parser, not mistakes in the code: past them libcst is no safer.
_TOO_DEEP = ("too many nested parentheses", "too many levels of indentation", "too complex",
             "too deeply nested", "nested too deeply")
_memo = threading.local()  # the last text's verdict: reduce_source and parse share one parse


def python_verdict(text: str) -> Verdict:
    """CPython's verdict on `text` (only parsed, never compiled to code or run), kept for
    the next call with the same text."""
    import ast

    last = getattr(_memo, "last", None)
    if last is not None and last[0] is text:
        return last[1]
    try:
        verdict = Verdict(compile(text, SOURCE_NAME, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True), None)
    except SyntaxError as exc:  # IndentationError and TabError too
        message = exc.msg or "invalid syntax"
        deep_error = any(words in message for words in _TOO_DEEP)
        verdict = Verdict(None, (message, exc.lineno or 1, max(1, exc.offset or 1), deep_error))
    except (RecursionError, MemoryError):
        verdict = Verdict(None, ("the code is nested too deeply for Python to parse", 1, 1, True))
    except (ValueError, OverflowError) as exc:
        verdict = Verdict(None, (str(exc).splitlines()[0] if str(exc) else "invalid source", 1, 1, False))
    _memo.last = (text, verdict)
    return verdict


def remember_reduced(reduced: str, tree, source: Optional[str] = None) -> None:
    """Record that CPython accepts `reduced`, made from `source`, whose AST is `tree`."""
    _memo.last = (reduced, Verdict(tree, None, derived=True, source=source))


def remembered(text: str) -> Optional[Verdict]:
    """The verdict this thread last reached on the real `text`, or on the reduction
    narrowing made of it (its AST is the real text's); None if it has another."""
    last = getattr(_memo, "last", None)
    if last is not None and (last[0] is text or last[1].source is text):
        return last[1]
    return None


# Chains that CPython keeps flat and libcst nests one level per operand: past this many,
# libcst's native parser overflows even a 512 MB stack (measured: 1,000,000 `or` operands
# crash it, 200,000 do not), and extraction could not follow them anyway.
MAX_CHAIN = 50_000


def _chain_tokens(text: str) -> int:
    # Counting substrings is C-speed and bounds every chain: only a file with that many
    # `and`/`or`/`.` at all needs a closer look.
    return text.count("and") + text.count("or") + text.count(".")


def _too_long_for_libcst(text: str, tree) -> Optional[str]:
    if tree is None or _chain_tokens(text) < MAX_CHAIN:
        return None
    import ast

    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp) and len(node.values) > MAX_CHAIN:
            return f"a chain of {len(node.values)} `and`/`or` operands is too long to analyse"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(n.count(".") > MAX_CHAIN for n in names):
                return "a dotted name is too long to analyse"
    return None
