"""TL003's fix: drop the stale codes from a `# noqa: ...` directive, or the directive when
none is left (as ruff's RUF100). Other linters' codes in it stay."""
from __future__ import annotations

import re
from typing import Optional, Sequence, Tuple

from toollint.fix import EDIT_COMMENT, Edit, Fix
from toollint.model import Finding, Span

_CODE = re.compile(r"[A-Z]+[0-9]+")
_STALE = re.compile(r"(TL[A-Z]*[0-9]+)")


def unused_noqa_fix(finding: Finding, comments: Sequence[Tuple[int, int, str, bool]]) -> Optional[Fix]:
    """The fix of a TL003 finding, whose span is the directive (from its `#` to its last
    code) and whose message lists the codes that suppress nothing."""
    s = finding.span
    comment = next((c for c in comments if c[0] == s.line and c[1] <= s.col < c[1] + len(c[2])), None)
    if comment is None or "blanket" in finding.message:
        return None
    line, col, text, _ = comment
    directive = text[s.col - col:s.end_col - col]
    head, sep, codes = directive.partition(":")
    if not sep:
        return None
    stale = set(_STALE.findall(finding.message.partition(" for ")[2]))
    kept = [c for c in _CODE.findall(codes) if c not in stale]
    if kept:
        return Fix(f"Remove unused {', '.join(sorted(stale))} from the noqa directive", "safe",
                   (Edit(EDIT_COMMENT, s, text=head.rstrip() + ": " + ", ".join(kept), scope=s),))
    rest = (text[:s.col - col] + text[s.end_col - col:]).strip()
    if rest and not rest.startswith("#"):
        return None  # `# noqa: TL101 because ...`: the reason would be left as bare text
    # the whitespace before the comment goes with it: the line from the code's end
    scope = Span(s.path, line, 1, line, s.end_col)
    return Fix("Remove unused noqa directive", "safe", (Edit(EDIT_COMMENT, s, text="", scope=scope),))
