"""The reference query in Spark SQL (Spark 4.0 or later, or Databricks with VARIANT):
the DuckDB query's logic (query_duckdb.py), each record parsed once into a VARIANT,
whose `schema_of_variant` tells a JSON string from a number, an object, an array or a
null as payloads.py does (`get_json_object` cannot: it returns them all as text).

The input is a table or view `logs` with a STRING column `record`, one logged record (or
an array of records) a row: `spark.read.text(...)` of JSON Lines renamed, or Parquet
with a `record` column. Where copies of one response differ, any one is counted.
"""
from __future__ import annotations


def _get(x: str, path: str) -> str:
    return f"variant_get({x}, '{path}', 'variant')"


def _is(x: str, path: str, kind: str) -> str:
    """Whether the value at path is of the kind: STRING, OBJECT, ARRAY or VOID (null)."""
    test = f"schema_of_variant({_get(x, path)})"
    return f"{test} = '{kind}'" if kind in ("STRING", "VOID") else f"startswith({test}, '{kind}')"


def _str(x: str, path: str) -> str:
    return f"variant_get({x}, '{path}', 'string')"


def _name_of(x: str) -> str:
    return (f"CASE WHEN {_is(x, '$.name', 'STRING')} THEN {_str(x, '$.name')} "
            f"WHEN {_is(x, '$.function.name', 'STRING')} THEN {_str(x, '$.function.name')} "
            f"WHEN {_is(x, '$.custom.name', 'STRING')} THEN {_str(x, '$.custom.name')} END")


def _items(x: str, path: str) -> str:
    return f"coalesce(try_variant_get({x}, '{path}', 'array<variant>'), array())"


def _has(x: str, key: str) -> str:
    return f"{_get(x, '$.' + key)} IS NOT NULL"


def _unwrap(x: str) -> str:
    keys = " OR ".join(_has(x, k) for k in ("tools", "output", "choices", "content", "messages", "input"))
    return f"CASE WHEN {_is(x, '$.body', 'OBJECT')} AND NOT ({keys}) THEN {_get(x, '$.body')} ELSE {x} END"


def _defs(x: str, path: str) -> str:
    named = f"transform({_items(x, path)}, t -> named_struct('name', {_name_of('t')}, 'size', length(to_json(t))))"
    return f"filter({named}, d -> d.name IS NOT NULL)"


def _typed_calls(path: str, kinds: str) -> str:
    return (f"transform(filter({_items('res', path)}, o -> {_str('o', '$.type')} IN ({kinds}) "
            f"AND {_is('o', '$.name', 'STRING')}), o -> {_str('o', '$.name')})")


def _chat_calls() -> str:
    legacy = _name_of(_get("c", "$.message.function_call"))
    per_choice = (f"IF({_is('c', '$.message', 'OBJECT')}, concat(transform({_items('c', '$.message.tool_calls')}, "
                  f"k -> {_name_of('k')}), array({legacy})), array())")
    return f"flatten(transform({_items('res', '$.choices')}, c -> {per_choice}))"


def _kind() -> str:
    """'every', 'none' or 'listed' (the names in `listed`): what tool_choice offers."""
    return f"""CASE
      WHEN choice IS NULL OR {_is('choice', '$', 'VOID')} THEN 'every'
      WHEN {_is('choice', '$', 'STRING')} THEN IF({_str('choice', '$')} = 'none', 'none', 'every')
      WHEN NOT {_is('choice', '$', 'OBJECT')} THEN 'every'
      WHEN {_str('choice', '$.type')} = 'none' THEN 'none'
      WHEN {_str('choice', '$.type')} IN ('auto', 'any', 'required') THEN 'every'
      ELSE 'listed' END"""


def _listed() -> str:
    allowed = (f"IF({_is('choice', '$.allowed_tools', 'OBJECT')}, {_items('choice', '$.allowed_tools.tools')}, "
               f"{_items('choice', '$.tools')})")
    return f"""filter(IF({_str('choice', '$.type')} = 'allowed_tools',
        transform({allowed}, a -> {_name_of('a')}), array({_name_of('choice')})), n -> n IS NOT NULL)"""


