"""`pytest --toollint` on real temporary projects, run by pytester: item names, failure
text, selection (-k, -m, --lf, node ids), xdist, and nothing of the project imported.

Each pytester run costs about a second of CPU (pytest itself), so one test runs by
default and the others are slow (CI runs them).
"""
from __future__ import annotations

import textwrap

import pytest

TOOLS = '''
import pathlib

pathlib.Path("IMPORTED").write_text("the module ran")  # must never happen

TOOL_DEFINITIONS = [
    {
        "name": "lookup_order",
        "description": "Look up an order's status. Use this when the customer asks where an order is; not for refunds.",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string", "description": "The order number, such as 'A-1234'."}},
            "required": ["order_id"],
        },
    },
    {
        "name": "reset_password",
        "description": "Send a password reset link. Use this when the customer cannot log in; not for refunds.",
        "input_schema": {"type": "object", "properties": {}},
    },
]
'''
ROUTER = '''
from agent.tools import TOOL_DEFINITIONS

TOOL_CATEGORIES = {"orders": ["lookup_order", "lookup_ordr"]}
'''
ITEMS = [
    "src/agent/router.py::toollint",
    "src/agent/tools.py::toollint",
    "src/agent/tools.py::toollint[lookup_order]",
    "src/agent/tools.py::toollint[reset_password]",
]


@pytest.fixture
def project(pytester):
    pytester.makepyfile(**{"src/agent/__init__.py": "", "src/agent/tools.py": TOOLS, "src/agent/router.py": ROUTER,
                           "tests/test_unit.py": "def test_one():\n    assert True\n"})
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    return pytester


def outcomes(result):
    """nodeid -> PASSED/FAILED from a -rA run."""
    out = {}
    for line in result.outlines:
        word, _, rest = line.partition(" ")
        if word in ("PASSED", "FAILED"):
            out[rest.split(" - ")[0]] = word
    return out


def test_one_item_per_tool_and_per_file_named_by_both(project):
    result = project.runpytest("--toollint", "-rA")
    assert outcomes(result) == {
        "src/agent/router.py::toollint": "FAILED",
        "src/agent/tools.py::toollint": "PASSED",
        "src/agent/tools.py::toollint[lookup_order]": "PASSED",
        "src/agent/tools.py::toollint[reset_password]": "FAILED",
        "tests/test_unit.py::test_one": "PASSED",
    }
    assert result.ret == 1
    assert not (project.path / "IMPORTED").exists()
    text = result.stdout.str()
    assert ("src/agent/tools.py:16:17: TL305 tool 'reset_password' is in no category of TOOL_CATEGORIES: "
            "the router can never offer it") in text
    assert "TL305 (unreachable-tool): The router offers the tool in no category; see `toollint rule TL305`" in text
    # each finding under its own item: the router's under the router file's
    failures = text.split("= FAILURES =", 1)[1]
    assert failures.index("_ toollint _") < failures.index("TL306") < failures.index("_ toollint[reset_password] _") \
        < failures.index("TL305")


@pytest.mark.slow
def test_the_items_are_what_toollint_check_reports(project):
    from lintcase import toollint

    check = [line for line in toollint("check", "--no-cache", "src", cwd=project.path).stdout.splitlines()
             if ": TL" in line]  # the findings, not ruff's "No fixes available" hint after them
    text = project.runpytest("--toollint", "-p", "no:cacheprovider").stdout.str()
    assert len(check) == 2 and all(line in text for line in check)


@pytest.mark.slow
def test_off_unless_asked_for(project):
    result = project.runpytest("-rA", "--co", "-q", "src", "tests")
    assert "toollint" not in result.stdout.str()
    project.makepyprojecttoml('[tool.pytest.ini_options]\ntoollint = true\n')
    assert sorted(n for n in project.runpytest("--co", "-q").outlines if "::toollint" in n) == ITEMS
    project.makepyprojecttoml('[tool.toollint]\npytest = true\n')  # toollint's own table, as the issue asks
    assert sorted(n for n in project.runpytest("--co", "-q").outlines if "::toollint" in n) == ITEMS
    project.makepyprojecttoml('[tool.toollint]\npytest = false\n')
    assert not [n for n in project.runpytest("--co", "-q").outlines if "::toollint" in n]


