"""`sarif`: a SARIF 2.1.0 log, one run, every rule described."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence
from urllib.parse import quote

from toollint import __version__
from toollint.model import Finding
from toollint.report.formats.base import Context, Emitter
from toollint.report.formats.common import RuleDoc, dump, relpath, severity
from toollint.report.formats.fixes import sarif_fixes

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
# The repository (toollint/report/docs.py REPOSITORY), not a package index page: the
# name "toollint" there belongs to another project.
INFORMATION_URI = "https://github.com/toollint-llm/toollint"

_URI_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def _level(code: str) -> str:
    return severity(code, "sarif")


def _rule(code: str, name: str, doc: Optional[RuleDoc]) -> Dict[str, object]:
    summary = doc.summary if doc is not None and doc.summary else name
    full = doc.explanation if doc is not None and doc.explanation else summary
    page = doc.markdown if doc is not None else ""  # viewers show help.markdown where they can
    rule: Dict[str, object] = {
        "id": code,
        "name": doc.name if doc is not None else name,
        "shortDescription": {"text": summary},
        "fullDescription": {"text": full},
        "help": {"text": full, "markdown": page} if page else {"text": full},
        "defaultConfiguration": {"level": _level(code)},
    }
    # helpUri must be an absolute URI; a repo-relative doc path would make viewers choke.
    if doc is not None and doc.help_uri and _URI_SCHEME.match(doc.help_uri):
        rule["helpUri"] = doc.help_uri
    return rule


def _artifact(path: str, root: str) -> Dict[str, object]:
    rel, inside = relpath(path, root)
    if inside:
        # surrogateescape: a non-UTF-8 file name is percent-encoded as its own bytes.
        return {"uri": quote(rel, safe="/", errors="surrogateescape"), "uriBaseId": "%SRCROOT%"}
    # Outside the root there is no base to be relative to: an absolute file URI.
    return {"uri": Path(os.path.abspath(path)).as_uri()}


def _result(f: Finding, rule_index: int, root: str, files: dict) -> Dict[str, object]:
    s = f.span
    region = {
        "startLine": max(s.line, 1),
        "startColumn": max(s.col, 1),
        "endLine": max(s.end_line, s.line, 1),
        "endColumn": max(s.end_col, 1),
    }
    out = {
        "ruleId": f.code,
        "ruleIndex": rule_index,
        "level": _level(f.code),
        "message": {"text": f.message},
        "locations": [{"physicalLocation": {"artifactLocation": _artifact(s.path, root), "region": region}}],
    }
    fixes = sarif_fixes(f, lambda path: _artifact(path, root), files) if f.fix is not None else None
    if fixes:
        out["fixes"] = fixes
    return out


def _log(rules: List[Dict[str, object]], results: List[Dict[str, object]],
         counts: Optional[Mapping[str, int]]) -> Dict[str, object]:
    driver = {"name": "toollint", "version": __version__, "informationUri": INFORMATION_URI, "rules": rules}
    run: Dict[str, object] = {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results}
    if counts is not None:
        # What was checked (files, tools, groups): a log with no results says "clean" only
        # when it also says something was seen.
        run["properties"] = {"toollint": dict(counts)}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


class Sarif(Emitter):
    name = "sarif"
    reads_rule_docs = True  # the run's rule descriptions

    def emit(self, findings: Sequence[Finding], ctx: Context) -> str:
        docs: Mapping[str, RuleDoc] = ctx.docs
        names: Dict[str, str] = {code: doc.name for code, doc in docs.items()}
        for f in findings:
            # A code without a doc still needs a rule entry for ruleIndex to point at.
            names.setdefault(f.code, f.name)
        codes = sorted(names)
        index = {code: i for i, code in enumerate(codes)}
        rules = [_rule(code, names[code], docs.get(code)) for code in codes]
        files: dict = {}
        return dump(_log(rules, [_result(f, index[f.code], ctx.root, files) for f in findings], ctx.counts))
