"""Robustness: no input crashes toollint, nothing it reads is run, no file forges its output.

Each test can fail: it builds the input that broke (or would break) toollint and asserts
what a user must see. Inputs that could take the test process down with them (a native
crash, memory in gigabytes) and what only a process shows (files shadowing the modules
toollint imports, a FIFO or socket in the tree) run in a subprocess with a timeout; inputs
that could only hang it (cycles, long chains) run in-process under a watchdog
(check_within); the rest run in-process.
"""
from __future__ import annotations

import ast
import contextlib
import functools
import io
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path
from typing import Dict, List, Tuple

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from toollint.front import deep
from toollint.commands.cli import main
from toollint.config.load import VALID_KEYS

from lintcase import FINDING_LINE, parse_findings

GOOD = 'TOOLS = [{"name": "good_tool", "input_schema": {"type": "object", "properties": {}}}]\n'
GOOD_FINDING = ("TL101", 1)  # the good file's one finding: (code, line)
LINE = FINDING_LINE
FAST = settings(max_examples=25, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


# --- running toollint ------------------------------------------------------------------------


def check(*args: str) -> Tuple[int, str, str]:
    """`toollint check ARGS` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["check", "--color", "never", *args])
        except SystemExit as exc:  # argparse
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def check_within(seconds: float, *args: str, cwd) -> subprocess.CompletedProcess:
    """`toollint check ARGS` in this process, failing the test instead of hanging the suite
    when it has not finished after `seconds` (the run is left behind in a daemon thread)."""
    import inproc

    box: Dict[str, object] = {}

    def run() -> None:
        try:
            box["result"] = inproc.toollint("check", *args, cwd=cwd, env={"NO_COLOR": "1", "FORCE_COLOR": None})
        except BaseException as exc:  # a test failure, not a dead thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"toollint check {' '.join(args)} still running after {seconds} s")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["result"]  # type: ignore[return-value]


def toollint(*args: str, cwd, timeout: float = 120) -> subprocess.CompletedProcess:
    """`toollint check ARGS` in a subprocess, for inputs that could crash or hang it."""
    env = dict(os.environ, NO_COLOR="1")
    env.pop("FORCE_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "toollint", "check", *args], cwd=str(cwd), env=env, timeout=timeout,
        capture_output=True, encoding="utf-8", errors="replace",
    )


def by_file(stdout: str) -> Dict[str, List[Tuple[str, int]]]:
    out: Dict[str, List[Tuple[str, int]]] = {}
    for path, line, _, code, _ in parse_findings(stdout):
        out.setdefault(os.path.basename(path), []).append((code, line))
    return out


def assert_no_crash(result: subprocess.CompletedProcess) -> None:
    assert result.returncode in (0, 1), (result.returncode, result.stderr[-2000:])
    for word in ("Traceback", "RecursionError", "internal error", "Segmentation"):
        assert word not in result.stdout + result.stderr, (result.stdout + result.stderr)[-2000:]


def project(root: Path, files: Dict[str, object]) -> Path:
    """Write files (str: text, bytes: raw) under root, with a marker so root is the project."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text("")
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


# --- 1. property tests: generated registries and programs ----------------------------------

_TEXT = st.text(
    alphabet=st.sampled_from(list("abc XYZ_-.:;!?'\"\\\n\t#%<>&/é∑日本🙂\u202e\x1b\x00{}[]()*")),
    max_size=30,
)
_NAMES = ("A", "B", "C", "D")  # module constants; each may refer to any other, so cycles occur


def _string_literal(text: str) -> str:
    return repr(text)


_LEAF = st.one_of(
    _TEXT.map(_string_literal),
    st.integers(min_value=1, max_value=2_000).map(lambda n: repr("é long " * n)),  # long, non-ASCII
    st.integers(-10**30, 10**30).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(["True", "False", "None", "...", "undefined_name", "os.environ", "x.y.z", "-1"]),
    st.sampled_from(_NAMES),
    _TEXT.filter(lambda t: "{" not in t and "}" not in t and "\\" not in t).map(lambda t: "f" + repr(t)),
    st.sampled_from(_NAMES).map(lambda n: f'f"{{{n}}} and {{{n}!r:>10}}"'),
    st.lists(_TEXT.map(_string_literal), min_size=2, max_size=6).map(" ".join),  # implicit concatenation
)


def _extend(children):
    pairs = st.lists(st.tuples(st.one_of(_TEXT.map(_string_literal), st.sampled_from(_NAMES)), children),
                     max_size=4)
    return st.one_of(
        pairs.map(lambda kv: "{" + ", ".join(f"{k}: {v}" for k, v in kv) + "}"),
        st.tuples(pairs, st.sampled_from(_NAMES)).map(
            lambda t: "{**" + t[1] + ", " + ", ".join(f"{k}: {v}" for k, v in t[0]) + "}"),
        st.lists(children, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.tuples(st.lists(children, max_size=3), st.sampled_from(_NAMES)).map(
            lambda t: "[*" + t[1] + ", " + ", ".join(t[0]) + "]"),
        st.lists(children, min_size=1, max_size=3).map(lambda xs: "(" + ", ".join(xs) + ",)"),
        st.lists(children, min_size=1, max_size=3).map(lambda xs: "{" + ", ".join(xs) + "}"),
        st.tuples(children, children).map(lambda t: f"{t[0]} + {t[1]}"),
        st.tuples(children, children).map(lambda t: f"dict(a={t[0]}, **{t[1]})"),
        st.tuples(children, children, children).map(
            lambda t: f"Tool(name={t[0]}, description={t[1]}, inputSchema={t[2]})"),
        children.map(lambda c: f"textwrap.dedent({c})"),
        st.tuples(children, children).map(lambda t: f"f({t[0]}, *{t[1]}, **{t[1]})"),
        children.map(lambda c: f"[x for x in ({c}) if x]"),
        children.map(lambda c: f"{{k: v for k, v in ({c})}}"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        children.map(lambda c: f"(lambda a, b=1, *c, **d: {c})"),
        children.map(lambda c: f"({c})"),
        children.map(lambda c: f"({c}).strip()"),
    )


EXPR = st.recursive(_LEAF, _extend, max_leaves=12)


@st.composite
def deep_schema(draw) -> str:
    depth = draw(st.integers(min_value=0, max_value=60))  # 2 brackets a level; CPython allows 200
    schema = '{"type": "string"}'
    for i in range(depth):
        key = draw(st.sampled_from(["properties", "items", "anyOf"]))
        if key == "properties":
            schema = f'{{"type": "object", "properties": {{"p{i}": {schema}}}, "required": ["p{i}"]}}'
        elif key == "items":
            schema = f'{{"type": "array", "items": {schema}}}'
        else:
            schema = f'{{"anyOf": [{schema}, {{"type": "null"}}]}}'
    return schema


@st.composite
def tool(draw) -> str:
    name = draw(st.one_of(_TEXT.map(_string_literal), st.sampled_from(["'search'", "'fetch'"]), EXPR))
    description = draw(st.one_of(EXPR, _TEXT.map(_string_literal)))
    schema = draw(st.one_of(deep_schema(), EXPR))
    shape = draw(st.sampled_from(["anthropic", "chat", "responses", "mcp", "bare"]))
    if shape == "anthropic":
        return f"{{'name': {name}, 'description': {description}, 'input_schema': {schema}}}"
    if shape == "chat":
        return (f"{{'type': 'function', 'function': {{'name': {name}, 'description': {description}, "
                f"'parameters': {schema}, 'strict': True}}}}")
    if shape == "responses":
        return f"{{'type': 'function', 'name': {name}, 'description': {description}, 'parameters': {schema}}}"
    if shape == "mcp":
        return f"Tool(name={name}, description={description}, inputSchema={schema})"
    return draw(EXPR)


@st.composite
def registry_module(draw, other: str) -> str:
    lines = ["import os", "import textwrap", "from mcp.types import Tool", f"from .{other} import *",
             f"from .{other} import A as OTHER_A, TOOLS as OTHER_TOOLS"]
    for name in draw(st.permutations(_NAMES)):
        lines.append(f"{name} = {draw(EXPR)}")
    tools = draw(st.lists(tool(), max_size=5))
    spreads = draw(st.lists(st.sampled_from(_NAMES + ("OTHER_TOOLS",)), max_size=2))
    lines.append("TOOLS = [" + ", ".join(tools + [f"*{s}" for s in spreads]) + "]")
    if draw(st.booleans()):
        lines.append("def handle_search(query, limit=10, *args, **kwargs):\n    return query")
        lines.append("TOOL_HANDLERS = {'search': handle_search, 'fetch': lambda x: x, **" + draw(st.sampled_from(_NAMES)) + "}")
    if draw(st.booleans()):
        lines.append("TOOL_CATEGORIES = {'all': ['search', 'fetch', " + draw(EXPR) + "]}")
        lines.append("ALWAYS_INCLUDE = [" + draw(EXPR) + "]")
    if draw(st.booleans()):
        lines.append("@mcp.tool()\ndef decorated(q: 'str | None', n: int = 1) -> str:\n    " + repr(draw(_TEXT)) + "\n    return q")
    return "\n".join(lines) + "\n"


@contextlib.contextmanager
def _fixes_verified_once():
    """fix.policy.verified (which [*] marks a fix that applies: a libcst parse of the file
    for each fix) is a function of the findings and of the files, which the runs of
    _same_everywhere do not change: for findings equal to an earlier run's, that run's
    answer. Findings that differ are verified afresh, so the outputs compare as before."""
    from toollint.fix import policy

    real = policy.verified
    seen: List[Tuple[object, object]] = []

    def once(findings, stdin=None, jobs=1):  # the answer is the same with any jobs
        for args, answer in seen:
            if args == (findings, stdin):
                return answer
        answer = real(findings, stdin, jobs)
        seen.append(((list(findings), stdin), answer))
        return answer

    policy.verified = once
    try:
        yield
    finally:
        policy.verified = real


def _same_everywhere(root: Path) -> str:
    """The output of a cold-cache run, asserted equal to a warm-cache rerun and to -j 1 / -j 2."""
    with _fixes_verified_once():
        runs = [
            check("--isolated", str(root)),  # cache written
            check("--isolated", str(root)),  # cache read
            check("--isolated", "--no-cache", "-j", "1", str(root)),
            check("--isolated", "--no-cache", "-j", "2", str(root)),
        ]
    first = runs[0]
    assert first[0] in (0, 1), first
    assert "internal error" not in first[1] + first[2], first
    for other in runs[1:]:
        assert other == first
    return first[1]


def registries_property(a: str, b: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp), {"pkg/__init__.py": "", "pkg/a.py": a, "pkg/b.py": b})
        for text in (a, b):
            ast.parse(text)  # the generator writes valid Python: TL001 would be our bug
        out = _same_everywhere(root)
        assert " TL001 " not in out, out


@functools.lru_cache(maxsize=None)
def _programs():
    # hypothesmith builds a Lark LALR parser of Python's grammar for each strategy (about
    # 2 s): one strategy for every example, not one per example
    hypothesmith = pytest.importorskip("hypothesmith")
    return hypothesmith.from_grammar()


def programs_property(data) -> None:
    program = data.draw(_programs())
    try:
        ast.parse(program)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        assume(False)
    # a registry after the program, so the prefilter lets it through to libcst
    source = program + ("\n" if not program.endswith("\n") else "") + GOOD
    try:
        ast.parse(source)
    except SyntaxError:
        assume(False)  # the program ended inside a line continuation
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp), {"prog.py": source})
        out = _same_everywhere(root)
        assert " TL001 " not in out, (program, out)
        assert "TL101" in out, (program, out)


