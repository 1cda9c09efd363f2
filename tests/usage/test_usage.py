"""`toollint usage`: logged payloads of the three APIs, mapped back to a small source tree."""
from __future__ import annotations

import json
import re

import pytest

from toollint.commands.cli import main
from toollint.rulekit.registry import all_rules
from toollint.usage.payloads import offered as _offered
from toollint.usage.read import read_records
from usagecase import SOURCE, _definition, _line_of, payload, scenario, usage, write_jsonl


LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<code>TL\d{3}) (?P<message>.+)$")


PROVIDERS = ["openai-responses", "openai-chat", "anthropic"]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_each_layout_gives_each_state(project, capsys, provider):
    write_jsonl(project / "logs.jsonl", scenario(provider))
    code, out, err = usage(capsys, "--responses", "logs.jsonl", "--output-format", "json")
    data = json.loads(out)
    tools = {t["name"]: t for t in data["tools"]}
    assert {n: t["state"] for n, t in tools.items()} == {
        "admin_reset": "never-offered",
        "export_invoices": "never-called",
        "legacy_lookup": "never-called",
        "merge_accounts": "rarely-called",
        "search_orders": "called",
        "new_tool": "too-small-a-sample",
    }
    assert (tools["export_invoices"]["declared"], tools["export_invoices"]["offered"]) == (210, 150)
    assert (tools["admin_reset"]["declared"], tools["admin_reset"]["offered"]) == (60, 0)
    assert tools["search_orders"]["called_turns"] == 75 + 60 and tools["search_orders"]["offered"] == 210
    assert tools["merge_accounts"]["called_turns"] == 1
    assert data["sample"]["turns"] == 210 and data["sample"]["providers"] == {provider: 210}
    assert data["crowding"] == {"widest_turn": 5, "limit": 20, "at": {"file": "logs.jsonl", "line": 1}}
    assert data["orphan_calls"] == []
    # dead weight: the characters of the never-called and never-offered tools' definitions
    dead = sum(t["characters_sent"] for t in data["tools"] if t["state"] in ("never-called", "never-offered"))
    assert data["dead_weight"]["characters"] == dead > 0
    assert data["dead_weight"]["of"] == sum(t["characters_sent"] for t in data["tools"])
    assert code == 1 and err == ""


def test_table_sorted_least_used_and_most_expensive_first(project, capsys):
    write_jsonl(project / "logs.jsonl", scenario("anthropic"))
    code, out, _ = usage(capsys, "--responses", "logs.jsonl")
    assert code == 1
    rows = [line.split() for line in out.splitlines() if line.split()[:1] and line.split()[0] in (
        "never-offered", "never-called", "rarely-called", "called", "too-small-a-sample")]
    assert [r[:2] for r in rows] == [
        ["never-offered", "admin_reset"],
        ["never-called", "export_invoices"],  # used as little as legacy_lookup, and a longer definition
        ["never-called", "legacy_lookup"],
        ["rarely-called", "merge_accounts"],
        ["called", "search_orders"],
        ["too-small-a-sample", "new_tool"],
    ]
    # every claim is bounded by the sample, and the repair is printed with each state
    assert "export_invoices: never-called: was never called in 150 offered turns of the sample" in out
    assert "merge_accounts: rarely-called: was called in 1 of 150 offered turns of the sample (0.7%, under 1%)" in out
    assert "admin_reset: never-offered: was declared in 60 sampled turns and offered in none" in out
    assert "new_tool: too-small-a-sample: was offered in 10 sampled turns and never called, fewer than " \
           "--min-offered 50: too small a sample to judge" in out
    assert out.count("  repair: ") == 5
    assert "  repair: remove it from the tool list" in out
    assert "  repair: collect more payloads, or lower --min-offered" in out
    assert "dead weight: " in out and "crowding: the widest turn offers 5 tools (logs.jsonl:1), within 20" in out


