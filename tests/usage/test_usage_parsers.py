"""With orjson installed (`toollint[orjson]`) JSON Lines parse faster, and nothing a user
sees may change: every record's value and every malformed line's message is json's."""
from __future__ import annotations

import json

import pytest

from toollint.commands.cli import main
from toollint.usage import read

pytest.importorskip("orjson")


def _tool(name, **schema_extra):
    return {"type": "function", "name": name, "description": "Finds it. Use this when asked.",
            "parameters": {"type": "object", "properties": {"n": {"type": "integer", **schema_extra}}}}


def _lines():
    base = {"object": "response", "status": "completed", "tool_choice": "auto",
            "output": [{"type": "function_call", "call_id": "c", "name": "a", "arguments": "{}"}]}
    plain = [json.dumps(dict(base, id=f"resp_{i}", tools=[_tool("a"), _tool("b")])).encode() for i in range(5)]
    return plain + [
        json.dumps(dict(base, id="resp_big", tools=[_tool("a", maximum=10 ** 30)])).encode(),  # beyond 64 bits
        json.dumps(dict(base, id="resp_nan", tools=[_tool("b", maximum=float("nan"))])).encode(),  # json writes NaN
        json.dumps(dict(base, id="resp_sur", tools=[_tool("a")], note="\ud800")).encode(),  # a lone surrogate
        b'{"id": "first", "id": "resp_dup", "object": "response", "status": "completed", "tools": []}',
        json.dumps(dict(base, id="resp_inf", tools=[_tool("b")])).encode().replace(b'"c"', b'"c", "w": 1e400', 1),
        b'{"id": "resp_bad", "tools": [}',  # malformed
        b'\xff{"id": 1}',  # not UTF-8
        b"[" * 3000 + b"]" * 3000,  # nested too deeply for both
        b'\xef\xbb\xbf{"id": "bom"}',
    ]


def _values():
    out = []
    for number, record, error in read.iter_records(line + b"\n" for line in _lines()):
        out.append((number, json.dumps(record, sort_keys=True, allow_nan=True), error))
    return out


def test_records_and_errors_are_json_s_whichever_parser_reads_them(monkeypatch):
    monkeypatch.setattr(read, "_FAST", None)
    expected = _values()
    monkeypatch.setattr(read, "_FAST", read._fast_loads())
    assert _values() == expected
    assert any(e and "UTF-8" in e for _, _, e in expected) and any(r and "1000000000000000000000000000000" in r
                                                                    for _, r, _ in expected)


def test_the_report_is_the_same_whichever_parser_reads_the_log(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "logs.jsonl").write_bytes(b"\n".join(_lines()) + b"\n")
    outputs = []
    for fast in (None, read._fast_loads()):
        monkeypatch.setattr(read, "_FAST", fast)
        code = main(["usage", "--responses", "logs.jsonl", "--output-format", "json"])
        outputs.append((code, *capsys.readouterr()))
    assert outputs[0] == outputs[1]
    data = json.loads(outputs[0][1])
    assert data["sample"]["turns"] == 10 and data["sample"]["skipped_counts"] == {"malformed": 4}
