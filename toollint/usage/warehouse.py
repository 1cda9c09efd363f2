"""The aggregation as SQL, for logs that live where a query is cheaper than a download:
`--print-query duckdb` prints it, `--engine duckdb` runs it in-process (the duckdb
package, `pip install 'toollint[duckdb]'`) over the --responses files, and its rows are
read as `--counts` rows are (counts.py).

The query covers OpenAI Responses objects, one a line (JSON Lines, plain or compressed,
as `read_json_objects` reads them): the layout that carries tools, tool_choice and calls
in one record. It follows payloads.py: tools named by `name`, `function.name` or
`custom.name`; tool_choice none / auto / required / allowed_tools / a named tool; calls
as function_call and custom_tool_call items; failed, cancelled and unfinished responses
left out; a response id counted once. What it cannot do as the reader does: malformed
lines are skipped without being reported, request/response pairs are not read, and a
definition's size is its minified logged text, escapes as written (the reader measures
the JSON it re-encodes; the two agree on ASCII logs written by json.dumps).
"""
from __future__ import annotations

from typing import Sequence

DIALECTS = ("duckdb",)

# The logs: getvariable('logs'), a path, glob or list of them (SET VARIABLE logs = ...).
DUCKDB = """\
WITH records AS (
  SELECT json AS r, row_number() OVER () AS n
  FROM read_json_objects(getvariable('logs'), format = 'newline_delimited', ignore_errors = true)
), turns AS (
  SELECT n, r, r->'tool_choice' AS choice FROM records
  WHERE json_type(r) = 'OBJECT'
    AND (r->>'object' = 'response' OR json_type(r->'output') = 'ARRAY')
    AND coalesce(r->>'status', '') NOT IN ('failed', 'cancelled', 'queued', 'in_progress')
  QUALIFY json_type(r->'id') IS DISTINCT FROM 'VARCHAR'
       OR row_number() OVER (PARTITION BY r->>'id' ORDER BY n) = 1
), defs AS (
  SELECT n, choice, unnest(CASE WHEN json_type(r->'tools') = 'ARRAY' THEN from_json(r->'tools', '["json"]') END) AS t
  FROM turns
), declared AS (
  SELECT n, any_value(choice) AS choice, name, max(length(json(t))) AS size FROM (
    SELECT n, choice, t, CASE
      WHEN json_type(t->'name') = 'VARCHAR' THEN t->>'name'
      WHEN json_type(t->'function'->'name') = 'VARCHAR' THEN t->'function'->>'name'
      WHEN json_type(t->'custom'->'name') = 'VARCHAR' THEN t->'custom'->>'name' END AS name
    FROM defs WHERE json_type(t) = 'OBJECT')
  WHERE name IS NOT NULL GROUP BY n, name
), offered AS (
  SELECT n, name, size, CASE
    WHEN choice IS NULL OR json_type(choice) = 'NULL' THEN true
    WHEN json_type(choice) = 'VARCHAR' THEN choice->>'$' <> 'none'
    WHEN json_type(choice) <> 'OBJECT' THEN true
    WHEN choice->>'type' = 'none' THEN false
    WHEN choice->>'type' IN ('auto', 'any', 'required') THEN true
    WHEN choice->>'type' = 'allowed_tools' THEN list_contains(
      list_transform(coalesce(from_json(CASE WHEN json_type(choice->'allowed_tools') = 'OBJECT'
                                              THEN choice->'allowed_tools'->'tools' ELSE choice->'tools' END,
                                         '["json"]'), []),
                     lambda x: CASE WHEN json_type(x->'name') = 'VARCHAR' THEN x->>'name'
                               WHEN json_type(x->'function'->'name') = 'VARCHAR' THEN x->'function'->>'name'
                               WHEN json_type(x->'custom'->'name') = 'VARCHAR' THEN x->'custom'->>'name' END),
      name)
    WHEN json_type(choice->'name') = 'VARCHAR' THEN choice->>'name' = name
    WHEN json_type(choice->'function'->'name') = 'VARCHAR' THEN choice->'function'->>'name' = name
    WHEN json_type(choice->'custom'->'name') = 'VARCHAR' THEN choice->'custom'->>'name' = name
    ELSE false END AS is_offered
  FROM declared
), calls AS (
  SELECT n, o->>'name' AS name, count(*) AS calls FROM (
    SELECT n, unnest(from_json(r->'output', '["json"]')) AS o FROM turns)
  WHERE o->>'type' IN ('function_call', 'custom_tool_call') AND json_type(o->'name') = 'VARCHAR'
  GROUP BY n, name
)
SELECT d.name AS tool,
       count(*) AS declared,
       count(*) FILTER (WHERE d.is_offered) AS offered,
       count(*) FILTER (WHERE d.is_offered AND c.calls > 0) AS called,
       coalesce(sum(c.calls), 0) AS calls,
       max(d.size) AS size,
       sum(d.size) AS characters
FROM offered d LEFT JOIN calls c USING (n, name)
GROUP BY d.name ORDER BY d.name
"""


def query(dialect: str) -> str:
    return DUCKDB


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
        cursor = con.execute(DUCKDB)
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
