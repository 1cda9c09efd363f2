"""Robustness, deep and long input: long implicit concatenations, code nested as deep as Python
allows and deeper, values that double at each name, the deep-call thread, and cross-module
pathologies (cycles, long chains) that must finish.

Inputs that could only hang toollint run in-process under a watchdog (robustcase.check_within);
those that could take the test process down run in a subprocess with a timeout.
"""
from __future__ import annotations

import ast
import json
import os
import sys
import textwrap
import threading
import time
from typing import Dict, List

import pytest

from lintcase import parse_findings
from robustcase import GOOD, GOOD_FINDING, assert_no_crash, by_file, check, check_within, project, toollint
from toollint.front import deep


# --- 3. long implicit concatenations and recursion ---------------------------------------------


@pytest.mark.parametrize("parts", [400, 3_001, pytest.param(10_000, marks=pytest.mark.slow)])
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


@pytest.fixture(scope="module")
def whole_project_run(tmp_path_factory):
    """case -> (root, result of checking the whole project): one run per case for the module
    (the chain of 1,000 re-exports is checked by two tests, which only read the result)."""
    runs = {}

    def run(case):
        if case not in runs:
            root = project(tmp_path_factory.mktemp(case), CROSS_MODULE[case])
            runs[case] = root, check_within(120, "--isolated", "--no-cache", ".", cwd=root)
        return runs[case]

    return run


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c == "reexport_chain" else c
                                  for c in sorted(CROSS_MODULE)])
def test_cross_module_pathologies_finish(whole_project_run, case):
    root, result = whole_project_run(case)  # check_within fails the test past 120 s
    assert_no_crash(result)
    assert " TL001 " not in result.stdout, result.stdout[-2000:]
    assert "TL101" in result.stdout  # the tools were found and judged
    # each checked module alone, as pre-commit passes them
    first = sorted(CROSS_MODULE[case])[-1]
    result = check_within(120, "--isolated", "--no-cache", first, cwd=root)
    assert_no_crash(result)


def test_a_reexport_chain_reaches_the_definition(whole_project_run):
    _, result = whole_project_run("reexport_chain")
    assert_no_crash(result)
    assert ("m0.py", 1, "TL101") in {(os.path.basename(p), l, c) for p, l, _, c, _ in parse_findings(result.stdout)}
