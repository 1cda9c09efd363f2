"""`toollint usage` in memory with a ceiling (issue 23): what a sample remembers of its
response ids and of its skipped records does not grow with the input beyond fixed
bounds, and the report says when deduplication stopped being exact."""
from __future__ import annotations

import json
import random

import pytest

from toollint.commands.cli import main
from toollint.usage import dedup, problems
from toollint.usage.dedup import SeenIds


def _usage(capsys, *argv):
    code = main(["usage", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _record(rid: str, called: bool) -> dict:
    output = [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]}]
    if called:
        output.append({"type": "function_call", "call_id": "c", "name": "search_orders", "arguments": "{}"})
    tools = [{"type": "function", "name": n, "description": "Finds it. Use this when asked.",
              "parameters": {"type": "object", "properties": {}}} for n in ("search_orders", "export_invoices")]
    return {"id": rid, "object": "response", "status": "completed", "tool_choice": "auto", "tools": tools,
            "output": output}


@pytest.fixture
def logs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


def test_ids_are_remembered_exactly_within_the_window():
    rng = random.Random(7)
    keys = [rng.getrandbits(64) for _ in range(5000)]
    seen = SeenIds(bits=14)  # a window of 9,830 ids: all of them fit
    assert all(seen.add(k) for k in keys)
    assert not any(seen.add(k) for k in keys)  # every repeat is recognised...
    assert len(seen) == 5000 and seen.forgotten == 0
    assert seen.add(0) and not seen.add(0)  # ...the zero digest included (0 marks an empty slot)


def test_memory_has_a_ceiling_and_the_oldest_ids_are_forgotten():
    seen = SeenIds(bits=8)  # 153 ids a generation
    keys = list(range(1, 2001))
    for k in keys:
        assert seen.add(k)
    tables = [t for t in (seen.current, seen.previous) if t is not None]
    assert all(len(t.slots) <= 256 for t in tables)  # never more than 2 generations of 2**8 slots
    assert len(seen) <= 2 * seen.window
    assert seen.forgotten == 2000 - len(seen) > 0
    assert not seen.add(2000) and not seen.add(2000 - seen.window + 1)  # the last window is exact
    assert seen.add(1)  # the first id was forgotten: it counts again


def test_a_repeat_met_when_the_newest_generation_is_full_is_no_new_id():
    seen = SeenIds(bits=8)
    for k in range(1, seen.window + 1):  # exactly one full generation
        assert seen.add(k)
    assert not seen.add(seen.window)  # still known: no rotation, nothing forgotten
    assert seen.previous is None and seen.forgotten == 0 and len(seen) == seen.window


def test_one_process_and_workers_remember_the_same_ids():
    first, second = SeenIds(bits=10), SeenIds(bits=10)
    for k in range(1, 300):
        first.add(k)
    for k in range(250, 500):
        second.add(k)
    assert first.meets(second) and not first.meets(SeenIds(bits=10))
    first.update(second)
    assert len(first) == 499 and all(k in first for k in range(1, 500))


def test_repeats_further_apart_than_the_window_are_said(logs, capsys, monkeypatch):
    lines = [json.dumps(_record(f"resp_{i}", i % 2 == 0)) for i in range(400)]
    (logs / "logs.jsonl").write_text("\n".join(lines + lines) + "\n")  # every response logged twice
    code, out, err = _usage(capsys, "--responses", "logs.jsonl", "--output-format", "json")
    exact = json.loads(out)
    assert exact["sample"]["turns"] == 400 and exact["sample"]["response_ids_forgotten"] == 0
    assert exact["sample"]["skipped_counts"] == {"duplicate": 400}

    monkeypatch.setattr(dedup, "WINDOW_BITS", 6)  # 38 ids a generation: the copies are 400 apart
    code, out, err = _usage(capsys, "--responses", "logs.jsonl", "--output-format", "json")
    windowed = json.loads(out)
    assert windowed["sample"]["turns"] == 800 and windowed["sample"]["response_ids_forgotten"] > 0
    code, out, err = _usage(capsys, "--responses", "logs.jsonl")
    assert "response ids forgotten" in out and "--engine duckdb deduplicates exactly" in out


def test_skipped_records_are_all_counted_but_only_the_first_kept(logs, capsys, monkeypatch):
    monkeypatch.setattr(problems, "KEPT", 50)
    good = [json.dumps(_record(f"resp_{i}", True)) for i in range(10)]
    for name in ("a.jsonl", "b.jsonl"):
        (logs / name).write_text("\n".join(good + ["{not json"] * 70) + "\n")
    outputs = []
    for jobs in ("1", "2"):
        code, out, err = _usage(capsys, "-j", jobs, "--responses", "a.jsonl", "b.jsonl", "--output-format", "json")
        outputs.append(out)
        data = json.loads(out)
        assert data["sample"]["skipped_counts"] == {"duplicate": 10, "malformed": 140}
        malformed = [s for s in data["sample"]["skipped"] if s["kind"] == "malformed"]
        assert len(malformed) == 50 and malformed[0] == {"file": "a.jsonl", "line": 11, "kind": "malformed",
                                                         "detail": malformed[0]["detail"]}
        assert "140 malformed JSON lines" not in err  # the files are usable: a warning, not an error
        assert "(140 malformed records in all)" in err
    assert outputs[0] == outputs[1]


def test_a_file_of_nothing_but_malformed_lines_still_names_the_first(logs, capsys, monkeypatch):
    monkeypatch.setattr(problems, "KEPT", 5)
    (logs / "bad.jsonl").write_text("{\n" * 30)
    code, out, err = _usage(capsys, "--responses", "bad.jsonl")
    assert code == 2
    assert "bad.jsonl: no usable payload (" in err and "30 malformed JSON lines, the first at line 1:" in err
