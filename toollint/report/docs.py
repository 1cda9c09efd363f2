"""Where a rule's documentation lives: its page in rules/ as shipped, and its URL.

Until the documentation is hosted elsewhere, a rule's URL is its page in the repository
at the release tag of this version, so a link in a SARIF log or the JSON output shows
the text of the toollint that wrote it.
"""
from __future__ import annotations

import os
import re
from typing import Dict

from toollint import __version__
from toollint.report.formats.common import RuleDoc

# The canonical repository (pyproject.toml's [project.urls] names the same one).
REPOSITORY = "https://github.com/toollint-llm/toollint"

_SECTION = re.compile(r"^## (.+?)\s*$", re.M)


def rule_url(page_name: str) -> str:
    """The URL of a rule page, `page_name` being its file name in rules/."""
    return f"{REPOSITORY}/blob/v{__version__}/rules/{page_name}"


def what_it_does(markdown: str) -> str:
    """The page's "What it does" section as one paragraph of plain text ("" if none)."""
    parts = _SECTION.split(markdown)
    for title, body in zip(parts[1::2], parts[2::2]):
        if title.lower() == "what it does":
            return " ".join(body.split())
    return ""


def rule_docs() -> Dict[str, RuleDoc]:
    """Code -> RuleDoc of every rule, with its page as `toollint rule` shows it (imports every rule)."""
    from toollint.commands.rule import page
    from toollint.rulekit.registry import all_rules, doc_path

    docs = {}
    for code, rule in all_rules().items():
        text = page(code)
        docs[code] = RuleDoc(code, rule.name, rule.summary, rule_url(os.path.basename(doc_path(code))),
                             explanation=what_it_does(text), markdown=text)
    return docs
