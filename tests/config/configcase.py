"""What the configuration tests share: a small rule catalogue, pyproject writers and loaders."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from toollint.config.settings import ConfigError, Settings
from toollint.config.load import load
from toollint.config.select import RuleSelection


RULES = {
    "TL001": "syntax-error",
    "TL002": "unresolved-definition",
    "TL003": "unused-noqa",
    "TL101": "missing-description",
    "TL102": "description-reads-like-signature",
    "TL103": "missing-trigger-clause",
    "TL104": "missing-exclusion-clause",
    "TL201": "invalid-input-schema",
    "TL203": "nullable-required",
    "TL301": "invalid-tool-name",
    "TL307": "crowded-turn",
}
OPT_IN = {"TL002", "TL003"}
DEFAULT_ON = frozenset(RULES) - OPT_IN


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def pyproject(folder: Path, body: str) -> Path:
    return write(folder / "pyproject.toml", "[tool.toollint]\n" + textwrap.dedent(body))


def load_file(path, **overrides) -> Settings:
    return load(str(path), isolated=False, overrides=overrides, rules=RULES)


def cli(**overrides) -> Settings:
    return load(None, isolated=False, overrides=overrides, rules=RULES)


def config_error(path, **overrides) -> str:
    with pytest.raises(ConfigError) as info:
        load(None if path is None else str(path), isolated=False, overrides=overrides, rules=RULES)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def selected(settings: Settings) -> set:
    return set(RuleSelection(settings, RULES, DEFAULT_ON).enabled)
