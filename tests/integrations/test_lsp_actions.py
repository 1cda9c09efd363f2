"""The LSP server's pieces without a process: the noqa edit, the diagnostic's range in
the client's units, the text edit of a fix, the kinds a client asks for."""
from __future__ import annotations

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pygls.workspace.position_codec import PositionCodec  # noqa: E402

from toollint.fix import ADD_DEFAULT, Edit, Fix  # noqa: E402
from toollint.lsp import actions, fixes  # noqa: E402
from toollint.lsp.diagnostics import rule_pages, split_lines, to_diagnostic  # noqa: E402
from toollint.model import Finding, Span  # noqa: E402

UTF16 = PositionCodec(types.PositionEncodingKind.Utf16).client_num_units
URI = "file:///project/tools.py"


def edited(text, line, code):
    edit = actions.noqa_edit(text, line, code, UTF16)
    if edit is None:
        return None
    lines = split_lines(text)
    row = lines[edit.range.start.line]
    lines[edit.range.start.line] = row[:edit.range.start.character] + edit.new_text + row[edit.range.end.character:]
    return lines[line - 1]


@pytest.mark.parametrize("line, expected", [
    ('    "name": "reset_password",', '    "name": "reset_password",  # noqa: TL305'),
    ('    "name": "reset_password",   ', '    "name": "reset_password",  # noqa: TL305'),
    ('    "name": "a#b",  # noqa: TL101', '    "name": "a#b",  # noqa: TL101, TL305'),
    ('    "name": "a",  # noqa: E501, TL101 keep the name', '    "name": "a",  # noqa: E501, TL101, TL305 keep the name'),
    ('    "name": "a",  # the API wants this', '    "name": "a",  # the API wants this  # noqa: TL305'),
    ('    "name": "# not a comment",', '    "name": "# not a comment",  # noqa: TL305'),
])
def test_the_noqa_edit_adds_or_merges_the_code(line, expected):
    assert edited(f"TOOLS = [{{\n{line}\n}}]\n", 2, "TL305") == expected


@pytest.mark.parametrize("line", ['    "name": "a",  # noqa', '    "name": "a",  # noqa: TL305'])
def test_no_edit_where_the_line_already_suppresses_it(line):
    assert actions.noqa_edit(f"TOOLS = [{{\n{line}\n}}]\n", 2, "TL305", UTF16) is None


def test_the_range_is_in_the_clients_units():
    # the span counts characters; UTF-16 counts the emoji twice
    text = 'TOOLS = [{"description": "🔍 find", "name": "x y"}]\n'
    col = text.index('"x y"') + 1
    f = Finding("TL301", "invalid-tool-name", "bad", Span("t.py", 1, col, 1, col + 5), noqa_line=1)
    d = to_diagnostic(f, split_lines(text), UTF16, rule_pages())
    assert (d.range.start.character, d.range.end.character) == (col, col + 5)
    assert d.code == "TL301" and d.code_description.href.endswith("/tl301_invalid_tool_name.md")
    assert d.severity == types.DiagnosticSeverity.Warning
    broken = Finding("TL001", "syntax-error", "cannot parse", Span("t.py", 1, 1, 1, 2))
    assert to_diagnostic(broken, [""], UTF16, {}).severity == types.DiagnosticSeverity.Error


def changes(edit):
    return types.WorkspaceEdit(changes={URI: [edit]})


def test_the_noqa_goes_where_the_finding_says_and_other_linters_are_left_alone():
    text = 'TOOLS = [{\n    "description": (\n        "Find it."\n    ),\n}]\n'
    d = types.Diagnostic(range=types.Range(start=types.Position(line=2, character=8),
                                           end=types.Position(line=2, character=18)),
                         message="m", code="TL103", source="toollint", data={"noqa_line": 4})
    [noqa] = actions.code_actions(text, [d], UTF16, changes)
    assert noqa.title == "Suppress TL103 with noqa"
    [edit] = noqa.edit.changes[URI]
    assert edit.range.start.line == 3 and edit.new_text == "  # noqa: TL103"
    other = types.Diagnostic(range=d.range, message="m", code="E501", source="flake8")
    assert actions.code_actions(text, [other], UTF16, changes) == []


def apply_text_edit(text, edit):
    lines = fixes._LINE.findall(text)
    start = sum(map(len, lines[:edit.range.start.line])) + edit.range.start.character
    end_line = edit.range.end.line
    end = sum(map(len, lines[:end_line])) + (edit.range.end.character if end_line < len(lines) else 0)
    return text[:start] + edit.new_text + text[end:]


@pytest.mark.parametrize("old, new", [
    ("a = 1\nb = 2\nc = 3\n", "a = 1\nb = [2]\nc = 3\n"),
    ("a = 1\r\nb = 2\r\n", "a = 1\r\nb = 2, 3\r\n"),
    ("a = '🔍'\nb = 2", "a = '🔍'\nb = 2, 3"),  # the last line has no line end
    ("a = 1\n", "a = 1\nb = 2\n"),
    ("x = ['🔍', 'a']\n", "x = ['🔍']\n"),
])
def test_the_text_edit_turns_the_old_text_into_the_new(old, new):
    edit = fixes.text_edit(old, new, UTF16)
    assert apply_text_edit(old, edit) == new
    assert fixes.text_edit(old, old, UTF16) is None


def test_no_quick_fix_whose_result_would_not_compile():
    # a default before a parameter without one: libcst writes it, Python refuses it
    text = "def search(query, limit, page):\n    return []\n"
    col = text.index("limit") + 1
    span = Span("t.py", 1, col, 1, col + len("limit"))
    bad = Fix("Give 'limit' the default None", "unsafe",
              (Edit(ADD_DEFAULT, span, text="None", scope=Span("t.py", 1, col, 1, 1 << 30)),))
    f = Finding("TL205", "x", "m", span, fix=bad)
    assert fixes.quick_fix(f, text, UTF16) is None
    last = text.index("page") + 1
    good_span = Span("t.py", 1, last, 1, last + len("page"))
    good = Finding("TL205", "x", "m", good_span, fix=Fix("Give 'page' the default None", "unsafe", (Edit(
        ADD_DEFAULT, good_span, text="None", scope=Span("t.py", 1, last, 1, 1 << 30)),)))
    assert apply_text_edit(text, fixes.quick_fix(good, text, UTF16)).startswith("def search(query, limit, page=None):")


@pytest.mark.parametrize("only, kind, wanted", [
    (None, "source.fixAll.toollint", True),
    (["source.fixAll"], "source.fixAll.toollint", True),
    (["source"], "source.fixAll.toollint", True),
    (["quickfix"], "source.fixAll.toollint", False),
    (["source.fixAll"], "quickfix", False),
    (["source.fix"], "source.fixAll.toollint", False),
])
def test_code_action_kinds_are_hierarchical(only, kind, wanted):
    assert fixes.kinds_wanted(only, kind) is wanted
