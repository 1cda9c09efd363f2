"""A file that is one JSON array is read one item at a time (issue 23)."""
from __future__ import annotations

import json
import random

import pytest

from toollint.usage.read import _whole, iter_records


def _pieces(data: bytes, rng: random.Random):
    """The bytes in pieces as sources.Lines hands them on: cut at random, and at each newline."""
    at = 0
    while at < len(data):
        end = min(len(data), at + rng.randrange(1, 5000))
        newline = data.find(b"\n", at, end)
        end = newline + 1 if newline >= 0 else end
        yield data[at:end]
        at = end


RECORDS = [{"id": f"resp_{i}", "text": "x\u00e9\"\\" * random.Random(i).randrange(3000), "n": [i, 1.5e3, True, None]}
           for i in range(60)] + [17, "s", [], {}, -0.25]


@pytest.mark.parametrize("indent", [None, 0, 2, "\t"])
def test_an_array_gives_the_records_and_lines_json_gives(indent):
    data = json.dumps(RECORDS, indent=indent, ensure_ascii=indent is None).encode()
    expected = list(_whole(data))  # json.loads over the whole file, the way it was read before
    for seed in range(3):
        assert list(iter_records(_pieces(data, random.Random(seed)))) == expected


def test_an_array_is_read_as_its_items_are_needed():
    pulled = []

    def pieces():
        yield b"[\n"
        for i in range(1000):
            pulled.append(i)
            yield json.dumps({"n": i, "pad": "x" * 1000}).encode() + (b",\n" if i < 999 else b"\n")
        yield b"]\n"

    records = iter_records(pieces())
    assert next(records)[:2] == (2, {"n": 0, "pad": "x" * 1000})
    assert next(records)[0] == 3
    assert len(pulled) < 150  # read ahead by a bounded buffer (64K characters), not the file
    assert sum(1 for _ in records) == 998


def test_a_bad_item_is_reported_at_its_line_and_the_items_before_it_count():
    data = b'[{"a": 1},\n {"a": 2},\n {"a": 3 4},\n {"a": 5}]\n'
    assert list(iter_records(_pieces(data, random.Random(1)))) == [
        (1, {"a": 1}, None), (2, {"a": 2}, None), (3, None, "Expecting ',' delimiter at column 10")]
    cut = b'[{"a": 1},\n {"a": 2},\n {"a": 3'
    assert list(iter_records([cut]))[-1][0] == 3


def test_json_lines_of_arrays_and_a_first_item_that_is_not_json_read_as_before():
    lines = b'[{"a": 1}, {"a": 2}]\n\n[{"a": 3}]\n{bad\n{"a": 4}\n'
    assert list(iter_records(_pieces(lines, random.Random(2)))) == [
        (1, {"a": 1}, None), (1, {"a": 2}, None), (3, {"a": 3}, None), (4, None, "Expecting property name "
        "enclosed in double quotes at column 2"), (5, {"a": 4}, None)]
    broken = b'[bad\n{"a": 1}\n'  # not an array after all: a malformed line, then JSON Lines
    assert list(iter_records([broken])) == list(_whole(broken))


class _Terminal:
    """A stderr that says it is a terminal and keeps what is written."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def _log(path, n):
    line = json.dumps({"id": "resp_{}", "object": "response", "status": "completed", "tool_choice": "auto",
                       "tools": [{"type": "function", "name": "search", "parameters": {}}], "output": []})
    path.write_text("".join(line.replace("resp_{}", f"resp_{i}") + "\n" for i in range(n)))


def test_a_progress_bar_on_a_terminal_only(tmp_path, monkeypatch):
    import sys

    from toollint.usage import progress
    from toollint.usage.sample import read_sample

    _log(tmp_path / "a.jsonl", 5000)
    size = (tmp_path / "a.jsonl").stat().st_size
    monkeypatch.setattr(progress, "DELAY", 0.0)  # the bar waits 2 s before it shows
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert read_sample([str(tmp_path / "a.jsonl")]).tally.turns == 5000
    assert "toollint: reading payloads" in terminal.text
    from tqdm import tqdm

    assert f"/{tqdm.format_sizeof(size, divisor=1024)} [" in terminal.text  # the file's size is the total

    class _Pipe(_Terminal):
        def isatty(self):
            return False

    pipe = _Pipe()
    monkeypatch.setattr(sys, "stderr", pipe)
    assert read_sample([str(tmp_path / "a.jsonl")]).tally.turns == 5000
    assert pipe.text == ""