def bytes_property(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        # the registry name makes the prefilter pass whatever else the bytes hold
        root = project(Path(tmp), {"junk.py": b"TOOLS = []\n" + data, "good.py": GOOD})
        out = _same_everywhere(root)
        assert ("TL101", 1) in by_file(out)["good.py"]


# (strategies, property): tests/front/test_corpus.py runs each for hundreds of examples
PROPERTIES = {
    "registries": ((registry_module("b"), registry_module("a")), registries_property),
    "programs": ((st.data(),), programs_property),
    "bytes": ((st.one_of(st.binary(max_size=300),
                         st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass"))),),
              bytes_property),
}


def property_test(name: str, examples: int):
    strategies, prop = PROPERTIES[name]
    return settings(FAST, max_examples=examples)(given(*strategies)(prop))


# a few examples each here; CI runs 400, 150 and 400 (tests/front/test_corpus.py)
test_generated_registries_never_crash_and_give_one_answer = property_test("registries", 2)
test_valid_programs_never_crash_and_give_one_answer = property_test("programs", 5)
test_arbitrary_bytes_never_crash = property_test("bytes", 12)


@pytest.mark.slow  # CI runs it
def test_a_project_big_enough_for_the_pool_gives_one_answer(tmp_path):
    """-j 2 only uses a process pool above a size threshold: this project is above it."""
    files = {"pkg/__init__.py": ""}
    for i in range(12):
        tools = ",\n".join(
            f'    {{"name": "tool_{i}_{j}", "description": "Look up record {j} of set {i}." {" " * 300!r},\n'
            f'     "input_schema": {{"type": "object", "properties": {{"id": {{"type": "string"}}}}, "required": ["id", "x"]}}}}'
            for j in range(25)
        )
        files[f"pkg/m{i}.py"] = f"TOOLS = [\n{tools}\n]\n"
    root = project(tmp_path, files)
    assert sum(len(v) for v in files.values()) > 100_000
    out = _same_everywhere(root)
    assert out.count("TL202") == 12 * 25


# --- 3. long implicit concatenations and recursion ---------------------------------------------


@pytest.mark.parametrize("parts", [400, 3_001, 10_000])
def test_a_description_of_many_concatenated_parts_is_linted(tmp_path, parts):
    # past ~325 parts libcst's metadata recursed out; past 3,000 its parser refused the file
    lines = [f'            "word{i} "' for i in range(parts)]
    source = (
        "TOOLS = [\n"
        "    {\n"
        '        "name": "search",\n'
        '        "description": (\n' + "\n".join(lines) + "\n"
        "        ),\n"
        '        "input_schema": {"type": "object", "properties": {}},\n'
        "    },\n"
        "]\n"
        "AFTER = [\n"
        '    {"name": "after", "input_schema": {"type": "object"}}\n'
        "]\n"
        "TOOL_DEFINITIONS = AFTER\n"
    )
    root = project(tmp_path, {"tools.py": source, "good.py": GOOD})
    code, out, err = check("--isolated", "--no-cache", "--output-format", "json", str(root))
    assert code == 1, err
    rows = json.loads(out)
    found = {(os.path.basename(r["filename"]), r["code"], r["location"]["row"]) for r in rows}
    assert ("tools.py", "TL103", 5) in found  # the description's first part: no trigger clause
    assert ("tools.py", "TL101", parts + 10) in found  # the tool after it keeps its line
    assert ("good.py", "TL101", 1) in found
    assert not any(r["code"] == "TL001" for r in rows), rows
    tl103 = next(r for r in rows if r["code"] == "TL103")
    # it ends where it did: at its closing parenthesis, as any parenthesised description
    assert tl103["end_location"]["row"] == 5 + parts
    # noqa on the last line of the description suppresses, as for any multi-line expression
    noqa = source.replace("\n        ),\n", "\n        ),  # noqa: TL103\n")
    assert noqa != source
    (root / "tools.py").write_text(noqa)
    code, out, _ = check("--isolated", "--no-cache", str(root))
    assert "TL103" not in out


def test_concatenation_merging_keeps_every_value_and_position():
    from toollint.front.recover import merge_concatenations

    source = textwrap.dedent('''\
        X = ("a" 'b' "c\\1" "2" "d"  # a comment
             "é" "\\N{DASH}"
             r"\\x" r"y" r"z" f"{x}" "x" "y" "z"  "w")
        Y = "a" \\
            "b" \\
            "c"; Z = 1
        W = b"a" b"b" b"c"
        ''').replace("\\N{DASH}", "\\N{EM DASH}")
    merged = merge_concatenations(source)
    assert merged is not None and merged != source
    assert merged.count("\n") == source.count("\n")

    def facts(text):
        tree = ast.parse(text)
        values = ast.dump(tree, include_attributes=False)
        positions = [(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset)
                     for n in ast.walk(tree) if isinstance(n, (ast.stmt, ast.Name))]
        return values, positions

    assert facts(merged) == facts(source)


def _deep_files() -> Dict[str, str]:
    """Valid Python, nested as deep as CPython accepts, each beside a tool with one defect."""
    n = 2_900
    return {
        "and_chain.py": "X = a" + " and a" * 20_000 + "\n",  # flat for CPython, 20,000 deep for libcst
        "elif_chain.py": "if a:\n    pass\n" + "elif a:\n    pass\n" * 1_500,
        "unary.py": "X = " + "-" * 900 + "1\n",
        "attributes.py": "X = a" + ".b" * 900 + "\n",
        "constants.py": "A0 = {'type': 'string'}\n" + "".join(
            f"A{i} = {{'type': 'object', 'properties': {{'x': A{i - 1}}}}}\n" for i in range(1, n)),
        "nested_defs.py": "".join("    " * i + "def f():\n" for i in range(90)) + "    " * 90 + "pass\n",
    }


@pytest.mark.slow  # CI runs it
@pytest.mark.parametrize("name", sorted(_deep_files()))
def test_code_nested_as_deep_as_python_allows_is_linted(tmp_path, name):
    source = _deep_files()[name] + GOOD
    ast.parse(source)
    root = project(tmp_path, {name: source})
    result = toollint("--isolated", "--no-cache", name, cwd=root, timeout=300)
    assert_no_crash(result)
    assert (("TL101", source.count("\n")),) == tuple(by_file(result.stdout)[name]), result.stdout[-2000:]


@pytest.mark.parametrize("text", [
    "X = " + "[" * 10_000 + "]" * 10_000,  # 8 GB and a minute in libcst at 3,000; a crash at 20,000
    "X = " + "{'a': " * 3_000 + "1" + "}" * 3_000,
    "X = " + "-" * 20_000 + "1",  # past CPython's limit: 24 GB in libcst
    "X = " + "lambda: " * 20_000 + "1",
    "X = a" + " or a" * 600_000,  # CPython takes it; libcst's parser dies on it in any stack
    "X = a" + " or a" * 600_000 + "\ndef broken(:",  # and with a syntax error CPython reports
], ids=["brackets", "dicts", "minus", "lambdas", "or-chain", "or-chain-syntax-error"])
# (short ids: pytest puts the test id in PYTEST_CURRENT_TEST, and a 3 MB one makes the
# subprocess's environment too long to exec)
@pytest.mark.slow  # CI runs it
def test_code_nested_deeper_than_python_allows_is_tl001_fast(tmp_path, text):
    root = project(tmp_path, {"deep.py": text + "\n" + GOOD, "good.py": GOOD})
    started = time.monotonic()
    result = toollint("--isolated", "--no-cache", ".", cwd=root, timeout=120)
    assert_no_crash(result)
    assert time.monotonic() - started < 60
    found = by_file(result.stdout)
    assert [c for c, _ in found["deep.py"]] == ["TL001"], result.stdout[:2000]
    assert found["good.py"] == [GOOD_FINDING]


def test_a_long_string_annotation_is_not_parsed(tmp_path):
    nested = "[" * 3_000 + "]" * 3_000
    source = textwrap.dedent(f'''\
        from mcp.server.fastmcp import FastMCP
        mcp = FastMCP("x")

        @mcp.tool()
        def search(q: "{nested}") -> str:
            """Search."""
            return q
        ''')
    root = project(tmp_path, {"server.py": source})
    started = time.monotonic()
    result = toollint("--isolated", "--no-cache", ".", cwd=root, timeout=120)
    assert_no_crash(result)
    assert time.monotonic() - started < 30  # was 33 s and 7 GB in libcst's parser
    assert "TL102" in result.stdout


@pytest.mark.slow  # CI runs it
def test_values_that_double_at_each_name_are_bounded(tmp_path):
    doubling = "\n".join(
        ["L0 = [{'name': 'x', 'description': 'Search the web.', 'input_schema': {'type': 'object'}}]",
         "S0 = 'ab'", "D0 = {'a': 1}"]
        + [f"L{i} = [*L{i - 1}, *L{i - 1}]\nS{i} = S{i - 1} + S{i - 1}\nD{i} = {{**D{i - 1}, 'k{i}': D{i - 1}}}"
           for i in range(1, 60)]
        + ["TOOLS = L59 + [{'name': 'y', 'description': S59, 'input_schema': D59}]"]) + "\n"
    files = {"pkg/__init__.py": "", "pkg/doubling.py": doubling,
             "pkg/m0.py": "T = [{'name': 'z', 'description': 'Search.', 'input_schema': {}}]\n"}
    for i in range(1, 40):  # the same across modules: link must not build 2**40 tools
        files[f"pkg/m{i}.py"] = f"from .m{i - 1} import T as P\nT = [*P, *P]\n"
    files["pkg/tools.py"] = "from .m39 import T\nTOOL_DEFINITIONS = T\n"
    root = project(tmp_path, files)
    result = toollint("--isolated", "--no-cache", ".", cwd=root, timeout=120)
    assert_no_crash(result)


# --- the deep thread ---------------------------------------------------------------------------


def test_deep_call_returns_raises_and_restores_the_limit():
    limit = sys.getrecursionlimit()

    def recurse(n):
        return 0 if n == 0 else 1 + recurse(n - 1)

    assert deep.call(recurse, 50_000) == 50_000
    assert sys.getrecursionlimit() == limit
    with pytest.raises(KeyError):
        deep.call(lambda: {}["missing"])
    assert sys.getrecursionlimit() == limit
    with pytest.raises(RecursionError):
        deep.call(lambda: recurse(10 ** 7))  # beyond the deep limit: an exception, not a crash
    assert sys.getrecursionlimit() == limit
    assert deep.call(lambda: deep.call(recurse, 10)) == 10  # nested calls run in place


def test_deep_calls_from_many_threads_keep_the_raised_limit_until_the_last_ends():
    limit = sys.getrecursionlimit()
    errors: List[BaseException] = []

    def recurse(n):
        return 0 if n == 0 else 1 + recurse(n - 1)

    def worker():
        try:
            for _ in range(5):
                assert deep.call(recurse, 30_000) == 30_000
        except BaseException as exc:  # collected: a thread's failure must fail the test
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sys.getrecursionlimit() == limit


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
        result = toollint("--isolated", "--no-cache", ".", cwd=root, timeout=60)
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


# --- 5. cross-module pathologies --------------------------------------------------------------


def _package(files: Dict[str, str]) -> Dict[str, str]:
    out = {"pkg/__init__.py": ""}
    out.update({f"pkg/{k}": textwrap.dedent(v) for k, v in files.items()})
    return out


CROSS_MODULE = {
    "import_cycle": _package({
        "a.py": "from .b import B, TOOLS as B_TOOLS\nA = [B]\nTOOLS = [*B_TOOLS, {'name': 'a', 'input_schema': {}}]\n",
        "b.py": "from .a import A, TOOLS as A_TOOLS\nB = [A]\nTOOLS = [*A_TOOLS, {'name': 'b', 'input_schema': {}}]\n",
    }),
    "self_import": _package({
        "me.py": "from .me import TOOLS as MINE\nfrom pkg.me import *\nimport pkg.me\n"
                 "TOOLS = [*MINE, {'name': 'me', 'input_schema': {}}]\n",
    }),
    "star_imports": _package({
        "__init__.py": "from . import *\nfrom .a import *\n",
        "a.py": "from . import *\nfrom .b import *\nTOOLS = [*OTHER, {'name': 'a', 'input_schema': {}}]\n",
        "b.py": "from .a import *\nfrom . import *\nOTHER = TOOLS\n",
    }),
    "same_registry_name": _package({
        "a.py": "TOOLS = [{'name': 'same', 'input_schema': {}}]\n",
        "b.py": "TOOLS = [{'name': 'same', 'input_schema': {}}]\nfrom .a import TOOLS\n",
    }),
    "reexport_chain": _package(dict(
        [("m0.py", "TOOLS = [{'name': 'deep_tool', 'input_schema': {}}]\n")]
        + [(f"m{i}.py", f"from .m{i - 1} import TOOLS\n") for i in range(1, 1000)]
        + [("agent.py", "from .m999 import TOOLS\nTOOL_HANDLERS = {'deep_tool': print}\n")]
    )),
    "constant_chain_across_modules": _package(dict(
        [("c0.py", "S = {'type': 'string'}\n")]
        + [(f"c{i}.py", f"from .c{i - 1} import S as P\nS = {{'type': 'object', 'properties': {{'p': P}}}}\n")
           for i in range(1, 300)]
        + [("tools.py", "from .c299 import S\nTOOLS = [{'name': 't', 'input_schema': S}]\n")]
    )),
}


@pytest.mark.parametrize("case", sorted(CROSS_MODULE))
def test_cross_module_pathologies_finish(tmp_path, case):
    root = project(tmp_path, CROSS_MODULE[case])
    started = time.monotonic()
    result = check_within(120, "--isolated", "--no-cache", ".", cwd=root)
    assert_no_crash(result)
    assert time.monotonic() - started < 120
    assert " TL001 " not in result.stdout, result.stdout[-2000:]
    assert "TL101" in result.stdout  # the tools were found and judged
    # each checked module alone, as pre-commit passes them
    first = sorted(CROSS_MODULE[case])[-1]
    result = check_within(120, "--isolated", "--no-cache", first, cwd=root)
    assert_no_crash(result)


def test_a_reexport_chain_reaches_the_definition(tmp_path):
    root = project(tmp_path, CROSS_MODULE["reexport_chain"])
    result = check_within(120, "--isolated", "--no-cache", ".", cwd=root)
    assert_no_crash(result)
    assert ("m0.py", 1, "TL101") in {(os.path.basename(p), l, c) for p, l, _, c, _ in parse_findings(result.stdout)}


# --- 6. nothing is run ---------------------------------------------------------------------------


def test_nothing_it_reads_is_run(tmp_path):
    marker = tmp_path / "RAN"
    m = repr(str(marker))
    files = {
        "pkg/__init__.py": f"open({m} + '-init', 'w').write('x')\n",
        "pkg/writes.py": f"""
            import pathlib
            pathlib.Path({m} + '-write').write_text('ran')
            TOOLS = [{{"name": "writer", "input_schema": {{"type": "object"}}}}]
            """,
        "pkg/exits.py": """
            import os, sys
            TOOLS = [{"name": "exiter", "input_schema": {"type": "object"}}]
            sys.exit(7)
            os._exit(7)
            """,
        "pkg/threads.py": f"""
            import threading, time
            def run():
                open({m} + '-thread', 'w').write('x')
            threading.Thread(target=run).start()
            time.sleep(3600)
            TOOLS = [{{"name": "threader", "input_schema": {{"type": "object"}}}}]
            """,
        "pkg/recurses.py": """
            import pkg.recurses
            from .recurses import *
            def forever(n=0):
                return forever(n + 1)
            forever()
            while True:
                pass
            TOOLS = [{"name": "recurser", "input_schema": {"type": "object"}}]
            """,
        "pkg/sneaky.py": f"""
            def default(x=open({m} + '-default', 'w')): ...
            class K:
                body = open({m} + '-class', 'w')
            @open({m} + '-decorator', 'w').write
            def f(): ...
            TOOLS = [{{"name": "sneaky", "description": __import__('os').system('touch ' + {m}),
                       "input_schema": {{"type": "object", "properties": {{"q": {{"type": "string"}}}}}}}}]
            """,
        # files named like modules toollint itself imports, in the folder it runs from
        "textwrap.py": f"open({m} + '-shadow', 'w').write('x')\n",
        "pygments.py": f"open({m} + '-shadow2', 'w').write('x')\n",
        "sitecustomize.py": f"open({m} + '-site', 'w').write('x')\n",
    }
    files = {k: textwrap.dedent(v) for k, v in files.items()}
    root = project(tmp_path, files)
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in root.rglob("*.py")}
    for args in (["--no-cache", "."], ["--show-source", "."], ["-j", "2", "."]):
        result = toollint("--isolated", *args, cwd=root, timeout=120)
        assert_no_crash(result)
        found = by_file("".join(line + "\n" for line in result.stdout.splitlines() if LINE.match(line)))
        for name in ("writes.py", "exits.py", "threads.py", "recurses.py", "sneaky.py"):
            assert found.get(name), (name, result.stdout)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("RAN")) == []
    after = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in root.rglob("*.py")}
    assert after == before  # nor is anything it reads written


