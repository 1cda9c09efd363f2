"""Robustness, bad files: empty, BOM, NUL bytes, odd line endings and indentation, encodings,
symlink loops, FIFOs, sockets, unreadable, vanishing and huge files, and an internal error:
each gives a finding or a clear message, never a crash or a hang."""
from __future__ import annotations

import os
import socket

import pytest

from robustcase import GOOD, GOOD_FINDING, LINE, assert_no_crash, by_file, check, check_within, project, toollint


# --- 4. bad files ------------------------------------------------------------------------------


def _bad_file_run(tmp_path, name: str, content, *, timeout: float = 60, in_process: bool = True):
    """Check a tree holding the bad file and a good one; returns the findings by file name."""
    root = project(tmp_path, {"good.py": GOOD})
    if content is not None:
        path = root / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")
    if in_process:
        code, out, err = check("--isolated", "--no-cache", str(root))
    else:
        result = toollint("--isolated", "--no-cache", ".", cwd=root, timeout=timeout)
        code, out, err = result.returncode, result.stdout, result.stderr
    assert code in (0, 1), err
    assert "Traceback" not in err and "internal error" not in out + err, out + err
    found = by_file(out)
    assert found.get("good.py") == [GOOD_FINDING], out  # the other file is still checked
    for line in out.splitlines():  # one line per finding, reason included
        assert LINE.match(line), line
    return found, out


def _tl001(found, name):
    return [code for code, _ in found.get(name, [])] == ["TL001"]


def test_empty_file(tmp_path):
    found, _ = _bad_file_run(tmp_path, "empty.py", b"")
    assert "empty.py" not in found


def test_only_a_bom(tmp_path):
    found, _ = _bad_file_run(tmp_path, "bom.py", b"\xef\xbb\xbf")
    assert "bom.py" not in found


def test_bom_then_a_tool(tmp_path):
    found, _ = _bad_file_run(tmp_path, "bom.py", b"\xef\xbb\xbf" + GOOD.encode())
    assert found["bom.py"] == [GOOD_FINDING]


def test_nul_bytes(tmp_path):
    found, out = _bad_file_run(tmp_path, "nul.py", b"TOOLS = []\nx = 1\x00\n")
    assert found["nul.py"] == [("TL001", 2)]
    assert "NUL" in out


@pytest.mark.parametrize("newline", ["\r\n", "\r"], ids=["crlf", "cr"])
def test_windows_and_old_mac_line_endings(tmp_path, newline):
    source = "import os\n\n\n" + GOOD.replace('{"name"', '{\n"name"')
    found, _ = _bad_file_run(tmp_path, "endings.py", source.replace("\n", newline).encode())
    assert found["endings.py"] == [("TL101", 5)]  # same line as with \n


def test_tabs_and_spaces_in_consistent_blocks_are_linted(tmp_path):
    source = "def f():\n\treturn 1\n\ndef g():\n        return 2\n" + GOOD
    found, _ = _bad_file_run(tmp_path, "tabs.py", source)
    assert found["tabs.py"] == [("TL101", 6)]


def test_tabs_mixed_with_spaces_inconsistently(tmp_path):
    source = "def f():\n\tif x:\n\t\treturn 1\n        return 2\n" + GOOD
    found, out = _bad_file_run(tmp_path, "tabs.py", source)
    assert found["tabs.py"] == [("TL001", 4)]
    assert "inconsistent use of tabs" in out


def test_latin1_coding_cookie_decodes(tmp_path):
    source = '# -*- coding: latin-1 -*-\nTOOLS = [{"name": "caf\xe9", "input_schema": {"type": "object"}}]\n'
    found, out = _bad_file_run(tmp_path, "latin.py", source.encode("latin-1"))
    assert [c for c, _ in found["latin.py"]] == ["TL101", "TL301"]
    assert "'café'" in out


def test_invalid_utf8_without_a_cookie(tmp_path):
    found, out = _bad_file_run(tmp_path, "bad.py", b"TOOLS = []\n\nX = '\xff\xfe'\n")
    assert found["bad.py"] == [("TL001", 3)]
    assert "cannot decode" in out


def test_ten_thousand_level_nested_literal(tmp_path):
    text = "TOOLS = " + "[" * 10_000 + "]" * 10_000 + "\n"
    found, out = _bad_file_run(tmp_path, "nested.py", text, in_process=False)
    assert _tl001(found, "nested.py")
    assert "too many nested parentheses" in out


def test_a_symlink_loop_in_the_tree(tmp_path):
    root = project(tmp_path, {"good.py": GOOD, "pkg/__init__.py": ""})
    os.symlink("..", root / "pkg" / "parent")  # a folder loop: never walked into
    os.symlink("b.py", root / "a.py")  # a file loop: a.py -> b.py -> a.py
    os.symlink("a.py", root / "b.py")
    result = check_within(60, "--isolated", "--no-cache", ".", cwd=root)
    assert_no_crash(result)
    found = by_file(result.stdout)
    assert found["good.py"] == [GOOD_FINDING]
    assert _tl001(found, "a.py") and _tl001(found, "b.py")


