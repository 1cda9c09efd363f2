"""Autofix in the editor: each finding's fix as a quick fix, and "Fix all toollint".

Both work on the buffer the server holds, never the file on disk: a quick fix is the
finding's Fix applied by toollint/fix/apply.py to the buffer's text (which refuses a
result that does not compile, as --fix does), "Fix all" is `check --fix --stdin-filename`'s
loop on it. The new text goes back as one TextEdit over the changed lines, in the
client's position units.

As ruff's server does, an unsafe fix is offered as a quick fix whatever `unsafe-fixes`
says (the user picks it on one finding, seeing the change), marked "(unsafe)" and never
preferred; "Fix all" applies the safe ones only, unless the configuration's
`unsafe-fixes = true` (as `--fix` does).
"""
from __future__ import annotations

import re
from typing import Callable, List, Optional, Sequence

from lsprotocol import types

from toollint.model import Finding

FIX_ALL = "source.fixAll.toollint"
FIX_ALL_TITLE = "Fix all toollint"
APPLY_COMMAND = "toollint.applyAutofix"

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")  # lines with their ends, as LSP counts them

Units = Callable[[str], int]


def text_edit(old: str, new: str, units: Units) -> Optional[types.TextEdit]:
    """The edit that turns `old` into `new`: the lines between their common first and last
    lines, replaced whole (so a position never falls inside a surrogate pair or a CRLF)."""
    if old == new:
        return None
    a, b = _LINE.findall(old), _LINE.findall(new)
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    end = len(a) - tail
    return types.TextEdit(range=types.Range(start=types.Position(line=head, character=0), end=_end(a, end, units)),
                          new_text="".join(b[head:len(b) - tail]))


def _end(lines: Sequence[str], end: int, units: Units) -> types.Position:
    if end < len(lines) or not lines or lines[-1].endswith(("\n", "\r")):
        return types.Position(line=end, character=0)
    return types.Position(line=len(lines) - 1, character=units(lines[-1]))  # the last line has no line end


def workspace_edit(uri: str, version: Optional[int], edit: Optional[types.TextEdit],
                   document_changes: bool) -> types.WorkspaceEdit:
    """`documentChanges` (versioned: the client refuses it on a buffer changed since) where
    the client takes them, else `changes`."""
    edits = [edit] if edit is not None else []
    if document_changes:
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version), edits=edits)])
    return types.WorkspaceEdit(changes={uri: edits})


def fix_title(f: Finding) -> str:
    unsafe = " (unsafe)" if f.fix.applicability != "safe" else ""
    return f"Fix {f.code}: {f.fix.message}{unsafe}"


def quick_fix(f: Finding, text: str, units: Units) -> Optional[types.TextEdit]:
    """The finding's fix as an edit of the buffer `text`, or None when it does not apply
    there (a fix reaching into another file, a literal not as the rule saw it, a result
    that would not compile)."""
    from toollint.fix.apply import apply_file

    if f.fix is None or f.fix.paths != (f.span.path,):
        return None  # --stdin-filename --fix does not fix other files either
    data = text.encode("utf-8", "surrogatepass")
    applied = apply_file(f.span.path, data, [f.fix])
    if f.fix not in applied.fixes:
        return None
    return text_edit(text, applied.source.decode("utf-8", "surrogatepass"), units)


def fix_all_wanted(findings: Sequence[Finding], unsafe: bool) -> bool:
    from toollint.fix.policy import applicable

    return any(applicable(f, unsafe) for f in findings)


def kinds_wanted(only: Optional[List[str]], kind: str) -> bool:
    """LSP kinds are hierarchical: `source.fixAll` asks for `source.fixAll.toollint` too."""
    return only is None or any(kind == o or kind.startswith(o + ".") for o in only)
