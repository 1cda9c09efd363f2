"""Autofix through `toollint server` (pygls's own client; the server in this process,
tests/integrations/lspinproc.py, as the fixes are what is tested here: test_lsp.py runs the
real process): quick fixes, "Fix all toollint" and toollint.applyAutofix give exactly the
bytes `toollint check --fix` writes, computed on the unsaved buffer."""
from __future__ import annotations

import asyncio
import re

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402

from tests.inproc import toollint  # noqa: E402
from tests.integrations.test_lsp import TIMEOUT, start, stop  # noqa: E402

# TL205 (safe: add 'limit' to 'required'); the emoji takes two UTF-16 units
SEARCH = '''def search(query: str, limit: int):
    return []


TOOLS = [
    {
        "name": "search",
        "description": "🔍 Search the catalogue. Use it when the user asks for a product.",
        "input_schema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Words to look for."},
                "limit": {"type": "integer", "description": "Most results to return."},
            },
            "required": ["query"],
        },
    },
'''
# TL210 (safe: close the object) and TL202 (unsafe: drop the undeclared 'pgae' from 'required')
FIND = '''    {
        "type": "function",
        "function": {
            "name": "find_product",
            "description": "Find a product by colour. Use it when the user names a colour.",
            "strict": True,
            "parameters": {
                "type": "object",
                "properties": {
                    "color": {"type": "string", "description": "A colour."},
                },
                "required": ["color"]
            },
        },
    },
    {
        "name": "browse",
        "description": "List a page of products. Use it when the user wants to look around.",
        "input_schema": {
            "type": "object",
            "properties": {"page": {"type": "integer", "description": "Which page."}},
            "required": ["page", "pgae"],
        },
    },
'''
ONE = SEARCH + "]\n\nTOOL_HANDLERS = {\"search\": search}\n"
SEVERAL = ("def browse(page: int):\n    return []\n\n\ndef find_product(color: str):\n    return []\n\n\n" + SEARCH
           + FIND + ']\n\nTOOL_HANDLERS = {"search": search, "find_product": find_product, "browse": browse}\n')
VSCODE = types.ClientCapabilities(
    text_document=types.TextDocumentClientCapabilities(code_action=types.CodeActionClientCapabilities(
        resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"]))),
    workspace=types.WorkspaceClientCapabilities(workspace_edit=types.WorkspaceEditClientCapabilities(
        document_changes=True)))


def applied(text: str, edit: types.WorkspaceEdit, uri: str) -> str:
    """`text` with the edit applied, positions counted in UTF-16 as the client does."""
    if edit.document_changes is not None:
        [change] = edit.document_changes
        assert change.text_document.uri == uri
        edits = change.edits
    else:
        edits = edit.changes[uri]
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        a, b = _offset(text, e.range.start), _offset(text, e.range.end)
        text = text[:a] + e.new_text + text[b:]
    return text


def _offset(text: str, pos: types.Position) -> int:
    lines = re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z", text)
    if pos.line >= len(lines):
        return len(text)
    start = sum(len(line) for line in lines[:pos.line])
    line = lines[pos.line].rstrip("\r\n")
    units = 0
    for n, ch in enumerate(line):
        if units >= pos.character:
            return start + n
        units += 2 if ord(ch) > 0xFFFF else 1
    return start + len(line)


def fixed_by_check(session, root, name: str, text: str, *flags: str) -> str:
    """What `toollint check --fix` writes for the file holding `text` (while the server,
    in this process, lints nothing: the engine is one run at a time)."""
    (root / name).write_text(text)
    with session.in_process.engine_lock:
        toollint("check", "--fix", *flags, name, cwd=root)
    return (root / name).read_text()


async def open_document(session, root, name: str, text: str):
    uri = (root / name).as_uri()
    session.client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))
    return uri, list((await session.diagnostics(uri)).diagnostics)


async def actions_for(session, uri, diagnostics, only=None):
    rng = diagnostics[0].range if diagnostics else types.Range(start=types.Position(line=0, character=0),
                                                                end=types.Position(line=0, character=0))
    reply = await asyncio.wait_for(session.client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=rng,
        context=types.CodeActionContext(diagnostics=diagnostics, only=only))), TIMEOUT)
    return reply or []


