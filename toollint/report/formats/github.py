"""`github`: one `::error` or `::warning` workflow command per finding (severity as in
formats/common.py), which GitHub shows as an annotation."""
from __future__ import annotations

from typing import Sequence

from toollint.model import Finding
from toollint.report.formats.base import Context, Emitter
from toollint.report.formats.common import BRACKET_COMMAND, relpath, sanitize, severity


def _data(text: str) -> str:
    # `##[` inside our own command is inert for GitHub (a line that parses as `::error`
    # is not scanned again), but not for a CI that reads the log otherwise.
    text = BRACKET_COMMAND.sub(r"\1\\x5b", sanitize(text, keep="\r\n\t"))
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


class Github(Emitter):
    name = "github"

    def emit(self, findings: Sequence[Finding], ctx: Context) -> str:
        out = []
        for f in findings:
            path, _ = relpath(f.span.path, ctx.root)
            s = f.span
            props = ",".join(
                [
                    f"file={_property(path)}",
                    f"line={s.line}",
                    f"col={s.col}",
                    f"endLine={s.end_line}",
                    f"endColumn={s.end_col}",
                    f"title={_property(f'{f.code} {f.name}')}",
                ]
            )
            out.append(f"::{severity(f.code, 'github')} {props}::{_data(f'{f.code} {f.message}')}\n")
        return "".join(out)
