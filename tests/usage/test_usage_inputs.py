"""`toollint usage` inputs at scale: streaming, compressed files, folders, stdin (issue 23)."""
from __future__ import annotations

import gzip
import io
import json
import sys

import pytest

from usagecase import payload, scenario, usage, write_jsonl
from toollint.usage.read import iter_records


def _report(capsys, *argv):
    code, out, err = usage(capsys, *argv, "--output-format", "json")
    data = json.loads(out)
    return code, data, err


def _same_counts(a, b):
    def counts(data):  # the locations differ with the files, nothing else may
        return [{k: v for k, v in t.items() if k != "first_declared"} for t in data["tools"]]

    assert counts(a) == counts(b)
    assert a["sample"]["turns"] == b["sample"]["turns"] and a["dead_weight"] == b["dead_weight"]


def test_records_are_read_one_line_at_a_time():
    pulled = []

    def lines():
        for i in range(1000):
            pulled.append(i)
            yield json.dumps({"n": i}).encode() + b"\n"

    records = iter_records(lines())
    assert next(records) == (1, {"n": 0}, None)
    assert len(pulled) == 1  # nothing ahead of the record handed on is held
    assert next(records) == (2, {"n": 1}, None) and len(pulled) == 2


def test_gzip_zstandard_folder_and_stdin_report_what_the_plain_file_does(project, capsys, monkeypatch):
    zstandard = pytest.importorskip("zstandard")
    records = scenario("openai-chat")
    write_jsonl(project / "plain.jsonl", records)
    data = (project / "plain.jsonl").read_bytes()
    (project / "logs").mkdir()
    (project / "logs" / "part1.jsonl.gz").write_bytes(gzip.compress(data[: data.index(b"\n", len(data) // 2) + 1]))
    (project / "logs" / "part2.jsonl.zst").write_bytes(
        zstandard.ZstdCompressor().compress(data[data.index(b"\n", len(data) // 2) + 1:]))
    (project / "named-wrong.jsonl").write_bytes(gzip.compress(data))  # recognised by its first bytes
    code, plain, _ = _report(capsys, "--responses", "plain.jsonl")
    for argv in (["--responses", "logs"], ["--responses", "named-wrong.jsonl"], ["logs/part1.jsonl.gz", "--responses",
                                                                                 "logs/part2.jsonl.zst"]):
        assert _report(capsys, *argv)[0] == code
        got = _report(capsys, *argv)[1]
        _same_counts(got, plain)
    assert _report(capsys, "--responses", "logs")[1]["sample"]["files"] == ["logs/part1.jsonl.gz",
                                                                            "logs/part2.jsonl.zst"]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(gzip.compress(data))))
    code, piped, _ = _report(capsys, "--responses", "-")
    _same_counts(piped, plain)
    assert piped["sample"]["files"] == ["<stdin>"]


def test_a_gzip_file_cut_short_is_reported_and_the_rest_analysed(project, capsys):
    records = scenario("anthropic")
    write_jsonl(project / "whole.jsonl", records, extra_lines=["{broken"])
    blob = gzip.compress((project / "whole.jsonl").read_bytes())
    (project / "cut.jsonl.gz").write_bytes(blob[: len(blob) * 2 // 3])
    write_jsonl(project / "other.jsonl", scenario("anthropic", prefix="o"))
    code, data, err = _report(capsys, "--responses", "cut.jsonl.gz", "other.jsonl")
    cut = [s for s in data["sample"]["skipped"] if s["kind"] == "cut-short"]
    assert len(cut) == 1 and cut[0]["file"] == "cut.jsonl.gz"
    read = cut[0]["line"]
    assert 0 < read < len(records)
    assert data["sample"]["turns"] == read + len(records)  # every whole line before the cut, and the other file
    assert f"toollint: warning: cut.jsonl.gz:{read}: stopped reading: the gzip stream stops after line {read:,}" in err
    assert "skipped: 1 cut short" in usage(capsys, "--responses", "cut.jsonl.gz", "other.jsonl")[1].splitlines()[0]

    # Members in a row and zero padding after them are one whole file, as gzip reads it.
    data = (project / "whole.jsonl").read_bytes()
    half = data.index(b"\n", len(data) // 2) + 1
    (project / "members.jsonl.gz").write_bytes(gzip.compress(data[:half]) + gzip.compress(data[half:]) + b"\0" * 512)
    code, whole, err = _report(capsys, "--responses", "members.jsonl.gz")
    assert whole["sample"]["turns"] == len(records) and "stopped reading" not in err

    (project / "stub.jsonl.gz").write_bytes(blob[:15])
    code, out, err = usage(capsys, "--responses", "stub.jsonl.gz")
    assert code == 2 and out == ""
    assert err.startswith("toollint: error: stub.jsonl.gz: no usable payload (the gzip stream stops after line 0")


def test_malformed_lines_in_a_compressed_file_keep_their_line_numbers(project, capsys):
    lines = [json.dumps(r) for r in scenario("openai-responses")]
    lines[4:4] = ["{not json", ""]
    (project / "logs.jsonl.gz").write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))
    code, data, err = _report(capsys, "--responses", "logs.jsonl.gz")
    assert [(s["line"], s["kind"]) for s in data["sample"]["skipped"]] == [(5, "malformed")]
    assert "logs.jsonl.gz:5: malformed JSON line skipped: Expecting property name" in err
    assert data["sample"]["turns"] == 210


def test_zstandard_missing_is_a_clear_error(project, capsys, monkeypatch):
    (project / "logs.jsonl.zst").write_bytes(b"\x28\xb5\x2f\xfd" + b"\0" * 16)
    monkeypatch.setitem(sys.modules, "zstandard", None)
    code, out, err = usage(capsys, "--responses", "logs.jsonl.zst")
    assert code == 2 and out == ""
    assert err == ("toollint: error: logs.jsonl.zst: is zstandard-compressed; reading it needs the zstandard "
                   "package: pip install 'toollint[zstd]'\n")


def test_a_folder_with_source_is_still_source(project, capsys):
    write_jsonl(project / "agent" / "logs.jsonl", scenario("anthropic"))
    code, out, err = usage(capsys, "--responses", "agent")
    assert code == 2 and "usage needs payloads" in err
    code, out, err = usage(capsys, "--responses", "agent/logs.jsonl", "agent")
    assert code == 1 and "TL401" in out  # findings at the definitions: agent/ was taken as source


def test_duplicates_across_a_compressed_and_a_plain_file_count_once(project, capsys):
    turns = scenario("openai-responses")
    write_jsonl(project / "b.jsonl", turns[100:] + turns[:2])
    write_jsonl(project / "a.jsonl", turns[:100])
    (project / "a.jsonl.gz").write_bytes(gzip.compress((project / "a.jsonl").read_bytes()))
    (project / "a.jsonl").unlink()
    code, data, _ = _report(capsys, "--responses", "b.jsonl", "a.jsonl.gz")
    assert data["sample"]["turns"] == 210
    assert [(s["file"], s["kind"]) for s in data["sample"]["skipped"]] == [("b.jsonl", "duplicate")] * 2


def test_jobs_report_byte_for_byte_what_one_process_does(project, capsys):
    turns = scenario("anthropic") + scenario("openai-responses", prefix="r")
    turns[3]["response"]["content"].append({"type": "tool_use", "id": "x", "name": "ghost", "input": {}})
    for i in range(5):
        write_jsonl(project / f"part{i}.jsonl", turns[i::5], extra_lines=["{bad"] if i == 2 else ())
    write_jsonl(project / "repeats.jsonl", turns[7:12])  # responses already in the parts: read again here
    (project / "part3.jsonl.gz").write_bytes(gzip.compress((project / "part3.jsonl").read_bytes()))
    (project / "part3.jsonl").unlink()
    files = ["repeats.jsonl", "part4.jsonl", "part0.jsonl", "part1.jsonl", "part2.jsonl", "part3.jsonl.gz"]
    for extra in (["--output-format", "json"], [], ["agent"]):
        one = usage(capsys, "--responses", *files, *extra)
        assert usage(capsys, "-j", "3", "--responses", *files, *extra) == one
    data = json.loads(usage(capsys, "-j", "2", "--responses", *files, "--output-format", "json")[1])
    assert data["sample"]["turns"] == len(turns)
    assert [s["kind"] for s in data["sample"]["skipped"]].count("duplicate") == 5


def _counts_files(project, tools):
    import csv

    rows = [{"tool": t["name"], "declared": t["declared"], "offered": t["offered"], "called": t["called_turns"],
             "calls": t["calls"], "size": t["size"], "characters": t["characters_sent"]} for t in tools]
    with open(project / "counts.csv", "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        # Split in two partitions, as per-day query results concatenated: rows add up.
        for row in rows:
            half = {k: (v // 2 if k not in ("tool", "size") else v) for k, v in row.items()}
            rest = {k: (v - half[k] if k not in ("tool", "size") else v) for k, v in row.items()}
            if half["called"] > half["offered"] or half["offered"] > half["declared"] or half["calls"] < half["called"]:
                half, rest = row, {**{k: 0 for k in row}, "tool": row["tool"], "size": row["size"]}
            writer.writerow(half)
            writer.writerow(rest)
    (project / "counts.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_counts_report_what_the_payloads_do(project, capsys):
    turns = scenario("anthropic")
    turns[3]["response"]["content"].append({"type": "tool_use", "id": "x", "name": "ghost", "input": {}})
    write_jsonl(project / "logs.jsonl", turns)
    code, direct, _ = _report(capsys, "--responses", "logs.jsonl")
    _counts_files(project, direct["tools"])
    table = usage(capsys, "--responses", "logs.jsonl")[1].splitlines()
    at_source = usage(capsys, "--responses", "logs.jsonl", "agent")
    for name in ("counts.csv", "counts.jsonl"):
        got_code, got, _ = _report(capsys, "--counts", name)
        assert got_code == code
        _same_counts_but_turns(got, direct)
        assert got["sample"]["turns"] is None and got["crowding"]["at"] is None and got["orphan_calls"] == []
        # The table, claims, repairs and dead weight are the same lines; what needs turns is not said.
        counted = usage(capsys, "--counts", name)[1].splitlines()
        assert counted[0] == f"sample: per-tool counts of 6 tools from {name}; --min-offered 50, --rare 1%"
        assert counted[1:-1] == table[1:-3]
        assert counted[-1] == table[-3] and counted[-1].startswith("dead weight:")
        code2, out, err = usage(capsys, "--counts", name, "agent")
        assert code2 == at_source[0] and out == "".join(
            line + "\n" for line in at_source[1].splitlines() if not line.startswith("logs.jsonl"))


def _same_counts_but_turns(a, b):
    def counts(data):
        return [{k: v for k, v in t.items() if k != "first_declared"} for t in data["tools"]]

    assert counts(a) == counts(b) and a["dead_weight"] == b["dead_weight"]


@pytest.mark.parametrize("text, why", [
    ("tool,offered,called\nsearch,10,11\n", "counts.csv:2: counts for 'search' do not add up"),
    ("tool,offered\nsearch,10\n", "counts.csv:2: no 'called' count"),
    ("tool,offered,called\nsearch,ten,1\n", "counts.csv:2: 'offered' is 'ten', expected a count"),
    ('{"tool": "search", "offered": 3, "called": 1.5}\n', "counts.csv:1: 'called' is 1.5, expected a count"),
    ('{"offered": 3, "called": 1}\n', "counts.csv:1: no tool name"),
    ("tool,offered,called\n", "counts.csv: no per-tool counts"),
])
def test_bad_counts_are_a_clear_error(project, capsys, text, why):
    (project / "counts.csv").write_text(text)
    code, out, err = usage(capsys, "--counts", "counts.csv")
    assert code == 2 and out == "" and err.startswith(f"toollint: error: {why}")
    write_jsonl(project / "logs.jsonl", scenario("anthropic"))
    code, out, err = usage(capsys, "--counts", "counts.csv", "--responses", "logs.jsonl")
    assert code == 2 and "--counts replaces the payloads" in err


def _responses_logs(project):
    turns = scenario("openai-responses")
    turns.append(dict(turns[0]))  # logged twice: counted once both ways
    turns[5]["tool_choice"] = {"type": "allowed_tools", "mode": "auto",
                               "tools": [{"type": "function", "name": "merge_accounts"}]}
    turns[6]["tool_choice"] = {"type": "file_search"}  # a hosted tool forced: no named tool offered
    turns[8]["tools"].append({"type": "custom", "name": "grammar_tool", "description": "free-form input"})
    turns[8]["output"].append({"type": "custom_tool_call", "call_id": "g", "name": "grammar_tool", "input": ""})
    turns[9]["status"] = "failed"
    turns[10]["tools"].append({"type": "web_search"})  # hosted, no name: left out both ways
    turns.append(payload("openai-responses", "z1", ["search_orders", "lonely"], ["lonely", "lonely"], choice="none"))
    write_jsonl(project / "a.jsonl", turns[:120], extra_lines=["{bad"])
    write_jsonl(project / "b.jsonl", turns[120:])
    (project / "b.jsonl.gz").write_bytes(gzip.compress((project / "b.jsonl").read_bytes()))
    (project / "b.jsonl").unlink()
    return ["a.jsonl", "b.jsonl.gz"]


def test_the_duckdb_query_counts_what_the_reader_counts(project, capsys):
    pytest.importorskip("duckdb")
    files = _responses_logs(project)
    _, direct, _ = _report(capsys, "--responses", *files)
    code, queried, _ = _report(capsys, "--engine", "duckdb", "--responses", *files)
    _same_counts_but_turns(queried, direct)
    assert {t["name"] for t in direct["tools"]} >= {"grammar_tool", "lonely"}
    assert queried["sample"]["files"] == files and queried["sample"]["turns"] is None
    # The printed query is the one run: run it by hand and read its rows as --counts.
    import duckdb

    con = duckdb.connect()
    con.execute("SET VARIABLE logs = ?", [files])
    cursor = con.execute(usage(capsys, "--print-query", "duckdb")[1])
    names = [d[0] for d in cursor.description]
    (project / "counts.jsonl").write_text("".join(json.dumps(dict(zip(names, r))) + "\n" for r in cursor.fetchall()))
    _same_counts_but_turns(_report(capsys, "--counts", "counts.jsonl")[1], direct)


def test_the_duckdb_engine_missing_or_misused_is_a_clear_error(project, capsys, monkeypatch):
    files = _responses_logs(project)
    code, out, err = usage(capsys, "--engine", "duckdb", "--openai-response-ids", "ids.txt")
    assert code == 2 and "--engine duckdb reads --responses files" in err
    monkeypatch.setitem(sys.modules, "duckdb", None)
    code, out, err = usage(capsys, "--engine", "duckdb", "--responses", *files)
    assert code == 2 and out == ""
    assert err == "toollint: error: --engine duckdb needs the duckdb package: pip install 'toollint[duckdb]'\n"


def test_jobs_with_stdin_among_the_files(project, capsys, monkeypatch):
    turns = scenario("openai-responses")
    write_jsonl(project / "a.jsonl", turns[:100])
    write_jsonl(project / "c.jsonl", turns[150:] + turns[:1])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        ("".join(json.dumps(t) + "\n" for t in turns[100:150])).encode())))
    code, data, _ = _report(capsys, "-j", "2", "--responses", "a.jsonl", "-", "c.jsonl")
    assert data["sample"]["files"] == ["<stdin>", "a.jsonl", "c.jsonl"]
    assert data["sample"]["turns"] == 210
    assert [(s["file"], s["kind"]) for s in data["sample"]["skipped"]] == [("c.jsonl", "duplicate")]
