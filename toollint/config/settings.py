"""Settings: defaults, [tool.toollint] in pyproject.toml, and command-line overrides.

Decisions worth knowing (ruff is the model, flake8 where ruff has no opinion):

- Discovery (files.py) finds, for each checked file, the nearest folder above it with
  a `.toollint.toml`, a `toollint.toml` or a pyproject.toml holding a `[tool.toollint]`
  table (in that order of precedence within a folder); pyprojects without it are
  skipped. `extend` chains a config to another, whose values it then overrides.
  A pyproject whose bytes never mention "toollint" is skipped unparsed, so a broken
  pyproject that is not ours (say in a parent folder) cannot stop a run, while a broken
  one that might hold our table is reported rather than silently ignored.
- `--config FILE`: a pyproject.toml is read for `[tool.toollint]` (absent: defaults);
  any other TOML file without that table is read as a bare toollint table, as ruff
  reads ruff.toml.
- Rule selection is layered as ruff layers it: the config file is one layer, the
  command line another. A command-line `select` restarts the selection (the config's
  select, extend-select, ignore and extend-ignore no longer apply); without it the
  command line's extend-select and ignore are applied on top of the config's result,
  so the command line wins every conflict regardless of prefix length.
- Within a layer the longest matching prefix decides; an ignore wins a tie.
- Opt-in rules (known, not on by default: TL002, TL003) are enabled only by their exact
  code or name, never by a prefix, as ruff treats preview rules.
- Every other key: the command line replaces the config value, except
  `extend-exclude`, whose command-line entries are added to the config's.
- Globs (per-file-ignores) are relative to `root`, the config file's folder (else the
  working directory), for config and command line alike.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import (
    Dict,
    Mapping,
    Optional,
    Tuple,
)

if sys.version_info >= (3, 11):
    pass
else:  # pragma: no cover
    pass


DEFAULT_EXCLUDE = (
    ".git", ".hg", ".svn", ".venv", "venv", "__pycache__", "node_modules", "build", "dist",
    ".tox", ".nox", "site-packages", ".mypy_cache", ".ruff_cache", ".pytest_cache",
    ".toollint_cache", "__pypackages__", "_build", "buck-out",
)

OUTPUT_FORMATS = ("concise", "full", "json", "github", "sarif", "gitlab")
TARGETS = ("openai", "anthropic", "mcp")


class ConfigError(Exception):
    """A usage or configuration error: printed as one line, exit code 2."""


@dataclass(frozen=True)
class Selection:
    """One layer of select/ignore choices (the config file, then the command line)."""

    # None: build on the previous layer's result; a tuple restarts the selection from
    # it, an empty one from the rules that are on by default.
    select: Optional[Tuple[str, ...]] = None
    extend_select: Tuple[str, ...] = ()
    ignore: Tuple[str, ...] = ()  # ignore and extend-ignore together


@dataclass(frozen=True)
class Settings:
    select: Tuple[str, ...] = ()  # empty: every rule that is on by default
    extend_select: Tuple[str, ...] = ()
    ignore: Tuple[str, ...] = ()
    extend_ignore: Tuple[str, ...] = ()
    per_file_ignores: Tuple[Tuple[str, Tuple[str, ...]], ...] = ()  # (glob, codes)
    exclude: Tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: Tuple[str, ...] = ()
    force_exclude: bool = False
    respect_gitignore: bool = True  # .gitignore, .git/info/exclude, in a git work tree
    pytest: bool = False  # `pytest` adds toollint's items without --toollint
    output_format: str = "concise"
    target: Optional[str] = None  # openai | anthropic | mcp; None: inferred
    max_tools_per_turn: int = 20
    definitions: Tuple[str, ...] = ("TOOL_DEFINITIONS", "TOOLS")
    handlers: Tuple[str, ...] = ("TOOL_HANDLERS",)
    categories: Tuple[str, ...] = ("TOOL_CATEGORIES",)
    always_include: Tuple[str, ...] = ("ALWAYS_INCLUDE",)
    decorators: Tuple[str, ...] = ()  # extra decorator names that declare a tool
    trigger_phrases: Tuple[str, ...] = ()  # regexes added to what counts as a trigger clause
    exclusion_phrases: Tuple[str, ...] = ()  # regexes added to what counts as an exclusion
    # fixes (issue 20), as ruff's: `fix` is --fix by default; a rule's fix is applied when a
    # `fixable` prefix (default: all) outranks every `unfixable` one; unsafe ones on opt-in
    fix: bool = False
    unsafe_fixes: bool = False
    fixable: Tuple[str, ...] = ()  # empty: every rule
    unfixable: Tuple[str, ...] = ()
    root: str = "."  # folder of the config file, or of the checked paths
    config_path: Optional[str] = None
    # The flat select/ignore fields above are the merged view, for display. A config
    # file and a command line cannot be merged flat without the command line losing
    # prefix-length ties to the config, so load() records the layers and
    # RuleSelection (select.py) reads them; when empty, the flat fields are the only layer.
    selection_layers: Tuple[Selection, ...] = ()


# --- discovery --------------------------------------------------------------------------


def names_to_codes(rules: Mapping[str, str]) -> Dict[str, str]:
    return {name.lower(): code for code, name in rules.items()}


def normalize_code(entry: str, names: Mapping[str, str]) -> str:
    entry = entry.strip()
    return names.get(entry.lower()) or entry.upper()
