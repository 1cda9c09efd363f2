"""`full`: the concise line, then the source line and carets under the span."""
from __future__ import annotations

import re
from typing import Callable, Dict, List, Sequence

from toollint.model import Finding
from toollint.report.formats.base import Context, Emitter
from toollint.report.formats.common import defuse_ci_commands, excerpt
from toollint.report.formats.concise import RED_BOLD, RESET, concise_line

_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # Python's own line breaks, not str.splitlines'


def _highlighter() -> Callable[[str], str]:
    from pygments import highlight
    from pygments.formatters import TerminalFormatter
    from pygments.lexers import PythonLexer

    lexer = PythonLexer(stripnl=False, ensurenl=False)
    formatter = TerminalFormatter()
    return lambda text: highlight(text, lexer, formatter).rstrip("\n")


class Full(Emitter):
    name = "full"

    def emit(self, findings: Sequence[Finding], ctx: Context) -> str:
        highlight = _highlighter() if ctx.color else None
        split: Dict[str, List[str]] = {}  # one split per file, however many findings it has
        out: List[str] = []
        for f in findings:
            out.append(concise_line(f, ctx.color, ctx.fixable(f)))
            path = f.span.path
            if path not in split:
                source = ctx.sources.get(path)
                split[path] = _LINE_BREAK.split(source) if source is not None else []
            lines = split[path]
            if not 1 <= f.span.line <= len(lines):
                continue
            end_col = f.span.end_col if f.span.end_line == f.span.line else None
            shown, carets = excerpt(lines[f.span.line - 1], f.span.col, end_col)
            if highlight is not None:
                # Highlight the already-escaped line: the lexer must never see a raw ESC.
                shown = highlight(shown)
                head = carets.rstrip("^")
                carets = f"{head}{RED_BOLD}{carets[len(head):]}{RESET}"
            out.append(shown)
            out.append(carets)
        return defuse_ci_commands("".join(line + "\n" for line in out))
