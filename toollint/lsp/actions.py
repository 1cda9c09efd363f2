"""Code actions on diagnostics: the finding's fix as a quick fix (lsp/fixes.py), and
"Suppress TLxxx with noqa" on the line the directive must go on."""
from __future__ import annotations

import io
import tokenize
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from lsprotocol import types

from toollint.lsp import fixes
from toollint.lsp.diagnostics import SOURCE, noqa_line, split_lines, to_diagnostic
from toollint.model import Finding

EditOf = Callable[[types.TextEdit], types.WorkspaceEdit]  # a text edit of the document, as the client takes it


def code_actions(text: str, diagnostics: List[types.Diagnostic], units, edit_of: EditOf,
                 findings: Sequence[Finding] = ()) -> List[types.CodeAction]:
    """For each toollint diagnostic: its finding's fix (when `findings`, the lint of `text`,
    has it with a fix that applies), then the noqa suppression."""
    out: List[types.CodeAction] = []
    seen = set()
    with_fix = _by_diagnostic([f for f in findings if f.fix is not None], text, units)
    for d in diagnostics:
        if d.source != SOURCE or not isinstance(d.code, str):
            continue
        f = with_fix.get(_key(d))
        change = fixes.quick_fix(f, text, units) if f is not None else None
        if change is not None:
            out.append(types.CodeAction(title=fixes.fix_title(f), kind=types.CodeActionKind.QuickFix,
                                        diagnostics=[d], edit=edit_of(change),
                                        is_preferred=True if f.fix.applicability == "safe" else None))
        line = noqa_line(d) or d.range.start.line + 1
        if (line, d.code) not in seen:
            seen.add((line, d.code))
            edit = noqa_edit(text, line, d.code, units)
            if edit is not None:
                out.append(types.CodeAction(title=f"Suppress {d.code} with noqa", kind=types.CodeActionKind.QuickFix,
                                            diagnostics=[d], edit=edit_of(edit)))
    return out


def _key(d: types.Diagnostic) -> Tuple:
    r = d.range
    return (d.code, d.message, r.start.line, r.start.character, r.end.line, r.end.character)


def _by_diagnostic(findings: Sequence[Finding], text: str, units) -> Dict[Tuple, Finding]:
    """The findings by the diagnostic they were published as (the client echoes it back)."""
    lines = split_lines(text)
    return {_key(to_diagnostic(f, lines, units, {})): f for f in findings}


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
