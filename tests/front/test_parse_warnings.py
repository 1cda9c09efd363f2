"""What CPython says while parsing a user's file is not toollint's to print: an invalid
escape (`"\\d+"`, a SyntaxWarning from Python 3.12, a DeprecationWarning before) in a file
holding tools used to appear on the user's stderr once per parse of it (the syntax
verdict, the tool_choice scan, the literal reader)."""
from __future__ import annotations

import subprocess
import sys

import pytest

SOURCE = r'''
import re

PATTERN = "\d+ items"
tool_choice = {"type": "tool", "name": "count"}
TOOLS = [{"name": "count", "description": "Count items matching \d+. Use it when asked how many.",
          "input_schema": {"type": "object", "properties": {}}}]
'''


@pytest.mark.slow  # a real process: ~0.6 s
def test_a_users_invalid_escape_prints_no_warning(tmp_path):
    (tmp_path / "app.py").write_text(SOURCE)
    done = subprocess.run([sys.executable, "-W", "always", "-m", "toollint", "check", "--no-cache", "app.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "Warning" not in done.stderr, done.stderr
    assert "Checked 1 file" in done.stdout + done.stderr



def test_no_parse_of_a_users_file_warns_in_process(tmp_path):
    # the default run's check of the same: every parse names the text <toollint>, so
    # toollint's filter (put back in front of "always" by reloading the package) holds
    import importlib
    import warnings

    import toollint
    from toollint.config.settings import Settings
    from toollint.engine.core import run

    (tmp_path / "app.py").write_text(SOURCE)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        importlib.reload(toollint)
        run([str(tmp_path)], Settings(root=str(tmp_path)), cache=False, jobs=1)
    assert [str(w.message) for w in caught] == []
