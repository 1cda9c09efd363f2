"""The per-file cache of ModuleFacts, in `.toollint_cache/` under the project root (as ruff
keeps `.ruff_cache/`), or in the user cache folder when no project marker is found
(`cache_folder`).

What an entry is keyed by: the file's path, module name and package flag (its slot, so a
file has one entry however often it changes), and, checked inside, a hash of its bytes,
the cache format, toollint's version *and the hash of its own source* (an edited
extractor must not be served the facts of the old one, even at the same version), the
Python and libcst in use, and every setting that can change what extraction sees (the
registry names, the decorators; only the settings known to act after extraction, rule
selection and output, are left out).

Why the entries can be trusted. They are pickles, and unpickling a file someone else
wrote runs their code; a repository can carry a planted `.toollint_cache/`. So every
entry is signed with HMAC-SHA256 under a secret of the user's own (32 random bytes in
`~/.cache/toollint/cache-key`, or under $XDG_CACHE_HOME, created 0600 and never inside a
project): a file toollint did not write on this account fails the check and is ignored,
never unpickled. The unpickler also refuses every class but the frozen dataclasses of
toollint.model, toollint.deferred and toollint.fix (a finding's fix), so even a signed
entry can rebuild nothing else. A corrupt, truncated, foreign or stale entry is a miss,
never an error.

Concurrent runs are safe: each entry is written to a temporary file in the same folder
and moved into place with os.replace, so a reader sees a whole old entry, a whole new
one, or none; the last writer wins, and either one is valid.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import hmac
import importlib
import io
import os
import pickle
import sys
import tempfile
from typing import List, Optional

from toollint import __version__
from toollint.cache.userdir import user_cache_dir
from toollint.config.pins import project_bounds
from toollint.config.settings import Settings
from toollint.model import ModuleFacts

DIRNAME = ".toollint_cache"
FORMAT = b"toollint-facts-2"
_MAC_SIZE = 32
_DIGEST_SIZE = 16
# Settings that act only after extraction: changing them must not empty the cache.
_AFTER_EXTRACTION = {
    "select", "extend_select", "ignore", "extend_ignore", "per_file_ignores", "exclude",
    "extend_exclude", "force_exclude", "respect_gitignore", "output_format", "target", "max_tools_per_turn",
    "trigger_phrases", "exclusion_phrases", "root", "config_path", "selection_layers",
    "fix", "unsafe_fixes", "fixable", "unfixable",
}


def digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=_DIGEST_SIZE).digest()


def code_files() -> List[str]:
    """toollint's own source files, every stage's (rules excepted: they do not shape facts)."""
    # The package root, not this folder: facts depend on front/, extract/, frameworks/, model/.
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = []
    for folder, dirs, files in os.walk(here):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        out.extend(os.path.join(folder, name) for name in sorted(files) if name.endswith(".py"))
    return out


@functools.lru_cache(maxsize=None)
def _code_hash() -> bytes:
    # Once a process: the code that runs is what was imported, and a long-lived caller (the
    # language server, the pytest plugin, main() called in-process) opens the cache per run.
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    h = hashlib.blake2b(digest_size=_DIGEST_SIZE)
    for path in code_files():
        h.update(os.path.relpath(path, here).encode() + b"\0")
        try:
            with open(path, "rb") as handle:
                h.update(handle.read())
        except OSError:
            h.update(b"?")
    return h.digest()


@functools.lru_cache(maxsize=None)
def _rules_hash() -> bytes:
    """A hash of the rule modules (toollint.rules), found without importing them."""
    import importlib.util

    h = hashlib.blake2b(digest_size=_DIGEST_SIZE)
    try:
        spec = importlib.util.find_spec("toollint.rules")
        folders = list(spec.submodule_search_locations or []) if spec is not None else []
    except (ImportError, ValueError):
        folders = []
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                h.update(name.encode() + b"\0")
                try:
                    with open(os.path.join(folder, name), "rb") as handle:
                        h.update(handle.read())
                except OSError:
                    h.update(b"?")
    return h.digest()


def _installed(package: str) -> bytes:
    """Where a package is installed and when it was: an upgrade changes it, without importing it."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return b"none"
    origin = getattr(spec, "origin", None) or ""
    stamp = b""
    for name in ("_version.py", "__init__.py"):
        try:
            st = os.stat(os.path.join(os.path.dirname(origin), name))
            stamp = f"{st.st_size}:{st.st_mtime_ns}".encode()
            break
        except OSError:
            continue
    return origin.encode() + b"\0" + stamp


