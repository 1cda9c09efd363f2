"""The language server: diagnostics on open, save and (debounced) change, the noqa code
action, and settings re-read when a pyproject.toml changes.

Linting runs in one worker thread, so the protocol stays responsive while the engine
reads the project; a result is published only if the document has not changed since it
was asked for (a newer run is on its way).
"""
from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Dict, Optional

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from toollint import __version__
from toollint.lsp import actions
from toollint.lsp.diagnostics import SOURCE, rule_pages, split_lines, to_diagnostic
from toollint.lsp.lint import Linter

DEBOUNCE = 0.3  # seconds of quiet typing before a changed buffer is linted
CONFIG_NAMES = ("pyproject.toml",)


class ToollintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(SOURCE, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.linter = Linter()
        self.pages: Optional[Dict[str, str]] = None
        self.pending: Dict[str, asyncio.TimerHandle] = {}
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="toollint-lint")

    def schedule(self, uri: str, delay: float) -> None:
        old = self.pending.pop(uri, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self.pending[uri] = loop.call_later(delay, lambda: asyncio.ensure_future(self.lint(uri)))

    async def lint(self, uri: str) -> None:
        from toollint.config.settings import ConfigError

        self.pending.pop(uri, None)
        doc = self.workspace.get_text_document(uri)
        path = to_fs_path(uri)
        if path is None or not path.endswith(".py"):
            return
        version, text = doc.version, doc.source
        loop = asyncio.get_running_loop()
        try:
            findings, warnings = await loop.run_in_executor(self.executor, self.linter.lint, path, text)
        except ConfigError as exc:  # the user's to fix: said once per lint, as check says it
            self.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=f"toollint: {exc}"))
            findings, warnings = [], []
        except Exception:  # a bug of ours: logged for the report, the editor keeps working
            import traceback

            self.window_log_message(types.LogMessageParams(
                type=types.MessageType.Error, message=f"toollint: internal error linting {path}\n{traceback.format_exc()}"))
            return
        for warning in warnings:  # a malformed noqa, as `toollint check` warns on stderr
            self.window_log_message(types.LogMessageParams(type=types.MessageType.Warning,
                                                           message=f"toollint: warning: {warning}"))
        current = self.workspace.text_documents.get(uri)
        if current is None or current.version != version:
            return  # closed, or changed since: a newer run publishes
        if self.pages is None:
            self.pages = rule_pages()
        lines = split_lines(text)
        units = doc.position_codec.client_num_units
        diagnostics = [to_diagnostic(f, lines, units, self.pages) for f in findings]
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=diagnostics))

    def relint_open_documents(self) -> None:
        self.linter.forget()
        for uri in list(self.workspace.text_documents):
            self.schedule(uri, 0)


server = ToollintServer()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
async def did_open(ls: ToollintServer, params: types.DidOpenTextDocumentParams) -> None:
    await ls.lint(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: ToollintServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, DEBOUNCE)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
async def did_save(ls: ToollintServer, params: types.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    if os.path.basename(to_fs_path(uri) or "") in CONFIG_NAMES:
        ls.relint_open_documents()
    elif uri.endswith(".py"):
        await ls.lint(uri)
        # the other open files read this one from disk: what they are judged with changed
        for other in list(ls.workspace.text_documents):
            if other != uri:
                ls.schedule(other, DEBOUNCE)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: ToollintServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    handle = ls.pending.pop(uri, None)
    if handle is not None:
        handle.cancel()
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_watched_files(ls: ToollintServer, params: types.DidChangeWatchedFilesParams) -> None:
    if any(os.path.basename(to_fs_path(c.uri) or "") in CONFIG_NAMES for c in params.changes):
        ls.relint_open_documents()


@server.feature(types.INITIALIZED)
def initialized(ls: ToollintServer, params: types.InitializedParams) -> None:
    """Ask the client to tell us of changes to pyproject.toml, where it can watch files."""
    watch = ls.client_capabilities.workspace
    dynamic = watch and watch.did_change_watched_files and watch.did_change_watched_files.dynamic_registration
    if dynamic:
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern=f"**/{name}") for name in CONFIG_NAMES])
        ls.client_register_capability(types.RegistrationParams(registrations=[types.Registration(
            id="toollint-config", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES, register_options=options)]))


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
def code_action(ls: ToollintServer, params: types.CodeActionParams):
    doc = ls.workspace.get_text_document(params.text_document.uri)
    return actions.code_actions(doc.uri, doc.source, list(params.context.diagnostics),
                                doc.position_codec.client_num_units) or None


def run() -> int:
    server.start_io()
    return 0
