"""Answers to the rules' costliest pure questions, remembered across runs (issue 22).

Two questions cost more to be able to ask than to answer: whether a description has a
trigger or an exclusion clause needs phrases' two big patterns compiled (~0.02 s), and
jsonschema's verdict on a schema needs jsonschema imported (~0.05 s). A pre-commit run on
an edited tool module asks them again about the same descriptions and schemas, so the
engine loads the last runs' answers from the cache before judging and stores them after
(engine/core.py, cache/store.py); with every answer at hand such a run compiles neither
pattern and never imports jsonschema.

An answer is a pure function of its key: the question and its arguments (the text, the
user's extra phrases), and, through the cache entry's header, toollint's and the rules'
source and jsonschema's install. Findings are the same with or without the cache.
Without one (--no-cache, the editor, the pytest plugin) answers are kept for the process
only, as TL201 kept jsonschema's verdicts before.
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable, Dict, Optional, Sequence

# in-process bounds: a long-lived process (the language server) must not grow without end
_CAP = 100_000
# the entries kept in the cache: what this run asked, then the others, most recently
# asked first; a pre-commit run edits one file of a tree whose descriptions are all known
KEEP = 20_000

_known: Dict[bytes, Any] = {}
_used: Dict[bytes, Any] = {}  # asked in this run (since begin())
_loaded: Dict[bytes, Any] = {}  # what begin() was given
_storing = False  # between begin() and end(): a run whose answers will be stored


def _key(kind: str, args: Sequence[str]) -> bytes:
    # repr tells every string apart (no separator can collide), and a digest keeps the
    # cache entry small whatever the texts' length
    return hashlib.blake2b(repr((kind, *args)).encode("utf-8", "backslashreplace"), digest_size=16).digest()


def recall(kind: str, args: Sequence[str], compute: Callable[[], Any]) -> Any:
    """The answer to `kind` about `args`, computed only when not known. Callers copy a
    mutable answer before handing it on."""
    key = _key(kind, args)
    try:
        value = _known[key]
    except KeyError:
        if len(_known) >= _CAP:
            _known.clear()
        value = _known[key] = compute()
    if len(_used) >= _CAP:
        _used.clear()
    _used[key] = value
    return value


def begin(loaded: Optional[Dict[bytes, Any]]) -> None:
    """Start a run that will store its answers, with those of the last runs."""
    global _loaded, _storing
    _loaded = dict(loaded or {})
    _known.update(_loaded)
    _used.clear()
    _storing = True


def fresh() -> Dict[bytes, Any]:
    """The answers computed since begin(), not loaded (a pool worker sends them back);
    none when no run will store them (a long-lived process without a cache)."""
    if not _storing:
        return {}
    return {k: v for k, v in _used.items() if k not in _loaded}


def merge(answers: Dict[bytes, Any]) -> None:
    _known.update(answers)
    _used.update(answers)


def end() -> Optional[Dict[bytes, Any]]:
    """What to store: None when the run learnt nothing new (nothing is written)."""
    global _loaded, _storing
    loaded, _loaded, _storing = _loaded, {}, False
    if all(k in loaded for k in _used):
        _used.clear()
        return None
    kept = dict(_used)
    _used.clear()
    for key, value in loaded.items():
        if len(kept) >= KEEP:
            break
        kept.setdefault(key, value)
    return kept
