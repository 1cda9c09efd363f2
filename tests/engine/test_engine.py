"""What the performance work must not change: the cache, `-j`, the narrowing of what libcst
parses and the prefilter's second stage leave every finding as it was.

Timings are not tested here (benchmarks/run.py measures them); correctness is.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings as hypothesis_settings, strategies as st

import toollint

from toollint.engine import core as engine
from toollint.engine import pool, runner, scan
from toollint.config.settings import Settings
from toollint.model import ModuleFacts
from toollint.front.prefilter import may_define_tools, needles

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))
import generate  # noqa: E402

CORPORA = [REPO / "examples", REPO / "tests" / "projects", REPO / "tests" / "data" / "frameworks" / "sources"]


def _py_files(*roots):
    out = []
    for root in roots:
        out.extend(sorted(Path(root).rglob("*.py")))
    return out


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A small generated monorepo: every agent kind, ordinary modules, some false positives."""
    root = tmp_path_factory.mktemp("mono")
    generate.generate(str(root), files=100, tool_share=0.25, seed=7)
    return root


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    """examples/ as a project of its own (in the repo its root is the repo, tests and all)."""
    import shutil

    root = tmp_path_factory.mktemp("examples") / "examples"
    shutil.copytree(REPO / "examples", root, ignore=shutil.ignore_patterns("__pycache__", ".toollint_cache"))
    (root / "pyproject.toml").write_text("")
    return root


def _projects():
    return sorted(p for p in (REPO / "tests" / "projects").iterdir() if p.is_dir())


@pytest.fixture
def isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLLINT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("TOOLLINT_NO_CACHE", raising=False)
    return tmp_path / "cache"


def _env(tmp_path, **extra):
    env = dict(os.environ)
    env.pop("TOOLLINT_NO_CACHE", None)
    env["TOOLLINT_CACHE_DIR"] = str(tmp_path / "cache")
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    env.update(extra)
    return env


def _check(args, cwd, env):
    proc = subprocess.run([sys.executable, "-m", "toollint", "check", *args], cwd=cwd, env=env,
                          capture_output=True)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    return proc.stdout


def _rel(findings, root):
    return [(os.path.relpath(f.span.path, root), f.span.line, f.span.col, f.code, f.message) for f in findings]


# --- narrowing ---------------------------------------------------------------------------


def test_module_names_come_from_paths_relative_to_the_root():
    from toollint.link.graph import module_name

    assert [module_name(rel) for rel in ("a.py", "pkg/__init__.py", "src/pkg/mod.py", "./x/y.py", "a\\b\\c.py",
                                         "pkg/sub/__init__.py")] == [
        ("a", False), ("pkg", True), ("src.pkg.mod", False), ("x.y", False), ("a.b.c", False), ("pkg.sub", True)]


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_narrowing_keeps_every_fact(tree):
    """Same ModuleFacts, field for field, with and without narrowing, for every example,
    scenario and framework file and every file of the generated tree (prefilter or not:
    linking reads modules that fail it)."""
    settings = Settings()
    from toollint.front.narrow import reduce_source

    narrowed = 0
    files = _py_files(*CORPORA, tree)
    assert len(files) > 100
    for path in files:
        data = path.read_bytes()
        whole = scan.extract_file(str(path), "m", False, settings, data=data, prefilter=False, narrow=False)
        narrow = scan.extract_file(str(path), "m", False, settings, data=data, prefilter=False, narrow=True)
        assert narrow == whole, (
            f"{path}: narrowing blanked a function body that extraction reads; give what it reads "
            "a trigger in toollint/front/narrow.py (see 'A body is kept whole when')")
        try:
            narrowed += reduce_source(data.decode("utf-8"), needles(settings)) is not None
        except UnicodeDecodeError:
            pass
    assert narrowed > 40  # the comparison is not vacuous: most files were narrowed