@pytest.mark.slow
def test_marked_so_that_m_not_toollint_skips_them(project):
    project.runpytest("--toollint", "-m", "not toollint").assert_outcomes(passed=1, deselected=4)
    project.runpytest("--toollint", "-m", "toollint").assert_outcomes(passed=2, failed=2, deselected=1)


@pytest.mark.slow
def test_lf_reruns_the_failed_tools_only(project):
    project.runpytest("--toollint").assert_outcomes(passed=3, failed=2)
    result = project.runpytest("--toollint", "--lf", "-rA")
    assert sorted(outcomes(result)) == ["src/agent/router.py::toollint", "src/agent/tools.py::toollint[reset_password]"]


@pytest.mark.slow
def test_noqa_and_config_are_toollint_checks(project):
    project.makepyprojecttoml('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'
                              '[tool.toollint]\nignore = ["TL306"]\n')
    tools = project.path / "src/agent/tools.py"
    tools.write_text(TOOLS.replace('"name": "reset_password",', '"name": "reset_password",  # noqa: TL305'))
    project.runpytest("--toollint").assert_outcomes(passed=5)


@pytest.mark.slow
def test_a_bad_config_is_one_usage_error_line(project):
    project.makepyprojecttoml('[tool.toollint]\nselect = ["TL999"]\n')
    result = project.runpytest("--toollint")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "toollint: " in result.stderr.str() and "TL999" in result.stderr.str()
    assert "Traceback" not in result.stderr.str() + result.stdout.str()


@pytest.mark.slow
def test_a_node_id_or_a_named_tool_module_is_linted_not_imported(project):
    result = project.runpytest("--toollint", "-rA", "src/agent/tools.py::toollint[reset_password]")
    assert outcomes(result) == {"src/agent/tools.py::toollint[reset_password]": "FAILED"}
    result = project.runpytest("--toollint", "-rA", "src/agent/tools.py")
    assert "src/agent/tools.py::toollint[lookup_order]" in outcomes(result)
    assert not (project.path / "IMPORTED").exists()


@pytest.mark.slow
def test_a_tool_in_a_test_module_still_leaves_its_tests_to_pytest(project):
    project.makepyfile(**{"tests/test_tools.py": textwrap.dedent('''
        TOOLS = [{"name": "ping", "description": "Ping the service. Use this when asked if it is up; not for status pages.",
                  "input_schema": {"type": "object", "properties": {}}}]

        def test_ping():
            assert TOOLS
    ''')})
    result = project.runpytest("--toollint", "-rA", "tests/test_tools.py")
    # pytest still collects the module's tests; the tools of a test file are that test's
    # inputs, not declarations (as `toollint check` judges them), so they get no item
    items = set(outcomes(result))
    assert "tests/test_tools.py::test_ping" in items
    assert "tests/test_tools.py::toollint[ping]" not in items


@pytest.mark.slow
def test_xdist_runs_the_same_items(project):
    pytest.importorskip("xdist")
    result = project.runpytest_subprocess("--toollint", "-n", "2", "-rA", "-p", "no:cacheprovider")
    assert outcomes(result) == {
        "src/agent/router.py::toollint": "FAILED",
        "src/agent/tools.py::toollint": "PASSED",
        "src/agent/tools.py::toollint[lookup_order]": "PASSED",
        "src/agent/tools.py::toollint[reset_password]": "FAILED",
        "tests/test_unit.py::test_one": "PASSED",
    }
    assert not (project.path / "IMPORTED").exists()
