"""The reference query in DuckDB's dialect (warehouse.py says what it counts and how it
differs from the reader). It is built from the fragments below so that each rule of
payloads.py is written once; the text printed and run is `DUCKDB`.

Nothing in it holds the input: each record is reduced on its own row to a list of
per-tool entries, the entries are added up per tool, and the only state that grows
with the input is the set of response ids (`ids`), as in the reader; the input is read
twice, once for the ids. A response logged more than once is counted once, from the
first file by name that has it. Each record is parsed as few times as the rules allow
(`parts`): DuckDB's JSON functions parse their input on every call, into memory kept
for the whole batch of 2,048 rows, so each parse of a large record costs time and memory.
"""
from __future__ import annotations


def _name_of(x: str) -> str:
    """payloads._name_of: `name`, else `function.name`, else `custom.name`, strings only."""
    return (f"CASE WHEN json_type({x}->'name') = 'VARCHAR' THEN {x}->>'name' "
            f"WHEN json_type({x}->'function'->'name') = 'VARCHAR' THEN {x}->'function'->>'name' "
            f"WHEN json_type({x}->'custom'->'name') = 'VARCHAR' THEN {x}->'custom'->>'name' END")


def _items(x: str) -> str:
    """The items of a JSON array as a list of JSON; anything else is no items."""
    return f"CASE WHEN json_type({x}) = 'ARRAY' THEN from_json({x}, '[\"json\"]') ELSE [] END"


def _unwrap(x: str) -> str:
    """payloads._unwrap: {"body": {...}} without the keys a payload has is its body."""
    keys = "['tools', 'output', 'choices', 'content', 'messages', 'input']"
    return (f"CASE WHEN json_type({x}->'body') = 'OBJECT' AND NOT list_has_any(json_keys({x}), {keys}) "
            f"THEN {x}->'body' ELSE {x} END")


def _defs(x: str) -> str:
    """The named definitions of a tools list, as {name, size} (the size: the minified text)."""
    return (f"list_filter(list_transform({_items(x)}, lambda t: {{'name': {_name_of('t')}, "
            f"'size': length(json(t))}}), lambda d: d.name IS NOT NULL)")


def _offer(choice: str) -> str:
    """payloads.offered, once per turn: the names `choice` lets the model pick, NULL for
    every declared tool (then nothing narrows the set)."""
    allowed = (f"CASE WHEN json_type({choice}->'allowed_tools') = 'OBJECT' "
               f"THEN {choice}->'allowed_tools'->'tools' ELSE {choice}->'tools' END")
    return f"""CASE
      WHEN {choice} IS NULL OR json_type({choice}) = 'NULL' THEN NULL
      WHEN json_type({choice}) = 'VARCHAR' THEN CASE WHEN {choice}->>'$' = 'none' THEN [] END
      WHEN json_type({choice}) <> 'OBJECT' THEN NULL
      WHEN {choice}->>'type' = 'none' THEN []
      WHEN {choice}->>'type' IN ('auto', 'any', 'required') THEN NULL
      WHEN {choice}->>'type' = 'allowed_tools' THEN
        list_filter(list_transform({_items(allowed)}, lambda a: {_name_of('a')}), lambda a: a IS NOT NULL)
      ELSE list_filter([{_name_of(choice)}], lambda a: a IS NOT NULL) END"""


def _chat_calls(choices: str) -> str:
    """choices[].message.tool_calls[] and the legacy choices[].message.function_call."""
    calls = _items("c->'message'->'tool_calls'")
    legacy = _name_of("(c->'message'->'function_call')")
    return (f"flatten(list_transform({_items(choices)}, lambda c: "
            f"CASE WHEN json_type(c->'message') = 'OBJECT' THEN list_concat("
            f"list_transform({calls}, lambda k: {_name_of('k')}), [{legacy}]) ELSE [] END))")


