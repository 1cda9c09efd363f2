"""Robustness, bad configuration and flags: each wrong value is one line naming the file and
key, exit 2, never a traceback or a wait."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from robustcase import GOOD, _assert_inert, check, project
from toollint.config.load import VALID_KEYS


# --- 8. configuration ------------------------------------------------------------------------

_WRONG = ["42", "true", "1.5", '"text"', "[1, 2]", "{ a = 1 }", "1979-05-27T07:32:00Z", "[[1]]",
          '["ok", 3]', '[""]', "-1", '["\\u001b[31m\\n::error::forged"]', "[{x = 1}]"]


def _config_error(tmp_path, toml: str, *extra: str) -> str:
    root = project(tmp_path, {"t.py": GOOD})
    (root / "pyproject.toml").write_text(toml, encoding="utf-8")
    code, out, err = check("--no-cache", *extra, str(root / "t.py"))
    assert code == 2, (toml, code, out, err)
    assert out == ""
    _assert_one_error_line(err)
    return err.splitlines()[0]


def _assert_one_error_line(err: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("toollint: error: "), err
    assert "Traceback" not in err
    _assert_inert(err, "stderr")


@pytest.mark.parametrize("key", VALID_KEYS)
def test_every_key_with_a_wrong_type_is_one_line_exit_2(tmp_path, key):
    accepted = 0
    for i, value in enumerate(_WRONG):
        root = tmp_path / str(i)
        root.mkdir()
        (root / "t.py").write_text(GOOD)
        (root / "pyproject.toml").write_text(f"[tool.toollint]\n{key} = {value}\n")
        code, out, err = check("--no-cache", "-q", str(root / "t.py"))  # -q: no closing summary
        if code in (0, 1) and err == "":
            accepted += 1  # a value of the right type after all (an int for an int key)
            continue
        assert code == 2, (key, value, code, err)
        _assert_one_error_line(err)
    assert accepted <= 2, key


@pytest.mark.parametrize("toml, words", [
    ('[tool.toollint]\nselect = ["TL999"]\n', "TL999"),
    ('[tool.toollint]\nextend-ignore = ["no-such-rule"]\n', "no-such-rule"),
    ('[tool.toollint]\ntrigger-phrases = ["(unclosed"]\n', "trigger-phrases"),
    ('[tool.toollint]\nexclusion-phrases = ["a{1,2", "*"]\n', "exclusion-phrases"),
    ('[tool.toollint]\nno-such-key = 1\n', "no-such-key"),
    ('[tool.toollint]\n"key\\nwith\\u001b[31mnewline" = 1\n', "unknown key"),
    ("[tool.toollint\n", "invalid TOML"),
    ("[tool.toollint]\nx = " + "[" * 5000 + "]" * 5000 + "\n", "TOML"),
    ("[tool]\ntoollint = 3\n", "must be a table"),
])
def test_bad_config_is_one_line_exit_2(tmp_path, toml, words):
    assert words in _config_error(tmp_path, toml)


def test_non_utf8_config(tmp_path):
    root = project(tmp_path, {"t.py": GOOD})
    (root / "pyproject.toml").write_bytes(b"[tool.toollint]\nselect = ['\xff']\n")
    code, _, err = check("--no-cache", str(root / "t.py"))
    assert code == 2 and len(err.splitlines()) == 1 and "UTF-8" in err


def test_a_pyproject_that_is_a_directory(tmp_path):
    root = project(tmp_path, {"t.py": GOOD})
    (root / "pyproject.toml").unlink()
    (root / "pyproject.toml").mkdir()
    code, _, err = check("--no-cache", "--config", str(root / "pyproject.toml"), str(root / "t.py"))
    assert code == 2 and len(err.splitlines()) == 1 and "directory" in err
    # found while walking up from the checked file: the same error, not another folder's config
    code, out, err = check("--no-cache", str(root / "t.py"))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "is a directory" in err



@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_config_that_is_a_fifo_is_refused_without_waiting(tmp_path):
    root = project(tmp_path, {"t.py": GOOD})
    os.mkfifo(tmp_path / "cfg.toml")  # no writer will ever come: a blocking read would hang
    proc = subprocess.run([sys.executable, "-m", "toollint", "check", "--no-cache", "--config",
                           str(tmp_path / "cfg.toml"), str(root / "t.py")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1 and "not a regular file" in proc.stderr

@pytest.mark.parametrize("flag, value", [
    ("--select", "TL999"), ("--ignore", "\x1b[31m\n::error::x"), ("--max-tools-per-turn", "many"),
    ("--per-file-ignores", "*.py"), ("--output-format", "xml"), ("--jobs", "-3x"),
])
def test_bad_flags_are_one_line_exit_2(tmp_path, flag, value):
    root = project(tmp_path, {"t.py": GOOD})
    code, out, err = check("--isolated", "--no-cache", f"{flag}={value}", str(root / "t.py"))
    assert code == 2, (code, out, err)
    _assert_one_error_line(err)