def fingerprint(settings: Settings, narrow: bool) -> bytes:
    parts = [FORMAT, __version__.encode(), _code_hash(), repr(sys.version_info[:2]).encode(),
             _installed("libcst"), b"narrow" if narrow else b"whole"]
    for f in dataclasses.fields(settings):
        if f.name not in _AFTER_EXTRACTION:
            parts.append(f"{f.name}={getattr(settings, f.name)!r}".encode())
    return hashlib.sha256(b"\0".join(parts)).digest()


def run_fingerprint(settings: Settings, narrow: bool, ignore_noqa: bool) -> bytes:
    """What a whole run's findings depend on besides its files: every setting, the rules, and
    jsonschema (TL201 reports its verdicts)."""
    parts = [fingerprint(settings, narrow), _rules_hash(), _installed("jsonschema"),
             repr(sys.getrecursionlimit()).encode(), b"ignore-noqa" if ignore_noqa else b"noqa"]
    parts.append(repr(settings).encode())
    return hashlib.sha256(b"\0".join(parts)).digest()


# What makes a folder a project's (engine/scan.py project_root looks for the same, and a
# configuration file is one too): its cache may live in it.
_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git", "toollint.toml", ".toollint.toml")


def cache_folder(root: str) -> str:
    """`.toollint_cache/` in the project root; with no project marker at or above `root`
    (`toollint check /`, a folder of loose scripts), a folder of its own in the user's
    cache folder, so that nothing is written beside files that belong to no project."""
    folder = os.path.abspath(root)
    while True:
        if any(os.path.exists(os.path.join(folder, marker)) for marker in _MARKERS):
            return os.path.join(os.path.abspath(root), DIRNAME)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    name = hashlib.blake2b(os.path.abspath(root).encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()
    return os.path.join(user_cache_dir(), "projects", name)


def _user_key() -> Optional[bytes]:
    """The user's secret, created on first use; None when it cannot be kept safely."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "toollint")
    path = os.path.join(folder, "cache-key")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            try:
                os.write(fd, os.urandom(32))
            finally:
                os.close(fd)
        except FileExistsError:
            pass  # another run created it first: read theirs
        except OSError:
            return None
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if hasattr(os, "getuid") and (st.st_uid != os.getuid() or st.st_mode & 0o077):
            return None  # a key others can read or write signs nothing
        key = os.read(fd, 64)
    except OSError:
        return None
    finally:
        os.close(fd)
    return key if len(key) == 32 else None


class _Unpickler(pickle.Unpickler):
    """Rebuilds only toollint's own frozen dataclasses (the model, the values left for
    linking, class summaries, fixes): any other class an entry names is refused. Which
    module holds one is not listed here: twice a class missing from such a list made every
    file holding it miss the cache silently (tests/engine/test_cached_facts.py)."""

    def find_class(self, module: str, name: str):
        if module.partition(".")[0] == "toollint":
            found = getattr(importlib.import_module(module), name, None)
            if isinstance(found, type) and dataclasses.is_dataclass(found) and found.__module__ == module:
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a toollint model class")


class Cache:
    def __init__(self, folder: str, key: bytes, fingerprint: bytes) -> None:
        self.folder = folder
        self.key = key
        self.fingerprint = fingerprint
        self._ready = False

    @classmethod
    def open(cls, root: str, settings: Settings, narrow: bool) -> Optional["Cache"]:
        """The cache of the project at `root`; None when it cannot be used safely."""
        key = _user_key()
        if key is None:
            return None
        folder = os.environ.get("TOOLLINT_CACHE_DIR") or cache_folder(root)
        return cls(os.path.join(folder, "facts"), key, fingerprint(settings, narrow))

    def _slot(self, path: str, module: str, is_package: bool) -> str:
        ident = f"{os.path.abspath(path)}\0{path}\0{module}\0{int(is_package)}".encode()
        return os.path.join(self.folder, hashlib.blake2b(ident, digest_size=16).hexdigest())

    def _header(self, path: str, module: str, is_package: bool, content: bytes) -> bytes:
        # what its tools send follows the framework versions its project pins (config/pins.py)
        ident = f"{path}\0{module}\0{int(is_package)}\0{project_bounds(path)!r}".encode()
        return self.fingerprint + content + hashlib.blake2b(ident, digest_size=16).digest()

    def _load(self, target: str, header: bytes):
        """The value stored at `target` after `header`, or None: absent, not signed by this
        user's toollint (never unpickled), stale (another header), or not loadable."""
        try:
            with open(target, "rb") as handle:
                blob = handle.read()
        except OSError:
            return None
        if len(blob) < _MAC_SIZE + len(header):
            return None
        mac, body = blob[:_MAC_SIZE], blob[_MAC_SIZE:]
        if not hmac.compare_digest(mac, hmac.new(self.key, body, hashlib.sha256).digest()):
            return None
        if body[: len(header)] != header:
            return None
        try:
            return _Unpickler(io.BytesIO(body[len(header):])).load()
        except Exception:  # a signed entry that still does not load is just a miss
            return None

    def get(self, path: str, module: str, is_package: bool, content: bytes) -> Optional[ModuleFacts]:
        facts = self._load(self._slot(path, module, is_package), self._header(path, module, is_package, content))
        return facts if isinstance(facts, ModuleFacts) and facts.path == path else None

    def put(self, path: str, module: str, is_package: bool, content: bytes, facts: ModuleFacts) -> None:
        try:
            body = self._header(path, module, is_package, content) + pickle.dumps(facts, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            return
        self._write(self._slot(path, module, is_package), body)

    # --- whole runs ------------------------------------------------------------------------
    #
    # On an unchanged tree the findings are those of the last run: one entry per settings
    # and scope (whole tree, or some files of it) holds them, with the hash of everything
    # they were computed from (the files, the modules linking read, the settings, the
    # code), so a warm run reads its files, hashes the few that pass the prefilter and
    # prints, without loading facts, linking, or importing libcst.

    def _run_slot(self, run_key: bytes, scope: str) -> str:
        name = hashlib.blake2b(self.fingerprint + scope.encode(), digest_size=16).hexdigest()
        return os.path.join(os.path.dirname(self.folder), "runs", name)

    def get_run(self, run_key: bytes, scope: str):
        """(loaded, findings, warnings, (tools, groups)) stored for `run_key`, else None;
        `loaded` lists the (path, digest) of the modules linking read, for the caller to check."""
        value = self._load(self._run_slot(run_key, scope), run_key)
        return value if isinstance(value, tuple) and len(value) == 4 else None

    def put_run(self, run_key: bytes, scope: str, loaded, findings, warnings, counts=(0, 0)) -> None:
        try:
            body = run_key + pickle.dumps((tuple(loaded), tuple(findings), tuple(warnings), tuple(counts)),
                                          protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            return
        self._write(self._run_slot(run_key, scope), body)

    # --- the rules' remembered answers (toollint/rulekit/memo.py) ---------------------------

    def _memo_header(self) -> bytes:
        # one entry, not one per version: another toollint's, rules' or jsonschema's is a miss
        # and is overwritten; the answers do not depend on the settings (extra phrases are
        # part of each key)
        return hashlib.sha256(b"\0".join([b"toollint-memo-1", _code_hash(), _rules_hash(), _installed("jsonschema"),
                                          repr(sys.getrecursionlimit()).encode()])).digest()

    def _memo_slot(self) -> str:
        return os.path.join(os.path.dirname(self.folder), "memo")

    def memo(self):
        value = self._load(self._memo_slot(), self._memo_header())
        return value if isinstance(value, dict) else {}

    def put_memo(self, answers) -> None:
        try:
            body = self._memo_header() + pickle.dumps(answers, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            return
        self._write(self._memo_slot(), body)

    # --- stamps (toollint/cache/stamps.py) ----------------------------------------------------------

    def _stamps_slot(self) -> str:
        name = hashlib.blake2b(self.fingerprint, digest_size=16).hexdigest()
        return os.path.join(os.path.dirname(self.folder), "stamps", name)

    def stamps(self):
        """The stamps of the last run with these settings (none if absent or not ours)."""
        from toollint.cache.stamps import Stamps

        # signed, and under a fingerprint that hashes toollint's source: written by this code
        entries = self._load(self._stamps_slot(), self.fingerprint)
        return Stamps(entries if isinstance(entries, dict) else {})

    def put_stamps(self, stamps) -> None:
        if stamps.changed:
            self._write(self._stamps_slot(),
                        self.fingerprint + pickle.dumps(stamps.entries, protocol=pickle.HIGHEST_PROTOCOL))

    def _write(self, target: str, body: bytes) -> None:
        blob = hmac.new(self.key, body, hashlib.sha256).digest() + body
        try:
            self._prepare()
            os.makedirs(os.path.dirname(target), exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".tmp-")
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(blob)
            os.replace(tmp, target)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def _prepare(self) -> None:
        if self._ready:
            return
        os.makedirs(self.folder, exist_ok=True)
        top = os.path.dirname(self.folder)
        # as ruff does: the folder ignores itself, so it is never committed by accident
        for name, text in ((".gitignore", "# Automatically created by toollint.\n*\n"),
                           ("CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n"
                                            "# This file is a cache directory tag created by toollint.\n")):
            target = os.path.join(top, name)
            if not os.path.exists(target):
                try:
                    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                    with os.fdopen(fd, "w") as handle:
                        handle.write(text)
                except OSError:
                    pass  # another run wrote it, or the folder is read-only
        self._ready = True

