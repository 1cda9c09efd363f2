"""What registration reads from a module's text rather than its tree: which candidate
names the code uses outside the lines already accounted for, and where module-level
lists are changed in place. Plain string scans: cheaper than visiting every node."""
from __future__ import annotations

import bisect
import re
import sys
from typing import Dict, Iterable, List, Mapping, Set, Tuple

import libcst as cst

from toollint.extract.evaluate import blocks, dotted

_MUTATION = re.compile(r"\.[ \t]*(?:append|extend|insert|add)[ \t]*\(|\+=|\|=")
_NAME_BEFORE = re.compile(r"([A-Za-z_]\w*)[ \t]*$")

# Strings and comments, which the `used` scan skips; a candidate name is found between them.
_STRING = (
    r"[rRbBuUfF]{0,2}(?:\"\"\"[^\"\\]*(?:(?:\\.|\"(?!\"\"))[^\"\\]*)*(?:\"\"\"|$)"
    r"|'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*(?:'''|$)"
    r"|\"[^\"\\\n]*(?:\\.[^\"\\\n]*)*\"?"
    r"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'?)"
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")

_ATTRIBUTE = re.compile(r"[ \t]*\.[ \t]*([A-Za-z_]\w*)")
_SKIP = re.compile(r"%s|#[^\r\n]*" % _STRING)
STDLIB = frozenset(getattr(sys, "stdlib_module_names", ())) | {"__future__", "typing", "typing_extensions"}


def used_names(text: str, candidates: Iterable[str], skip_lines: Dict[str, List[int]]) -> Tuple[str, ...]:
    """Candidates the code mentions somewhere else than the lines in skip_lines."""
    # str.count runs in C: a name the text holds no more often than the lines we know
    # it on is used nowhere else, and most candidates end here
    names = [n for n in sorted(set(candidates)) if text.count(n) > len(skip_lines.get(n, ()))]
    if not names:
        return ()
    # strings and comments out, lines kept: a name there is not a use
    code = _SKIP.sub(lambda m: " " + "\n" * (m.group().count("\n") + m.group().count("\r")
                                              - m.group().count("\r\n")), text)
    line_at = line_index(code)
    expected: Dict[str, List[int]] = {k: sorted(v) for k, v in skip_lines.items()}
    used: Set[str] = set()
    for name in names:
        # str.find and two character tests: no pattern to compile for each name
        pos = code.find(name)
        while pos != -1:
            end = pos + len(name)
            before = code[pos - 1] if pos else " "
            after = code[end] if end < len(code) else " "
            if not (before.isalnum() or before in "_.") and not (after.isalnum() or after == "_"):
                attr = _ATTRIBUTE.match(code, end)
                key = f"{name}.{attr.group(1)}" if attr else name
                if key not in used:
                    line = line_at(pos)
                    for k in (key, name):
                        lines = expected.get(k)
                        if lines and line in lines:
                            lines.remove(line)  # the definition, the import, or a registration read here
                            break
                    else:
                        used.add(key)
            pos = code.find(name, end)
    return tuple(sorted(used))


def import_lines(body: Iterable[cst.CSTNode], line_of, out: Dict[str, List[int]]) -> None:
    for stmt in body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
                    for alias in small.names:
                        if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                            node = alias.asname.name
                            local = node.value
                        else:
                            node = alias.name
                            local = (dotted(node) or "").split(".")[0]
                            while isinstance(node, cst.Attribute):
                                node = node.value
                        out.setdefault(local, []).append(line_of(node))
        elif isinstance(stmt, (cst.If, cst.Try)):
            for block in blocks(stmt):
                import_lines(block, line_of, out)


def module_mutations(text: str, names: Mapping[str, cst.BaseExpression]) -> Tuple[Dict[str, int], List[int]]:
    """How often the text changes each module-level list in place (string mentions included:
    more is only more cautious), and where."""
    out: Dict[str, int] = {}
    offsets: List[int] = []
    for m in _MUTATION.finditer(text):
        before = _NAME_BEFORE.search(text, max(0, m.start() - 80), m.start())
        if before is not None and before.group(1) in names:
            start = before.start(1)
            if start and (text[start - 1] == "." or text[start - 1].isalnum()):
                continue  # `self.tools.append`: an attribute, not the module's list
            out[before.group(1)] = out.get(before.group(1), 0) + 1
            offsets.append(start)
    return out, offsets


def line_index(text: str):
    starts = [0] + [m.end() for m in _LINE_BREAK.finditer(text)]
    return lambda offset: bisect.bisect_right(starts, offset)