def test_findings_at_the_definitions_and_noqa(project, capsys):
    records = scenario("openai-responses")
    records[9]["output"].append({"type": "function_call", "call_id": "x", "name": "old_search", "arguments": "{}"})
    write_jsonl(project / "logs.jsonl", records)
    code, out, err = usage(capsys, "--responses", "logs.jsonl", "agent")
    found = [LINE.match(line).groupdict() for line in out.splitlines()]
    got = [(f["path"], int(f["line"]), int(f["col"]), f["code"]) for f in found]
    tools = SOURCE["agent/tools.py"]
    at = lambda name: _line_of(tools, f'"name": "{name}"')  # noqa: E731
    col = 17  # `        "name": ` comes first
    assert got == [
        ("agent/tools.py", at("export_invoices"), col, "TL401"),
        ("agent/tools.py", at("merge_accounts"), col, "TL403"),
        ("agent/tools.py", at("admin_reset"), col, "TL402"),
        ("logs.jsonl", 10, 1, "TL404"),  # no definition: the first payload line that called it
    ]
    messages = {f["code"]: f["message"] for f in found}
    assert messages["TL401"].startswith("tool 'export_invoices' was never called in 150 offered turns of the sample")
    assert "remove it from the tool list" in messages["TL401"]
    assert "declared in 60 sampled turns and offered in none" in messages["TL402"]
    assert "called in 1 of 150 offered turns of the sample (0.7%, under 1%)" in messages["TL403"]
    assert "no sampled request declares it: the sample mixes configurations" in messages["TL404"]
    # legacy_lookup carries `# noqa: TL401`; the summary goes to stderr
    assert "legacy_lookup" not in out
    assert "toollint: usage: sample: 210 turns from 1 file" in err
    assert "new_tool" in err  # defined nowhere under agent/, but in the table's state
    assert code == 1

    code, out, _ = usage(capsys, "--responses", "logs.jsonl", "agent", "--ignore-noqa")
    assert "legacy_lookup" in out


def test_noqa_for_rules_usage_does_not_run_is_not_unused(project, capsys):
    # `# noqa: TL101` answers check's rules, which usage does not run: with TL003 on,
    # usage must not call it unused, while its own noqa still suppresses.
    tools = project / "agent" / "tools.py"
    tools.write_text(tools.read_text().replace('"name": "export_invoices",', '"name": "export_invoices",  # noqa: TL101'))
    write_jsonl(project / "logs.jsonl", scenario("anthropic"))
    code, out, err = usage(capsys, "--responses", "logs.jsonl", "agent", "--extend-select", "TL003")
    assert [line.split()[1] for line in out.splitlines()] == ["TL401", "TL403", "TL402"]
    assert "TL003" not in out + err and "legacy_lookup" not in out
    assert code == 1


def test_tool_without_a_definition_is_reported_at_its_payload(project, capsys):
    records = [payload("anthropic", f"m{i}", ["search_orders", "ghost_tool"], ["search_orders"]) for i in range(60)]
    write_jsonl(project / "logs.jsonl", records)
    size = len(json.dumps(_definition("anthropic", "ghost_tool"), separators=(",", ":")))
    code, out, _ = usage(capsys, "--responses", "logs.jsonl", "agent")
    assert out.splitlines() == [
        "logs.jsonl:1:1: TL401 tool 'ghost_tool' (defined under none of the given paths) was never called in "
        f"60 offered turns of the sample ({size} characters of definition sent each time); remove it from the "
        "tool list, or send it only on the turns that need it (a router category); if the model should call "
        "it, say when in its description"
    ]
    assert code == 1


