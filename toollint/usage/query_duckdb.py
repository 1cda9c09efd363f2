"""The reference query in DuckDB's dialect (warehouse.py says what it counts and how it
differs from the reader). It is built from the fragments below so that each rule of
payloads.py is written once; the text printed and run is `DUCKDB`.

Nothing in it holds the input: each record is reduced on its own row to a list of
per-tool entries, the entries are added up per tool, and the only state that grows
with the input is the set of response ids (`ids`), as in the reader. Records whose id
appears more than once are counted once, from the first file by name that has it.
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
    keys = " OR ".join(f"json_exists({x}, '$.{k}')" for k in ("tools", "output", "choices", "content", "messages",
                                                              "input"))
    return f"CASE WHEN json_type({x}->'body') = 'OBJECT' AND NOT ({keys}) THEN {x}->'body' ELSE {x} END"


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


def _chat_calls() -> str:
    """choices[].message.tool_calls[] and the legacy choices[].message.function_call."""
    calls = _items("c->'message'->'tool_calls'")
    legacy = _name_of("(c->'message'->'function_call')")
    choices = _items("res->'choices'")
    return (f"flatten(list_transform({choices}, lambda c: "
            f"CASE WHEN json_type(c->'message') = 'OBJECT' THEN list_concat("
            f"list_transform({calls}, lambda k: {_name_of('k')}), [{legacy}]) ELSE [] END))")


def _typed_calls(field: str, kinds: str) -> str:
    """Items of `field` whose type is one of `kinds` and whose name is a string."""
    items = _items(f"res->'{field}'")
    return (f"list_transform(list_filter({items}, lambda o: "
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

DUCKDB = _typed_paths(f"""\
WITH logs AS NOT MATERIALIZED (
  -- One logged record a row: f, the file it is in; r, the record (JSON). A line (or a
  -- document) that is an array holds several records.
  SELECT filename AS f, unnest(CASE WHEN json_type(json) = 'ARRAY' THEN from_json(json, '["json"]')
                                    ELSE [json] END) AS r
  FROM {SOURCE}
), sides AS NOT MATERIALIZED (
  SELECT f, pair, CASE WHEN pair THEN r->'request' END AS rq, CASE WHEN pair THEN r->'response' ELSE r END AS rs
  FROM (SELECT f, r, json_exists(r, '$.request') OR json_exists(r, '$.response') AS pair FROM logs
        WHERE json_type(r) = 'OBJECT')
), unwrapped AS NOT MATERIALIZED (
  SELECT f, pair, {_unwrap('rq')} AS req, {_unwrap('rs')} AS res FROM sides
), typed AS NOT MATERIALIZED (
  SELECT f, req, res, CASE
      WHEN json_type(res) IS DISTINCT FROM 'OBJECT' THEN NULL
      WHEN req IS NOT NULL AND json_type(req) NOT IN ('OBJECT', 'NULL') THEN NULL
      WHEN res->>'object' = 'response' OR json_type(res->'output') = 'ARRAY' THEN
        CASE WHEN coalesce(res->>'status', '') IN ('failed', 'cancelled', 'queued', 'in_progress') THEN NULL
             ELSE 'openai-responses' END
      WHEN json_type(req) IS DISTINCT FROM 'OBJECT' THEN NULL  -- a lone completion or message
      WHEN json_type(res->'choices') = 'ARRAY' THEN 'openai-chat'
      WHEN res->>'type' = 'message' OR (json_type(res->'content') = 'ARRAY' AND res->>'role' = 'assistant')
        THEN 'anthropic' END AS provider
  FROM unwrapped
), turns AS NOT MATERIALIZED (
  SELECT f, provider, {_offer('choice')} AS offer, CASE WHEN json_type(res->'id') = 'VARCHAR' THEN res->>'id' END AS rid,
    CASE provider
      WHEN 'openai-responses' THEN {_defs("CASE WHEN json_exists(res, '$.tools') THEN res->'tools' ELSE req->'tools' END")}
      WHEN 'openai-chat' THEN list_concat({_defs("req->'tools'")},
        -- the legacy `functions`, for the names `tools` does not declare
        list_filter({_defs("req->'functions'")}, lambda d: NOT list_contains(list_transform({_defs("req->'tools'")}, lambda e: e.name), d.name)))
      ELSE {_defs("req->'tools'")} END AS defs,
    list_filter(CASE provider
      WHEN 'openai-responses' THEN {_typed_calls('output', "'function_call', 'custom_tool_call'")}
      WHEN 'openai-chat' THEN {_chat_calls()}
      ELSE {_typed_calls('content', "'tool_use', 'server_tool_use'")} END, lambda n: n IS NOT NULL) AS calls
  FROM (SELECT *, CASE provider
          WHEN 'openai-responses' THEN CASE WHEN json_exists(res, '$.tool_choice') THEN res->'tool_choice' ELSE req->'tool_choice' END
          WHEN 'openai-chat' THEN CASE WHEN json_exists(req, '$.tool_choice') THEN req->'tool_choice' ELSE req->'function_call' END
          ELSE req->'tool_choice' END AS choice FROM typed) WHERE provider IS NOT NULL
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
