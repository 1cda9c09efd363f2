"""Code actions: "Suppress TLxxx with noqa" on a diagnostic's line, and the hook for the
fixes of autofix.

A finding's fix, once the engine offers one, is a quick fix: `FIXES` is where a provider
registers (a callable from the diagnostic and the document's text to WorkspaceEdits,
titled); the server asks every provider and adds what they give after the noqa action.
Nothing here depends on one being registered.
"""
from __future__ import annotations

import io
import tokenize
from typing import Callable, Dict, List, Optional, Tuple

from lsprotocol import types

from toollint.lsp.diagnostics import SOURCE, noqa_line, split_lines

# (diagnostic, uri, text) -> [(title, edit)]; see the module docstring
FixProvider = Callable[[types.Diagnostic, str, str], List[Tuple[str, types.WorkspaceEdit]]]
FIXES: List[FixProvider] = []


def code_actions(uri: str, text: str, diagnostics: List[types.Diagnostic], units) -> List[types.CodeAction]:
    out: List[types.CodeAction] = []
    seen = set()
    for d in diagnostics:
        if d.source != SOURCE or not isinstance(d.code, str):
            continue
        line = noqa_line(d) or d.range.start.line + 1
        if (line, d.code) not in seen:
            seen.add((line, d.code))
            edit = noqa_edit(text, line, d.code, units)
            if edit is not None:
                out.append(types.CodeAction(
                    title=f"Suppress {d.code} with noqa", kind=types.CodeActionKind.QuickFix,
                    diagnostics=[d], edit=types.WorkspaceEdit(changes={uri: [edit]})))
        for provider in FIXES:
            for title, edit in provider(d, uri, text):
                out.append(types.CodeAction(title=title, kind=types.CodeActionKind.QuickFix,
                                            diagnostics=[d], edit=edit, is_preferred=True))
    return out


def noqa_edit(text: str, line: int, code: str, units) -> Optional[types.TextEdit]:
    """The edit that makes `# noqa` on the 1-based `line` suppress `code`: its code added
    to a `# noqa: ...` already there, else `  # noqa: CODE` at the end of the line. None
    when the line's comment already suppresses it."""
    from toollint.report import noqa

    lines = split_lines(text)
    if not 1 <= line <= len(lines):
        return None
    source_line = lines[line - 1]
    comment = _comment(text, line)
    if comment is not None:
        col, comment_text = comment
        parsed = noqa.parse([(line, col + 1, comment_text)], own_line=set())
        directive = next((d for d in parsed.inline if d.line == line), None)
        if directive is not None:
            if directive.codes is None or code in directive.codes:
                return None
            at = directive.end_col - 1  # after the last code
            return _insert(source_line, line, at, f", {code}", units)
    return _insert(source_line, line, len(source_line.rstrip()), f"  # noqa: {code}", units)


def _insert(source_line: str, line: int, at: int, new: str, units) -> types.TextEdit:
    position = types.Position(line=line - 1, character=units(source_line[:at]))
    end = types.Position(line=line - 1, character=units(source_line))
    # the line's trailing blanks go: the comment ends the line
    tail = source_line[at:] if source_line[at:].strip() else ""
    return types.TextEdit(range=types.Range(start=position, end=end), new_text=new + tail)


def _comment(text: str, line: int) -> Optional[Tuple[int, str]]:
    """(0-based column, text) of the comment on that line, by Python's tokenizer, so that a
    '#' inside a string is no comment; None when there is none or the source does not tokenize."""
    found: Dict[int, Tuple[int, str]] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                found[tok.start[0]] = (tok.start[1], tok.string)
            if tok.start[0] > line:
                break
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return found.get(line)
