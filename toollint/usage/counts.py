"""`--counts FILE`: per-tool counts aggregated elsewhere (a warehouse query over the logs),
read into the same counters the payload reader fills, so every verdict, claim and the
dead weight are what the payloads themselves would give.

CSV with a header, or JSON Lines of objects, one row per tool (rows naming the same tool
are added up, so per-day or per-partition results can be concatenated):

  tool        the tool's name (also accepted: name)
  declared    turns whose request declared it (default: offered)
  offered     of those, turns whose tool_choice let the model pick it
  called      of those, turns in which it was called
  calls       calls in every turn that declared it (default: called)
  size        characters of its largest definition as compact JSON (default: 0)
  characters  characters sent for it over the sample (default: size x declared)

Counts carry no turn: providers, the widest turn, orphan calls and payload locations are
not known from them and are not reported.
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, Iterator, Optional, Sequence, Tuple

from toollint.usage.read import Sample
from toollint.usage.tally import ToolStats

_FIELDS = ("declared", "offered", "called", "calls", "size", "characters")


def _rows(path: str, text: str) -> Iterator[Tuple[int, Dict[str, Any]]]:
    import csv
    import json

    from toollint.config.settings import ConfigError

    if text.lstrip().startswith("{"):
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError as e:
                raise ConfigError(f"{path}:{number}: not a JSON object: {e}") from None
            if not isinstance(row, dict):
                raise ConfigError(f"{path}:{number}: not a JSON object but {type(row).__name__}")
            yield number, row
        return
    reader = csv.DictReader(text.splitlines())
    for row in reader:
        yield reader.line_num, {k.strip().lower(): v for k, v in row.items() if isinstance(k, str)}


def _count(path: str, number: int, row: Dict[str, Any], key: str, default: Optional[int]) -> int:
    from toollint.config.settings import ConfigError

    value = row.get(key)
    if value is None or value == "":
        if default is None:
            raise ConfigError(f"{path}:{number}: no '{key}' count (columns: tool, offered, called; optionally "
                              "declared, calls, size, characters)")
        return default
    try:
        n = int(value) if not isinstance(value, bool) else -1
    except (TypeError, ValueError):
        n = -1
    if isinstance(value, float) and value != int(value) or n < 0:
        raise ConfigError(f"{path}:{number}: '{key}' is {value!r}, expected a count (a whole number, 0 or more)")
    return n


def _stats(path: str, number: int, row: Dict[str, Any]) -> ToolStats:
    from toollint.config.settings import ConfigError

    name = row.get("tool", row.get("name"))
    if not isinstance(name, str) or not name:
        raise ConfigError(f"{path}:{number}: no tool name (a 'tool' column)")
    offered = _count(path, number, row, "offered", None)
    called = _count(path, number, row, "called", None)
    declared = _count(path, number, row, "declared", offered)
    calls = _count(path, number, row, "calls", called)
    size = _count(path, number, row, "size", 0)
    chars = _count(path, number, row, "characters", size * declared)
    if not called <= offered <= declared or calls < called:
        raise ConfigError(f"{path}:{number}: counts for {name!r} do not add up: expected called <= offered <= "
                          f"declared and calls >= called, got declared {declared}, offered {offered}, called "
                          f"{called}, calls {calls}")
    return ToolStats(name, declared=declared, offered=offered, called_turns=called, calls=calls, size=size,
                     chars=chars)


def read_counts(path: str) -> Sample:
    from toollint.config.settings import ConfigError
    from toollint.usage.read import read_bytes

    try:
        text = read_bytes(path).decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ConfigError(f"{path}: not UTF-8 (byte {e.start + 1})") from None
    return counted_sample([path], path, _rows(path, text))


def counted_sample(files: Sequence[str], source: str, rows: Iterable[Tuple[int, Dict[str, Any]]]) -> Sample:
    """The sample of per-tool count rows ((line, row) pairs; source names them in errors)."""
    from toollint.config.settings import ConfigError

    sample = Sample(files=list(files), aggregated=True)
    stats = sample.tally.stats
    for number, row in rows:
        s = _stats(source, number, row)
        if s.name in stats:
            t = stats[s.name]
            t.declared, t.offered, t.called_turns = t.declared + s.declared, t.offered + s.offered, t.called_turns + s.called_turns
            t.calls, t.chars, t.size = t.calls + s.calls, t.chars + s.chars, max(t.size, s.size)
        else:
            stats[s.name] = s
    if not stats:
        raise ConfigError(f"{source}: no per-tool counts (a CSV header and rows, or JSON Lines of objects)")
    return sample