@pytest.mark.parametrize("fmt", ["concise", "full", "json", "github", "sarif", "gitlab", "text"])
def test_every_output_format(project, capsys, fmt):
    write_jsonl(project / "logs.jsonl", scenario("openai-chat"))
    code, out, _ = usage(capsys, "--responses", "logs.jsonl", "agent", "--output-format", fmt)
    assert code == 1
    line = _line_of(SOURCE["agent/tools.py"], '"name": "export_invoices"')
    if fmt == "json":
        rows = json.loads(out)
        assert [(r["code"], r["location"]["row"]) for r in rows if r["code"] == "TL401"] == [("TL401", line)]
        assert all(r["name"] in ("never-called", "never-offered", "rarely-called") for r in rows)
    elif fmt == "sarif":
        log = json.loads(out)
        results = log["runs"][0]["results"]
        assert {r["ruleId"] for r in results} == {"TL401", "TL402", "TL403"}
        rules = {r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]}
        assert {"TL401", "TL402", "TL403", "TL404"} <= rules
    elif fmt == "gitlab":
        assert {r["check_name"] for r in json.loads(out)} == {"TL401", "TL402", "TL403"}
    elif fmt == "github":
        assert f"::warning file=agent/tools.py,line={line},col=17" in out
    elif fmt == "full":
        assert '"name": "export_invoices",' in out and "^^^^^^^^^^^^^^^^^" in out
    elif fmt == "text":
        assert re.search(rf"never-called\s+export_invoices\s.*agent/tools.py:{line}$", out, re.M)
        assert re.search(r"too-small-a-sample\s+new_tool\s.*\(not found\)$", out, re.M)
    else:
        assert all(LINE.match(x) for x in out.splitlines())


def test_exit_codes(project, capsys):
    rare_only = [payload("anthropic", f"m{i}", ["search_orders", "merge_accounts"],
                         ["search_orders"] + (["merge_accounts"] if i == 0 else [])) for i in range(200)]
    write_jsonl(project / "rare.jsonl", rare_only)
    code, out, _ = usage(capsys, "--responses", "rare.jsonl", "agent")
    assert code == 0 and " TL403 " in out  # a warning, not a failure

    small = [payload("anthropic", f"s{i}", ["search_orders", "export_invoices"]) for i in range(49)]
    write_jsonl(project / "small.jsonl", small)
    code, out, _ = usage(capsys, "--responses", "small.jsonl", "agent")
    assert (code, out) == (0, "")
    code, out, _ = usage(capsys, "--responses", "small.jsonl", "agent", "--min-offered", "49")
    assert code == 1 and " TL401 " in out

    write_jsonl(project / "logs.jsonl", scenario("anthropic"))
    assert usage(capsys, "--responses", "logs.jsonl", "agent", "--exit-zero")[0] == 0
    code, out, _ = usage(capsys, "--responses", "logs.jsonl", "agent", "--ignore", "TL401,TL402")
    assert code == 0 and out.split()[1] == "TL403"
    code, out, _ = usage(capsys, "--responses", "logs.jsonl", "--ignore", "never-called,never-offered")
    assert code == 0
    code, _, err = usage(capsys, "--responses", "logs.jsonl", "--rare", "50%", "--output-format", "json")
    assert code == 1

    code, _, err = usage(capsys, "--responses", "logs.jsonl", "--output-format", "github")
    assert code == 2 and "needs PATH arguments" in err and err.count("\n") == 1
    code, _, err = usage(capsys, "--responses", "missing.jsonl")
    assert code == 2 and err == "toollint: error: missing.jsonl: no such file\n"
    code, _, err = usage(capsys, "agent")
    assert code == 2 and "--responses FILE" in err
    with pytest.raises(SystemExit) as exc:
        main(["usage", "--responses", "logs.jsonl", "--rare", "2"])
    assert exc.value.code == 2
    assert "expected a share" in capsys.readouterr().err


def test_malformed_lines_are_counted_and_skipped(project, capsys):
    records = [json.dumps(r) for r in scenario("anthropic")]
    lines = records[:2] + ["{not json", ""] + records[2:5] + ['{"request": {"tools": []}}'] + records[5:] + ["[1, 2"]
    (project / "logs.jsonl").write_text("\n".join(lines) + "\n")
    code, out, err = usage(capsys, "--responses", "logs.jsonl", "--output-format", "json")
    data = json.loads(out)
    assert data["sample"]["turns"] == 210
    skipped = [(s["line"], s["kind"]) for s in data["sample"]["skipped"]]
    assert skipped == [(3, "malformed"), (8, "unusable"), (len(lines), "malformed")]
    assert "toollint: warning: logs.jsonl:3: malformed JSON line skipped: Expecting property name" in err
    assert f"toollint: warning: logs.jsonl:{len(lines)}: malformed JSON line skipped" in err
    assert "logs.jsonl:8: payload skipped: a request without its response" in err
    assert code == 1

    code, out, _ = usage(capsys, "--responses", "logs.jsonl")
    assert "skipped: 2 malformed, 1 unusable" in out.splitlines()[0]


