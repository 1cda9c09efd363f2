"""What `toollint check` imports at start (issue 22): the other commands' modules (the
language server, the usage reports' log readers) are not loaded to parse its command line,
and the full command line still knows every command. Counted, never timed."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from toollint.commands.cli import _parser

_OTHERS = ("toollint.usage", "toollint.lsp", "toollint.commands.dump")


def _imported_after(argv, tmp_path):
    """The modules of the other commands loaded by main(argv) in a fresh process, and its status."""
    code = ("import sys\nfrom toollint.commands.cli import main\nrc = main(sys.argv[1:])\n"
            f"print(sorted(m for m in sys.modules if m.startswith({_OTHERS!r})), rc)")
    env = dict(os.environ, TOOLLINT_NO_CACHE="1")
    proc = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    return proc.stdout.splitlines()[-1], proc


def test_check_loads_no_other_command(tmp_path):
    (tmp_path / "agent.py").write_text('TOOLS = [{"name": "search", "description": "Search the orders.", '
                                       '"input_schema": {"type": "object", "properties": {}}}]\n')
    last, proc = _imported_after(["check", "agent.py", "--exit-zero"], tmp_path)
    assert last == "[] 0", proc.stderr


def test_rule_loads_no_other_command(tmp_path):
    last, proc = _imported_after(["rule", "TL101"], tmp_path)
    assert last == "[] 0", proc.stderr


def test_other_commands_still_parse(tmp_path):
    """A command named after a top-level option, or another command, gets the whole parser."""
    last, proc = _imported_after(["dump", "--help"], tmp_path)
    assert "usage: toollint dump" in proc.stdout
    choices = next(a for a in _parser()._actions if a.dest == "command").choices
    assert {"check", "rule", "dump", "usage", "server"} <= set(choices)


def test_check_help_is_the_same_either_way(capsys):
    helps = []
    for command in (None, "check"):
        with pytest.raises(SystemExit):
            _parser(command).parse_args(["check", "--help"])
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1] and "--no-cache" in helps[0]
