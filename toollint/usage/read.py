"""Reading the logged payloads: records from JSON or JSON Lines files, into one Sample.

A file is one JSON document (a record, or an array of records) or JSON Lines (a record,
or an array of records, per line). Records that show no turn are counted and skipped.
JSON Lines are read, parsed and counted one line at a time, so memory does not grow with
the log; so is a file that is one JSON array, one item at a time (jsonarray.py).
"""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, List, Optional, Tuple

from toollint.usage.payloads import Where, turn_from_record
from toollint.usage.problems import Problem, Problems
from toollint.usage.sources import Lines
from toollint.usage.tally import Tally
from toollint.usage.words import plural


@dataclass
class Sample:
    tally: Tally = field(default_factory=Tally)
    files: List[str] = field(default_factory=list)
    problems: Problems = field(default_factory=Problems)
    aggregated: bool = False  # per-tool counts only (--counts): no turn, no location


_WS = " \t\r\n"


def _fast_loads():
    """orjson's parser when it is installed (`toollint[orjson]`): about three times faster
    than json's on logged payloads. It is used only where it gives json's own value:
    what it rejects (NaN, lone surrogates, numbers out of range, bad UTF-8) is read again
    by json, which also words the errors; and it turns integers beyond 64 bits into
    floats, so a line with a run of 19 digits goes to json as well."""
    try:
        import orjson
    except ImportError:
        return None
    # Digits to "0", the rest to " ": then a run of 19 digits is a substring search, ten
    # times cheaper than a regex's (which tries every digit as a start).
    digits = bytes(48 if 48 <= i <= 57 else 32 for i in range(256))
    run = b"0" * 19
    loads = orjson.loads

    def fast(raw: bytes) -> Any:
        if run in raw.translate(digits):
            raise ValueError("may hold an integer beyond 64 bits")
        return loads(raw)

    return fast


_FAST: Any = ...  # decided at the first line read: importing orjson imports json


def line_value(raw: bytes) -> Tuple[Any, Optional[str]]:
    """(the JSON value of one line or reply, None), or (None, why it is not JSON)."""
    global _FAST
    import json

    if _FAST is ...:
        _FAST = _fast_loads()
    if _FAST is not None:
        try:
            return _FAST(raw), None
        except ValueError:  # orjson.JSONDecodeError is one
            pass
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


def _document(data: bytes) -> Tuple[Optional[str], Any, Optional[str]]:
    """(text, value, None) when the whole file is one JSON document, else (None, None, why)."""
    import json

    try:
        text = data.decode("utf-8")
        return text, json.loads(text), None
    except UnicodeDecodeError as e:
        return None, None, f"not UTF-8 (byte {e.start + 1})"
    except json.JSONDecodeError as e:
        return None, None, f"{e.msg} at line {e.lineno} column {e.colno}"
    except RecursionError:
        return None, None, "nested too deeply"
    except ValueError as e:
        return None, None, str(e).split(";")[0]


def _chomp(raw: bytes) -> bytes:
    # Without its newline: a JSON error then points at the line's own columns.
    return raw[:-1] if raw.endswith(b"\n") else raw


def _line_records(number: int, raw: bytes) -> Iterator[Tuple[int, Any, Optional[str]]]:
    value, error = line_value(raw)
    if error is not None:
        yield number, None, error
    elif isinstance(value, list):
        for item in value:
            yield number, item, None
    else:
        yield number, value, None


def _whole(data: bytes) -> Iterator[Tuple[int, Any, Optional[str]]]:
    text, value, doc_error = _document(data)
    if text is not None:
        del data
        for line, record in _document_records(text, value):
            yield line, record, None
        return
    for number, raw in _lines(data):
        yield from _line_records(number, raw)
    yield 0, None, doc_error


def iter_records(pieces: Iterable[bytes]) -> Iterator[Tuple[int, Any, Optional[str]]]:
    """(line, record, None) per record and (line, None, reason) per malformed line; a last
    (0, None, reason) when the file is neither JSON Lines nor one JSON document.

    `pieces` are lines, or pieces of lines (a piece ends with a newline only where its
    line does). A file that starts with `[` is read one array item at a time
    (jsonarray.py); after the array, lines again (JSON Lines of arrays). Else JSON Lines
    when the first non-blank line is JSON on its own: each line is read, parsed and
    handed on before the next is read. Else one JSON document, and when that fails too,
    JSON Lines again so every good line still counts.
    """
    stream = iter(pieces)
    head: List[bytes] = []
    for raw in stream:
        if not head and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        head.append(raw)
        if raw.strip():
            break
    if not head or not head[-1].strip():
        yield 0, None, "the file is empty"
        return
    if head[-1].lstrip().startswith(b"["):
        yield from _array(head, stream)
    else:
        yield from _lines_or_document(_joined(itertools.chain(head, stream)))


