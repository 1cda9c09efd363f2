"""The aggregation as SQL, for logs that live where a query is cheaper than a download:
`--print-query DIALECT` prints it, `--engine duckdb` runs it in-process (the duckdb
package, `pip install 'toollint[duckdb]'`) over the --responses files, and its rows are
read as `--counts` rows are (counts.py).

The query reads every layout payloads.py reads (bare Responses objects, and Responses,
Chat Completions and Anthropic Messages request/response pairs, either side optionally
wrapped as {"body": ...}), one record a line or arrays of them, and applies its rules:
tool names, tool_choice, call items, unfinished responses and lone completions left out,
a response id counted once. What it cannot do as the reader does: malformed lines are
skipped without being reported; when two copies of one response differ, the copy
counted is the first file's by name but any of that file's copies; and a definition's
size is its logged text minified, escapes as written (the reader measures the JSON it
re-encodes; the two agree on ASCII logs written by json.dumps).
"""
from __future__ import annotations

from typing import Sequence

DIALECTS = ("duckdb", "bigquery", "spark")


def query(dialect: str) -> str:
    """The reference SQL in the dialect: DuckDB over files, BigQuery and Spark over a `logs`
    table with a STRING column `record` (README, "Counts aggregated elsewhere")."""
    if dialect == "bigquery":
        from toollint.usage.query_bigquery import BIGQUERY

        return BIGQUERY
    if dialect == "spark":
        from toollint.usage.query_spark import SPARK

        return SPARK
    from toollint.usage.query_duckdb import DUCKDB

    return DUCKDB


def _duckdb_query(files: Sequence[str]) -> str:
    """The query for JSON files, or for Parquet files (a `record` column): not both at once."""
    from toollint.config.settings import ConfigError
    from toollint.usage.query_duckdb import DUCKDB, DUCKDB_PARQUET

    parquet = [f for f in files if f.endswith(".parquet")]
    if parquet and len(parquet) < len(files):
        raise ConfigError("--engine duckdb reads either Parquet files or JSON (Lines) files in one run, not both")
    return DUCKDB_PARQUET if parquet else DUCKDB


def run_duckdb(files: Sequence[str]):
    """The per-tool count rows (dicts, as counts.py reads them) the query gives over the files."""
    from toollint.config.settings import ConfigError

    try:
        import duckdb
    except ImportError:
        raise ConfigError("--engine duckdb needs the duckdb package: pip install 'toollint[duckdb]'") from None
    con = duckdb.connect(":memory:")
    try:
        con.execute("SET enable_progress_bar = false")  # its bar goes to stdout, where the report goes
        con.execute("SET VARIABLE logs = ?", [list(files)])
        cursor = con.execute(_duckdb_query(files))
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]
    except duckdb.Error as e:
        raise ConfigError(f"--engine duckdb: the query failed: {str(e).splitlines()[0]}") from None
    finally:
        con.close()


def duckdb_sample(files: Sequence[str], ids_file):
    from toollint.config.settings import ConfigError
    from toollint.usage.counts import counted_sample

    if ids_file is not None or not files or "-" in files:
        raise ConfigError("--engine duckdb reads --responses files (not - or --openai-response-ids)")
    rows = run_duckdb(files)
    return counted_sample(sorted(set(files)), "--engine duckdb", enumerate(rows, 1))
