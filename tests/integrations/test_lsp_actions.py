"""The LSP server's pieces without a process: the noqa edit, the diagnostic's range in
the client's units, the quick-fix hook."""
from __future__ import annotations

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pygls.workspace.position_codec import PositionCodec  # noqa: E402

from toollint.lsp import actions  # noqa: E402
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


def test_the_noqa_goes_where_the_finding_says_and_a_fix_provider_is_asked(monkeypatch):
    text = 'TOOLS = [{\n    "description": (\n        "Find it."\n    ),\n}]\n'
    d = types.Diagnostic(range=types.Range(start=types.Position(line=2, character=8),
                                           end=types.Position(line=2, character=18)),
                         message="m", code="TL103", source="toollint", data={"noqa_line": 4})
    fix = types.WorkspaceEdit(changes={URI: []})
    monkeypatch.setattr(actions, "FIXES", [lambda diagnostic, uri, source: [("Add a trigger clause", fix)]])
    noqa, quick = actions.code_actions(URI, text, [d], UTF16)
    assert noqa.title == "Suppress TL103 with noqa"
    [edit] = noqa.edit.changes[URI]
    assert edit.range.start.line == 3 and edit.new_text == "  # noqa: TL103"
    assert (quick.title, quick.edit, quick.is_preferred) == ("Add a trigger clause", fix, True)
    other = types.Diagnostic(range=d.range, message="m", code="E501", source="flake8")
    assert actions.code_actions(URI, text, [other], UTF16) == []