def _typed_calls(items: str, kinds: str) -> str:
    """Items whose type is one of `kinds` and whose name is a string."""
    return (f"list_transform(list_filter({_items(items)}, lambda o: "
            f"o->>'type' IN ({kinds}) AND json_type(o->'name') = 'VARCHAR'), lambda o: o->>'name')")


def _typed_paths(sql: str) -> str:
    """json_type(x->'a'->'b') as json_type(x, '$.a.b'): the type is read where it is,
    instead of copying the value out first (most of the query's time, on large records)."""
    import re

    def path(m: "re.Match[str]") -> str:
        keys = ".".join(re.findall(r"->'(\w+)'", m.group(2)))
        return f"json_type({m.group(1)}, '$.{keys}')"

    return re.sub(r"json_type\(([A-Za-z_]\w*|\([^()]*\))((?:->'\w+')+)\)", path, sql)


SOURCE = "read_json_objects(getvariable('logs'), format = 'auto', ignore_errors = true, filename = true)"
# Parquet logs: a `record` column of JSON text (or JSON), one record or array of them a row.
PARQUET_SOURCE = ("(SELECT filename, TRY_CAST(record AS JSON) AS json "
                  "FROM read_parquet(getvariable('logs'), filename = true))")

DUCKDB = _typed_paths(f"""\
WITH logs AS NOT MATERIALIZED (
  -- One logged record a row: f, the file it is in; r, the record (JSON). A line (or a
  -- document) that is an array holds several records. For Parquet files with a `record`
  -- column, read FROM {PARQUET_SOURCE}
  SELECT filename AS f, unnest(CASE WHEN json_type(json) = 'ARRAY' THEN from_json(json, '["json"]')
                                    ELSE [json] END) AS r
  FROM {SOURCE}
), sides AS NOT MATERIALIZED (
  SELECT f, pair, CASE WHEN pair THEN p[1] END AS rq, CASE WHEN pair THEN p[2] ELSE r END AS rs
  FROM (SELECT f, r, p, p[1] IS NOT NULL OR p[2] IS NOT NULL AS pair
        -- (a record that is not an object has no request or response: it is `rs`, and left out there)
        FROM (SELECT f, r, json_extract(r, ['$.request', '$.response']) AS p FROM logs))
), unwrapped AS NOT MATERIALIZED (
  SELECT f, pair, {_unwrap('rq')} AS req, {_unwrap('rs')} AS res FROM sides
), parts AS NOT MATERIALIZED (
  -- What the rules read, each record parsed once for it (a JSON function parses its input
  -- on every call, and a record is mostly text no rule reads). NULL where a key is missing.
  SELECT f, json_type(req) AS req_type, json_type(res) AS res_type,
    json_extract(res, ['$.id', '$.object', '$.status', '$.type', '$.role', '$.output', '$.choices', '$.content',
                       '$.tools', '$.tool_choice']) AS a,
    json_extract(req, ['$.tools', '$.functions', '$.tool_choice', '$.function_call']) AS b
  FROM unwrapped
), typed AS NOT MATERIALIZED (
  SELECT f, a, b, CASE
      WHEN res_type IS DISTINCT FROM 'OBJECT' THEN NULL
      WHEN req_type IS NOT NULL AND req_type NOT IN ('OBJECT', 'NULL') THEN NULL
      WHEN a[2]->>'$' = 'response' OR json_type(a[6]) = 'ARRAY' THEN
        CASE WHEN coalesce(a[3]->>'$', '') IN ('failed', 'cancelled', 'queued', 'in_progress') THEN NULL
             ELSE 'openai-responses' END
      WHEN req_type IS DISTINCT FROM 'OBJECT' THEN NULL  -- a lone completion or message
      WHEN json_type(a[7]) = 'ARRAY' THEN 'openai-chat'
      WHEN a[4]->>'$' = 'message' OR (json_type(a[8]) = 'ARRAY' AND a[5]->>'$' = 'assistant') THEN 'anthropic' END
    AS provider
  FROM parts
), declared AS NOT MATERIALIZED (
  SELECT f, provider, CASE WHEN json_type(a[1]) = 'VARCHAR' THEN a[1]->>'$' END AS rid,
    {_defs("CASE WHEN provider = 'openai-responses' AND a[9] IS NOT NULL THEN a[9] ELSE b[1] END")} AS tool_defs,
    CASE WHEN provider = 'openai-chat' THEN {_defs('b[2]')} ELSE [] END AS function_defs,
    CASE provider
      WHEN 'openai-responses' THEN CASE WHEN a[10] IS NOT NULL THEN a[10] ELSE b[3] END
      WHEN 'openai-chat' THEN CASE WHEN b[3] IS NOT NULL THEN b[3] ELSE b[4] END
      ELSE b[3] END AS choice,
    list_filter(CASE provider
      WHEN 'openai-responses' THEN {_typed_calls('a[6]', "'function_call', 'custom_tool_call'")}
      WHEN 'openai-chat' THEN {_chat_calls('a[7]')}
      ELSE {_typed_calls('a[8]', "'tool_use', 'server_tool_use'")} END, lambda n: n IS NOT NULL) AS calls
  FROM typed WHERE provider IS NOT NULL
), turns AS NOT MATERIALIZED (
  SELECT f, provider, rid, {_offer('choice')} AS offer, calls, CASE WHEN function_defs = [] THEN tool_defs
      -- the legacy `functions`, for the names `tools` does not declare
      ELSE list_concat(tool_defs, list_filter(function_defs, lambda d:
             NOT list_contains(list_transform(tool_defs, lambda e: e.name), d.name))) END AS defs
  FROM declared
), entries AS NOT MATERIALIZED (
  -- Per turn, one entry per declared name: its largest definition, whether offered, its calls.
  SELECT f, provider, rid, list_transform(list_distinct(list_transform(defs, lambda d: d.name)), lambda nm: {{
      'name': nm,
      'size': list_max(list_transform(list_filter(defs, lambda d: d.name = nm), lambda d: d.size)),
      'offered': offer IS NULL OR list_contains(offer, nm),
      'calls': length(list_filter(calls, lambda c: c = nm))}}) AS e
  FROM turns
), ids AS (
  -- Response ids logged more than once: the only state that grows with the input.
  SELECT provider, rid FROM entries WHERE rid IS NOT NULL GROUP BY provider, rid HAVING count(*) > 1
), flat AS (
  -- The entries one a row; `copy` names the response of a turn logged more than once.
  SELECT CASE WHEN d.rid IS NOT NULL THEN x.provider || ':' || x.rid END AS copy, x.f, unnest(x.e, recursive := true)
  FROM entries x LEFT JOIN ids d ON x.provider = d.provider AND x.rid = d.rid
), counted AS (
  SELECT name, copy IS NOT NULL AS repeated, count(*) AS declared, count(*) FILTER (WHERE offered) AS offered,
    count(*) FILTER (WHERE offered AND calls > 0) AS called, sum(calls) AS calls, max(size) AS size,
    sum(size) AS characters, arg_min({{'offered': offered, 'calls': calls, 'size': size}}, f) AS first
  FROM flat GROUP BY copy, name
)
-- A response logged once is added up as it comes; of one logged more than once, the
-- first file's copy counts, once.
SELECT name AS tool,
       sum(CASE WHEN repeated THEN 1 ELSE declared END) AS declared,
       sum(CASE WHEN repeated THEN first.offered::INT ELSE offered END) AS offered,
       sum(CASE WHEN repeated THEN (first.offered AND first.calls > 0)::INT ELSE called END) AS called,
       sum(CASE WHEN repeated THEN first.calls ELSE calls END) AS calls,
       max(CASE WHEN repeated THEN first.size ELSE size END) AS size,
       sum(CASE WHEN repeated THEN first.size ELSE characters END) AS characters
FROM counted GROUP BY name ORDER BY name
""")
DUCKDB_PARQUET = DUCKDB.replace(f"FROM {SOURCE}\n", f"FROM {PARQUET_SOURCE}\n")