SPARK = f"""\
WITH records AS (
  -- One logged record a row; a row that is an array holds several.
  SELECT explode(IF(startswith(schema_of_variant(v), 'ARRAY'), variant_get(v, '$', 'array<variant>'), array(v))) AS r
  FROM (SELECT try_parse_json(record) AS v FROM logs) WHERE v IS NOT NULL
), sides AS (
  SELECT pair, IF(pair, {_get('r', '$.request')}, NULL) AS rq, IF(pair, {_get('r', '$.response')}, r) AS rs
  FROM (SELECT r, {_has('r', 'request')} OR {_has('r', 'response')} AS pair FROM records
        WHERE {_is('r', '$', 'OBJECT')})
), unwrapped AS (
  SELECT {_unwrap('rq')} AS req, {_unwrap('rs')} AS res FROM sides
), typed AS (
  SELECT req, res, CASE
      WHEN res IS NULL OR NOT {_is('res', '$', 'OBJECT')} THEN NULL
      WHEN req IS NOT NULL AND NOT ({_is('req', '$', 'OBJECT')} OR {_is('req', '$', 'VOID')}) THEN NULL
      WHEN {_str('res', '$.object')} = 'response' OR {_is('res', '$.output', 'ARRAY')} THEN
        IF(coalesce({_str('res', '$.status')}, '') IN ('failed', 'cancelled', 'queued', 'in_progress'), NULL,
           'openai-responses')
      WHEN req IS NULL OR NOT {_is('req', '$', 'OBJECT')} THEN NULL  -- a lone completion or message
      WHEN {_is('res', '$.choices', 'ARRAY')} THEN 'openai-chat'
      WHEN {_str('res', '$.type')} = 'message'
        OR ({_is('res', '$.content', 'ARRAY')} AND {_str('res', '$.role')} = 'assistant') THEN 'anthropic' END
    AS provider
  FROM unwrapped
), chosen AS (
  SELECT *, CASE provider
      WHEN 'openai-responses' THEN IF({_has('res', 'tool_choice')}, {_get('res', '$.tool_choice')},
                                      {_get('req', '$.tool_choice')})
      WHEN 'openai-chat' THEN IF({_has('req', 'tool_choice')}, {_get('req', '$.tool_choice')},
                                 {_get('req', '$.function_call')})
      ELSE {_get('req', '$.tool_choice')} END AS choice,
    IF(provider = 'openai-responses' AND {_has('res', 'tools')}, res, req) AS holder
  FROM typed WHERE provider IS NOT NULL
), turns AS (
  SELECT provider, IF({_is('res', '$.id', 'STRING')}, {_str('res', '$.id')}, NULL) AS rid,
    {_kind()} AS kind,
    {_listed()} AS listed,
    concat({_defs('holder', '$.tools')},
      -- the legacy `functions` (Chat Completions), for the names `tools` does not declare
      filter({_defs('req', '$.functions')}, d -> provider = 'openai-chat'
             AND NOT array_contains(transform({_defs('req', '$.tools')}, e -> e.name), d.name))) AS defs,
    CASE provider
      WHEN 'openai-responses' THEN {_typed_calls('$.output', "'function_call', 'custom_tool_call'")}
      WHEN 'openai-chat' THEN filter({_chat_calls()}, n -> n IS NOT NULL)
      ELSE {_typed_calls('$.content', "'tool_use', 'server_tool_use'")} END AS calls
  FROM chosen
), entries AS (
  -- Per turn, one entry per declared name: its largest definition, whether offered, its calls.
  SELECT provider, rid, transform(array_distinct(transform(defs, d -> d.name)), nm -> named_struct(
      'name', nm,
      'size', array_max(transform(filter(defs, d -> d.name = nm), d -> d.size)),
      'offered', kind = 'every' OR (kind = 'listed' AND array_contains(listed, nm)),
      'calls', size(filter(calls, c -> c = nm)))) AS e
  FROM turns
), ids AS (
  -- Response ids logged more than once: the only state that grows with the input.
  SELECT provider, rid FROM entries WHERE rid IS NOT NULL GROUP BY provider, rid HAVING count(*) > 1
), flat AS (
  -- The entries one a row; `copy` names the response of a turn logged more than once.
  SELECT IF(d.rid IS NOT NULL, concat(x.provider, ':', x.rid), NULL) AS copy, explode(x.e) AS t
  FROM entries x LEFT JOIN ids d ON x.provider = d.provider AND x.rid = d.rid
), counted AS (
  SELECT t.name AS name, copy IS NOT NULL AS repeated, count(*) AS declared, count_if(t.offered) AS offered,
    count_if(t.offered AND t.calls > 0) AS called, sum(t.calls) AS calls, max(t.size) AS size,
    sum(t.size) AS characters, any_value(t) AS first
  FROM flat GROUP BY copy, t.name
)
-- A response logged once is added up as it comes; of one logged more than once, one copy counts, once.
SELECT name AS tool,
       sum(IF(repeated, 1, declared)) AS declared,
       sum(IF(repeated, IF(first.offered, 1, 0), offered)) AS offered,
       sum(IF(repeated, IF(first.offered AND first.calls > 0, 1, 0), called)) AS called,
       sum(IF(repeated, first.calls, calls)) AS calls,
       max(IF(repeated, first.size, size)) AS size,
       sum(IF(repeated, first.size, characters)) AS characters
FROM counted GROUP BY name ORDER BY name
"""
