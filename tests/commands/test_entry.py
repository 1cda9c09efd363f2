"""The `toollint` command's entry (commands/entry.py): main's exit status, its output flushed, and no
interpreter teardown (os._exit), which freed every fact and tree one by one after the
output was printed. Counted, never timed."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from toollint.commands import entry

_TOOL = 'TOOLS = [{"name": "search", "description": "", "input_schema": {"type": "object"}}]\n'


def test_entry_flushes_and_exits_with_mains_status(tmp_path, monkeypatch, capsys):
    (tmp_path / "t.py").write_text(_TOOL)
    exits = []

    def fake_exit(code):
        exits.append(code)
        raise SystemExit(code)

    monkeypatch.setattr(os, "_exit", fake_exit)
    monkeypatch.setattr(sys, "argv", ["toollint", "check", "--no-cache", str(tmp_path / "t.py")])
    with pytest.raises(SystemExit):
        entry.entry()
    assert exits == [1]
    assert "TL101" in capsys.readouterr().out


def test_the_command_prints_everything_and_skips_teardown(tmp_path):
    """atexit handlers run in the teardown the entry skips: one registered by the code
    that runs never runs, and the output is whole."""
    (tmp_path / "t.py").write_text(_TOOL)
    code = ("import atexit, sys\natexit.register(lambda: sys.stderr.write('TEARDOWN\\n'))\n"
            "sys.argv = ['toollint', 'check', '--no-cache', sys.argv[1]]\n"
            "from toollint.commands.entry import entry\nentry()\n")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / "t.py")], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "TL101" in proc.stdout and "TEARDOWN" not in proc.stderr
    module = subprocess.run([sys.executable, "-m", "toollint", "check", "--no-cache", str(tmp_path / "t.py")],
                            capture_output=True, text=True)
    assert module.returncode == 1 and module.stdout == proc.stdout
