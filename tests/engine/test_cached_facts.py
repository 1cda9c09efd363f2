"""The facts extraction gives rebuild from a cache entry, whatever classes they hold.

The cache's unpickler rebuilds only the classes it allows (cache/store.py); a class left
out made its entry a silent miss, so every warm run extracted that file again: until
issue 22 the dispatch calls' CalledSig (tests/projects holds them) cost a one-file run on
the benchmark tree seven extractions of unchanged neighbours."""
from __future__ import annotations

import dataclasses
from typing import Set

from enginecase import REPO
from toollint.config.settings import Settings
from toollint.engine.scan import extract_file


def _classes(obj, out: Set[type], seen: Set[int]) -> None:
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if dataclasses.is_dataclass(obj):
        out.add(type(obj))
        for f in dataclasses.fields(obj):
            _classes(getattr(obj, f.name), out, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for item in obj:
            _classes(item, out, seen)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            _classes(key, out, seen)
            _classes(value, out, seen)


def test_the_facts_of_every_scenario_rebuild_from_the_cache(tmp_path, isolated_cache):
    from toollint.cache.store import Cache

    cache = Cache.open(str(tmp_path), Settings(), True)
    assert cache is not None
    held: Set[type] = set()
    files = sorted((REPO / "tests" / "projects").rglob("*.py")) + sorted((REPO / "examples").rglob("*.py"))
    for n, path in enumerate(files):
        facts = extract_file(str(path), f"m{n}", False, Settings())
        if facts is None:
            continue
        _classes(facts, held, set())
        cache.put(str(path), f"m{n}", False, b"d" * 16, facts)
        assert cache.get(str(path), f"m{n}", False, b"d" * 16) == facts, path
    assert {c.__name__ for c in held} >= {"CalledSig", "ClassFacts", "FunctionSig", "Span"}  # the corpus holds them
