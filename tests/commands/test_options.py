"""Issue 19: `toollint check`'s options as a new user types them: repeats add up as ruff's,
bad values are one line and exit 2, every option documents its default, -q is quiet, and
colour follows the environment conventions."""
from __future__ import annotations

import argparse

import pytest

from lintcase import parse_findings, write_tree

# TL102 (line 5) and TL301 (line 3) in tools.py; TL101 (no description) in other.py.
BAD = '''
TOOLS = [
    {
        "name": "get order",
        "description": (
            "Get order."
        ),
        "input_schema": {"type": "object", "properties": {}},
    },
]
'''
UNDESCRIBED = 'TOOLS = [{"name": "ping", "input_schema": {"type": "object", "properties": {}}}]\n'


@pytest.fixture
def toollint(monkeypatch):
    """`toollint ARGS` in this process (tests/inproc.py), colour off."""
    import inproc

    monkeypatch.setenv("NO_COLOR", "1")
    return inproc.toollint


@pytest.fixture
def tree(tmp_path):
    write_tree(tmp_path, {"tools.py": BAD, "tests/other.py": UNDESCRIBED})
    return tmp_path


def codes(result):
    assert result.returncode in (0, 1), result.stderr
    return sorted((path, code) for path, _, _, code, _ in parse_findings(result.stdout))


def test_repeated_select_ignore_and_extend_select_add_up(tree, toollint):
    assert codes(toollint("check", "--select", "TL301", "--select", "TL101", cwd=tree)) == [
        ("tests/other.py", "TL101"), ("tools.py", "TL301")]
    assert codes(toollint("check", "--ignore", "TL301", "--ignore", "TL102", cwd=tree)) == [
        ("tests/other.py", "TL101")]
    assert codes(toollint("check", "--select", "TL301", "--extend-select", "TL102",
                          "--extend-select", "TL101", cwd=tree)) == [
        ("tests/other.py", "TL101"), ("tools.py", "TL102"), ("tools.py", "TL301")]
    # the same as one comma-separated value
    assert codes(toollint("check", "--select", "TL301,TL101", cwd=tree)) == [
        ("tests/other.py", "TL101"), ("tools.py", "TL301")]


def test_repeated_per_file_ignores_and_excludes_add_up(tree, toollint):
    result = toollint("check", "--per-file-ignores", "tests/*:TL101", "--per-file-ignores", "tools.py:TL301",
                      "--per-file-ignores", "tools.py:TL102", cwd=tree)
    assert codes(result) == []
    result = toollint("check", "--extend-exclude", "tests", "--extend-exclude", "tools.py", "--show-files", cwd=tree)
    assert result.returncode == 0 and result.stdout == ""


@pytest.mark.parametrize("args, needle", [
    (["-j", "0"], "-j/--jobs: expected a whole number >= 1, got 0"),
    (["-j", "-3"], "-j/--jobs: expected a whole number >= 1, got -3"),
    (["--jobs", "two"], "-j/--jobs: expected a whole number >= 1, got 'two'"),
    (["--max-tools-per-turn", "0"], "--max-tools-per-turn: expected a whole number >= 1"),
    (["--sel", "TL1"], "unrecognized arguments: --sel"),  # never taken for --select
    (["--output", "json"], "unrecognized arguments: --output"),
    ([""], "an empty path ('')"),
    (["tools.py", ""], "an empty path ('')"),
])
def test_bad_arguments_exit_2_with_one_line(tree, args, needle, toollint):
    result = toollint("check", *args, cwd=tree)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("toollint: error: ") and needle in lines[0], result.stderr


def test_no_parser_abbreviates_long_options(tree, toollint):
    for args in (["usage", "--respons", "x.jsonl"], ["rule", "--al"], ["dump", "--with"]):
        result = toollint(*args, cwd=tree)
        assert result.returncode == 2 and "unrecognized arguments" in result.stderr, (args, result.stderr)


def _check_parser():
    from toollint.commands.cli import _parser

    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices["check"]


def test_every_check_option_says_what_it_does_and_its_default():
    for action in _check_parser()._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        name = "/".join(action.option_strings) or action.dest
        assert action.help, f"{name} has no help text"
        takes_value = action.nargs != 0 and not isinstance(action, argparse._StoreConstAction)
        if takes_value:
            assert "default" in action.help, f"{name}: its help does not say its default"


def test_quiet_prints_findings_and_errors_only(tree, toollint):
    (tree / "tools.py").write_text(BAD.replace('"get order",', '"get order",  # noqa: TL101;TL102'))
    loud = toollint("check", cwd=tree)
    assert "warning" in loud.stderr and "invalid `# noqa` directive" in loud.stderr
    quiet = toollint("check", "-q", cwd=tree)
    assert quiet.stderr == "" and quiet.stdout == loud.stdout and quiet.returncode == 1
    assert toollint("check", "-q", "--select", "TL999", cwd=tree).returncode == 2  # errors still show


@pytest.mark.parametrize("env, expected", [
    ({}, False),  # not a terminal
    ({"FORCE_COLOR": "1"}, True),
    ({"CLICOLOR_FORCE": "1"}, True),
    ({"CLICOLOR_FORCE": "0"}, False),
    ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),
    ({"FORCE_COLOR": "1", "TERM": "dumb"}, True),  # forcing wins over the terminal's kind
])
def test_colour_follows_the_environment_when_not_a_terminal(monkeypatch, env, expected):
    from toollint.commands.common import use_color

    for name in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "CLICOLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("sys.stdout.isatty", lambda: False)
    assert use_color("auto") is expected
    assert use_color("never") is False and use_color("always") is True


@pytest.mark.parametrize("env, expected", [
    ({}, True),
    ({"CLICOLOR": "0"}, False),
    ({"TERM": "dumb"}, False),
    ({"NO_COLOR": "1"}, False),
    ({"CLICOLOR": "1"}, True),
])
def test_colour_on_a_terminal(monkeypatch, env, expected):
    from toollint.commands.common import use_color

    for name in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "CLICOLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert use_color("auto") is expected


@pytest.mark.slow  # a real process on a terminal: ~0.8 s
def test_colour_end_to_end(tree):
    """Through a real process's piped stdout; the order of the variables in this process."""
    import os
    import subprocess
    import sys

    import inproc

    unset = {"NO_COLOR": None, "FORCE_COLOR": None, "CLICOLOR_FORCE": None}

    def run(**env):
        base = {k: v for k, v in os.environ.items() if k not in unset}
        return subprocess.run([sys.executable, "-m", "toollint", "check", "--show-source"], cwd=tree,
                              capture_output=True, text=True, env={**base, **env}, timeout=120).stdout

    def here(**env):
        return inproc.toollint("check", "--show-source", cwd=tree, env={**unset, **env}).stdout

    assert "\x1b[" in run(FORCE_COLOR="1")
    assert "\x1b[" not in run()  # a pipe is not a terminal
    assert "\x1b[" not in here(FORCE_COLOR="1", NO_COLOR="1")
    assert "\x1b[" in here(CLICOLOR_FORCE="1")
    assert "\x1b[" not in here()
