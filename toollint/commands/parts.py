"""A run split by configuration: the files each configuration file governs are checked
together, as one project rooted at that file's folder, with its settings; and what
`--show-files` and `--show-settings` print about that split."""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
from typing import Dict, List, NamedTuple, Optional, Sequence

from toollint.config.settings import Settings


class Part(NamedTuple):
    settings: Settings
    paths: List[str]  # what the engine is given: the user's paths, or the part's files
    files: Optional[List[str]]  # the files discovery found for it, when it was run here
    walked: bool = False  # `files` is what the engine's own walk of `paths` would find


def partition(paths: Sequence[str], resolve) -> List[Part]:
    """One Part per configuration that governs some of the files under `paths`."""
    from toollint.front.discover import discover

    if resolve.fixed is not None:
        return [Part(resolve.fixed, list(paths), None)]
    first = resolve.for_path(paths[0])
    used = set()

    def settings_for(folder: str) -> Settings:
        settings = resolve.for_folder(folder)
        used.add(settings)
        return settings

    files = discover(paths, first, settings_for=settings_for)
    groups: Dict[Optional[str], List[str]] = {}
    for path in files:
        groups.setdefault(resolve.config_for(os.path.dirname(os.path.abspath(path))), []).append(path)
    if not groups or list(groups) == [first.config_path]:
        # the common case, one configuration: the engine is given the paths, as before,
        # unless a folder had settings of its own (its excludes left none of its files)
        if used <= {first}:
            return [Part(first, list(paths), files, walked=True)]
        return [Part(first, files, files)]
    ordered = sorted(groups.items(), key=lambda item: (item[0] is not None, item[0] or ""))
    return [Part(resolve.load(config), found, found) for config, found in ordered]


def show(args: argparse.Namespace, parts: List[Part], resolve, stdin) -> int:
    from toollint.front.discover import discover

    files = sorted({f for part in parts for f in (part.files if part.files is not None
                                                    else discover(part.paths, part.settings))})
    if stdin is not None:
        files = sorted(set(files) | {stdin[0]})
    if args.show_files:
        for path in files:
            print(path)
        return 0
    target = files[0] if files else (args.paths[0] if args.paths else ".")
    print(settings_text(target, resolve.for_path(target)), end="")
    return 0


def settings_text(target: str, settings: Settings) -> str:
    """What --show-settings prints: the file, the configuration files read (the furthest
    `extend` first), each setting in pyproject's spelling, and the rules that run."""
    from toollint.config.files import read_chain
    from toollint.config.select import selection

    lines = [f"Resolved settings for: {target}"]
    if settings.config_path is None:
        lines.append("Settings path: none (defaults and the command line)")
    else:
        lines.append(f"Settings path: {os.path.abspath(settings.config_path)}")
        chain = [os.path.abspath(path) for path, _ in read_chain(settings.config_path)]
        if len(chain) > 1:
            lines.append("Extends: " + " <- ".join(chain))
    for field in dataclasses.fields(settings):
        if field.name in ("config_path", "selection_layers"):
            continue
        value = getattr(settings, field.name)
        key = field.name.replace("_", "-")
        if field.name == "root":
            value = os.path.abspath(value)
        text = "{}" if field.name == "per_file_ignores" and not value else _toml(value)
        lines.append(f"{key} = {text}")
    lines.append(f"enabled = {_toml(sorted(selection(settings).enabled))}")
    return "\n".join(lines) + "\n"


def _toml(value: object) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        return "{ " + ", ".join(f"{json.dumps(glob)} = {json.dumps(list(codes))}" for glob, codes in value) + " }"
    if isinstance(value, (tuple, list)):
        return json.dumps(list(value))
    return json.dumps(value)
