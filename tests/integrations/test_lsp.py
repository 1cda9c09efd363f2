"""`toollint server` as an editor runs it: a subprocess spoken to over stdio by pygls's
own client, with lsprotocol's types (no JSON written by hand)."""
from __future__ import annotations

import asyncio
import sys

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from lintcase import write_tree  # noqa: E402
from tests.integrations.lspinproc import InProcessServer  # noqa: E402

CLEAN = '''
TOOL_DEFINITIONS = [
    {
        "name": "lookup_order",
        "description": "Look up an order's status. Use this when the customer asks where an order is; not for refunds.",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string", "description": "The order number, such as 'A-1234'."}},
            "required": ["order_id"],
        },
    },
]
'''
# the buffer adds a tool that the router on disk (a neighbour) never offers: TL305
DEFECT = CLEAN.rstrip().rstrip("]") + '''    {
        "name": "reset_password",
        "description": "Send a password reset link. Use this when the customer cannot log in; not for refunds.",
        "input_schema": {"type": "object", "properties": {}},
    },
]
'''
FIXED = DEFECT + 'ALWAYS_INCLUDE = ["reset_password"]\n'
ROUTER = '''
from agent.tools import TOOL_DEFINITIONS

TOOL_CATEGORIES = {"orders": ["lookup_order"]}
'''
TIMEOUT = 60


class Session:
    def __init__(self, client: LanguageClient, in_process=None) -> None:
        self.client = client
        self.in_process = in_process  # lspinproc.InProcessServer, else a `python -m toollint server`
        self.published: "asyncio.Queue[types.PublishDiagnosticsParams]" = asyncio.Queue()
        self.applied: "asyncio.Queue[types.WorkspaceEdit]" = asyncio.Queue()  # workspace/applyEdit asked of us

    async def diagnostics(self, uri: str = "") -> types.PublishDiagnosticsParams:
        """The next diagnostics published (for `uri`, skipping other files')."""
        while True:
            published = await asyncio.wait_for(self.published.get(), TIMEOUT)
            if not uri or published.uri == uri:
                return published


async def start(root, capabilities: types.ClientCapabilities = None, in_process: bool = False) -> Session:
    """A server for the workspace `root`: `python -m toollint server` started in `root`, as
    an editor starts it, or (in_process) one in a thread of this process (lspinproc.py)."""
    client = LanguageClient("toollint-test", "1")
    session = Session(client, InProcessServer() if in_process else None)

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def publish(params: types.PublishDiagnosticsParams) -> None:
        session.published.put_nowait(params)

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        session.applied.put_nowait(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)

    if session.in_process is not None:
        await session.in_process.connect(client)
    else:
        await client.start_io(sys.executable, "-m", "toollint", "server", cwd=str(root))
    result = await asyncio.wait_for(client.initialize_async(types.InitializeParams(
        capabilities=capabilities or types.ClientCapabilities(), root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="project")])), TIMEOUT)
    assert result.server_info.name == "toollint"
    client.initialized(types.InitializedParams())
    return session


async def stop(session: Session) -> None:
    await asyncio.wait_for(session.client.shutdown_async(None), TIMEOUT)
    session.client.exit(None)
    await asyncio.wait_for(session.client.stop(), TIMEOUT)
    if session.in_process is not None:
        await session.in_process.close(session.client, TIMEOUT)


async def conversation(root) -> None:
    path = root / "src/agent/tools.py"
    uri = path.as_uri()
    session = await start(root)
    client = session.client
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=DEFECT)))
    published = await session.diagnostics()
    assert published.uri == uri
    [diagnostic] = published.diagnostics
    assert diagnostic.code == "TL305"
    assert diagnostic.source == "toollint"
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert "reset_password" in diagnostic.message
    row = DEFECT.split("\n").index('        "name": "reset_password",')
    col = len('        "name": ')
    assert diagnostic.range == types.Range(start=types.Position(line=row, character=col),
                                           end=types.Position(line=row, character=col + len('"reset_password"')))
    assert diagnostic.code_description.href.startswith("file://")
    assert diagnostic.code_description.href.endswith("/tl305_unreachable_tool.md")

    reply = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic]))), TIMEOUT)
    [action] = reply
    assert action.title == "Suppress TL305 with noqa"
    [edit] = action.edit.changes[uri]
    lines = DEFECT.split("\n")
    line = lines[edit.range.start.line]
    lines[edit.range.start.line] = line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:]
    assert lines[row] == '        "name": "reset_password",  # noqa: TL305'

    # typing: two changes in a row are linted once, as the last (debounced)
    change(client, uri, 2, DEFECT + "ALWAYS_INCLUDE = [")
    change(client, uri, 3, FIXED)
    published = await session.diagnostics()
    assert published.uri == uri and published.version == 3 and list(published.diagnostics) == []

    # the defect back; a neighbour saved with the fix clears it, saved without brings it back
    change(client, uri, 4, DEFECT)
    assert [d.code for d in (await session.diagnostics()).diagnostics] == ["TL305"]
    router = root / "src/agent/router.py"
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=router.as_uri(), language_id="python", version=1, text=router.read_text())))
    for text in (ROUTER.replace('["lookup_order"]', '["lookup_order", "reset_password"]'), ROUTER):
        router.write_text(text)
        client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=router.as_uri())))
        codes = [d.code for d in (await session.diagnostics(uri)).diagnostics]
        assert codes == ([] if "reset_password" in text else ["TL305"])

    # the workspace's config ignores it: re-read when the file watcher reports the change
    (root / "pyproject.toml").write_text('[tool.toollint]\nignore = ["TL305"]\n')
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[types.FileEvent(
        uri=(root / "pyproject.toml").as_uri(), type=types.FileChangeType.Changed)]))
    assert list((await session.diagnostics(uri)).diagnostics) == []
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    published = await session.diagnostics(uri)
    assert published.version == 4 and list(published.diagnostics) == []
    await stop(session)


def change(client, uri, version, text):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


@pytest.mark.slow  # a real server process: ~3 s; the in-process LSP tests cover the protocol
def test_the_server_lints_the_buffer_with_its_neighbours_and_offers_noqa(tmp_path):
    write_tree(tmp_path, {"src/agent/__init__.py": "", "src/agent/tools.py": CLEAN, "src/agent/router.py": ROUTER})
    asyncio.run(conversation(tmp_path))


def test_without_pygls_the_command_says_what_to_install(monkeypatch, capsys):
    from toollint.commands.cli import main

    monkeypatch.setitem(sys.modules, "pygls", None)  # as if not installed
    assert main(["server"]) == 2
    assert "pip install 'toollint[lsp]'" in capsys.readouterr().err
