"""The reference query in BigQuery's GoogleSQL, the DuckDB query's logic (query_duckdb.py)
with BigQuery's JSON functions: the same rules of payloads.py, the same per-turn entries
added up per tool, the same deduplication by a join on the repeated ids.

The input is a table or view `logs` with a STRING column `record`, one logged record (or
an array of records) a row, as loading JSON Lines as one-column CSV, or Parquet with a
`record` column, gives it. Where copies of one response differ, any one is counted.
"""
from __future__ import annotations


def _t(x: str, path: str) -> str:
    """The JSON type at path ('object', 'array', 'string', ..., NULL when missing)."""
    return f"JSON_TYPE(JSON_QUERY({x}, '{path}'))"


def _name_of(x: str) -> str:
    return (f"CASE WHEN {_t(x, '$.name')} = 'string' THEN JSON_VALUE({x}, '$.name') "
            f"WHEN {_t(x, '$.function.name')} = 'string' THEN JSON_VALUE({x}, '$.function.name') "
            f"WHEN {_t(x, '$.custom.name')} = 'string' THEN JSON_VALUE({x}, '$.custom.name') END")


def _items(x: str, path: str) -> str:
    return f"IFNULL(JSON_QUERY_ARRAY({x}, '{path}'), [])"


def _unwrap(x: str) -> str:
    keys = " AND ".join(f"JSON_QUERY({x}, '$.{k}') IS NULL" for k in ("tools", "output", "choices", "content",
                                                                    "messages", "input"))
    return f"CASE WHEN {_t(x, '$.body')} = 'object' AND {keys} THEN JSON_QUERY({x}, '$.body') ELSE {x} END"


def _defs(x: str, path: str) -> str:
    return (f"ARRAY(SELECT AS STRUCT {_name_of('t')} AS name, LENGTH(TO_JSON_STRING(t)) AS size "
            f"FROM UNNEST({_items(x, path)}) AS t WHERE {_name_of('t')} IS NOT NULL)")


def _typed_calls(path: str, kinds: str) -> str:
    return (f"ARRAY(SELECT JSON_VALUE(o, '$.name') FROM UNNEST({_items('res', path)}) AS o "
            f"WHERE JSON_VALUE(o, '$.type') IN ({kinds}) AND {_t('o', '$.name')} = 'string')")


def _chat_calls() -> str:
    legacy = _name_of("JSON_QUERY(c, '$.message.function_call')")
    return (f"ARRAY(SELECT n FROM UNNEST({_items('res', '$.choices')}) AS c, "
            f"UNNEST(ARRAY_CONCAT(ARRAY(SELECT {_name_of('k')} FROM UNNEST({_items('c', '$.message.tool_calls')}) AS k), "
            f"[{legacy}])) AS n WHERE {_t('c', '$.message')} = 'object' AND n IS NOT NULL)")


def _choice_kind() -> str:
    """'every', 'none' or 'listed' (the names in `listed`): what tool_choice offers."""
    return """CASE
      WHEN choice IS NULL OR JSON_TYPE(choice) = 'null' THEN 'every'
      WHEN JSON_TYPE(choice) = 'string' THEN IF(JSON_VALUE(choice) = 'none', 'none', 'every')
      WHEN JSON_TYPE(choice) <> 'object' THEN 'every'
      WHEN JSON_VALUE(choice, '$.type') = 'none' THEN 'none'
      WHEN JSON_VALUE(choice, '$.type') IN ('auto', 'any', 'required') THEN 'every'
      ELSE 'listed' END"""


def _listed() -> str:
    allowed = (f"IF({_t('choice', '$.allowed_tools')} = 'object', JSON_QUERY(choice, '$.allowed_tools.tools'), "
               "JSON_QUERY(choice, '$.tools'))")
    return f"""IF(JSON_VALUE(choice, '$.type') = 'allowed_tools',
        ARRAY(SELECT {_name_of('a')} FROM UNNEST(IFNULL(JSON_QUERY_ARRAY({allowed}), [])) AS a
              WHERE {_name_of('a')} IS NOT NULL),
        ARRAY(SELECT n FROM UNNEST([{_name_of('choice')}]) AS n WHERE n IS NOT NULL))"""


