"""The rule catalogue: every Rule subclass in the toollint.rules package, by code."""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Dict, List

from toollint.rulekit.rule import Rule


@lru_cache(maxsize=1)
def all_rules() -> Dict[str, Rule]:
    import toollint.rules as package

    found: Dict[str, Rule] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.name.startswith("tl"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, Rule) and obj is not Rule and obj.code:
                found[obj.code] = obj()
    return dict(sorted(found.items()))


def rule_names() -> Dict[str, str]:
    """Code -> name, from the rule modules' file names (`tl102_reads_like_signature.py`),
    without importing them: a run that judges nothing (an unchanged tree, or no file that
    can hold a tool) never compiles the rules' patterns. tests/commands/test_catalogue.py holds it
    to all_rules()."""
    import toollint.rules as package

    found = {}
    for info in pkgutil.iter_modules(package.__path__):
        code, _, name = info.name.partition("_")
        if code.startswith("tl") and name:
            found[code.upper()] = name.replace("_", "-")
    return dict(sorted(found.items()))


def by_name() -> Dict[str, str]:
    return {rule.name: code for code, rule in all_rules().items()}


def doc_path(code: str) -> str:
    import os

    import toollint.rules as package

    rule = all_rules()[code]
    return os.path.join(os.path.dirname(package.__file__), f"{code.lower()}_{rule.name.replace('-', '_')}.md")


def codes() -> List[str]:
    return list(all_rules())