# --- 7. hostile text -------------------------------------------------------------------------

HOSTILE = (
    "x\n::error file=forged.py,line=1::forged\r\n##[error]forged ##vso[task.logissue type=error]forged"
    " %0A::warning::forged \x1b[2J\x1b[31mred\x1b]8;;http://x\x07link\x1b\\ \u202eevil\u202c"
    ' "},{"code": "TL999"}] </x><x>&amp; <!-- --> ${{ secrets.X }} \x85 \u2028 \x00end'
)


def _hostile_project(root: Path, payload: str) -> Path:
    # The payload is a tool's name (quoted in messages, its line echoed by `full`: written
    # raw, control characters and all) and a property's name (written with escapes).
    raw = payload
    for ch in "\n\r\x00\x85\u2028":  # line breaks cannot stand raw in a one-line literal
        raw = raw.replace(ch, " ")
    literal = '"' + raw.replace("\\", "\\\\").replace('"', '\\"') + '"'
    source = (
        "TOOLS = [\n"
        "    {\n"
        f"        'name': {literal},\n"
        '        "description": """Look up the status of an order by its id. Call this when the user asks\n'
        "where an order is. Do not call this for refunds.\n"
        "::error file=forged.py,line=2::forged\n"
        '""",\n'
        f"        'input_schema': {{'type': 'object', 'properties': {{{payload!r}: {{'type': 'string'}}}}}},\n"
        "    },\n"
        "]\n"
    )
    return project(root, {"tools.py": source, "good.py": GOOD})


