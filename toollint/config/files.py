"""Which configuration file governs a folder, and reading it with what it extends.

As ruff finds its own: in each folder from the file's up, the first of `.toollint.toml`,
`toollint.toml` (both used whatever they hold) and a `pyproject.toml` that has a
`[tool.toollint]` table; the nearest folder that has one wins, and the parents' are not
merged in unless the file says `extend = "../pyproject.toml"` (relative to itself).
"""
from __future__ import annotations

import os
import sys
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from toollint.config.settings import ConfigError

# In one folder the first found wins (ruff: .ruff.toml > ruff.toml > pyproject.toml).
CONFIG_NAMES = (".toollint.toml", "toollint.toml", "pyproject.toml")


def config_in(folder: str) -> Optional[str]:
    """The configuration file of `folder` itself, or None."""
    for name in CONFIG_NAMES:
        candidate = os.path.join(folder, name)
        if name != "pyproject.toml":
            if os.path.isfile(candidate):
                return candidate
            continue
        if os.path.isdir(candidate):
            # not a config anyone can mean, but silently walking past it could pick up
            # another project's settings from a folder further up
            raise ConfigError(f"{candidate}: is a directory, expected a pyproject.toml file")
        if os.path.isfile(candidate) and _declares_table(candidate):
            return candidate
    return None


def find_config(paths: Sequence[str]) -> Optional[str]:
    """The configuration file nearest above paths[0] (or the working folder)."""
    start = paths[0] if paths and paths[0] != "-" else os.getcwd()
    folder = os.path.abspath(start)
    if not os.path.isdir(folder):
        folder = os.path.dirname(folder)
    return nearest_config(folder)


def nearest_config(folder: str, known: Optional[Dict[str, Optional[str]]] = None) -> Optional[str]:
    """The configuration file of `folder` or its nearest parent that has one; `known`
    remembers the answer per folder for a walk that asks for every folder of a tree."""
    seen: List[str] = []
    found: Optional[str] = None
    while True:
        if known is not None and folder in known:
            found = known[folder]
            break
        seen.append(folder)
        found = config_in(folder)
        if found is not None:
            break
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    if known is not None:
        for each in seen:
            known[each] = found
    return found


def _declares_table(path: str) -> bool:
    data = read_bytes(path)
    if b"toollint" not in data:
        return False
    tool = parse_toml(path, data).get("tool")
    return isinstance(tool, dict) and "toollint" in tool


def read_bytes(path: str) -> bytes:
    from toollint.front.read import NotRegularFile, read_regular

    try:
        return read_regular(path)
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory, expected a pyproject.toml file") from None
    except NotRegularFile:
        raise ConfigError(f"{path}: is not a regular file, expected a pyproject.toml file") from None
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror or e}") from None


def parse_toml(path: str, data: bytes) -> Dict[str, object]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ConfigError(f"{path}: invalid TOML: not UTF-8 (byte {e.start + 1})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        if "(at end of document)" in message:
            # tomllib names line and column everywhere except at the very end
            lines = text.split("\n")
            message = message.replace(
                "(at end of document)", f"(at end of document, line {len(lines)}, column {len(lines[-1]) + 1})"
            )
        raise ConfigError(" ".join(f"{path}: invalid TOML: {message}".split())) from None
    except RecursionError:
        raise ConfigError(f"{path}: invalid TOML: nested too deeply") from None


def read_table(path: str) -> Mapping[str, object]:
    """A pyproject's [tool.toollint] (empty when absent); any other file's whole document,
    unless it has that table too (a bare table, as ruff reads ruff.toml)."""
    if os.path.isdir(path):
        raise ConfigError(f"{path}: is a directory, expected a pyproject.toml file")
    doc = parse_toml(path, read_bytes(path))
    tool = doc.get("tool")
    if isinstance(tool, dict) and "toollint" in tool:
        table = tool["toollint"]
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: 'tool.toollint' must be a table, got {table!r:.60}")
        return table
    if os.path.basename(path) == "pyproject.toml":
        return {}
    return doc


def read_chain(path: str) -> List[Tuple[str, Mapping[str, object]]]:
    """(file, table) of `path` and of what it extends, the furthest first, each table
    without its `extend` key; a file reached twice is a cycle (ConfigError)."""
    chain: List[Tuple[str, Mapping[str, object]]] = []
    visited: List[str] = []
    current: Optional[str] = path
    while current is not None:
        real = os.path.realpath(current)
        if real in visited:
            loop = " -> ".join(visited[visited.index(real):] + [real])
            raise ConfigError(f"{path}: 'extend' makes a cycle: {loop}")
        visited.append(real)
        table = dict(read_table(current))
        target = table.pop("extend", None)
        chain.append((current, table))
        if target is None:
            break
        if not isinstance(target, str) or not target.strip():
            raise ConfigError(f"{current}: 'extend' must be the path of a configuration file, got {target!r:.60}")
        nxt = os.path.join(os.path.dirname(os.path.abspath(current)), os.path.expanduser(target))
        if not os.path.exists(nxt):
            raise ConfigError(f"{current}: 'extend' names {target}, which does not exist ({nxt})")
        current = nxt
    chain.reverse()
    return chain