def _joined(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """Whole lines from pieces of lines."""
    parts: List[bytes] = []
    for piece in pieces:
        if not piece.endswith(b"\n"):
            parts.append(piece)
        elif parts:
            parts.append(piece)
            yield b"".join(parts)
            parts = []
        else:
            yield piece
    if parts:
        yield b"".join(parts)


def _array(head: List[bytes], stream: Iterator[bytes]) -> Iterator[Tuple[int, Any, Optional[str]]]:
    import io

    from toollint.usage.jsonarray import ArrayError, ArrayReader

    reader = ArrayReader(itertools.chain(head, stream))
    try:
        for line, item in reader.records():
            yield line, item, None
    except ArrayError as e:
        if reader.raw is not None:  # nothing handed on yet: read as it always was, whole
            yield from _whole(b"".join(reader.raw) + b"".join(stream))
        else:
            yield e.line, None, e.why
        return
    end, _, after = reader.rest.partition("\n")
    if end.strip():
        yield reader.line, None, "more JSON after the array on its last line"
    number = reader.line
    for raw in _joined(itertools.chain(io.BytesIO(after.encode("utf-8", "surrogatepass")), stream)):
        number += 1
        if raw.strip():
            yield from _line_records(number, _chomp(raw))


def _lines_or_document(lines: Iterator[bytes]) -> Iterator[Tuple[int, Any, Optional[str]]]:
    head: List[bytes] = []
    for raw in lines:
        head.append(raw)
        if raw.strip():
            break
    first = _chomp(head[-1])
    if line_value(first)[1] is not None:
        yield from _whole(b"".join(head) + b"".join(lines))
        return
    yield from _line_records(len(head), first)
    number = len(head)
    for raw in lines:
        number += 1
        if raw.strip():
            yield from _line_records(number, _chomp(raw))


def read_records(data: bytes) -> Tuple[List[Tuple[int, Any]], List[Tuple[int, str]], Optional[str]]:
    """(records with their line, malformed lines with the reason, the whole-document error)."""
    records: List[Tuple[int, Any]] = []
    malformed: List[Tuple[int, str]] = []
    doc_error = None
    import io

    for line, record, error in iter_records(io.BytesIO(data)):
        if error is None:
            records.append((line, record))
        elif line == 0:
            doc_error = error
        else:
            malformed.append((line, error))
    return records, malformed, doc_error


def read_bytes(path: str) -> bytes:
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


def take(path: str, line: int, record: Any, sample: Sample) -> bool:
    """Count the record's turn (once per response id: a response logged twice, in two logs
    or a log and a fetch, is one turn); whether it shows a turn at all."""
    where = Where(path, line)
    turn = turn_from_record(record, where)
    if isinstance(turn, str):
        sample.problems.append(Problem(where, "unusable", turn))
        return False
    if sample.tally.first_copy(turn):
        sample.tally.add(turn)
    else:
        sample.problems.append(Problem(where, "duplicate", f"response {turn.response_id} already read"))
    return True


def read_file(path: str, sample: Sample, progress=None) -> Optional[str]:
    """Add the file's turns and problems to the sample; why it has no usable payload, if
    none. `progress` (progress.Progress) is told how far the file is read."""
    from toollint.usage.progress import EVERY

    usable = records = 0
    malformed = 0
    first_malformed: Tuple[int, str] = (0, "")
    first_unusable: Optional[Problem] = None
    doc_error = None
    lines = Lines(path)
    path = lines.name
    sample.files.append(path)
    for line, record, error in iter_records(lines):
        if error is None:
            records += 1
            if take(path, line, record, sample):
                usable += 1
            elif first_unusable is None:
                first_unusable = sample.problems.last
            if progress is not None and not records % EVERY:
                progress.at(lines.consumed())
        elif line == 0:
            doc_error = error
        else:
            malformed += 1
            if malformed == 1:
                first_malformed = (line, error)
            sample.problems.append(Problem(Where(path, line), "malformed", error))
    if progress is not None:
        progress.file_done(lines.path)
    if lines.failure is not None:
        sample.problems.append(Problem(Where(path, lines.read), "cut-short", lines.failure))
    if usable:
        return None
    if not records and not malformed:
        why = lines.failure or doc_error or "no records"
    elif not records:
        line, error = first_malformed
        why = f"{plural(malformed, 'malformed JSON line')}, the first at line {line}: {error}"
        if doc_error is not None and malformed > 1:
            why = f"not JSON: as one document, {doc_error}; as JSON Lines, {why}"
    else:
        p = first_unusable
        why = f"line {p.where.line}: {p.detail}" if p is not None else "no records"
    return f"{path}: no usable payload ({why}); expected JSON or JSON Lines of OpenAI Responses objects " \
           f"or {{\"request\": ..., \"response\": ...}} pairs (see README: toollint usage)"