def _strip_sgr(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _parse_output(fmt: str, out: str) -> List[Tuple[str, int, int]]:
    """(code, line, column) of each finding, read back from one output format."""
    if fmt == "json":
        return [(r["code"], r["location"]["row"], r["location"]["column"]) for r in json.loads(out)]
    if fmt == "sarif":
        results = json.loads(out)["runs"][0]["results"]
        return [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"],
                 r["locations"][0]["physicalLocation"]["region"]["startColumn"]) for r in results]
    if fmt == "gitlab":
        rows = json.loads(out)
        return [(r["check_name"], r["location"]["lines"]["begin"], 0) for r in rows]
    if fmt == "github":
        found = []
        for line in out.splitlines():
            m = re.fullmatch(r"::(?:error|warning) file=([^,]*),line=(\d+),col=(\d+),endLine=\d+,endColumn=\d+,title=([^:]*)::(.*)", line)
            assert m, line
            found.append((m[5].split(" ")[0], int(m[2]), int(m[3])))
        return found
    # concise, full: finding lines, after colour codes are removed
    found = []
    for line in _strip_sgr(out).splitlines():
        m = LINE.match(line)
        if m and not line.startswith(" "):
            found.append((m["code"], int(m["line"]), int(m["col"])))
    return found


def _assert_inert(out: str, fmt: str) -> None:
    """No byte a terminal acts on beyond our own colour codes, and no CI log command but ours."""
    text = _strip_sgr(out) if fmt == "full-color" else out
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]", text), \
        repr([c for c in text if ord(c) < 32 and c not in "\n\t"][:5])
    for line in out.splitlines():
        if fmt != "github":
            assert not line.strip().startswith("::"), line
        assert "##[" not in line and "##vso[" not in line, line


