"""`toollint usage`: the tools logged traffic shows are sent on every turn and never called.

Static checks read what a definition says; logged payloads say whether the model ever
chose the tool. This command reads a sample of logged request/response payloads, counts
for each tool the turns that declared it, the turns that offered it (a `tool_choice` can
rule it out) and its calls, and reports each tool at the line of the source defining it.

Accepted layouts (README, "Which tools are never called"). A file is one JSON document
(a record, or an array of records) or JSON Lines (a record, or an array of records, per
line). A record is

- a bare OpenAI Responses object: it echoes `tools` and `tool_choice` beside `output`;
- `{"request": {...}, "response": {...}}` for any of the three APIs: a Responses request
  and object, a Chat Completions request and completion, an Anthropic Messages request
  and message. Either side may be wrapped as `{"body": {...}}`, as OpenAI batch files
  and many logging proxies write it.

A Chat Completion or Anthropic message alone is skipped: the tools it was offered are
in the request. Every claim is bounded by the sample ("never called in 412 offered
turns"), because a log can only show what happened in it.

The module is imported for every `toollint` command, so it only defines things here;
json, urllib, the engine and the rules are imported when the command runs.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple

FINDING_FORMATS = ("concise", "full", "json", "github", "sarif", "gitlab")

NEVER_OFFERED = "never-offered"
TOO_SMALL = "too-small-a-sample"
NEVER_CALLED = "never-called"
RARELY_CALLED = "rarely-called"
CALLED = "called"
# Table order: least used first; a tool without a verdict goes last, it claims nothing.
_RANK = {NEVER_OFFERED: 0, NEVER_CALLED: 1, RARELY_CALLED: 2, CALLED: 3, TOO_SMALL: 4}
_CODE = {NEVER_CALLED: "TL401", NEVER_OFFERED: "TL402", RARELY_CALLED: "TL403"}
_NAME = {"TL401": "never-called", "TL402": "never-offered", "TL403": "rarely-called", "TL404": "orphan-call"}
_FAILING = ("TL401", "TL402")  # exit 1; a rare call or an orphan is a warning

REPAIR = {
    NEVER_OFFERED: "stop sending it on the turns whose tool_choice rules it out, or fix the "
                   "tool_choice logic if the model should be able to pick it",
    NEVER_CALLED: "remove it from the tool list, or send it only on the turns that need it "
                  "(a router category); if the model should call it, say when in its description",
    RARELY_CALLED: "send it only on the turns that need it (a router category), or fold it "
                   "into a related tool",
    TOO_SMALL: "collect more payloads, or lower --min-offered to judge on fewer turns",
    CALLED: "",
}

RESPONSE_ID = re.compile(r"resp_[A-Za-z0-9_-]{1,200}")
BASE_URL_ENV = "TOOLLINT_OPENAI_BASE_URL"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
_LOOPBACK = ("127.0.0.1", "localhost", "::1")
_MAX_BODY = 64 * 1024 * 1024
_SHOWN_PROBLEMS = 20  # per kind; the count is always exact


# --- the command line -------------------------------------------------------------------


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {value}")
    return value


def _share(text: str) -> float:
    raw = text.strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        value = float("nan")
    if not 0 <= value < 1:  # also rejects nan
        raise argparse.ArgumentTypeError(f"expected a share such as 0.01 or 1%, from 0 up to 1 (excluded), got {text!r}")
    return value


def add_parser(sub) -> None:
    p = sub.add_parser(
        "usage",
        help="from logged payloads: tools sent on every turn and never called",
        description="Read logged LLM request/response payloads and report the tools that are sent and "
                    "never (or rarely) called, at the line of the source that defines them.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="source to map the tools back to, as for check; without it, a table")
    inp = p.add_argument_group("payloads")
    inp.add_argument("--responses", nargs="+", action="extend", default=[], metavar="FILE",
                     help="JSON or JSON Lines files of logged payloads: OpenAI Responses objects, or "
                          "{\"request\": ..., \"response\": ...} pairs (Responses, Chat Completions, Anthropic "
                          "Messages); folders and .py files given here are taken as PATHs")
    inp.add_argument("--openai-response-ids", metavar="FILE",
                     help="fetch these stored OpenAI responses (one resp_... id a line), read-only, "
                          f"with OPENAI_API_KEY; {BASE_URL_ENV} overrides {DEFAULT_BASE_URL}")
    ana = p.add_argument_group("analysis")
    ana.add_argument("--min-offered", type=_positive_int, default=50, metavar="N",
                     help="fewer offered turns than this is too small a sample to judge (default: 50)")
    ana.add_argument("--rare", type=_share, default=0.01, metavar="SHARE",
                     help="called in fewer than this share of its offered turns is rare (default: 0.01, or 1%%)")
    cfg = p.add_argument_group("configuration")
    cfg.add_argument("--config", metavar="FILE", help="read [tool.toollint] from this pyproject.toml")
    cfg.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    cfg.add_argument("--select", metavar="CODES", help="codes or prefixes to enable (replaces the default set)")
    cfg.add_argument("--extend-select", metavar="CODES", help="codes or prefixes to enable in addition")
    cfg.add_argument("--ignore", metavar="CODES", help="codes or prefixes to disable")
    cfg.add_argument("--extend-ignore", metavar="CODES", help="codes or prefixes to disable in addition")
    out = p.add_argument_group("output")
    out.add_argument("--output-format", choices=FINDING_FORMATS + ("text",),
                     help="with PATHs: findings as check prints them (default: concise), or text for the table; "
                          "without: text (default) or json")
    out.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    out.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    out.add_argument("--ignore-noqa", action="store_true", help="report findings that a noqa comment suppresses")
    out.add_argument("-q", "--quiet", action="store_true", help="print findings only, no summary")
    out.add_argument("-v", "--verbose", action="store_true", help="show tracebacks of internal errors")


# --- what a payload says ----------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Where:
    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass
class Turn:
    """One model turn: what its request declared and offered, and what the model called."""

    where: Where
    provider: str  # openai-responses | openai-chat | anthropic
    response_id: Optional[str]
    declared: Dict[str, int]  # name -> characters of its definition as compact JSON
    offered: FrozenSet[str]
    calls: Dict[str, int]  # name -> calls in this turn


@dataclass(frozen=True)
class Problem:
    where: Where
    kind: str  # malformed | unusable | duplicate | invalid-id | expired | failed
    detail: str


@dataclass
class Sample:
    turns: List[Turn] = field(default_factory=list)
    files: List[str] = field(default_factory=list)
    problems: List[Problem] = field(default_factory=list)


def _compact_size(value: Any) -> int:
    import json

    try:
        return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
    except (ValueError, RecursionError):  # nested deeper than the encoder goes
        return len(repr(value))


def _name_of(item: Any) -> Optional[str]:
    """The tool name in a definition, a call or a tool_choice, in any of the three shapes."""
    if not isinstance(item, dict):
        return None
    name = item.get("name")
    if isinstance(name, str):
        return name
    for key in ("function", "custom"):  # Chat Completions nests it
        inner = item.get(key)
        if isinstance(inner, dict) and isinstance(inner.get("name"), str):
            return inner["name"]
    return None


def _declared(tools: Any) -> Dict[str, int]:
    out: Dict[str, int] = {}
    if not isinstance(tools, list):
        return out
    for tool in tools:
        name = _name_of(tool)
        if name is None:  # hosted tools (web_search, file_search, mcp) have no name to choose by
            continue
        size = _compact_size(tool)
        out[name] = max(out.get(name, 0), size)
    return out


def _offered(declared: Dict[str, int], choice: Any) -> FrozenSet[str]:
    every = frozenset(declared)
    if choice is None:
        return every
    if isinstance(choice, str):
        # "auto", "required" (OpenAI); a value we do not know cannot narrow the set.
        return frozenset() if choice == "none" else every
    if not isinstance(choice, dict):
        return every
    kind = choice.get("type")
    if kind == "none":
        return frozenset()
    if kind in ("auto", "any", "required"):  # Anthropic spells "required" as "any"
        return every
    if kind == "allowed_tools":
        inner = choice.get("allowed_tools")
        holder = inner if isinstance(inner, dict) else choice  # Chat nests it, Responses does not
        tools = holder.get("tools")
        names = {_name_of(t) for t in tools} if isinstance(tools, list) else set()
        return every & frozenset(n for n in names if n is not None)
    name = _name_of(choice)  # a named function, custom tool, Anthropic {"type": "tool"}, legacy {"name"}
    if name is not None:
        return every & {name}
    # A hosted tool forced ({"type": "file_search"}, {"type": "mcp", ...}): no named tool is offered.
    return frozenset()


def _unwrap(side: Any) -> Any:
    if isinstance(side, dict) and isinstance(side.get("body"), dict) and not any(
        k in side for k in ("tools", "output", "choices", "content", "messages", "input")
    ):
        return side["body"]
    return side


def _is_responses(obj: Dict[str, Any]) -> bool:
    return obj.get("object") == "response" or isinstance(obj.get("output"), list)


def _is_chat(obj: Dict[str, Any]) -> bool:
    return isinstance(obj.get("choices"), list)


def _is_anthropic(obj: Dict[str, Any]) -> bool:
    return obj.get("type") == "message" or (isinstance(obj.get("content"), list) and obj.get("role") == "assistant")


_PAIR_HINT = 'log {"request": ..., "response": ...} pairs'


def turn_from_record(record: Any, where: Where) -> "Turn | str":
    """The Turn a record shows, or why it shows none (one line)."""
    if not isinstance(record, dict):
        return f"not a JSON object but {type(record).__name__}"
    if "request" in record or "response" in record:
        request = _unwrap(record.get("request"))
        response = _unwrap(record.get("response"))
        if not isinstance(response, dict):
            return "a request without its response: whether a tool was called is unknown"
        if request is not None and not isinstance(request, dict):
            return "'request' is not a JSON object"
        return _pair(request, response, where)
    record = _unwrap(record)
    if _is_responses(record):
        return _pair(None, record, where)
    if _is_chat(record):
        return f"a Chat Completion without its request: the tools it was offered are unknown; {_PAIR_HINT}"
    if _is_anthropic(record):
        return f"an Anthropic message without its request: the tools it was offered are unknown; {_PAIR_HINT}"
    if any(k in record for k in ("tools", "messages", "input")):
        return "a request without its response: whether a tool was called is unknown"
    return "not a recognised payload: expected an OpenAI Responses object or a request/response pair"


def _pair(request: Optional[Dict[str, Any]], response: Dict[str, Any], where: Where) -> "Turn | str":
    rid = response.get("id") if isinstance(response.get("id"), str) else None
    if _is_responses(response):
        status = response.get("status")
        if status in ("failed", "cancelled", "queued", "in_progress"):
            return f"a response with status '{status}': the model made no choice in it"
        req = request or {}
        tools = response["tools"] if "tools" in response else req.get("tools")
        choice = response["tool_choice"] if "tool_choice" in response else req.get("tool_choice")
        declared = _declared(tools)
        calls: Dict[str, int] = {}
        for item in _list(response.get("output")):
            if isinstance(item, dict) and item.get("type") in ("function_call", "custom_tool_call"):
                _count(calls, item.get("name"))
        return Turn(where, "openai-responses", rid, declared, _offered(declared, choice), calls)
    if _is_chat(response):
        if request is None:
            return f"a Chat Completion without its request: the tools it was offered are unknown; {_PAIR_HINT}"
        declared = _declared(request.get("tools"))
        for name, size in _declared(request.get("functions")).items():  # the pre-tools API
            declared.setdefault(name, size)
        choice = request.get("tool_choice", request.get("function_call"))
        calls = {}
        for option in response["choices"]:
            message = option.get("message") if isinstance(option, dict) else None
            if not isinstance(message, dict):
                continue
            for call in _list(message.get("tool_calls")):
                _count(calls, _name_of(call))
            _count(calls, _name_of(message.get("function_call")))
        return Turn(where, "openai-chat", rid, declared, _offered(declared, choice), calls)
    if _is_anthropic(response):
        if request is None:
            return f"an Anthropic message without its request: the tools it was offered are unknown; {_PAIR_HINT}"
        declared = _declared(request.get("tools"))
        calls = {}
        for block in _list(response.get("content")):
            if isinstance(block, dict) and block.get("type") in ("tool_use", "server_tool_use"):
                _count(calls, block.get("name"))
        return Turn(where, "anthropic", rid, declared, _offered(declared, request.get("tool_choice")), calls)
    if response.get("error"):
        return "an error response: the model made no choice in it"
    return "the response is neither an OpenAI Responses object, a Chat Completion nor an Anthropic message"


def _list(value: Any) -> List[Any]:
    return value if isinstance(value, list) else []


def _count(calls: Dict[str, int], name: Any) -> None:
    if isinstance(name, str):
        calls[name] = calls.get(name, 0) + 1


# --- reading files ----------------------------------------------------------------------

_WS = " \t\r\n"


def _line_value(raw: bytes) -> Tuple[Any, Optional[str]]:
    import json

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return None, f"not UTF-8 (byte {e.start + 1})"
    try:
        return json.loads(text), None
    except json.JSONDecodeError as e:
        return None, f"{e.msg} at column {e.colno}"
    except RecursionError:
        return None, "nested too deeply"
    except ValueError as e:  # an integer longer than Python's digit limit
        return None, str(e).split(";")[0]


def _document_records(text: str, value: Any) -> Iterator[Tuple[int, Any]]:
    """(line, record) for a whole-file JSON document: each item of a top-level array on
    the line it starts at, so a finding can point there."""
    import json

    start = len(text) - len(text.lstrip(_WS))
    if not isinstance(value, list):
        yield text.count("\n", 0, start) + 1, value
        return
    decoder = json.JSONDecoder()
    pos, line, counted = start + 1, 1 + text.count("\n", 0, start), start
    for _ in value:
        while text[pos] in _WS or text[pos] == ",":
            pos += 1
        line += text.count("\n", counted, pos)
        counted = pos
        item, pos = decoder.raw_decode(text, pos)
        yield line, item


def _lines(data: bytes) -> Iterator[Tuple[int, bytes]]:
    """(line number, bytes) of each non-blank line, without a second copy of the file."""
    number, start = 0, 0
    while start < len(data):
        end = data.find(b"\n", start)
        if end < 0:
            end = len(data)
        number += 1
        raw = data[start:end]
        if raw.strip():
            yield number, raw
        start = end + 1


def iter_records(data: bytes) -> Iterator[Tuple[int, Any, Optional[str]]]:
    """(line, record, None) per record and (line, None, reason) per malformed line; a last
    (0, None, reason) when the file is neither JSON Lines nor one JSON document.

    JSON Lines when the first non-blank line is JSON on its own; else one JSON document,
    and when that fails too, JSON Lines again so every good line still counts. Records
    are produced one at a time: a log can be far larger than what is kept of it.
    """
    import json

    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    first = next(_lines(data), None)
    if first is None:
        yield 0, None, "the file is empty"
        return
    doc_error = None
    if _line_value(first[1])[1] is not None:
        try:
            text = data.decode("utf-8")
            value = json.loads(text)
        except UnicodeDecodeError as e:
            doc_error = f"not UTF-8 (byte {e.start + 1})"
        except json.JSONDecodeError as e:
            doc_error = f"{e.msg} at line {e.lineno} column {e.colno}"
        except RecursionError:
            doc_error = "nested too deeply"
        except ValueError as e:
            doc_error = str(e).split(";")[0]
        else:
            del data
            for line, record in _document_records(text, value):
                yield line, record, None
            return
    for number, raw in _lines(data):
        value, error = _line_value(raw)
        if error is not None:
            yield number, None, error
        elif isinstance(value, list):
            for item in value:
                yield number, item, None
        else:
            yield number, value, None
    if doc_error is not None:
        yield 0, None, doc_error


def read_records(data: bytes) -> Tuple[List[Tuple[int, Any]], List[Tuple[int, str]], Optional[str]]:
    """(records with their line, malformed lines with the reason, the whole-document error)."""
    records: List[Tuple[int, Any]] = []
    malformed: List[Tuple[int, str]] = []
    doc_error = None
    for line, record, error in iter_records(data):
        if error is None:
            records.append((line, record))
        elif line == 0:
            doc_error = error
        else:
            malformed.append((line, error))
    return records, malformed, doc_error


def _read_bytes(path: str) -> bytes:
    from toollint.config.settings import ConfigError

    if os.path.isdir(path):
        raise ConfigError(f"{path}: is a directory, expected a JSON or JSON Lines file of payloads")
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror or e}") from None


def _take(path: str, line: int, record: Any, sample: Sample) -> bool:
    where = Where(path, line)
    turn = turn_from_record(record, where)
    if isinstance(turn, str):
        sample.problems.append(Problem(where, "unusable", turn))
        return False
    sample.turns.append(turn)
    return True


def _no_payload(path: str, why: str) -> str:
    return f"{path}: no usable payload ({why}); expected JSON or JSON Lines of OpenAI Responses objects " \
           f"or {{\"request\": ..., \"response\": ...}} pairs (see README: toollint usage)"


def read_sample(files: Sequence[str], ids_file: Optional[str] = None, *, timeout: float = 30.0) -> Sample:
    """Every turn the payload files (and the fetched responses) show, deduplicated by response
    id. Files are read in sorted order and everything after is order-free, so the result is
    the same whatever order they were named in. Raises ConfigError for a file with no
    usable payload."""
    from toollint.config.settings import ConfigError

    sample = Sample()
    errors: List[str] = []
    for path in sorted(set(files)):
        sample.files.append(path)
        usable = records = 0
        malformed: List[Tuple[int, str]] = []
        doc_error = None
        for line, record, error in iter_records(_read_bytes(path)):
            if error is None:
                records += 1
                usable += _take(path, line, record, sample)
            elif line == 0:
                doc_error = error
            else:
                malformed.append((line, error))
                sample.problems.append(Problem(Where(path, line), "malformed", error))
        if usable:
            continue
        if not records and not malformed:
            why = doc_error or "no records"
        elif not records:
            line, error = malformed[0]
            why = f"{_plural(len(malformed), 'malformed JSON line')}, the first at line {line}: {error}"
            if doc_error is not None and len(malformed) > 1:
                why = f"not JSON: as one document, {doc_error}; as JSON Lines, {why}"
        else:
            mine = [p for p in sample.problems if p.where.path == path and p.kind == "unusable"]
            why = f"line {mine[0].where.line}: {mine[0].detail}" if mine else "no records"
        errors.append(_no_payload(path, why))
    if ids_file is not None:
        fetched = _fetch_ids(ids_file, sample, timeout)
        sample.files.append(ids_file)
        if not sum(_take(ids_file, line, record, sample) for line, record in fetched):
            kinds = [p for p in sample.problems if p.where.path == ids_file]
            counts = _kind_counts(kinds) or "nothing fetched"
            errors.append(f"{ids_file}: no usable payload ({counts})")
    if errors:
        raise ConfigError("; ".join(errors))
    _dedupe(sample)
    return sample


def _kind_counts(problems: Sequence[Problem]) -> str:
    words = {"invalid-id": "invalid id", "expired": "expired (HTTP 404)", "failed": "failed",
             "unusable": "unusable", "malformed": "malformed", "duplicate": "duplicate"}
    counts: Dict[str, int] = {}
    for p in problems:
        counts[p.kind] = counts.get(p.kind, 0) + 1
    return ", ".join(f"{n} {words.get(k, k)}" for k, n in sorted(counts.items()))


def _dedupe(sample: Sample) -> None:
    # The same response logged twice (two log files, or a log and a fetch) is one turn; the
    # copy kept is the first by location, so the choice does not depend on argument order.
    seen = set()
    kept: List[Turn] = []
    for turn in sorted(sample.turns, key=lambda t: t.where):
        key = (turn.provider, turn.response_id)
        if turn.response_id is not None and key in seen:
            sample.problems.append(Problem(turn.where, "duplicate", f"response {turn.response_id} already read"))
            continue
        seen.add(key)
        kept.append(turn)
    sample.turns = kept


# --- fetching stored OpenAI responses -----------------------------------------------------


def _base_url() -> Tuple[str, bool]:
    """(base URL, True when it is this machine); https, or http to this machine only,
    because the key travels with every request."""
    from urllib.parse import urlsplit

    from toollint.config.settings import ConfigError

    base = os.environ.get(BASE_URL_ENV, "").strip() or DEFAULT_BASE_URL
    try:
        parts = urlsplit(base)
        host = parts.hostname or ""
        _ = parts.port  # raises on a malformed port
    except ValueError as e:
        raise ConfigError(f"{BASE_URL_ENV}={base!r} is not a URL: {e}") from None
    local = host in _LOOPBACK
    if parts.scheme not in ("https", "http") or not host or parts.query or parts.fragment or parts.username:
        raise ConfigError(f"{BASE_URL_ENV}={base!r} must be an http(s) URL without query, fragment or user "
                          f"such as {DEFAULT_BASE_URL}")
    if parts.scheme == "http" and not local:
        raise ConfigError(f"{BASE_URL_ENV}={base!r}: plain http would send OPENAI_API_KEY in clear; "
                          "use https (http is allowed only to 127.0.0.1, localhost or ::1)")
    return base.rstrip("/"), local


def _read_ids(path: str, sample: Sample) -> List[Tuple[int, str]]:
    from toollint.report.format import sanitize

    ids: List[Tuple[int, str]] = []
    seen = set()
    try:
        text = _read_bytes(path).decode("utf-8-sig", errors="replace")
    except UnicodeDecodeError:  # pragma: no cover - errors="replace" does not raise
        text = ""
    for number, raw in enumerate(text.splitlines(), 1):
        rid = raw.strip()
        if not rid or rid.startswith("#"):
            continue
        # Checked before it can reach a URL: anything else could change the path or query.
        if not RESPONSE_ID.fullmatch(rid):
            shown = sanitize(rid if len(rid) <= 60 else rid[:57] + "...")
            sample.problems.append(Problem(Where(path, number), "invalid-id",
                                           f"{shown!r} is not a response id (resp_ followed by letters, "
                                           "digits, _ or -): not requested"))
            continue
        if rid in seen:
            continue
        seen.add(rid)
        ids.append((number, rid))
    return ids


def _fetch_ids(path: str, sample: Sample, timeout: float) -> List[Tuple[int, Any]]:
    """GET each stored response, one at a time. Only GET: nothing is created or changed."""
    import http.client
    import time
    import urllib.error
    import urllib.request

    from toollint import __version__
    from toollint.config.settings import ConfigError

    ids = _read_ids(path, sample)
    if not ids:
        raise ConfigError(f"{path}: no valid response id (one resp_... id a line)")
    key = os.environ.get("OPENAI_API_KEY", "").strip()
    if not key:
        raise ConfigError("--openai-response-ids needs OPENAI_API_KEY set to a key of the project that "
                          "stored the responses")
    base, local = _base_url()

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        # urllib would resend the Authorization header to wherever a redirect points.
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            return None

    handlers: List[Any] = [NoRedirect()]
    if local:
        handlers.append(urllib.request.ProxyHandler({}))  # a proxy cannot reach our loopback
    opener = urllib.request.build_opener(*handlers)
    headers = {"Authorization": f"Bearer {key}", "Accept": "application/json",
               "User-Agent": f"toollint/{__version__}"}

    out: List[Tuple[int, Any]] = []
    unreachable = 0
    for line, rid in ids:
        where = Where(path, line)
        request = urllib.request.Request(f"{base}/responses/{rid}", headers=headers, method="GET")
        body: Optional[bytes] = None
        failure = ""
        for attempt in range(3):
            try:
                with opener.open(request, timeout=timeout) as reply:
                    body = reply.read(_MAX_BODY + 1)
                failure = ""
                break
            except urllib.error.HTTPError as e:
                code = e.code
                e.close()
                if code == 401:
                    raise ConfigError(
                        f"{where}: OpenAI refused OPENAI_API_KEY (HTTP 401 for {rid}): the key is mistyped, "
                        "revoked or not a secret key; use a key of the organisation and project that "
                        "stored the responses") from None
                if code == 403:
                    raise ConfigError(
                        f"{where}: OpenAI denied reading {rid} (HTTP 403): the key works but may not read "
                        "stored responses; a restricted key needs read access to Responses, and the key "
                        "must belong to the project that stored them") from None
                if code == 404:
                    failure = "expired"
                    break
                failure = f"HTTP {code}"
                if 300 <= code < 400:
                    failure += ": redirects are not followed, the key would go with them"
                    break
                if code == 429 or code >= 500:
                    retry = e.headers.get("Retry-After", "") if e.headers else ""
                    delay = float(retry) if retry.isdigit() else float(2 ** attempt)
                    if attempt < 2:
                        time.sleep(min(delay, 20.0))
                    continue
                break
            except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as e:
                reason = getattr(e, "reason", e)
                failure = f"cannot reach {base}: {reason}"
                break
        if failure == "expired":
            unreachable = 0
            sample.problems.append(Problem(where, "expired",
                                           f"{rid}: HTTP 404, expired or deleted (stored responses are kept "
                                           "30 days) or stored by another project"))
            continue
        if failure:
            unreachable = unreachable + 1 if failure.startswith("cannot reach") else 0
            if unreachable >= 3:
                raise ConfigError(f"{failure} (3 requests in a row failed; stopped)")
            sample.problems.append(Problem(where, "failed", f"{rid}: {failure}"))
            continue
        unreachable = 0
        if body is None or len(body) > _MAX_BODY:
            sample.problems.append(Problem(where, "failed", f"{rid}: the reply is larger than {_MAX_BODY} bytes"))
            continue
        value, error = _line_value(body)
        if error is not None:
            sample.problems.append(Problem(where, "failed", f"{rid}: the reply is not JSON ({error})"))
            continue
        out.append((line, value))
    return out


# --- analysis ---------------------------------------------------------------------------


@dataclass
class ToolStats:
    name: str
    declared: int = 0  # turns whose request declared it
    offered: int = 0  # of those, turns whose tool_choice let the model pick it
    called_turns: int = 0  # offered turns in which it was called
    calls: int = 0  # calls in every turn that declared it
    size: int = 0  # characters of its largest definition
    chars: int = 0  # characters sent for it over the sample
    first: Optional[Where] = None  # the first turn that declared it
    state: str = ""

    @property
    def rate(self) -> float:
        return self.called_turns / self.offered if self.offered else 0.0


@dataclass
class Orphan:
    name: str
    calls: int
    turns: int
    first: Where


@dataclass
class Report:
    turns: int
    files: List[str]
    providers: Dict[str, int]
    tools: List[ToolStats]
    orphans: List[Orphan]
    total_chars: int
    dead_chars: int
    widest: int
    widest_at: Optional[Where]
    min_offered: int
    rare: float
    max_tools: int


def analyse(sample: Sample, min_offered: int = 50, rare: float = 0.01, max_tools: int = 20) -> Report:
    stats: Dict[str, ToolStats] = {}
    undeclared: Dict[str, List[Any]] = {}  # name -> [calls, turns, first]
    providers: Dict[str, int] = {}
    widest, widest_at = 0, None
    for turn in sample.turns:
        providers[turn.provider] = providers.get(turn.provider, 0) + 1
        if len(turn.offered) > widest or (len(turn.offered) == widest and widest_at and turn.where < widest_at):
            widest, widest_at = len(turn.offered), turn.where
        for name, size in turn.declared.items():
            s = stats.setdefault(name, ToolStats(name))
            s.declared += 1
            s.chars += size
            s.size = max(s.size, size)
            s.first = turn.where if s.first is None else min(s.first, turn.where)
            if name in turn.offered:
                s.offered += 1
                if turn.calls.get(name):
                    s.called_turns += 1
            s.calls += turn.calls.get(name, 0)
        for name, n in turn.calls.items():
            if name not in turn.declared:
                entry = undeclared.setdefault(name, [0, 0, turn.where])
                entry[0] += n
                entry[1] += 1
                entry[2] = min(entry[2], turn.where)
    for s in stats.values():
        s.state = _state(s, min_offered, rare)
    tools = sorted(stats.values(), key=lambda s: (_RANK[s.state], s.rate, -s.size, s.name))
    # Called where its own request did not declare it, but declared elsewhere in the sample:
    # the sample mixes configurations too, yet the name is known, so it is not an orphan.
    orphans = sorted((Orphan(n, c, t, w) for n, (c, t, w) in undeclared.items() if n not in stats),
                     key=lambda o: (o.first, o.name))
    total = sum(s.chars for s in stats.values())
    dead = sum(s.chars for s in stats.values() if s.state in (NEVER_CALLED, NEVER_OFFERED))
    return Report(turns=len(sample.turns), files=sorted(sample.files), providers=dict(sorted(providers.items())),
                  tools=tools, orphans=orphans, total_chars=total, dead_chars=dead, widest=widest,
                  widest_at=widest_at, min_offered=min_offered, rare=rare, max_tools=max_tools)


def _state(s: ToolStats, min_offered: int, rare: float) -> str:
    if s.offered == 0:
        # Judged on the turns that declared it: those are what could have offered it.
        return NEVER_OFFERED if s.declared >= min_offered else TOO_SMALL
    if s.called_turns and s.offered < min_offered:
        return CALLED  # a call is a fact at any sample size; only "rare" needs the sample
    if s.offered < min_offered:
        return TOO_SMALL
    if s.called_turns == 0:
        return NEVER_CALLED
    if s.rate < rare:
        return RARELY_CALLED
    return CALLED


def _pct(rate: float) -> str:
    value = rate * 100
    if 0 < value < 0.1:
        return f"{value:.2f}%"
    return f"{value:.1f}%"


def _rare_text(rare: float) -> str:
    return f"{rare * 100:g}%"


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def claim(s: ToolStats, report: Report) -> str:
    """What the sample shows about the tool, bounded by the sample, in one clause."""
    if s.state == NEVER_OFFERED:
        text = (f"was declared in {_plural(s.declared, 'sampled turn')} and offered in none: tool_choice "
                "was none or named another tool each time")
        return text + (f", yet it was called {_plural(s.calls, 'time')}" if s.calls else "")
    if s.state == TOO_SMALL:
        if s.offered == 0:
            return (f"was declared in {_plural(s.declared, 'sampled turn')} and offered in none, fewer than "
                    f"--min-offered {report.min_offered}: too small a sample to judge")
        return (f"was offered in {_plural(s.offered, 'sampled turn')} and never called, fewer than "
                f"--min-offered {report.min_offered}: too small a sample to judge")
    if s.state == NEVER_CALLED:
        return (f"was never called in {_plural(s.offered, 'offered turn')} of the sample "
                f"({s.size:,} characters of definition sent each time)")
    share = f"{_pct(s.rate)}"
    if s.state == RARELY_CALLED:
        return (f"was called in {s.called_turns:,} of {_plural(s.offered, 'offered turn')} of the sample "
                f"({share}, under {_rare_text(report.rare)})")
    return f"was called in {s.called_turns:,} of {_plural(s.offered, 'offered turn')} of the sample ({share})"


def orphan_message(o: Orphan) -> str:
    return (f"tool '{o.name}' was called {_plural(o.calls, 'time')} in {_plural(o.turns, 'sampled turn')} but no "
            "sampled request declares it: the sample mixes configurations (or requests were logged without "
            "their tools); sample one configuration at a time")


def summary_lines(report: Report, sample: Sample, orphans: bool = True) -> List[str]:
    """The sample, dead weight, crowding and orphan calls, one line each."""
    by = ", ".join(f"{p} {n:,}" for p, n in report.providers.items())
    lines = [f"sample: {_plural(report.turns, 'turn')} from {_plural(len(report.files), 'file')}"
             + (f" ({by})" if by else "")
             + f"; --min-offered {report.min_offered}, --rare {_rare_text(report.rare)}"]
    skipped = _kind_counts([p for p in sample.problems])
    if skipped:
        lines[0] += f"; skipped: {skipped}"
    if report.total_chars:
        share = report.dead_chars / report.total_chars
        lines.append(f"dead weight: {_pct(share)} of the tool-definition characters sent in the sample "
                     f"({report.dead_chars:,} of {report.total_chars:,}) belong to tools never called in it")
    if report.widest_at is not None:
        if report.widest > report.max_tools:
            lines.append(f"crowding: the widest turn offers {report.widest} tools ({report.widest_at}), more "
                         f"than {report.max_tools}: the model chooses worse among many; send fewer per turn")
        else:
            lines.append(f"crowding: the widest turn offers {report.widest} tools ({report.widest_at}), "
                         f"within {report.max_tools}")
    for o in report.orphans if orphans else ():
        lines.append(f"warning: {o.first}: {orphan_message(o)}")
    return lines


# --- output -----------------------------------------------------------------------------


def _text_table(report: Report, sample: Sample, where: Optional[Dict[str, List[str]]] = None) -> str:
    from toollint.report.format import sanitize

    head = ["STATE", "TOOL", "DECLARED", "OFFERED", "CALLED", "RATE", "SIZE"]
    if where is not None:
        head.append("DEFINED AT")
    rows = []
    for s in report.tools:
        row = [s.state, sanitize(s.name), f"{s.declared:,}", f"{s.offered:,}", f"{s.called_turns:,}",
               _pct(s.rate) if s.offered else "-", f"{s.size:,}"]
        if where is not None:
            row.append(", ".join(sanitize(w) for w in where.get(s.name, [])) or "(not found)")
        rows.append(row)
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    numeric = {2, 3, 4, 5, 6}
    out = [sanitize(line) for line in summary_lines(report, sample)[:1]]
    out.append("")

    def fmt(row: List[str]) -> str:
        cells = [c.rjust(widths[i]) if i in numeric else c.ljust(widths[i]) for i, c in enumerate(row)]
        return "  ".join(cells).rstrip()

    out.append(fmt(head))
    out.extend(fmt(r) for r in rows)
    notes = [s for s in report.tools if s.state != CALLED]
    if notes:
        out.append("")
    for s in notes:
        out.append(sanitize(f"{s.name}: {s.state}: {claim(s, report)}"))
        out.append(sanitize(f"  repair: {REPAIR[s.state]}"))
    rest = [sanitize(line) for line in summary_lines(report, sample)[1:]]
    if rest:
        out.append("")
        out.extend(rest)
    return "\n".join(out) + "\n"


def _where_json(w: Optional[Where]) -> Optional[Dict[str, Any]]:
    return None if w is None else {"file": w.path, "line": w.line}


def _json_report(report: Report, sample: Sample, where: Optional[Dict[str, List[str]]] = None) -> str:
    import json

    tools = []
    for s in report.tools:
        row: Dict[str, Any] = {
            "name": s.name, "state": s.state, "declared": s.declared, "offered": s.offered,
            "called_turns": s.called_turns, "calls": s.calls, "rate": round(s.rate, 6) if s.offered else None,
            "size": s.size, "characters_sent": s.chars, "claim": f"{s.name} {claim(s, report)}",
            "repair": REPAIR[s.state] or None, "first_declared": _where_json(s.first),
        }
        if where is not None:
            row["defined_at"] = where.get(s.name, [])
        tools.append(row)
    data = {
        "sample": {
            "turns": report.turns,
            "files": report.files,
            "providers": report.providers,
            "skipped": [{"file": p.where.path, "line": p.where.line, "kind": p.kind, "detail": p.detail}
                        for p in sorted(sample.problems, key=lambda p: (p.where, p.kind))],
        },
        "thresholds": {"min_offered": report.min_offered, "rare": report.rare, "max_tools_per_turn": report.max_tools},
        "tools": tools,
        "dead_weight": {"characters": report.dead_chars, "of": report.total_chars,
                        "share": round(report.dead_chars / report.total_chars, 6) if report.total_chars else 0.0},
        "crowding": {"widest_turn": report.widest, "limit": report.max_tools, "at": _where_json(report.widest_at)},
        "orphan_calls": [{"name": o.name, "calls": o.calls, "turns": o.turns, "first": _where_json(o.first),
                          "message": orphan_message(o)} for o in report.orphans],
    }
    return json.dumps(data, indent=2, ensure_ascii=True) + "\n"


def _problem_warnings(sample: Sample) -> List[str]:
    """One line per skipped record, at most _SHOWN_PROBLEMS of each kind, then a count."""
    from toollint.report.format import sanitize

    out: List[str] = []
    by_kind: Dict[str, List[Problem]] = {}
    for p in sorted(sample.problems, key=lambda p: (p.where, p.kind)):
        by_kind.setdefault(p.kind, []).append(p)
    label = {"malformed": "malformed JSON line skipped", "unusable": "payload skipped",
             "duplicate": "counted once", "invalid-id": "invalid id", "expired": "not fetched",
             "failed": "not fetched"}
    for kind in ("malformed", "unusable", "duplicate", "invalid-id", "expired", "failed"):
        items = by_kind.get(kind, [])
        for p in items[:_SHOWN_PROBLEMS]:
            out.append(sanitize(f"{p.where}: {label[kind]}: {p.detail}"))
        if len(items) > _SHOWN_PROBLEMS:
            out.append(f"... and {len(items) - _SHOWN_PROBLEMS} more ({_plural(len(items), kind + ' record')} in all)")
    return out


# --- source mapping ---------------------------------------------------------------------


def _project(paths: Sequence[str], settings) -> Tuple[Any, List[Any], List[Any]]:
    """(linked Project, the tools in the requested files' groups, TL001 findings), as
    `toollint check` builds them before its rules run."""
    from toollint.engine.core import build
    from toollint.link.project import Project

    built = build(paths, settings)
    if built.project is None:
        return Project(modules={}, groups=[]), [], built.errors
    requested_set = set(built.requested)
    tools = []
    for group in built.project.groups:
        touched = bool(group.paths & requested_set)
        tools.extend(t for t in group.tools if touched or t.name.span.path in requested_set)
    return built.project, tools, built.errors


def _findings(report: Report, tools: Sequence[Any]) -> Tuple[List[Any], Dict[str, List[str]]]:
    """(findings at each definition, or at the payload for a tool no PATH defines; name ->
    "path:line" of its definitions)."""
    from toollint.model import Finding, Span

    defined: Dict[str, List[Any]] = {}
    for tool in tools:
        if tool.name.value is not None:
            defined.setdefault(tool.name.value, []).append(tool)
    where = {name: sorted({f"{t.name.span.path}:{t.name.span.line}" for t in ts}) for name, ts in defined.items()}
    out: List[Finding] = []
    for s in report.tools:
        code = _CODE.get(s.state)
        if code is None:
            continue
        if s.name in defined:
            message = f"tool '{s.name}' {claim(s, report)}; {REPAIR[s.state]}"
            for tool in defined[s.name]:
                span = tool.name.span
                out.append(Finding(code, _NAME[code], message, span, noqa_line=span.end_line))
        elif s.first is not None:
            # No definition to point at: the first payload that declared it stands in.
            span = Span(s.first.path, s.first.line, 1, s.first.line, 1)
            message = f"tool '{s.name}' (defined under none of the given paths) {claim(s, report)}; {REPAIR[s.state]}"
            out.append(Finding(code, _NAME[code], message, span, noqa_line=s.first.line))
    for o in report.orphans:
        span = Span(o.first.path, o.first.line, 1, o.first.line, 1)
        out.append(Finding("TL404", _NAME["TL404"], orphan_message(o), span, noqa_line=o.first.line))
    return out, where


def _keep(findings: List[Any], project: Any, settings, ignore_noqa: bool) -> Tuple[List[Any], List[str]]:
    """Selection, per-file-ignores and noqa, as check applies them."""
    from toollint.config.select import enabled
    from toollint.report.suppress import suppress

    on = enabled(settings)
    selected = [f for f in findings if f.code in on]
    kept, warnings = suppress(selected, project, settings, set(), ignore_noqa=ignore_noqa)
    # suppress() may add TL003 for noqa comments the static rules (which did not run) use.
    kept = [f for f in kept if f.code in _NAME]
    kept.sort(key=lambda f: f.sort_key())
    return kept, warnings


# --- run --------------------------------------------------------------------------------


_PAYLOAD_SUFFIXES = (".json", ".jsonl", ".ndjson")


def _split_inputs(responses: Sequence[str], paths: Sequence[str]) -> Tuple[List[str], List[str]]:
    # `--responses a.jsonl src/` is how people type it, and argparse puts src/ among the
    # files; `usage logs.jsonl src/` is the other slip. Source is folders and .py files.
    files, source = [], []
    for item in responses:
        (source if os.path.isdir(item) or item.endswith(".py") else files).append(item)
    for item in paths:
        (files if item.endswith(_PAYLOAD_SUFFIXES) and not os.path.isdir(item) else source).append(item)
    return [os.path.normpath(f) for f in files], source


def _settings(args, paths: Sequence[str]):
    from toollint.config import load as config
    from toollint.rulekit.registry import all_rules

    rules = {code: rule.name for code, rule in all_rules().items()}
    overrides: Dict[str, object] = {}
    for key in ("select", "extend_select", "ignore", "extend_ignore"):
        value = getattr(args, key, None)
        if value is not None:
            overrides[key.replace("_", "-")] = list(config.parse_code_list(value))
    if args.output_format in FINDING_FORMATS:
        overrides["output-format"] = args.output_format
    path = args.config
    if path is None and not args.isolated:
        path = config.find_config(list(paths) or ["."])
    return config.load(path, isolated=args.isolated, overrides=overrides, rules=rules)


def _use_color(choice: str) -> bool:
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()


def _write(text: str) -> None:
    if text:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")


def run(args) -> int:
    from toollint.config.select import enabled
    from toollint.config.settings import ConfigError

    files, paths = _split_inputs(args.responses, args.paths)
    if not files and args.openai_response_ids is None:
        raise ConfigError("usage needs payloads: --responses FILE [FILE ...] (JSON or JSON Lines of logged "
                          "payloads) or --openai-response-ids FILE")
    if not paths and args.output_format not in (None, "text", "json"):
        raise ConfigError(f"--output-format {args.output_format} needs PATH arguments: its findings sit at the "
                          "tools' definitions; without PATHs use text or json")
    settings = _settings(args, paths)
    sample = read_sample(files, args.openai_response_ids)
    report = analyse(sample, args.min_offered, args.rare, settings.max_tools_per_turn)
    for line in _problem_warnings(sample):
        print(f"toollint: warning: {line}", file=sys.stderr)
    on = enabled(settings)

    if not paths:
        _write(_json_report(report, sample) if args.output_format == "json" else _text_table(report, sample))
        failing = any(_CODE.get(s.state) in _FAILING and _CODE[s.state] in on for s in report.tools)
        return 1 if failing and not args.exit_zero else 0

    project, tools, errors = _project(paths, settings)
    for error in errors:
        print(f"toollint: warning: {error.span.path}: {error.message}; its tools are not mapped", file=sys.stderr)
    findings, where = _findings(report, tools)
    kept, warnings = _keep(findings, project, settings, args.ignore_noqa)
    for warning in warnings:
        print(f"toollint: warning: {warning}", file=sys.stderr)
    if args.output_format == "text":
        _write(_text_table(report, sample, where))
    else:
        _write(_render(kept, settings, args))
        if not args.quiet:
            from toollint.report.format import sanitize

            # Orphan calls are TL404 findings here already.
            for line in summary_lines(report, sample, orphans=False):
                print(f"toollint: usage: {sanitize(line)}", file=sys.stderr)
            small = [s for s in report.tools if s.state == TOO_SMALL]
            if small:
                names = ", ".join(f"{s.name} ({s.offered:,} offered)" for s in small)
                print(sanitize(f"toollint: usage: too small a sample to judge (fewer than --min-offered "
                               f"{report.min_offered} turns): {names}"), file=sys.stderr)
            unseen = sorted({t.name.value for t in tools if t.name.value is not None} - {s.name for s in report.tools})
            if unseen:
                print(sanitize(f"toollint: usage: {_plural(len(unseen), 'tool')} defined under the given paths "
                               f"appear in no sampled request, so nothing is claimed about them: {', '.join(unseen)}"),
                      file=sys.stderr)
    if args.exit_zero:
        return 0
    return 1 if any(f.code in _FAILING for f in kept) else 0


def _render(findings: Sequence[Any], settings, args) -> str:
    from toollint.front.read import decode, read_source
    from toollint.report.format import RuleDoc, render
    from toollint.rulekit.registry import all_rules, doc_path

    docs = {code: RuleDoc(code, rule.name, rule.summary, doc_path(code)) for code, rule in all_rules().items()}
    sources: Dict[str, str] = {}
    if settings.output_format == "full":
        # Excerpts of the definitions only: a payload line can be megabytes of JSON.
        for path in sorted({f.span.path for f in findings if f.code != "TL404" and f.span.path.endswith(".py")}):
            data = read_source(path)
            if isinstance(data, bytes):
                text = decode(path, data)
                if isinstance(text, str):
                    sources[path] = text
    return render(findings, settings.output_format, sources=sources, color=_use_color(args.color),
                  rule_docs=docs, root=settings.root)
