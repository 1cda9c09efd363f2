"""The cache and `-j` change no byte of the output: cold, warm, stamped, pooled and partial runs
print what a serial cold run prints, and an edit anywhere a run depends on invalidates it."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import toollint
from enginecase import REPO, _check, _env, _projects
from toollint.engine import core as engine
from toollint.engine import pool, runner
from toollint.config.settings import Settings


# --- -j and the cache: the same bytes ------------------------------------------------------


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_cli_output_identical_across_jobs_and_cache(tree, tmp_path, examples):
    env = _env(tmp_path)
    for root in (examples, tree):
        args = [str(root), "--exit-zero"]
        cold1 = _check(args + ["--no-cache", "-j", "1"], root, env)
        cold2 = _check(args + ["--no-cache", "-j", "2"], root, env)
        first = _check(args + ["-j", "2"], root, env)  # fills the cache
        warm = _check(args + ["-j", "1"], root, env)  # whole-run hit
        os.utime(root)  # nothing changed in content: still hits
        warm2 = _check(args, root, env)
        assert cold1 == cold2 == first == warm == warm2
        assert cold1.count(b"\n") > 3
    assert not (tree / ".toollint_cache").exists()  # TOOLLINT_CACHE_DIR was honoured


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_stamped_runs_print_what_a_cold_run_prints(tree, tmp_path):
    """End to end, with files old enough for the stamps to be trusted: the run that records
    them, the runs that skip reading, and the runs after an edit print the cold bytes."""
    import shutil
    import time

    root = tmp_path / "tree"
    shutil.copytree(tree, root)
    newest = max(max(p.stat().st_mtime, p.stat().st_ctime) for p in root.rglob("*.py"))
    time.sleep(max(0.0, newest + 2.2 - time.time()))  # out of the racy window
    env = _env(tmp_path)
    args = [str(root), "--exit-zero"]
    cold = _check(args + ["--no-cache"], root, env)
    assert _check(args, root, env) == cold  # records the stamps
    stamps = list((tmp_path / "cache" / "stamps").iterdir())
    assert len(stamps) == 1 and stamps[0].stat().st_size > 1000
    assert _check(args, root, env) == cold  # nothing read
    edited = sorted(root.rglob("tools.py"))[0]
    edited.write_text(edited.read_text() + 'BAD = [{"name": "a b", "description": "x", "input_schema": {}}]\n')
    after = _check(args, root, env)
    assert after == _check(args + ["--no-cache"], root, env) != cold
    one = _check([str(edited), "--exit-zero"], root, env)
    assert one == _check([str(edited), "--exit-zero", "--no-cache"], root, env)
    assert b"'a b'" in one


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_pool_gives_the_serial_findings(tree, monkeypatch, examples):
    """Force the process pool for extraction and rules even on small inputs."""
    monkeypatch.setattr(pool, "MIN_BYTES", 0)
    monkeypatch.setattr(pool, "MIN_FILES", 2)
    monkeypatch.setattr(pool, "MIN_TOOLS", 0)
    for root in [examples, tree] + _projects():
        monkeypatch.chdir(root)
        settings = Settings(root=".")
        serial = engine.run(["."], settings, cache=False, jobs=1)
        pooled = engine.run(["."], settings, cache=False, jobs=2)
        assert pooled.findings == serial.findings, root


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_partial_runs_identical_with_cache(tree, tmp_path):
    """Pre-commit names a few files: cold and warm, -j1 and -j2 agree."""
    env = _env(tmp_path)
    files = sorted(str(p) for p in (tree / "agents").rglob("*.py"))[:6] + sorted(
        str(p) for p in (tree / "services").rglob("*.py"))[:4]
    cold = _check(files + ["--no-cache", "-j", "1", "--exit-zero"], tree, env)
    assert _check(files + ["-j", "2", "--exit-zero"], tree, env) == cold
    assert _check(files + ["--exit-zero"], tree, env) == cold


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_partial_runs_judge_only_what_they_can_report(tree, monkeypatch, examples):
    """A run on some files skips the groups that cannot yield a finding in them: for each
    file alone, and for a few together, the findings are those of judging every group."""
    roots = [examples, tree] + _projects()
    judge_all = lambda project, requested: set(project.modules)  # noqa: E731
    skipped = 0
    for root in roots:
        monkeypatch.chdir(root)
        settings = Settings(root=".")
        built = engine.build(["."], settings, cache=False, jobs=1)
        if built.project is None:
            continue
        files = sorted(built.project.modules)
        step = max(1, len(files) // 20)
        for paths in [[f] for f in files[::step]] + [files[::3]]:
            requested = set(paths)
            fast = runner.check(built.project, settings, requested)
            reach = runner.reach(built.project, requested)
            skipped += sum(not (g.paths & reach) for g in built.project.groups)
            with monkeypatch.context() as m:
                m.setattr(runner, "reach", judge_all)
                assert fast == runner.check(built.project, settings, requested), (root, paths)
    assert skipped > 10  # the comparison is not vacuous


def test_edit_invalidates(tmp_path, isolated_cache):
    root = tmp_path / "p"
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text("")
    tools = root / "pkg" / "tools.py"
    tools.write_text('TOOLS = [{"name": "a b", "description": "x", "input_schema": {"type": "object"}}]\n')
    settings = Settings(root=str(root))
    first = engine.run([str(root)], settings)
    assert first == engine.run([str(root)], settings)  # warm
    tools.write_text('TOOLS = [{"name": "ok_name", "description": "x", "input_schema": {"type": "object"}}]\n')
    after = engine.run([str(root)], settings)
    assert after == engine.run([str(root)], settings, cache=False)
    assert "TL301" in {f.code for f in first.findings} and "TL301" not in {f.code for f in after.findings}


def test_settings_that_shape_extraction_key_the_cache(tmp_path, isolated_cache):
    root = tmp_path / "p"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    (root / "agent.py").write_text('MY_TOOLS = [{"name": "x y", "description": "d", "parameters": {}}]\n')
    default = engine.run([str(root)], Settings(root=str(root)))
    custom = engine.run([str(root)], Settings(root=str(root), definitions=("MY_TOOLS",)))
    assert custom == engine.run([str(root)], Settings(root=str(root), definitions=("MY_TOOLS",)), cache=False)
    assert default == engine.run([str(root)], Settings(root=str(root)), cache=False)


def test_linked_module_edit_invalidates_the_run(tmp_path, isolated_cache):
    """A handlers module that fails the prefilter is read through linking: editing it must
    not be hidden by the whole-run cache."""
    root = tmp_path / "p"
    (root / "agent").mkdir(parents=True)
    (root / "pyproject.toml").write_text("")
    (root / "agent" / "__init__.py").write_text("")
    (root / "agent" / "tools.py").write_text(
        "from agent.impl import search\n"
        'TOOL_DEFINITIONS = [{"name": "search", "description": "Search. Use this when asked.",\n'
        '    "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}]\n'
        'TOOL_HANDLERS = {"search": search}\n')
    impl = root / "agent" / "impl.py"
    impl.write_text("def search(q):\n    return q\n")
    settings = Settings(root=str(root))
    before = engine.run([str(root)], settings)
    impl.write_text("def search(q, extra):\n    return q\n")
    after = engine.run([str(root)], settings)
    assert after == engine.run([str(root)], settings, cache=False)
    assert before != after


# --- the suite itself, cache off --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(bool(os.environ.get("TOOLLINT_NO_CACHE")), reason="already the cache-off run")
def test_whole_suite_passes_with_cache_off(tmp_path):
    """The suite runs with the cache on by default; once more here with it off (the fast
    suite: CI=true would run the slow tests a second time, doubling CI's time)."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["TOOLLINT_NO_CACHE"] = "1"
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                           "--deselect", "tests/engine/test_cache_and_jobs.py::test_whole_suite_passes_with_cache_off",
                           str(REPO / "tests")], cwd=REPO, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]


def test_a_run_with_an_internal_error_is_not_remembered(tmp_path, isolated_cache, monkeypatch):
    """--verbose after a run that hit a bug of ours must still show the traceback."""
    root = tmp_path / "p"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    (root / "tools.py").write_text('TOOLS = [{"name": "a", "description": "x", "input_schema": {}}]\n')
    import toollint.extract

    def broken(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(toollint.extract, "extract_module", broken)
    settings = Settings(root=str(root))
    quiet = engine.run([str(root)], settings)
    assert [f.code for f in quiet.findings] == ["TL001"] and not quiet.warnings
    loud = engine.run([str(root)], settings, verbose=True)
    assert loud.findings == quiet.findings and "ValueError: boom" in "".join(loud.warnings)


def test_the_cache_key_covers_every_stage_that_shapes_facts():
    # A key over cache/ alone would keep serving facts extracted by older extract/ code.
    from toollint.cache.store import code_files

    package = os.path.dirname(os.path.abspath(toollint.__file__))
    hashed = {os.path.relpath(p, package) for p in code_files()}
    for stage in ("model/tools.py", "extract/__init__.py", "front/parse.py", "front/narrow.py",
                  "frameworks/registry.py", "link/project.py"):
        assert stage in hashed, stage