@pytest.mark.parametrize("fmt", ["concise", "full", "full-color", "json", "github", "sarif", "gitlab"])
def test_hostile_text_cannot_add_hide_or_alter_findings(tmp_path, fmt):
    args = ["--output-format", "full", "--color", "always"] if fmt == "full-color" else ["--output-format", fmt]
    benign = _hostile_project(tmp_path / "benign", "bad name with spaces")
    hostile = _hostile_project(tmp_path / "hostile", HOSTILE)

    def run(root):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["check", "--isolated", "--no-cache", *args, str(root)])
        return code, out.getvalue(), err.getvalue()

    code_b, out_b, _ = run(benign)
    code_h, out_h, err_h = run(hostile)
    assert code_b == code_h == 1
    expected = _parse_output(fmt.replace("-color", ""), out_b)
    assert expected and any(c == "TL301" for c, _, _ in expected)
    assert _parse_output(fmt.replace("-color", ""), out_h) == expected
    _assert_inert(out_h, fmt)
    _assert_inert(err_h, "stderr")
    if fmt in ("json", "sarif", "gitlab"):  # the text itself survives, escaped, exactly
        assert "##[error]forged" in json.dumps(json.loads(out_h), ensure_ascii=False)


def test_a_hostile_file_name_cannot_forge_a_finding(tmp_path, monkeypatch):
    root = project(tmp_path, {"good.py": GOOD})
    (root / "::error file=x.py,line=1::forged.py").write_text(GOOD)  # a line that starts with ::
    (root / "evil\n::warning::forged ##[error]x \x1b[31m.py").write_text(GOOD)
    monkeypatch.chdir(root)  # paths are printed relative, at the start of each line
    for fmt in ("concise", "full", "github", "json", "sarif", "gitlab"):
        code, out, err = check("--isolated", "--no-cache", "--output-format", fmt, ".")
        assert code == 1
        assert len(_parse_output(fmt, out)) == 3, out
        _assert_inert(out, fmt)


def test_terminal_output_escapes_echoed_source(tmp_path):
    root = _hostile_project(tmp_path, HOSTILE)
    code, out, _ = check("--isolated", "--no-cache", "--output-format", "full", str(root))
    assert "\\x1b[2J" in out and "\\u202e" in out  # shown, not acted on
    _assert_inert(out, "full")


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


@pytest.mark.parametrize("start", [b"\r\n \n", b"x = 1\r\n\t\n", b"x = 1\r \r\n"])
def test_mixed_line_endings_that_python_accepts_are_linted(tmp_path, start):
    # libcst's whitespace parser refuses a blank line ending in "\n" after "\r\n"
    # (hypothesmith found it); CPython accepts it, so it is no TL001
    root = project(tmp_path, {"prog.py": start + GOOD.encode()})
    result = check_within(60, "--isolated", "--no-cache", ".", cwd=root)
    assert_no_crash(result)
    assert [c for c, _ in by_file(result.stdout)["prog.py"]] == ["TL101"], result.stdout
