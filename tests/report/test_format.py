"""Output formats a person reads: concise, full (source excerpt and caret), json, statistics and
count, and what every format must do (determinism, hostile messages, undecodable names); the CI
formats are in test_format_ci.py."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from formatcase import DOCS, HOSTILE, SGR, fnd, hostile_findings, is_terminal_safe, parse_github
from lintcase import examples
from toollint.report.format import FORMATS, count_line, excerpt, render, sanitize


# --- concise -----------------------------------------------------------------------------


def test_concise():
    out = render([fnd(), fnd("TL203", "x is nullable", line=7, col=12)], "concise")
    assert out == "pkg/tools.py:3:5: TL101 tool has no description\npkg/tools.py:7:12: TL203 x is nullable\n"


def test_empty_text_outputs_are_empty():
    for fmt in ("concise", "full", "github"):
        assert render([], fmt) == ""
    assert json.loads(render([], "json")) == []
    assert json.loads(render([], "gitlab")) == []
    assert json.loads(render([], "sarif"))["runs"][0]["results"] == []


def test_concise_color():
    plain = render([fnd()], "concise", color=False)
    colored = render([fnd()], "concise", color=True)
    assert "\x1b" not in plain
    assert "\x1b[1;31mTL101\x1b[0m" in colored
    assert SGR.sub("", colored) == plain


def test_concise_hostile_messages_one_line_each():
    fs = hostile_findings()
    for color in (False, True):
        out = render(fs, "concise", color=color)
        plain = SGR.sub("", out)
        assert is_terminal_safe(plain)
        lines = plain.split("\n")
        assert lines[-1] == "" and len(lines) - 1 == len(fs)
        assert len(plain.splitlines()) == len(fs)
        for f, line in zip(fs, lines):
            assert line == f"pkg/tools.py:{f.span.line}:5: TL101 {sanitize(f.message, keep=chr(9))}"


def test_concise_hostile_path():
    f = fnd(path="evil\n\x1b[2Jpkg/tools.py")
    out = render([f], "concise")
    assert out == "evil\\n\\x1b[2Jpkg/tools.py:3:5: TL101 tool has no description\n"


def test_sanitize():
    assert sanitize("plain é 日本") == "plain é 日本"
    assert sanitize("a\nb\rc\x1bd\te") == "a\\nb\\rc\\x1bd\\te"
    assert sanitize("a\te", keep="\t") == "a\te"
    assert sanitize("\u202e\x85\x9b\u2028") == "\\u202e\\x85\\x9b\\u2028"


# --- full --------------------------------------------------------------------------------


def full_lines(source: str, line: int, col: int, end_col: int, end_line=None, color=False):
    f = fnd(line=line, col=col, end_col=end_col, end_line=end_line)
    out = render([f], "full", sources={"pkg/tools.py": source}, color=color)
    lines = out.split("\n")
    assert lines[-1] == ""
    return lines[:-1]


def test_full_plain():
    src = 'x = 1\nT = {"name": "search"}\n'
    head, shown, carets = full_lines(src, 2, 6, 12)
    assert head == "pkg/tools.py:2:6: TL101 tool has no description"
    assert shown == 'T = {"name": "search"}'
    assert carets == "     ^^^^^^"


def test_full_multiline_span_single_caret():
    _, _, carets = full_lines('T = {"a": """x\ny"""}\n', 1, 11, 5, end_line=2)
    assert carets == "          ^"


def test_full_zero_width_span_one_caret():
    _, _, carets = full_lines("abc\n", 1, 4, 4)
    assert carets == "   ^"


def test_full_tabs_echoed_under_caret():
    _, shown, carets = full_lines('\t\td = "x"\n', 1, 3, 4)
    assert shown == '\t\td = "x"'
    assert carets == "\t\t^"
    # A tab inside the span gets one caret.
    assert excerpt("\tx", 1, 3) == ("\tx", "^^")


def test_full_non_ascii_columns_are_characters():
    _, shown, carets = full_lines('é = "ü"\n', 1, 3, 4)
    assert shown == 'é = "ü"'
    assert carets == "  ^"
    _, _, carets = full_lines('é = "ü"\n', 1, 5, 8)
    assert carets == "    ^^^"


def test_full_wide_and_combining_characters():
    # 日 and 本 take two cells each; the combining acute takes none.
    _, _, carets = full_lines('"日本" = 1\n', 1, 6, 7)
    assert carets == " " * 7 + "^"
    _, _, carets = full_lines('"日本" = 1\n', 1, 2, 4)
    assert carets == " ^^^^"
    _, _, carets = full_lines("e\u0301 = 1\n", 1, 4, 5)
    assert carets == "  ^"


def test_full_escapes_control_characters_in_source():
    # (A lone \r is a line break to Python, so it cannot occur inside a line.)
    src = 'd = "\x1b[2J\x1b[1Ahidden\x08\x9b\u202e"; y = 1\n'
    head, shown, carets = full_lines(src, 1, src.index("y") + 1, src.index("y") + 2)
    assert shown == 'd = "\\x1b[2J\\x1b[1Ahidden\\x08\\x9b\\u202e"; y = 1'
    assert is_terminal_safe(shown)
    assert shown[len(carets) - 1] == "y" and carets.endswith(" ^")


def test_full_source_line_breaks_are_pythons():
    # \f and \x1c are not line breaks to Python; str.splitlines would shift the lines.
    src = "a = 1\x0c\nb = 2\x1c c = 3\r\nd = 4\re = 5\n"
    _, shown, _ = full_lines(src, 2, 1, 2)
    assert shown == "b = 2\\x1c c = 3"
    _, shown, _ = full_lines(src, 4, 1, 2)
    assert shown == "e = 5"


def test_full_without_source_line():
    f = fnd(line=40)
    assert render([f], "full", sources={"pkg/tools.py": "x = 1\n"}) == render([f], "concise")
    assert render([f], "full", sources={}) == render([f], "concise")


def test_full_color_highlights_and_stays_safe():
    src = 'T = {"name": "search\x1b[31m"}  # tool\n'
    plain = full_lines(src, 1, 14, 20)
    colored = full_lines(src, 1, 14, 20, color=True)
    assert any("\x1b[" in line for line in colored[1:])  # pygments coloured the excerpt
    assert [SGR.sub("", line) for line in colored] == plain
    assert "\x1b[31m\"" not in "".join(colored)  # the file's own escape never reaches the terminal
    assert all("\x1b" not in SGR.sub("", line) for line in colored)


def test_full_hostile_messages_and_sources():
    fs = hostile_findings()
    source = "\n".join(HOSTILE) + "\n"
    for color in (False, True):
        out = render(fs, "full", sources={"pkg/tools.py": source}, color=color)
        plain = SGR.sub("", out)
        assert "\x1b" not in plain and is_terminal_safe(plain)
        heads = [line for line in plain.split("\n") if line.startswith("pkg/tools.py:")]
        assert len(heads) == len(fs)


# --- json --------------------------------------------------------------------------------


def test_json():
    fs = [fnd(noqa_line=5, end_line=5, end_col=9), fnd("TL203", line=8), fnd("TL777", name="new-rule")]
    data = json.loads(render(fs, "json", rule_docs=DOCS))
    assert list(data[0]) == [
        "code", "name", "message", "filename", "location", "end_location", "noqa_row", "url", "severity", "fix",
    ]
    assert data[0] == {
        "code": "TL101",
        "name": "missing-description",
        "message": "tool has no description",
        "filename": "pkg/tools.py",
        "location": {"row": 3, "column": 5},
        "end_location": {"row": 5, "column": 9},
        "noqa_row": 5,
        "url": "https://example.invalid/rules/TL101",
        "severity": "warning",
        "fix": None,  # ruff's: null when the finding has no fix
    }
    assert data[1]["noqa_row"] == 8  # unset noqa_line: the reported line
    assert data[1]["url"] == "rules/tl203_nullable_required.md"
    assert data[2]["url"] is None


def test_json_indent_and_ascii():
    out = render([fnd(message="日本 \u202e")], "json")
    assert out.startswith("[\n  {\n    \"code\"")
    assert out.isascii() and out.endswith("]\n")


def test_json_hostile_round_trip():
    fs = hostile_findings() + [fnd(path='a"\n]}.py')]
    data = json.loads(render(fs, "json"))
    assert [d["message"] for d in data] == [f.message for f in fs]
    assert data[-1]["filename"] == 'a"\n]}.py'


# --- statistics and count ----------------------------------------------------------------


def test_statistics():
    fs = [fnd("TL203")] + [fnd("TL101")] * 12 + [fnd("TL001")] * 3 + [fnd("TL107", name="overlapping-descriptions")] * 3
    out = render(fs, "concise", statistics=True, rule_docs=DOCS)
    assert out == (
        "12  TL101  missing-description\n"
        " 3  TL001  syntax-error\n"
        " 3  TL107  overlapping-descriptions\n"
        " 1  TL203  nullable-required\n"
    )
    assert render(fs, "full", statistics=True, rule_docs=DOCS) == out
    assert render([], "concise", statistics=True) == ""


def test_statistics_json():
    fs = [fnd("TL203"), fnd("TL101"), fnd("TL101")]
    assert json.loads(render(fs, "json", statistics=True)) == [
        {"code": "TL101", "name": "missing-description", "count": 2},
        {"code": "TL203", "name": "nullable-required", "count": 1},
    ]


def test_count_line():
    assert count_line(0) == "Found 0 errors."
    assert count_line(1) == "Found 1 error."
    assert count_line(3) == "Found 3 errors."


# --- every format ------------------------------------------------------------------------


def test_unknown_format():
    with pytest.raises(ValueError, match="concise, full, json, github, sarif, gitlab"):
        render([], "xml")


@pytest.mark.parametrize("fmt", FORMATS)
def test_deterministic(fmt, tmp_path):
    fs = hostile_findings() + [fnd("TL001", path=str(tmp_path / "z.py"))]
    kwargs = dict(sources={"pkg/tools.py": "\n".join(HOSTILE)}, rule_docs=DOCS, root=str(tmp_path), color=True)
    assert render(fs, fmt, **kwargs) == render(list(fs), fmt, **kwargs)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.text(max_size=40), min_size=1, max_size=4))
def test_no_message_adds_or_hides_findings(messages):
    fs = [fnd(message=m, line=i + 1) for i, m in enumerate(messages)]
    n = len(fs)
    concise = render(fs, "concise", color=True)
    assert is_terminal_safe(SGR.sub("", concise)) and len(concise.splitlines()) == n
    assert [d["message"] for d in json.loads(render(fs, "json"))] == messages
    rows = parse_github(render(fs, "github"))
    assert [data for _, data in rows] == [f"TL101 {sanitize(m, keep=chr(13) + chr(10) + chr(9))}" for m in messages]
    doc = json.loads(render(fs, "sarif"))
    assert [r["message"]["text"] for r in doc["runs"][0]["results"]] == messages
    assert [d["description"] for d in json.loads(render(fs, "gitlab"))] == [f"TL101 {m}" for m in messages]


def test_full_color_keeps_tabs_and_wide_characters():
    src = '\t"日本\t" = 1\n'
    plain = full_lines(src, 1, 6, 8)
    colored = full_lines(src, 1, 6, 8, color=True)
    assert [SGR.sub("", line) for line in colored] == plain
    assert plain[2] == "\t     \t^^"


@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=30).map(lambda t: t.replace("\r", "").replace("\n", "")), st.integers(1, 35), st.integers(0, 10))
def test_excerpt_any_line(text, col, width):
    shown, carets = excerpt(text, col, col + width)
    assert is_terminal_safe(shown) and "\n" not in shown
    assert set(carets) <= {" ", "\t", "^"} and carets.endswith("^")
    out = render([fnd(line=1, col=col, end_col=col + width)], "full", sources={"pkg/tools.py": text}, color=True)
    assert "\x1b" not in SGR.sub("", out)


@pytest.mark.parametrize("fmt", FORMATS)
def test_undecodable_file_name_never_breaks_output(fmt, tmp_path):
    path = str(tmp_path / "caf\udce9.py")  # os.fsdecode(b"caf\xe9.py") on a UTF-8 system
    f = fnd(path=path, message="quote \udcff")
    out = render([f], fmt, sources={path: "x = 1\ny\n\udce9 = 2\n"}, root=str(tmp_path), color=True)
    out.encode("utf-8")  # printable: no lone surrogate reaches stdout
    if fmt == "sarif":
        uri = json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert uri == "caf%E9.py"


def test_unsafe_scan_agrees_with_the_per_character_test_on_every_code_point():
    from toollint.report.format import _ANY_UNSAFE, _is_unsafe

    # sanitize() trusts the one-regex scan to say "nothing to escape"
    assert [hex(o) for o in range(0x110000) if bool(_ANY_UNSAFE.search(chr(o))) != _is_unsafe(chr(o))] == []


def test_the_config_accepts_exactly_the_formats_render_offers():
    from toollint.config.settings import OUTPUT_FORMATS

    assert OUTPUT_FORMATS == FORMATS