def test_narrowing_keeps_lines_and_columns():
    from toollint.front.narrow import reduce_source

    text = (
        "import os\r\n"
        "def plain(a, b=1):\r\n"
        '    """Doc."""\r\n'
        "    x = a + b\r\n"
        "    return x\r\n"
        "class K:\r\n"
        "    def m(self):\r\n"
        "        y = 1\r\n"
        "        return y\r\n"
        "    def reads(self, args):\r\n"
        '        return args["q"]\r\n'
        "def dispatch(name):\r\n"
        '    if name == "a":\r\n'
        "        return go_a()\r\n"
        '    elif name == "b":\r\n'
        "        return go_b()\r\n"
        "def one(): return 1\r\n"
    )
    reduced = reduce_source(text, needles(Settings()))
    assert reduced is not None
    before, after = text.split("\r\n"), reduced.split("\r\n")
    assert len(before) == len(after)
    assert after[3:5] == ["", ""]  # plain's body after the docstring
    assert after[7] == "        pass" and after[8] == ""  # m's body, held by `pass`
    for number, line in enumerate(after):
        if line.strip() and line != "        pass":
            assert line == before[number]  # what is kept is kept in place
    assert "args[" in reduced and 'elif name == "b"' in reduced and "def one(): return 1" in reduced




@pytest.mark.parametrize("build", ["CodeAgent([search], model)", "create_react_agent(llm, [search])",
                                   "initialize_agent([search], llm)"])
def test_narrowing_keeps_agents_built_with_positional_tools(tmp_path, build):
    """Registration reads tools handed to an agent by position inside a function body: the
    body must not be blanked, or TL308 would think `search` is never registered."""
    path = tmp_path / "agent.py"
    path.write_text("from smolagents import tool\n\n\n@tool\ndef search(q: str) -> str:\n"
                    '    """Search. Args: q: the query."""\n    return q\n\n\n'
                    f"def build(model, llm):\n    return {build}\n")
    facts = [scan.extract_file(str(path), "agent", False, Settings(), narrow=n) for n in (True, False)]
    assert facts[0] == facts[1]
    assert ("", "search") in facts[0].registration.names

_ODD_SOURCES = ["", "\n", "x = 1", "# only a comment\n", "x = 1\n\n# trailing comment", "if x:\n\tpass\r\n",
                "a = 1; \\\n    b = 2\n", "s = ('a'\r  'b')\r", "@d\n\n# c\n@e(1)\nclass K(B, metaclass=M):\n    x: int = 1\n",
                "def f(a, /, *b, c=(1,\n 2), **d) -> 'T':\n    return [i async for i in g() if (yield)]\n",
                "t = f'{x!r:>{w}} {y=}'\nwith (a as b, c):\n    match p:\n        case {'k': [1, *r]}: pass\n"]


def test_positions_are_libcsts_node_for_node():
    """extract.positions replaces libcst's PositionProvider: every node's range is the same."""
    import libcst
    from libcst.metadata import MetadataWrapper, PositionProvider

    from toollint.extract.positions import positions

    sources = [p.read_text(encoding="utf-8") for p in _py_files(*CORPORA)] + _ODD_SOURCES
    assert len(sources) > 50
    for text in sources:
        module = libcst.parse_module(text)
        theirs = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
        ours = positions(module)
        assert ours.keys() == theirs.keys()
        for node, r in theirs.items():
            got = ours[node]
            assert (got.start.line, got.start.column, got.end.line, got.end.column) == \
                (r.start.line, r.start.column, r.end.line, r.end.column), (text[:80], type(node).__name__)

_LITERALS = [
    "'plain'", '"plain"', "''", '""', '""""""', "''''''", '"""multi\nline"""', "'''a \"quoted\" b'''",
    "'it\\'s'", "'tab\\there'", "r'raw\\d+'", "R'x'", "u'unicode'", 'U"x"', "b'bytes'", "rb'x'", "Br'x'",
    "'\\N{BULLET} item'", "'\\x41\\u00e9'", "'caf\u00e9 \U0001F600'", "'a\\\nb'", '"""a\r\nb"""', "'\\0'",
    "'bad \\q escape'", "f'x'",
]


def _evaluates_as_libcst_does(raw):
    import warnings

    import libcst

    from toollint.extract.evaluate import literal_text

    try:
        node = libcst.parse_expression(raw)
    except Exception:
        return  # not a literal Python accepts: nothing to evaluate
    if not isinstance(node, libcst.SimpleString):
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "invalid escape sequence" is the point of one case
        try:
            want = node.evaluated_value
        except Exception:
            want = None
        got = literal_text(node)
    assert got == (want if isinstance(want, str) else None), raw


@pytest.mark.parametrize("raw", _LITERALS)
def test_literal_text_is_libcsts_evaluated_value(raw):
    """extract.evaluate.literal_text skips ast.literal_eval for literals that mean their own
    text; every literal must still evaluate as libcst says (None where that fails or is bytes)."""
    _evaluates_as_libcst_does(raw)


