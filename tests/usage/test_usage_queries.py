"""The reference query (`--engine duckdb`, `--print-query`) against the reader, record for record (issue 23)."""
from __future__ import annotations

import gzip
import json
import random

import pytest

from varied_logs import lines, records
from toollint.usage.sample import read_sample

duckdb = pytest.importorskip("duckdb")


def _reader_counts(files):
    stats = read_sample(files).tally.stats
    return {name: {"declared": s.declared, "offered": s.offered, "called": s.called_turns, "calls": s.calls,
                   "size": s.size, "characters": s.chars} for name, s in stats.items()}


def _rows_counts(rows):
    return {r["tool"]: {k: int(r[k]) for k in ("declared", "offered", "called", "calls", "size", "characters")}
            for r in rows}


def _logs(tmp_path, count=600, unique=True):
    """Two files (one gzip), one a JSON array document, every layout and edge case."""
    recs = records(count, unique=unique)
    rng = random.Random(5)
    third = len(recs) // 3
    (tmp_path / "a.jsonl").write_text("\n".join(lines(recs[:third], rng)) + "\n")
    (tmp_path / "b.jsonl.gz").write_bytes(gzip.compress(("\n".join(lines(recs[third:2 * third], rng)) + "\n").encode()))
    (tmp_path / "c.json").write_text(json.dumps(recs[2 * third:], indent=1))
    return [str(tmp_path / n) for n in ("a.jsonl", "b.jsonl.gz", "c.json")]


def _disagreements(expected, got):
    names = sorted(set(expected) | set(got))
    return [(n, expected.get(n), got.get(n)) for n in names if expected.get(n) != got.get(n)]


@pytest.mark.parametrize("unique", [True, False], ids=["per-record", "shared-names"])
def test_duckdb_counts_equal_the_reader_record_for_record(tmp_path, unique):
    from toollint.usage.warehouse import run_duckdb

    files = _logs(tmp_path, unique=unique)
    expected = _reader_counts(files)
    assert len(expected) > (800 if unique else 3)  # with unique names, one tool per record and name
    assert _disagreements(expected, _rows_counts(run_duckdb(files))) == []


COLUMNS = ["tool", "declared", "offered", "called", "calls", "size", "characters"]
# Type names and JSON paths differ between dialects; every other literal is a rule of payloads.py.
_DIALECT_WORDS = {"VARCHAR", "OBJECT", "ARRAY", "NULL", "STRING", "VOID", "array", "null", "string", "logs",
                  "json", "variant", "array<variant>", "every", "listed", '["json"]',
                  "size", "offered", "calls"}  # DuckDB's struct keys, aliases elsewhere


def _parsed(dialect):
    sqlglot = pytest.importorskip("sqlglot")
    from toollint.usage.warehouse import query

    return sqlglot.parse_one(query(dialect), read=dialect, error_level=sqlglot.ErrorLevel.RAISE)


def _rule_literals(dialect):
    """The quoted strings of the query, JSON paths split into their keys (`->'a'`, '$.a.b')."""
    import re

    from toollint.usage.warehouse import query

    text = re.sub(r"--[^\n]*", "", query(dialect))
    values = set(re.findall(r"'([^']*)'", text))
    keys = {k for v in values if v.startswith("$.") for k in v[2:].split(".")}
    return {v for v in values | keys if not v.startswith("$") and v not in _DIALECT_WORDS}


@pytest.mark.parametrize("dialect", ["duckdb", "bigquery", "spark"])
def test_each_dialect_parses_and_gives_the_counts_columns(dialect, capsys):
    from test_usage import usage

    tree = _parsed(dialect)
    assert [s.alias_or_name for s in tree.selects] == COLUMNS
    code, out, err = usage(capsys, "--print-query", dialect)
    assert code == 0 and err == "" and "GROUP BY" in out


@pytest.mark.parametrize("dialect", ["bigquery", "spark"])
def test_the_warehouse_dialects_apply_the_duckdb_querys_rules(dialect):
    # Each value a rule tests (call item types, unfinished statuses, tool_choice kinds, the
    # keys that make a {"body": ...} a wrapper, ...) is in both queries, and no other.
    duck, other = _rule_literals("duckdb"), _rule_literals(dialect)
    assert {"server_tool_use", "custom_tool_call", "in_progress", "allowed_tools", "function_call"} <= duck
    assert duck ^ other == set()


def test_parquet_logs_with_a_record_column_count_as_their_json_lines(tmp_path, capsys):
    from test_usage import usage
    from toollint.usage.warehouse import run_duckdb

    recs = records(300)
    (tmp_path / "logs.jsonl").write_text("\n".join(lines(recs, random.Random(9))) + "\n")
    expected = _reader_counts([str(tmp_path / "logs.jsonl")])
    con = duckdb.connect()
    con.execute("CREATE TABLE logs (record VARCHAR)")
    con.executemany("INSERT INTO logs VALUES (?)", [[line] for line in lines(recs, random.Random(9))])
    con.execute(f"COPY logs TO '{tmp_path / 'logs.parquet'}' (FORMAT parquet)")
    assert _disagreements(expected, _rows_counts(run_duckdb([str(tmp_path / "logs.parquet")]))) == []
    code, out, err = usage(capsys, "--engine", "duckdb", "--responses", str(tmp_path / "logs.parquet"),
                           str(tmp_path / "logs.jsonl"))
    assert code == 2 and "either Parquet files or JSON (Lines) files" in err