@pytest.mark.parametrize("text, why", [
    ("", "the file is empty"),
    ("{oops\n{also bad\n", "not JSON: as one document, Expecting property name enclosed in double quotes at line 1 "
                           "column 2; as JSON Lines, 2 malformed JSON lines, the first at line 1"),
    ('{"choices": [{"message": {"role": "assistant"}}]}\n', "line 1: a Chat Completion without its request"),
    ('{"id": "resp_1", "object": "response", "status": "failed", "output": []}', "status 'failed'"),
    ("[1, 2, 3]", "line 1: not a JSON object but int"),
    (b"\xff\xfe{}\n", "not UTF-8"),
])
def test_a_file_without_usable_payload_is_an_error(project, capsys, text, why):
    path = project / "bad.jsonl"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    write_jsonl(project / "good.jsonl", scenario("anthropic"))
    code, out, err = usage(capsys, "--responses", "good.jsonl", "bad.jsonl")
    assert code == 2 and out == ""
    assert err.startswith("toollint: error: bad.jsonl: no usable payload (") and why in err
    assert err.count("\n") == 1


def test_json_document_layouts_and_their_lines(project, capsys):
    # A pretty-printed array: each record on the line it starts at.
    records = scenario("openai-responses")
    records[3]["output"].append({"type": "custom_tool_call", "call_id": "x", "name": "orphan_tool", "input": ""})
    (project / "logs.json").write_text(json.dumps(records, indent=2))
    text = (project / "logs.json").read_text()
    starts = [i for i, line in enumerate(text.splitlines(), 1) if line == "  {"]
    code, out, _ = usage(capsys, "--responses", "logs.json", "agent", "--select", "TL404")
    assert out == f"logs.json:{starts[3]}:1: TL404 tool 'orphan_tool' was called 1 time in 1 sampled turn but no " \
                  "sampled request declares it: the sample mixes configurations (or requests were logged without " \
                  "their tools); sample one configuration at a time\n"
    assert code == 0  # an orphan call is a warning

    # One pretty-printed pair, and the {"body": ...} wrapping of batch files and proxies.
    pair = payload("openai-chat", "c1", ["search_orders"], ["search_orders"])
    wrapped = {"custom_id": "1", "request": {"body": pair["request"]},
               "response": {"status_code": 200, "body": pair["response"]}}
    (project / "one.json").write_text(json.dumps(pair, indent=2))
    (project / "batch.jsonl").write_text(json.dumps(wrapped) + "\n")
    for name in ("one.json", "batch.jsonl"):
        code, out, _ = usage(capsys, "--responses", name, "--output-format", "json")
        tools = json.loads(out)["tools"]
        assert [(t["name"], t["called_turns"], t["state"]) for t in tools] == [("search_orders", 1, "called")]


def test_file_order_does_not_matter_and_duplicates_count_once(project, capsys):
    turns = scenario("anthropic")
    write_jsonl(project / "a.jsonl", turns[::2], extra_lines=["nope"])
    write_jsonl(project / "b.jsonl", turns[1::2] + turns[:3])  # three repeated from a.jsonl
    results = []
    for order in (["a.jsonl", "b.jsonl"], ["b.jsonl", "a.jsonl"]):
        for fmt in ("json", "text"):
            results.append(usage(capsys, "--responses", *order, "--output-format", fmt))
        results.append(usage(capsys, "agent", "--responses", *order))
    assert results[:3] == results[3:]
    data = json.loads(results[0][1])
    assert data["sample"]["turns"] == 210
    assert [(s["file"], s["kind"]) for s in data["sample"]["skipped"]] == [("a.jsonl", "malformed")] + [
        ("b.jsonl", "duplicate")] * 3