BIGQUERY = f"""\
WITH records AS (
  -- One logged record a row; a row that is an array holds several.
  SELECT r FROM logs, UNNEST(IF(JSON_TYPE(SAFE.PARSE_JSON(record)) = 'array',
                                JSON_QUERY_ARRAY(SAFE.PARSE_JSON(record)), [SAFE.PARSE_JSON(record)])) AS r
  WHERE JSON_TYPE(r) = 'object'
), sides AS (
  SELECT pair, IF(pair, JSON_QUERY(r, '$.request'), NULL) AS rq, IF(pair, JSON_QUERY(r, '$.response'), r) AS rs
  FROM (SELECT r, JSON_QUERY(r, '$.request') IS NOT NULL OR JSON_QUERY(r, '$.response') IS NOT NULL AS pair
        FROM records)
), unwrapped AS (
  SELECT {_unwrap('rq')} AS req, {_unwrap('rs')} AS res FROM sides
), typed AS (
  SELECT req, res, CASE
      WHEN JSON_TYPE(res) IS DISTINCT FROM 'object' THEN NULL
      WHEN req IS NOT NULL AND JSON_TYPE(req) NOT IN ('object', 'null') THEN NULL
      WHEN JSON_VALUE(res, '$.object') = 'response' OR {_t('res', '$.output')} = 'array' THEN
        IF(IFNULL(JSON_VALUE(res, '$.status'), '') IN ('failed', 'cancelled', 'queued', 'in_progress'), NULL,
           'openai-responses')
      WHEN JSON_TYPE(req) IS DISTINCT FROM 'object' THEN NULL  -- a lone completion or message
      WHEN {_t('res', '$.choices')} = 'array' THEN 'openai-chat'
      WHEN JSON_VALUE(res, '$.type') = 'message'
        OR ({_t('res', '$.content')} = 'array' AND JSON_VALUE(res, '$.role') = 'assistant') THEN 'anthropic' END
    AS provider
  FROM unwrapped
), chosen AS (
  SELECT *, CASE provider
      WHEN 'openai-responses' THEN IF(JSON_QUERY(res, '$.tool_choice') IS NOT NULL, JSON_QUERY(res, '$.tool_choice'),
                                      JSON_QUERY(req, '$.tool_choice'))
      WHEN 'openai-chat' THEN IF(JSON_QUERY(req, '$.tool_choice') IS NOT NULL, JSON_QUERY(req, '$.tool_choice'),
                                 JSON_QUERY(req, '$.function_call'))
      ELSE JSON_QUERY(req, '$.tool_choice') END AS choice,
    IF(provider = 'openai-responses' AND JSON_QUERY(res, '$.tools') IS NOT NULL, res, req) AS holder
  FROM typed WHERE provider IS NOT NULL
), turns AS (
  SELECT provider, IF({_t('res', '$.id')} = 'string', JSON_VALUE(res, '$.id'), NULL) AS rid,
    {_choice_kind()} AS kind,
    {_listed()} AS listed,
    ARRAY_CONCAT({_defs('holder', '$.tools')},
      -- the legacy `functions` (Chat Completions), for the names `tools` does not declare
      ARRAY(SELECT d FROM UNNEST({_defs('req', '$.functions')}) AS d
            WHERE provider = 'openai-chat' AND d.name NOT IN (SELECT e.name FROM UNNEST({_defs('req', '$.tools')}) AS e)))
      AS defs,
    CASE provider
      WHEN 'openai-responses' THEN {_typed_calls('$.output', "'function_call', 'custom_tool_call'")}
      WHEN 'openai-chat' THEN {_chat_calls()}
      ELSE {_typed_calls('$.content', "'tool_use', 'server_tool_use'")} END AS calls
  FROM chosen
), entries AS (
  -- Per turn, one entry per declared name: its largest definition, whether offered, its calls.
  SELECT provider, rid, ARRAY(
      SELECT AS STRUCT d.name, MAX(d.size) AS size,
        LOGICAL_OR(kind = 'every' OR (kind = 'listed' AND d.name IN UNNEST(listed))) AS offered,
        (SELECT COUNT(*) FROM UNNEST(calls) AS c WHERE c = d.name) AS calls
      FROM UNNEST(defs) AS d GROUP BY d.name) AS e
  FROM turns
), ids AS (
  -- Response ids logged more than once: the only state that grows with the input.
  SELECT provider, rid FROM entries WHERE rid IS NOT NULL GROUP BY provider, rid HAVING COUNT(*) > 1
), flat AS (
  -- The entries one a row; `copy` names the response of a turn logged more than once.
  SELECT IF(d.rid IS NOT NULL, CONCAT(x.provider, ':', x.rid), NULL) AS copy, t.*
  FROM entries AS x LEFT JOIN ids AS d ON x.provider = d.provider AND x.rid = d.rid, UNNEST(x.e) AS t
), counted AS (
  SELECT name, copy IS NOT NULL AS repeated, COUNT(*) AS declared, COUNTIF(offered) AS offered,
    COUNTIF(offered AND calls > 0) AS called, SUM(calls) AS calls, MAX(size) AS size, SUM(size) AS characters,
    ANY_VALUE(STRUCT(offered, calls, size)) AS first
  FROM flat GROUP BY copy, name
)
-- A response logged once is added up as it comes; of one logged more than once, one copy counts, once.
SELECT name AS tool,
       SUM(IF(repeated, 1, declared)) AS declared,
       SUM(IF(repeated, IF(first.offered, 1, 0), offered)) AS offered,
       SUM(IF(repeated, IF(first.offered AND first.calls > 0, 1, 0), called)) AS called,
       SUM(IF(repeated, first.calls, calls)) AS calls,
       MAX(IF(repeated, first.size, size)) AS size,
       SUM(IF(repeated, first.size, characters)) AS characters
FROM counted GROUP BY name ORDER BY name
"""
