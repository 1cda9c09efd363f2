"""The language server: diagnostics on open, save and (debounced) change, code actions
(quick fixes, noqa, "Fix all toollint"), and settings re-read when a pyproject.toml changes.

Linting runs in one worker thread, so the protocol stays responsive while the engine
reads the project; a result is published only if the document has not changed since it
was asked for (a newer run is on its way).
"""
from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Dict, List, Optional, Tuple

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from toollint import __version__
from toollint.lsp import actions, fixes
from toollint.lsp.diagnostics import SOURCE, rule_pages, split_lines, to_diagnostic
from toollint.lsp.lint import Linter
from toollint.model import Finding

DEBOUNCE = 0.3  # seconds of quiet typing before a changed buffer is linted
CONFIG_NAMES = ("pyproject.toml",)


class ToollintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(SOURCE, __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.linter = Linter()
        self.pages: Optional[Dict[str, str]] = None
        self.pending: Dict[str, asyncio.TimerHandle] = {}
        self.results: Dict[str, Tuple[int, List[Finding]]] = {}  # uri -> (version, findings) last published
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
        try:
            findings, warnings = await self.in_worker(self.linter.lint, path, text)
        except ConfigError as exc:  # the user's to fix: said once per lint, as check says it
            self.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=f"toollint: {exc}"))
            findings, warnings = [], []
        except Exception:
            self.internal_error(f"linting {path}")
            return
        for warning in warnings:  # a malformed noqa, as `toollint check` warns on stderr
            self.window_log_message(types.LogMessageParams(type=types.MessageType.Warning,
                                                           message=f"toollint: warning: {warning}"))
        current = self.workspace.text_documents.get(uri)
        if current is None or current.version != version:
            return  # closed, or changed since: a newer run publishes
        self.results[uri] = (version, findings)
        if self.pages is None:
            self.pages = rule_pages()
        lines = split_lines(text)
        units = doc.position_codec.client_num_units
        diagnostics = [to_diagnostic(f, lines, units, self.pages) for f in findings]
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=diagnostics))

    async def in_worker(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    def internal_error(self, doing: str) -> None:
        """A bug of ours: logged for the report, the editor keeps working."""
        import traceback

        self.window_log_message(types.LogMessageParams(
            type=types.MessageType.Error, message=f"toollint: internal error {doing}\n{traceback.format_exc()}"))

    async def findings(self, uri: str) -> Tuple[Optional[int], str, List[Finding]]:
        """(its version, the buffer, its findings): the published ones when the buffer has
        not changed since, else a lint of it now (a code action asked before the debounce ran)."""
        doc = self.workspace.get_text_document(uri)
        version, text = doc.version, doc.source
        stored = self.results.get(uri)
        if stored is not None and stored[0] == version:
            return version, text, stored[1]
        findings, _ = await self.in_worker(self.linter.lint, to_fs_path(uri), text)
        return version, text, findings

    def edit_of(self, uri: str, version: Optional[int]):
        caps = self.client_capabilities.workspace
        versioned = bool(caps and caps.workspace_edit and caps.workspace_edit.document_changes)
        return lambda edit: fixes.workspace_edit(uri, version, edit, versioned)

    async def fix_all(self, uri: str) -> types.WorkspaceEdit:
        """The edit of "Fix all toollint" on the buffer as it is now."""
        doc = self.workspace.get_text_document(uri)
        version, text = doc.version, doc.source
        new = await self.in_worker(self.linter.fix_all, to_fs_path(uri), text)
        return self.edit_of(uri, version)(fixes.text_edit(text, new, doc.position_codec.client_num_units))

    def relint_open_documents(self) -> None:
        self.linter.forget()
        self.results.clear()
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
    ls.results.pop(uri, None)
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


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
    code_action_kinds=[types.CodeActionKind.QuickFix, fixes.FIX_ALL], resolve_provider=True))
async def code_action(ls: ToollintServer, params: types.CodeActionParams):
    from toollint.config.settings import ConfigError

    uri, only = params.text_document.uri, params.context.only
    doc = ls.workspace.get_text_document(uri)
    path = to_fs_path(uri)
    if path is None or not path.endswith(".py"):
        return None
    version, text, findings, unsafe = doc.version, doc.source, [], False
    try:
        version, text, findings = await ls.findings(uri)
        unsafe = await ls.in_worker(ls.linter.unsafe_fixes, path)
    except ConfigError:  # said when the document was linted; only the noqa actions are left
        pass
    except Exception:
        ls.internal_error(f"linting {path} for its code actions")
    out: List[types.CodeAction] = []
    if fixes.kinds_wanted(only, types.CodeActionKind.QuickFix):
        # a fix is applied to a parse of the buffer: in the worker, not on the protocol's loop
        out.extend(await ls.in_worker(actions.code_actions, text, list(params.context.diagnostics),
                                      doc.position_codec.client_num_units, ls.edit_of(uri, version), findings))
    if fixes.kinds_wanted(only, fixes.FIX_ALL) and fixes.fix_all_wanted(findings, unsafe):
        action = types.CodeAction(title=fixes.FIX_ALL_TITLE, kind=fixes.FIX_ALL, data={"uri": uri})
        if not resolves_edits(ls):  # else the fix loop runs when the client picks it (codeAction/resolve)
            action = await code_action_resolve(ls, action)
        out.append(action)
    return out or None


def resolves_edits(ls: ToollintServer) -> bool:
    caps = ls.client_capabilities.text_document
    support = caps and caps.code_action and caps.code_action.resolve_support
    return bool(support and "edit" in support.properties)


@server.feature(types.CODE_ACTION_RESOLVE)
async def code_action_resolve(ls: ToollintServer, action: types.CodeAction) -> types.CodeAction:
    data = action.data
    if action.kind == fixes.FIX_ALL and isinstance(data, dict) and data.get("uri") in ls.workspace.text_documents:
        try:
            action.edit = await ls.fix_all(data["uri"])
        except Exception:
            ls.internal_error("fixing all")
    return action


@server.command(fixes.APPLY_COMMAND)
async def apply_autofix(ls: ToollintServer, *args) -> None:
    """`workspace/executeCommand` toollint.applyAutofix with {"uri": ...} (or the uri):
    the fixes of "Fix all toollint", applied through workspace/applyEdit."""
    for arg in args:
        uri = arg.get("uri") if isinstance(arg, dict) else arg
        if isinstance(uri, str) and uri in ls.workspace.text_documents:
            edit = await ls.fix_all(uri)
            await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(edit=edit, label=fixes.FIX_ALL_TITLE))


def run() -> int:
    server.start_io()
    return 0
