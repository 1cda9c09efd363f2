"""Warm and pre-commit runs (issue 22): what a run on an edited file, or on an unchanged
tree, still parses, judges and imports. Counted (modules imported, files parsed), never
timed."""
from __future__ import annotations

import os
import subprocess
import sys

from enginecase import cold_run_here
from tests.inproc import toollint
from toollint.engine import scan

_FIXABLE = ('TOOLS = [{"name": "search", "description": "Search the orders.", "input_schema": '
            '{"type": "object", "properties": {}, "required": ["q"]}}]\n')


def _env(tmp_path):
    env = dict(os.environ)
    env.pop("TOOLLINT_NO_CACHE", None)
    env["TOOLLINT_CACHE_DIR"] = str(tmp_path / "cache")
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    return env


def _libcst_after_check(path, tmp_path):
    """[whether libcst was imported, the exit status] of `toollint check path` in a fresh process."""
    code = ("import sys\nfrom toollint.commands.cli import main\nrc = main(['check', sys.argv[1], '-q'])\n"
            "print('libcst' in sys.modules, rc)")
    proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                          env=_env(tmp_path))
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()[-1].split()


def _project(tmp_path, files):
    root = tmp_path / "p"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def test_warm_run_with_a_fix_reuses_the_run(tmp_path):
    """A finding with a fix is remembered with the run, its fix already verified: the warm
    run neither judges again nor parses the file to verify the fix (before, a Fix in the
    findings made every remembered run unreadable, and each run judged and verified anew)."""
    root = _project(tmp_path, {"c.py": _FIXABLE})
    assert cold_run_here(root, tmp_path) == 1  # writes the cache
    assert _libcst_after_check(root, tmp_path) == ["False", "1"]


def test_edited_file_without_tools_does_not_import_libcst(tmp_path):
    """Pre-commit on an edited module that holds no tool, in a warm project: the tool
    modules' facts come from the cache and the edited one fails the prefilter."""
    root = _project(tmp_path, {"c.py": _FIXABLE, "util.py": "def double(x):\n    return 2 * x\n"})
    assert cold_run_here(root, tmp_path) == 1  # writes the cache
    (root / "util.py").write_text("def double(x):\n    return x + x\n")
    assert _libcst_after_check(root / "util.py", tmp_path) == ["False", "0"]


def test_the_neighbour_is_parsed_once_cold_and_never_warm(tmp_path, monkeypatch):
    """One small file beside a big tool module in its folder: a cold run extracts the
    neighbour once (its facts, for the groups), a warm run after an edit of the small
    file not at all."""
    big = "".join(f'T{i} = [{{"name": "t{i}", "description": "Look up t{i}.", "input_schema": {{}}}}]\n'
                  for i in range(200))
    small = 'TOOLS = [{"name": "s", "description": "Look up s.", "input_schema": {}}]\n'
    root = _project(tmp_path, {"big.py": big, "small.py": small})
    monkeypatch.setenv("TOOLLINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("TOOLLINT_NO_CACHE", raising=False)
    parsed = []
    real = scan.parse
    monkeypatch.setattr(scan, "parse", lambda path, text: parsed.append(os.path.basename(path)) or real(path, text))
    cold = toollint("check", "small.py", "-j", "1", "--no-cache", cwd=root)
    assert sorted(parsed) == ["big.py", "small.py"]
    toollint("check", ".", "-j", "1", cwd=root)  # primes the cache
    (root / "small.py").write_text(small + "# edited\n")
    del parsed[:]
    warm = toollint("check", "small.py", "-j", "1", cwd=root)
    assert parsed == ["small.py"]
    assert warm.stdout == cold.stdout


_ASKED = ('TOOLS = [{"name": "search_orders", "description": "Search the orders. Use this when the user '
          'asks about an order; do not use it for refunds.", "input_schema": {"type": "object", "properties": '
          '{"a": {"type": ["string", "None"]}, "b": {"type": ["integer", "None"]}}, "required": ["a"]}}]\n')


def test_edited_tool_file_finds_the_rules_answers_remembered(tmp_path):
    """Pre-commit on an edited tool module whose descriptions and schemas a run has seen:
    the rules' answers come from the cache (rulekit/memo.py), so neither jsonschema (a
    schema with two bad type names is its to judge) nor phrases' big patterns are loaded,
    and the findings are a cold run's."""
    root = _project(tmp_path, {"c.py": _ASKED})
    cold = subprocess.run([sys.executable, "-m", "toollint", "check", "--no-cache", "c.py"], cwd=root,
                          capture_output=True, text=True, env=_env(tmp_path))
    assert "TL201" in cold.stdout
    assert cold_run_here(root, tmp_path) == 1  # writes the cache
    (root / "c.py").write_text(_ASKED + "# edited\n")
    code = ("import sys\nfrom toollint.commands.cli import main\nrc = main(['check', 'c.py'])\n"
            "from toollint.rulekit import phrases\n"
            "print('jsonschema' in sys.modules, phrases._trigger.cache_info().currsize, "
            "phrases._exclusion.cache_info().currsize, rc)")
    warm = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                          env=_env(tmp_path))
    assert warm.returncode == 0, warm.stderr
    last = warm.stdout.splitlines()[-1]
    assert last.split() == ["False", "0", "0", "1"]
    assert warm.stdout == cold.stdout + last + "\n"
