"""The cache is never trusted: stamps see edits behind restored mtimes, corrupt, foreign or
signed-but-alien entries are ignored, an unsafe key disables it, and concurrent runs share it."""
from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import subprocess
import sys

import pytest

from enginecase import _check, _env
from toollint.engine import core as engine
from toollint.engine import scan
from toollint.config.settings import Settings
from toollint.model import ModuleFacts


# --- the cache is never trusted -------------------------------------------------------------


@pytest.fixture
def trusting_stamps(monkeypatch):
    """The files a test writes are milliseconds old, inside the window where a stamp is
    not trusted (racily clean): let the stamps remember them at once."""
    from toollint.cache import stamps

    monkeypatch.setattr(stamps, "_RACY_NS", -3600 * 10**9)


def _counting_reads(monkeypatch):
    reads = []
    real = scan.read_source

    def read_source(path):
        reads.append(os.path.basename(path))
        return real(path)

    monkeypatch.setattr(scan, "read_source", read_source)
    return reads


def _stamped_project(root):
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    (root / "tools.py").write_text('TOOLS = [{"name": "a b", "description": "x", "input_schema": {}}]\n')
    for i in range(5):
        (root / f"plain{i}.py").write_text(f"X = {i}\n")
    return Settings(root=str(root))


def test_stamps_spare_reading_unchanged_files(tmp_path, isolated_cache, trusting_stamps, monkeypatch):
    root = tmp_path / "p"
    settings = _stamped_project(root)
    cold = engine.run([str(root)], settings)
    reads = _counting_reads(monkeypatch)
    assert engine.run([str(root)], settings) == cold
    assert reads == []
    (root / "plain3.py").write_text("X = 33\n")
    assert engine.run([str(root)], settings) == cold
    assert reads == ["plain3.py"]


def test_stamps_see_an_edit_behind_a_restored_mtime(tmp_path, isolated_cache, trusting_stamps, monkeypatch):
    """Same size, same inode, mtime set back (as `touch -r` or an archiver would): the write
    still moved ctime, so the file is read again and the finding goes."""
    root = tmp_path / "p"
    settings = _stamped_project(root)
    tools = root / "tools.py"
    before = os.stat(tools)
    assert "TL301" in {f.code for f in engine.run([str(root)], settings).findings}
    tools.write_text(tools.read_text().replace('"a b"', '"a_b"'))
    os.utime(tools, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(tools)
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)
    reads = _counting_reads(monkeypatch)
    result = engine.run([str(root)], settings)
    assert reads == ["tools.py"]
    assert "TL301" not in {f.code for f in result.findings}
    assert result == engine.run([str(root)], settings, cache=False)


def test_stamps_do_not_remember_a_file_written_just_now(tmp_path, isolated_cache, monkeypatch):
    """A write in the same clock tick as the stat would leave it unchanged: a file younger
    than the racy window is read on every run until it is older."""
    root = tmp_path / "p"
    settings = _stamped_project(root)
    engine.run([str(root)], settings)
    reads = _counting_reads(monkeypatch)
    engine.run([str(root)], settings)
    assert sorted(reads) == sorted(p.name for p in root.glob("*.py"))


def _fill(root, settings):
    return engine.run([str(root)], settings)


def test_corrupt_and_foreign_entries_are_ignored(tmp_path, isolated_cache, trusting_stamps):
    root = tmp_path / "p"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    (root / "tools.py").write_text('TOOLS = [{"name": "a b", "description": "x", "input_schema": {}}]\n')
    settings = Settings(root=str(root))
    expected = _fill(root, settings)
    entries = [p for p in isolated_cache.rglob("*") if p.is_file() and p.parent.name in ("facts", "runs", "stamps")]
    assert {p.parent.name for p in entries} == {"facts", "runs", "stamps"}
    planted = tmp_path / "pwned"

    class Evil:
        def __reduce__(self):
            return (os.system, (f"touch {planted}",))

    for i, entry in enumerate(entries):
        blob = entry.read_bytes()
        if i % 3 == 0:
            entry.write_bytes(blob[: len(blob) // 2])  # truncated
        elif i % 3 == 1:
            entry.write_bytes(b"\0" * 32 + blob[32:])  # bad signature
        else:
            entry.write_bytes(b"\0" * 32 + pickle.dumps(Evil()))  # a planted pickle
    assert engine.run([str(root)], settings) == expected
    assert not planted.exists()
    # the entries were rewritten, valid again
    assert engine.run([str(root)], settings) == expected


def test_signed_entry_still_cannot_load_other_classes(tmp_path, isolated_cache):
    from toollint.cache.store import Cache

    cache = Cache.open(str(tmp_path), Settings(), True)
    assert cache is not None
    facts = ModuleFacts(path="a.py", module="a")
    cache.put("a.py", "a", False, b"d" * 16, facts)
    assert cache.get("a.py", "a", False, b"d" * 16) == facts
    assert cache.get("a.py", "a", False, b"e" * 16) is None  # other content

    slot = cache._slot("a.py", "a", False)
    header = cache._header("a.py", "a", False, b"d" * 16)
    # a function of another module, and of toollint's own: only toollint's dataclasses load
    from toollint.engine.core import run

    for planted in ((os.system, ("true",)), (run, ([str(tmp_path)],))):
        body = header + pickle.dumps(planted)
        with open(slot, "wb") as handle:
            handle.write(hmac.new(cache.key, body, hashlib.sha256).digest() + body)
        assert cache.get("a.py", "a", False, b"d" * 16) is None


def test_unsafe_key_disables_the_cache(tmp_path, monkeypatch):
    from toollint.cache import store as cache_module

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    key = cache_module._user_key()
    path = tmp_path / "xdg" / "toollint" / "cache-key"
    assert key is not None and path.stat().st_mode & 0o777 == 0o600
    assert cache_module._user_key() == key
    os.chmod(path, 0o644)
    assert cache_module._user_key() is None


def test_cache_folder_ignores_itself_and_no_cache_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("TOOLLINT_CACHE_DIR", raising=False)
    monkeypatch.delenv("TOOLLINT_NO_CACHE", raising=False)
    root = tmp_path / "p"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    (root / "tools.py").write_text('TOOLS = [{"name": "a", "description": "x", "input_schema": {}}]\n')
    engine.run([str(root)], Settings(root=str(root)), cache=False)
    assert not (root / ".toollint_cache").exists()
    monkeypatch.setenv("TOOLLINT_NO_CACHE", "1")
    engine.run([str(root)], Settings(root=str(root)))
    assert not (root / ".toollint_cache").exists()
    monkeypatch.delenv("TOOLLINT_NO_CACHE")
    engine.run([str(root)], Settings(root=str(root)))
    assert (root / ".toollint_cache" / ".gitignore").read_text().splitlines()[-1] == "*"


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_concurrent_runs_share_one_cache(tree, tmp_path):
    env = _env(tmp_path)
    expected = _check([str(tree), "--no-cache", "--exit-zero"], tree, env)
    procs = [subprocess.Popen([sys.executable, "-m", "toollint", "check", str(tree), "--exit-zero", "-j", "1"],
                              cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(4)]
    for proc in procs:
        out, err = proc.communicate()
        assert out == expected, err.decode()
    assert _check([str(tree), "--exit-zero"], tree, env) == expected
    assert not [p for p in (tmp_path / "cache").rglob(".tmp-*")]
