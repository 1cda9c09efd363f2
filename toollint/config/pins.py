"""The highest version of a framework a project can install, read from its lock and
requirement files, never by importing anything (as ruff infers `target-version` from
`requires-python`).

What a framework sends changed between its versions: fastmcp before 3.2.4 sends the whole
docstring (`inspect.getdoc`), from 3.2.4 on it parses it and sends the summary, the
parameter docs going into the schema (frameworks/fastmcp.py); crewAI sends strict schemas
from 1.10 on (frameworks/crewai.py); google-adk
before 2.0 sends a Gemini Schema and the raw docstring (frameworks/google_adk.py). Most MCP servers lock an
older fastmcp (of the 20 stored held-out repositories with a uv.lock naming fastmcp, 19
lock one before 3.2.4), so reading the newest behaviour into them judges text their
server never sends, or misses text it does (held-out round 49, A).

The project of a file is the nearest folder above it holding one of the files below that
names the framework; the search stops at a repository's root (`.git`). A lock file's
version is exact; a requirement's `==`, `<`, `<=`, `~=`, `^` or `X.*` bounds it from
above; a bare or `>=` requirement bounds nothing, and the newest release is assumed, as a
fresh install gets it.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Dict, Optional, Tuple

Version = Tuple[int, ...]
# (version, inclusive): the highest installable is `version` itself, or just below it
Bound = Tuple[Version, bool]

WATCHED = ("fastmcp", "crewai", "google-adk")
# what a module's text holds when it may use one of them: only such a module asks for its bounds
MENTIONS = tuple(name.partition("-")[0] for name in WATCHED)
_LOCKS = ("uv.lock", "poetry.lock", "pdm.lock")
_REQUIREMENTS = ("requirements.txt", "requirements.in", "pyproject.toml", "setup.cfg")
_READ_AT_MOST = 4 << 20  # a lock file of a large monorepo; anything bigger is not read


def project_bounds(path: str) -> Tuple[Tuple[str, Bound], ...]:
    """(framework, bound) for each watched framework the project of `path` bounds."""
    return _folder_bounds(os.path.dirname(os.path.abspath(path)))


def below(bounds, framework: str, version: Version) -> bool:
    """Whether every version the project can install of `framework` is older than `version`."""
    for name, (top, inclusive) in bounds:
        if name == framework:
            return top < version if inclusive else top <= version
    return False


@lru_cache(maxsize=None)  # one entry a folder: every file of a tree asks (the cache keys on it)
def _folder_bounds(folder: str) -> Tuple[Tuple[str, Bound], ...]:
    found: Dict[str, Bound] = {}
    present = False
    for name in _LOCKS + _REQUIREMENTS:
        text = _read(os.path.join(folder, name))
        if text is None:
            continue
        present = True
        flat = _flat(text)
        for framework in WATCHED:
            if framework not in found and _flat(framework) in flat:
                bound = _locked(text, framework) if name in _LOCKS else _required(text, framework)
                if bound is not None:
                    found[framework] = bound
    if present or os.path.exists(os.path.join(folder, ".git")):
        return tuple(sorted(found.items()))  # the project's own files say it, or say nothing
    parent = os.path.dirname(folder)
    return () if parent == folder else _folder_bounds(parent)


def _flat(text: str) -> str:
    return text.lower().replace("-", "").replace("_", "")


def _read(path: str) -> Optional[str]:
    """The file's text; "" for one too big to read (it is there: the search stops); None if absent."""
    try:
        if os.path.getsize(path) > _READ_AT_MOST:
            return ""
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return None


def _locked(text: str, framework: str) -> Optional[Bound]:
    """`[[package]]\\nname = "fastmcp"\\nversion = "2.13.0.1"` (uv, poetry and pdm alike)."""
    m = re.search(r'^name\s*=\s*"' + _name(framework) + r'"\s*\n(?:[^\[\n][^\n]*\n)*?version\s*=\s*"([^"]+)"',
                  text, re.MULTILINE | re.IGNORECASE)
    version = _version(m.group(1)) if m else None
    return (version, True) if version else None


_SPEC = re.compile(r"(===|==|<=|<|~=|\^|~(?!=))\s*([0-9]+(?:\.[0-9]+)*)(\.\*)?")


def _required(text: str, framework: str) -> Optional[Bound]:
    """The lowest upper bound of the requirements naming `framework`: `fastmcp==2.13.0.1`,
    `"fastmcp>=2.0,<3"`, poetry's `fastmcp = "^2.10"` or `fastmcp = {version = "~2.11"}`."""
    best: Optional[Bound] = None
    pattern = r"(?<![\w.-])" + _name(framework) + r"(?![-_.]?\w)(?:\[[^\]\n]*\])?\s*(?:=\s*\{[^}\n]*?version\s*=\s*|=(?!=)\s*)?" \
        r"[\"']?\s*([^\"'\n;#}]*)"
    for m in re.finditer(pattern, text, re.IGNORECASE):
        for op, number, star in _SPEC.findall(m.group(1)):
            bound = _upper(op, number, bool(star))
            if bound is not None and (best is None or _lower_than(bound, best)):
                best = bound
    return best


def _name(framework: str) -> str:
    """A distribution name as written in any normalisation: livekit-agents, livekit_agents."""
    return "[-_.]".join(re.escape(part) for part in re.split(r"[-_.]", framework))


def _upper(op: str, number: str, star: bool) -> Optional[Bound]:
    version = _version(number)
    if not version:
        return None
    if op in ("==", "===") and star:  # `==2.13.*`
        return version[:-1] + (version[-1] + 1,), False
    if op in ("==", "===", "<="):
        return version, True
    if op == "<":
        return version, False
    if op == "~=" and len(version) >= 2:  # `~=2.13` is `>=2.13, ==2.*`
        return version[:-2] + (version[-2] + 1,), False
    if op == "^":  # poetry: the leftmost non-zero part stays
        first = next((i for i, part in enumerate(version) if part), len(version) - 1)
        return version[:first] + (version[first] + 1,), False
    if op == "~":  # poetry: `~2.11` and `~2.11.3` are `<2.12`, `~2` is `<3`
        bump = 1 if len(version) > 1 else 0
        return version[:bump] + (version[bump] + 1,), False
    return None


def _lower_than(a: Bound, b: Bound) -> bool:
    return a[0] < b[0] or (a[0] == b[0] and not a[1] and b[1])


def _version(text: str) -> Optional[Version]:
    parts = []
    for piece in text.strip().split("."):
        digits = re.match(r"\d+", piece)
        if not digits:
            break
        parts.append(int(digits.group()))
        if digits.end() != len(piece):
            break  # `3.0.0rc1`: the release it leads to
    return tuple(parts) or None
