"""What `toollint check` says besides the findings (issue 19): the closing line on what was
checked, --output-file, the severities every format agrees on, and option conflicts."""
from __future__ import annotations

import json

import pytest

from lintcase import write_tree
from inproc import toollint

UNDESCRIBED = '{"name": "%s", "input_schema": {"type": "object"}}'
TWO_AGENTS = {
    "a/tools.py": f"TOOLS = [{UNDESCRIBED % 'x'}, {UNDESCRIBED % 'y'}]\n",  # two tools, one group
    "b/tools.py": f"TOOLS = [{UNDESCRIBED % 'z'}]\n",  # another agent's one tool
    "plain.py": "x = 1\n",
}


@pytest.fixture
def agents(tmp_path):
    write_tree(tmp_path, TWO_AGENTS)
    return tmp_path


def test_a_run_ends_with_what_it_checked_on_stderr(agents):
    result = toollint("check", ".", cwd=agents)
    assert result.returncode == 1 and result.stdout.count("TL101") == 3
    assert result.stderr == "Checked 3 files: 3 tools in 2 groups, 3 findings.\n"
    # the same from the cache's reuse of the last run
    assert toollint("check", ".", cwd=agents).stderr == result.stderr
    full = toollint("check", "--show-source", ".", cwd=agents)
    assert full.stderr == result.stderr
    # one file: the tools of the group it takes part in
    assert toollint("check", "a/tools.py", cwd=agents).stderr == "Checked 1 file: 2 tools in 1 group, 2 findings.\n"
    assert toollint("check", "-q", ".", cwd=agents).stderr == ""


def test_a_clean_run_that_saw_no_tool_says_so(tmp_path):
    write_tree(tmp_path, {"app.py": "print('hello')\n", "lib/util.py": "def f():\n    return 1\n"})
    result = toollint("check", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "No tool definitions found in 2 files.\n")


def test_a_syntax_error_in_a_file_that_holds_no_tool_is_not_parsed(tmp_path):
    """As README "Usage" says: a file that mentions nothing a tool is declared with is not
    parsed, so its syntax error is not reported; one that can hold a tool is TL001."""
    write_tree(tmp_path, {"plain.py": "def f(:\n    return 1\n"})
    result = toollint("check", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "No tool definitions found in 1 file.\n")
    write_tree(tmp_path, {"tools.py": 'TOOLS = [\n    {"name": "x",\n]\n'})
    result = toollint("check", cwd=tmp_path)
    assert result.returncode == 1 and result.stdout.startswith("tools.py:3:1: TL001 syntax error")
    assert result.stderr == "No tool definitions found in 2 files; 1 finding.\n"


@pytest.mark.parametrize("fmt", ["json", "github", "sarif", "gitlab"])
def test_machine_formats_print_only_their_report(agents, fmt):
    result = toollint("check", "--output-format", fmt, ".", cwd=agents)
    assert result.returncode == 1 and result.stderr == ""
    if fmt != "github":
        json.loads(result.stdout)


def test_sarif_run_properties_carry_the_counts(agents):
    log = json.loads(toollint("check", "--output-format", "sarif", ".", cwd=agents).stdout)
    assert log["runs"][0]["properties"] == {"toollint": {"files": 3, "tools": 3, "groups": 2, "findings": 3}}


def test_output_file_gets_what_stdout_would(agents):
    expected = toollint("check", "--output-format", "sarif", ".", cwd=agents).stdout
    result = toollint("check", "--output-format", "sarif", "-o", "out/../report.sarif", ".", cwd=agents)
    assert result.returncode == 2 and "out/../report.sarif" in result.stderr  # no such folder: one line
    result = toollint("check", "--output-format", "sarif", "--output-file", "report.sarif", ".", cwd=agents)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", "")
    assert (agents / "report.sarif").read_text(encoding="utf-8") == expected
    concise = toollint("check", "-o", "report.txt", "--count", ".", cwd=agents)
    assert (concise.returncode, concise.stdout) == (1, "")
    assert (agents / "report.txt").read_text(encoding="utf-8").splitlines()[-1] == "3"
    assert concise.stderr == "Checked 3 files: 3 tools in 2 groups, 3 findings.\n"


def test_severities_agree_across_formats(tmp_path):
    write_tree(tmp_path, {"tools.py": f"TOOLS = [{UNDESCRIBED % 'x'}]\n", "broken.py": "TOOLS = [\n"})

    def run(fmt):
        return toollint("check", "--output-format", fmt, ".", cwd=tmp_path).stdout

    as_json = {f["code"]: f["severity"] for f in json.loads(run("json"))}
    gitlab = {f["check_name"]: f["severity"] for f in json.loads(run("gitlab"))}
    sarif = {r["ruleId"]: r["level"] for r in json.loads(run("sarif"))["runs"][0]["results"]}
    github = {line.split("title=")[1].split(" ")[0]: line[2:].split(" ")[0] for line in run("github").splitlines()}
    assert as_json == sarif == github == {"TL001": "error", "TL101": "warning"}
    assert gitlab == {"TL001": "blocker", "TL101": "major"}


@pytest.mark.parametrize("args, message", [
    (["--output-format", "json", "--count"], "--count prints a line after the findings; the json output"),
    (["--output-format", "sarif", "--count"], "--count prints a line after the findings; the sarif output"),
    (["--output-format", "gitlab", "--count"], "--count prints a line after the findings; the gitlab output"),
    (["--output-format", "sarif", "--statistics"], "--statistics prints a table or a JSON array, not a sarif"),
    (["--output-format", "github", "--statistics"], "--statistics prints a table or a JSON array, not a github"),
    (["--output-format", "json", "--show-source"], "--show-source shows source lines in the full format"),
])
def test_option_conflicts_are_one_line_usage_errors(agents, args, message):
    result = toollint("check", *args, ".", cwd=agents)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith(f"toollint: error: {message}") and result.stderr.count("\n") == 1


def test_a_configured_machine_format_conflicts_too(agents):
    (agents / "pyproject.toml").write_text('[tool.toollint]\noutput-format = "json"\n', encoding="utf-8")
    result = toollint("check", "--count", ".", cwd=agents)
    assert result.returncode == 2 and "the json output would no longer be valid JSON" in result.stderr


def test_defined_combinations_still_work(agents):
    stats = toollint("check", "--output-format", "json", "--statistics", ".", cwd=agents)
    assert json.loads(stats.stdout) == [{"code": "TL101", "name": "missing-description", "count": 3}]
    counted = toollint("check", "--count", ".", cwd=agents)
    assert counted.stdout.splitlines()[-1] == "3"
    shown = toollint("check", "--output-format", "full", "--show-source", ".", cwd=agents)
    assert shown.returncode == 1 and "^" in shown.stdout