@pytest.mark.slow  # a real process with a watchdog: ~1 s
def test_a_fifo_named_like_a_module_does_not_block(tmp_path):
    root = project(tmp_path, {"good.py": GOOD})
    os.mkfifo(root / "x.py")
    result = toollint("--isolated", "--no-cache", ".", cwd=root, timeout=60)
    assert_no_crash(result)
    found = by_file(result.stdout)
    assert _tl001(found, "x.py") and found["good.py"] == [GOOD_FINDING]
    # named on the command line too
    result = toollint("--isolated", "--no-cache", "x.py", "good.py", cwd=root, timeout=60)
    assert_no_crash(result)
    assert _tl001(by_file(result.stdout), "x.py")


def test_a_socket_named_like_a_module(tmp_path):
    root = project(tmp_path, {"good.py": GOOD})
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    here = os.getcwd()
    try:
        os.chdir(root)  # AF_UNIX paths are short: bind by relative name
        sock.bind("x.py")
    finally:
        os.chdir(here)
    try:
        # in this process: opening a socket fails at once (ENXIO), it cannot block as a FIFO can
        result = check_within(60, "--isolated", "--no-cache", ".", cwd=root)
    finally:
        sock.close()
    assert_no_crash(result)
    found = by_file(result.stdout)
    assert _tl001(found, "x.py") and found["good.py"] == [GOOD_FINDING]
    assert "x.py:1:1: TL001 cannot read file: not a regular file" in result.stdout  # not ENXIO's words


def test_an_unreadable_file(tmp_path, monkeypatch):
    root = project(tmp_path, {"good.py": GOOD, "secret.py": GOOD})
    # root reads anything: make the open fail as it does for a user without permission,
    # whichever way the file is opened
    import builtins
    import io as io_module

    def denying(real):
        def deny(path, *args, **kwargs):
            if isinstance(path, (str, bytes, os.PathLike)) and os.path.basename(os.fsdecode(path)) == "secret.py":
                raise PermissionError(13, "Permission denied", os.fsdecode(path))
            return real(path, *args, **kwargs)
        return deny

    monkeypatch.setattr(os, "open", denying(os.open))
    monkeypatch.setattr(builtins, "open", denying(builtins.open))
    monkeypatch.setattr(io_module, "open", denying(io_module.open))
    code, out, err = check("--isolated", "--no-cache", str(root))
    assert code == 1 and "Traceback" not in err, err
    found = by_file(out)
    assert found["good.py"] == [GOOD_FINDING]
    assert _tl001(found, "secret.py")
    assert "Permission denied" in out


def test_a_file_deleted_between_discovery_and_reading(tmp_path, monkeypatch):
    import toollint.engine.scan as engine

    real = engine.discover

    def discover_then_delete(paths, settings):
        found = real(paths, settings)
        victim = tmp_path / "gone.py"
        if victim.exists():
            victim.unlink()
        return found

    monkeypatch.setattr(engine, "discover", discover_then_delete)
    found, out = _bad_file_run(tmp_path, "gone.py", GOOD)
    assert _tl001(found, "gone.py")
    assert "No such file" in out


@pytest.mark.slow
def test_a_fifty_megabyte_module(tmp_path):
    line = "VALUE_{i} = {{'name': 'tool_{i}', 'items': [{i}, 'abcdefghij']}}\n"
    chunks, size, i = [], 0, 0
    while size < 50_000_000:
        chunk = "".join(line.format(i=j) for j in range(i, i + 10_000))
        chunks.append(chunk)
        size += len(chunk)
        i += 10_000
    found, out = _bad_file_run(tmp_path, "huge.py", "".join(chunks) + GOOD, in_process=False, timeout=300)
    assert _tl001(found, "huge.py")
    assert "million characters" in out


def test_an_internal_error_is_a_finding_naming_the_file_and_verbose_shows_it(tmp_path, monkeypatch):
    import toollint.extract as extract

    real = extract._Extractor.run

    def broken(self):
        if self.path.endswith("broken.py"):
            raise ZeroDivisionError("a bug of ours")
        return real(self)

    monkeypatch.setattr(extract._Extractor, "run", broken)
    root = project(tmp_path, {"good.py": GOOD, "broken.py": GOOD})
    code, out, err = check("--isolated", "--no-cache", str(root))
    assert code == 1
    found = by_file(out)
    assert found["good.py"] == [GOOD_FINDING]
    assert _tl001(found, "broken.py")
    assert "internal error" in out and "--verbose" in out and "Traceback" not in err
    code, out, err = check("--isolated", "--no-cache", "--verbose", str(root))
    assert "broken.py" in err and "ZeroDivisionError: a bug of ours" in err and "Traceback" in err


@pytest.mark.parametrize("start", [b"\r\n \n", b"x = 1\r\n\t\n", b"x = 1\r \r\n"])
def test_mixed_line_endings_that_python_accepts_are_linted(tmp_path, start):
    # libcst's whitespace parser refuses a blank line ending in "\n" after "\r\n"
    # (hypothesmith found it); CPython accepts it, so it is no TL001
    root = project(tmp_path, {"prog.py": start + GOOD.encode()})
    result = check_within(60, "--isolated", "--no-cache", ".", cwd=root)
    assert_no_crash(result)
    assert [c for c, _ in by_file(result.stdout)["prog.py"]] == ["TL101"], result.stdout