@hypothesis_settings(deadline=None)
@given(st.text(max_size=20), st.sampled_from(["'", '"', "'''", '"""', "r'", "u'", "b'"]))
def test_literal_text_agrees_on_any_body(body, opener):
    _evaluates_as_libcst_does(opener + body + opener.lstrip("rub"))


@pytest.mark.parametrize("raw", ["0", "00", "7", "1_000", "0x1F", "0XfF", "0o17", "0b1010", "0B1_0",
                                 "1.5", "1.", ".5", "1e3", "1E-3", "1_0.2_5", "3.0e+2", "1" + "0" * 40])
def test_number_value_is_libcsts_evaluated_value(raw):
    import libcst

    from toollint.extract.evaluate import number_value

    node = libcst.parse_expression(raw)
    got, want = number_value(node), node.evaluated_value
    assert (type(got), got) == (type(want), want)


def test_walk_visits_as_libcst_does():
    """extract.walk replaces `node.visit(visitor)` for visitors that only read: the same
    nodes, entered and left in the same order, pruned where a visit_ hook says False."""
    import libcst

    from toollint.extract.walk import walk

    class Recorder(libcst.CSTVisitor):
        def __init__(self):
            self.seen = []

        def on_visit(self, node):
            self.seen.append(("enter", id(node)))
            return not isinstance(node, libcst.Lambda)  # a pruned subtree is skipped by both

        def on_leave(self, node):
            self.seen.append(("leave", id(node)))

    from toollint.extract import walk as walk_module

    walk_module._CHILD_FIELDS.clear()  # the first f-string met has no format spec, the next one has
    sources = ["f'{a}'\nf'{b:>{w}}'\n"] + [p.read_text(encoding="utf-8") for p in _py_files(*CORPORA)] + _ODD_SOURCES
    for text in sources:
        module = libcst.parse_module(text)
        theirs, ours = Recorder(), Recorder()
        module.visit(theirs)
        walk(module, ours)
        assert ours.seen == theirs.seen, text[:80]


def test_extraction_leaves_no_cycle_holding_the_tree():
    """The CLI runs with the cyclic collector mostly idle (commands.check._quiet_gc), so a module's
    tree and positions must be freed by reference counting once its facts exist."""
    import gc

    import libcst

    from toollint.extract import extract_module

    text = (
        "from agents import Agent\n"
        "TOOLS = [lookup]\n"
        "TOOLS.append(search)\n"
        "agent = Agent(name='a', tools=TOOLS)\n"
        "client.messages.create(model='m', tools=[{'name': 'x', 'description': 'd',\n"
        "                                          'input_schema': {'type': 'object'}}])\n"
        "def lookup(q: str) -> str:\n"
        '    """Look it up."""\n'
        "    return run(tools=[q])\n"
    )
    tree = libcst.parse_module(text)
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        facts = extract_module("m.py", "m", False, tree, text, Settings())
        assert facts.error is None
        del tree
        gc.set_debug(gc.DEBUG_SAVEALL)  # what only the cyclic collector could free
        gc.collect()
        leaked = [o for o in gc.garbage if isinstance(o, libcst.CSTNode)]
        assert not leaked, f"{len(leaked)} nodes held by a reference cycle"
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()


def test_linking_leaves_no_facts_to_the_cyclic_collector(tmp_path):
    """A pre-commit run links every module's facts; held by a cycle (the link resolver
    once kept a closure over itself), they were all collected at exit: 0.3 s a run."""
    import gc

    from toollint.engine.scan import extract_file
    from toollint.link.project import link

    (tmp_path / "m.py").write_text(
        "from other import helper\n"
        "TOOLS = [{'name': 'x', 'description': 'd', 'input_schema': {'type': 'object'}}]\n")
    facts = extract_file(str(tmp_path / "m.py"), "m", False, Settings())

    class Loader:  # as the engine's: an object whose method linking calls
        def __call__(self, name):
            return None

    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        project = link([facts], Loader())
        assert project.groups
        del project, facts
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        # the resolver holds every module's facts: in a cycle, they all wait for the collector
        leaked = [type(o).__qualname__ for o in gc.garbage if type(o).__module__.startswith("toollint.")]
        assert not leaked, f"held by a reference cycle: {sorted(set(leaked))}"
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()


