"""`concise`: one `path:line:col: CODE message` line per finding, as ruff prints them."""
from __future__ import annotations

from typing import Sequence

from toollint.model import Finding
from toollint.report.formats.base import Context, Emitter
from toollint.report.formats.common import defuse_ci_commands, sanitize

BOLD = "\x1b[1m"
CYAN = "\x1b[36m"
RED_BOLD = "\x1b[1;31m"
RESET = "\x1b[0m"


def concise_line(f: Finding, color: bool, fixable: bool = False) -> str:
    # Tabs stay: they cannot start a line or move the cursor back over earlier text.
    path = sanitize(f.span.path)
    code = sanitize(f.code)
    message = sanitize(f.message, keep="\t")
    if fixable:
        message = "[*] " + message  # where ruff puts it: between the code and the message
    if not color:
        return f"{path}:{f.span.line}:{f.span.col}: {code} {message}"
    sep = f"{CYAN}:{RESET}"
    return f"{BOLD}{path}{RESET}{sep}{f.span.line}{sep}{f.span.col}{sep} {RED_BOLD}{code}{RESET} {message}"


class Concise(Emitter):
    name = "concise"

    def emit(self, findings: Sequence[Finding], ctx: Context) -> str:
        return defuse_ci_commands("".join(concise_line(f, ctx.color, ctx.fixable(f)) + "\n" for f in findings))
