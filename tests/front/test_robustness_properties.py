"""Robustness, property tests: generated registries, hypothesmith programs and arbitrary bytes
never crash toollint and give one answer cold, warm, with -j 1 and -j 2 (a few examples
each here; tests/front/test_corpus.py runs hundreds, slow)."""
from __future__ import annotations

import ast
import contextlib
import functools
import tempfile
import warnings
from pathlib import Path
from typing import List, Tuple

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from robustcase import GOOD, by_file, check, project


FAST = settings(max_examples=25, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


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


@contextlib.contextmanager
def _generated_code_warnings_silenced():
    """CPython warns (SyntaxWarning) about code that compiles but could not run: "'int'
    object is not callable", `is` with a literal, and (3.12) invalid escapes. hypothesmith
    compiles each program it generates and this test parses it: warnings about the generated
    code, not about toollint (some hundred and forty a CI campaign), so they are silenced
    here and only here; what toollint warns while it checks the program stays visible."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        yield


def programs_property(data) -> None:
    with _generated_code_warnings_silenced():
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
# slow: hypothesmith builds its grammar's parser first (about 2 s, the costliest test of the
# default run) for five examples; CI runs them and test_corpus.py's 150
test_valid_programs_never_crash_and_give_one_answer = pytest.mark.slow(property_test("programs", 5))
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