def test_tool_choice_decides_what_is_offered():
    declared = {"a": 1, "b": 1, "c": 1}
    every = {"a", "b", "c"}
    assert _offered(declared, None) == every
    assert _offered(declared, "auto") == _offered(declared, "required") == every
    assert _offered(declared, "none") == set()
    assert _offered(declared, {"type": "none"}) == set()
    assert _offered(declared, {"type": "any"}) == _offered(declared, {"type": "auto"}) == every
    assert _offered(declared, {"type": "tool", "name": "b"}) == {"b"}
    assert _offered(declared, {"type": "function", "function": {"name": "a"}}) == {"a"}
    assert _offered(declared, {"type": "function", "name": "c"}) == {"c"}
    assert _offered(declared, {"type": "custom", "name": "c"}) == {"c"}
    assert _offered(declared, {"name": "a"}) == {"a"}  # legacy function_call
    assert _offered(declared, {"type": "allowed_tools", "mode": "auto",
                               "tools": [{"type": "function", "name": "a"}, {"type": "function", "name": "z"}]}) == {"a"}
    assert _offered(declared, {"type": "allowed_tools", "allowed_tools": {
        "mode": "required", "tools": [{"type": "function", "function": {"name": "b"}}]}}) == {"b"}
    assert _offered(declared, {"type": "file_search"}) == set()  # a hosted tool forced


def test_read_records_reports_lines():
    records, malformed, error = read_records(b'{"a": 1}\n\n{"b": \n[{"c": 1}, {"d": 2}]\n')
    assert records == [(1, {"a": 1}), (4, {"c": 1}), (4, {"d": 2})]
    assert malformed == [(3, "Expecting value at column 7")] and error is None
    records, malformed, error = read_records(b'\xef\xbb\xbf[\n  {"a": 1},\n\n  {"b": [\n 2]}\n]')
    assert records == [(2, {"a": 1}), (4, {"b": [2]})] and malformed == [] and error is None


def test_the_catalogue_knows_the_codes():
    rules = all_rules()
    assert [(c, rules[c].name, rules[c].default_enabled) for c in ("TL401", "TL402", "TL403", "TL404")] == [
        ("TL401", "never-called", True), ("TL402", "never-offered", True),
        ("TL403", "rarely-called", True), ("TL404", "orphan-call", True)]


def test_the_module_imports_cheaply():
    import subprocess
    import sys

    code = ("import sys; import toollint.usage.command; "
            "print(sorted(m for m in ('json', 'urllib.request', 'libcst', 'toollint.engine.core', "
            "'toollint.rules.tl401_never_called') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_odd_records_never_crash(project, capsys):
    odd = [
        {"object": "response", "output": 5, "tools": "x", "tool_choice": 7},
        {"request": [], "response": {}},
        {"request": {"tools": [1, None, {"function": 3}, {"name": 4}], "tool_choice": []},
         "response": {"choices": [5, {"message": {"tool_calls": {"a": 1}, "function_call": "x"}}]}},
        {"request": {"tools": {"name": "x"}}, "response": {"type": "message", "content": [None, {"type": "tool_use"}]}},
        {"response": {"error": {"message": "overloaded"}}},
        {"object": "response", "status": "completed", "output": [{"type": "function_call", "name": ["x"]}],
         "tools": [{"type": "function", "name": "search_orders"}], "tool_choice": {"type": "allowed_tools", "tools": 3}},
        "just a string",
    ]
    lines = [json.dumps(r) for r in odd] + ["1" * 5000, "[" * 100000, '{"a": NaN}']
    (project / "odd.jsonl").write_text("\n".join(lines) + "\n")
    code, out, err = usage(capsys, "--responses", "odd.jsonl", "--output-format", "json")
    assert code == 0 and "internal error" not in err
    data = json.loads(out)
    assert data["sample"]["turns"] == 4  # the Responses objects and the Anthropic pair
    kinds = [(s["line"], s["kind"]) for s in data["sample"]["skipped"]]
    assert [k for _, k in kinds].count("malformed") == 2  # the long number and the deep nesting


def test_payload_files_among_paths_and_paths_among_payloads(project, capsys):
    write_jsonl(project / "logs.jsonl", scenario("anthropic"))
    first = usage(capsys, "--responses", "logs.jsonl", "agent")
    assert usage(capsys, "--responses", "logs.jsonl", "agent/tools.py")[1] == first[1]
    assert usage(capsys, "logs.jsonl", "agent") == first
    assert first[0] == 1 and " TL401 " in first[1]