def test_unparsable_source_is_not_narrowed():
    from toollint.front.narrow import reduce_source

    assert reduce_source("def f(:\n    pass\n", needles(Settings())) is None


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_findings_same_with_and_without_narrowing(monkeypatch, tree, examples):
    for root in [examples, tree] + _projects():
        monkeypatch.chdir(root)
        settings = Settings(root=".")
        monkeypatch.setattr(scan, "NARROW", False)
        whole = engine.run(["."], settings, cache=False, jobs=1)
        monkeypatch.setattr(scan, "NARROW", True)
        narrow = engine.run(["."], settings, cache=False, jobs=1)
        assert narrow.findings == whole.findings, root
        assert narrow.warnings == whole.warnings


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
    body = header + pickle.dumps((os.system, ("true",)))
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


# --- imports: only what a run needs ---------------------------------------------------------


def _modules_after_check(root, tmp_path):
    code = ("import sys\nfrom toollint.commands.cli import main\nrc = main(['check', sys.argv[1], '-q'])\n"
            "print('libcst' in sys.modules, rc)")
    proc = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True,
                          env=_env(tmp_path))
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()[-1].split()


def test_no_libcst_when_every_file_fails_the_prefilter(tmp_path):
    root = tmp_path / "plain"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    (root / "a.py").write_text("import functools\n\n@functools.lru_cache\ndef f(x):\n    return x\n")
    (root / "b.py").write_text('"""The parameters are validated first."""\nTOOLS_DIR = "/tmp"\n')
    assert _modules_after_check(root, tmp_path) == ["False", "0"]
    (root / "c.py").write_text('TOOLS = [{"name": "a b", "description": "x", "input_schema": {}}]\n')
    assert _modules_after_check(root, tmp_path)[0] == "True"


def test_warm_run_does_not_import_libcst(tmp_path):
    root = tmp_path / "p"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    (root / "c.py").write_text('TOOLS = [{"name": "a b", "description": "x", "input_schema": {}}]\n')
    assert _modules_after_check(root, tmp_path) == ["True", "1"]
    assert _modules_after_check(root, tmp_path) == ["False", "1"]


# --- the prefilter ---------------------------------------------------------------------------


@pytest.mark.parametrize("source, expected", [
    (b"import functools\nimport itertools\nfrom setuptools import setup\n", False),
    (b"import functools\n\n@tool\ndef f(): pass\n", True),
    (b"from functools import partial\nx = {'tool_choice': 'auto'}\n", True),
    (b'"""The parameters are validated first."""\n', False),
    (b'SPEC = {"name": "x", "parameters": {}}\n', True),
    (b"call(name='x', parameters=schema)\n", True),
    (b"if parameters == 1: pass\n", False),
    (b'TOOLS_DIR = "/tmp"\nMY_TOOL_HANDLERS_X = 1\n', False),
    (b"TOOLS = []\n", True),
    (b"from x import TOOL_HANDLERS\n", True),
    (b"class Search(BaseTool):\n    pass\n", True),
    (b"x = {'input_schema': {}}\n", True),
])
def test_prefilter_exact_stage(source, expected):
    assert may_define_tools(source, needles(Settings())) is expected


@pytest.mark.slow  # an equivalence check over many runs: CI runs it
def test_prefilter_passes_every_file_that_declares_something(tree):
    """No false negative on any file that yields a tool, a registry or a decorated tool."""
    settings = Settings()
    keys = needles(settings)
    seen = 0
    for path in _py_files(*CORPORA, tree):
        data = path.read_bytes()
        facts = scan.extract_file(str(path), "m", False, settings, data=data, prefilter=False)
        # shape-found dispatch dicts and routers ("maybe-...") count only beside real tools:
        # the prefilter is not meant to see them
        real = [r for r in facts.registries if not r.kind.startswith("maybe-")] if facts else []
        if facts is not None and facts.error is None and (real or facts.decorated):
            seen += 1
            assert may_define_tools(data, keys), path
    assert seen > 30


# --- the suite itself, cache off --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(bool(os.environ.get("TOOLLINT_NO_CACHE")), reason="already the cache-off run")
def test_whole_suite_passes_with_cache_off(tmp_path):
    """The suite runs with the cache on by default; once more here with it off (the fast
    suite: CI=true would run the slow tests a second time, doubling CI's time)."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["TOOLLINT_NO_CACHE"] = "1"
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                           "--deselect", "tests/engine/test_engine.py::test_whole_suite_passes_with_cache_off",
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
    for stage in ("model.py", "extract/__init__.py", "front/parse.py", "front/narrow.py",
                  "frameworks/registry.py", "link/project.py"):
        assert stage in hashed, stage
