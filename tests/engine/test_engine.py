"""What the performance work must not change: the narrowing of what libcst parses and the
prefilter's second stage leave every fact and finding as it was, and a run imports only what
it needs (the cache and `-j`: test_cache_and_jobs.py, test_cache_trust.py).

Timings are not tested here (benchmarks/run.py measures them); correctness is.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings as hypothesis_settings, strategies as st

from enginecase import REPO, _env, _projects, cold_run_here
from toollint.engine import core as engine
from toollint.engine import scan
from toollint.config.settings import Settings
from toollint.front.prefilter import may_define_tools, needles


CORPORA = [REPO / "examples", REPO / "tests" / "projects", REPO / "tests" / "data" / "frameworks" / "sources"]


def _py_files(*roots):
    out = []
    for root in roots:
        out.extend(sorted(Path(root).rglob("*.py")))
    return out


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


@pytest.fixture(scope="module")
def corpus_trees():
    """(text, libcst module) of every corpus file and odd source, parsed once: the tests that
    compare our walk and positions with libcst's only read the trees."""
    import libcst

    sources = [p.read_text(encoding="utf-8") for p in _py_files(*CORPORA)] + _ODD_SOURCES
    return [(text, libcst.parse_module(text)) for text in sources]


@pytest.mark.slow  # every corpus node: ~1.5 s; test_apply and the fix tests use positions on every run
def test_positions_are_libcsts_node_for_node(corpus_trees):
    """extract.positions replaces libcst's PositionProvider: every node's range is the same."""
    from libcst.metadata import MetadataWrapper, PositionProvider

    from toollint.extract.positions import positions

    assert len(corpus_trees) > 50
    for text, module in corpus_trees:
        theirs = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
        ours = positions(module)
        assert len(ours) == len(theirs)  # and each of theirs is in ours: the same nodes
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


def test_walk_visits_as_libcst_does(corpus_trees):
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
    first = "f'{a}'\nf'{b:>{w}}'\n"
    for text, module in [(first, libcst.parse_module(first))] + corpus_trees:
        theirs, ours = Recorder(), Recorder()
        module.visit(theirs)
        walk(module, ours)
        assert ours.seen == theirs.seen, text[:80]


def test_walk_with_hooks_skips_only_trivia(corpus_trees):
    """A visitor with visit_/leave_ hooks is not walked into whitespace, operators, commas
    and brackets (walk.TRIVIA): its hooks are called as libcst calls them, and those
    nodes hold nothing but their own kind, so no hook of another class is missed."""
    import libcst

    from toollint.extract.walk import TRIVIA, walk

    class Hooks(libcst.CSTVisitor):
        def __init__(self):
            self.seen = []

        def visit_Call(self, node):
            self.seen.append(("call", id(node)))

        def leave_Name(self, node):
            self.seen.append(("name", id(node)))

        def visit_Dict(self, node):
            self.seen.append(("dict", id(node)))
            return False

        def visit_Comparison(self, node):
            self.seen.append(("cmp", id(node)))

    class Closure(libcst.CSTVisitor):
        def __init__(self):
            self.inside = 0

        def on_visit(self, node):
            if self.inside:
                assert type(node) in TRIVIA, type(node).__name__
            self.inside += type(node) in TRIVIA
            return True

        def on_leave(self, node):
            self.inside -= type(node) in TRIVIA

    for text, module in corpus_trees:
        theirs, ours = Hooks(), Hooks()
        module.visit(theirs)
        walk(module, ours)
        assert ours.seen == theirs.seen, text[:80]
        module.visit(Closure())


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
    assert cold_run_here(root, tmp_path) == 1  # writes the cache
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


def test_a_test_file_is_not_parsed(lint):
    # its definitions are the tests' inputs; a syntax error in it is not toollint's to report
    files = {"test_tools.py": 'TOOLS = [{"name": "x", "input_schema": {"type": "object"}}\ndef broken(:\n',
             "tools.py": 'TOOLS = [{"name": "x", "description": "Find x.", "input_schema": {"type": "object"}}]\n'}
    assert [f for f in lint(files) if f[0] == "test_tools.py"] == []
    assert lint({"tools_check.py": files["test_tools.py"]}, select=["TL001"]) == [("tools_check.py", 2, "TL001")]


def test_a_file_outside_any_project_is_read_with_its_folders_modules_only(tmp_path, monkeypatch):
    # `toollint check /tmp/agent.py`: no pyproject, setup.py or .git above it; the folder may be
    # /tmp, with thousands of files below: the modules beside the file are its context, not a walk
    (tmp_path / "agent.py").write_text("from schemas import TOOLS\n")
    (tmp_path / "schemas.py").write_text("TOOLS = []\n")
    (tmp_path / "deep" / "deeper").mkdir(parents=True)
    (tmp_path / "deep" / "deeper" / "other.py").write_text("TOOLS = []\n")
    monkeypatch.chdir(tmp_path)
    found = scan.scan(["agent.py"], Settings(), None, cache=False)
    assert sorted(found.everything) == ["agent.py", "schemas.py"]
    # inside a project the whole project is the context, as before
    (tmp_path / "pyproject.toml").write_text("")
    found = scan.scan(["agent.py"], Settings(), None, cache=False)
    assert os.path.join("deep", "deeper", "other.py") in found.everything