async def vscode_conversation(root) -> None:
    # on disk the file is clean; the buffer holds the defect (unsaved)
    (root / "one.py").write_text(ONE.replace('["query"]', '["query", "limit"]'))
    session = await start(root, VSCODE, in_process=True)
    uri, diagnostics = await open_document(session, root, "one.py", ONE)
    [d] = [d for d in diagnostics if d.code == "TL205"]
    fix, noqa, fix_all = await actions_for(session, uri, [d])
    assert (fix.title, fix.kind, fix.is_preferred) == ("Fix TL205: Add 'limit' to 'required'", "quickfix", True)
    assert fix.edit.document_changes[0].text_document.version == 1
    assert noqa.title == "Suppress TL205 with noqa" and fix_all.title == "Fix all toollint"
    assert applied(ONE, fix.edit, uri) == fixed_by_check(session, root, "one.py", ONE)

    # typed and not yet linted (inside the debounce): Fix all works on what the buffer holds now
    edited = "# edited\n" + ONE.replace("Most results", "The most results")
    session.client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)]))
    [action] = await actions_for(session, uri, [], only=[types.CodeActionKind.SourceFixAll])
    action = await asyncio.wait_for(session.client.code_action_resolve_async(action), TIMEOUT)
    assert action.edit.document_changes[0].text_document.version == 2
    assert applied(edited, action.edit, uri) == fixed_by_check(session, root, "one.py", edited)

    # Fix all, as on save (`only: source.fixAll`): resolved when picked; the unsafe fix stays out
    uri, diagnostics = await open_document(session, root, "several.py", SEVERAL)
    # a finding without a fix: only the noqa (and the document's Fix all)
    d = [d for d in diagnostics if d.code == "TL104"][0]
    assert [a.title for a in await actions_for(session, uri, [d])] == ["Suppress TL104 with noqa", "Fix all toollint"]
    [noqa] = await actions_for(session, uri, [d], only=[types.CodeActionKind.QuickFix])
    assert noqa.title == "Suppress TL104 with noqa"
    [unsafe] = [d for d in diagnostics if d.code == "TL202"]
    [fix, _] = await actions_for(session, uri, [unsafe], only=[types.CodeActionKind.QuickFix])
    assert fix.title.endswith("(unsafe)") and not fix.is_preferred
    [action] = await actions_for(session, uri, diagnostics, only=[types.CodeActionKind.SourceFixAll])
    assert (action.title, action.kind, action.edit) == ("Fix all toollint", "source.fixAll.toollint", None)
    action = await asyncio.wait_for(session.client.code_action_resolve_async(action), TIMEOUT)
    expected = fixed_by_check(session, root, "several.py", SEVERAL)
    assert applied(SEVERAL, action.edit, uri) == expected
    assert '"required": ["page", "pgae"]' in expected  # unsafe: not without `unsafe-fixes = true`

    # the command form asks the client to apply the same edit
    await asyncio.wait_for(session.client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="toollint.applyAutofix", arguments=[{"uri": uri}])), TIMEOUT)
    edit = await asyncio.wait_for(session.applied.get(), TIMEOUT)
    assert applied(SEVERAL, edit, uri) == expected
    await stop(session)


def test_quick_fix_and_fix_all_give_the_bytes_of_check_fix(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # as an editor starts the server, in the workspace
    asyncio.run(vscode_conversation(tmp_path))


async def plain_conversation(root) -> None:
    (root / "pyproject.toml").write_text("[tool.toollint]\nunsafe-fixes = true\n")
    session = await start(root, in_process=True)
    uri, diagnostics = await open_document(session, root, "several.py", SEVERAL)
    found = await actions_for(session, uri, diagnostics)
    titles = [a.title for a in found]
    assert titles[-1] == "Fix all toollint" and sum(t.startswith("Fix TL") for t in titles) == 3
    # a client without codeAction/resolve gets the edit at once, as `changes`
    assert applied(SEVERAL, found[-1].edit, uri) == fixed_by_check(session, root, "several.py", SEVERAL)
    assert '"required": ["page"]' in applied(SEVERAL, found[-1].edit, uri)  # the config allows unsafe fixes
    await stop(session)


def test_without_resolve_fix_all_comes_with_its_edit_and_follows_unsafe_fixes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # as an editor starts the server, in the workspace
    asyncio.run(plain_conversation(tmp_path))
