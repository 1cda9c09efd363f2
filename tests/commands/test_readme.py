"""README.md stays true: its rules table is generated from rules/ and its commands exist.

Regenerate the table after adding or changing a rule with:
    UPDATE_README=1 python -m pytest tests/commands/test_readme.py
"""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import yaml

from toollint import __version__
from toollint.rulekit.registry import all_rules

README = Path(__file__).resolve().parents[2] / "README.md"
START, END = "<!-- rules-table:start -->", "<!-- rules-table:end -->"


def rules_table() -> str:
    lines = ["| code | name | on by default | what it catches |", "|---|---|---|---|"]
    for code, rule in all_rules().items():
        summary = rule.summary.replace("|", "\\|")  # a pipe would end the table cell
        lines.append(f"| {code} | `{rule.name}` | {'yes' if rule.default_enabled else 'no'} | {summary} |")
    return "\n".join(lines)


def test_rules_table_is_current():
    text = README.read_text(encoding="utf-8")
    assert START in text and END in text, "README.md lost its rules-table markers"
    current = text.split(START, 1)[1].split(END, 1)[0].strip()
    expected = rules_table()
    if current != expected and os.environ.get("UPDATE_README"):
        head, rest = text.split(START, 1)
        tail = rest.split(END, 1)[1]
        README.write_text(f"{head}{START}\n{expected}\n{END}{tail}", encoding="utf-8")
        return
    assert current == expected, "README's rules table is stale: run UPDATE_README=1 python -m pytest tests/commands/test_readme.py"


def test_readme_gives_the_two_commands_and_ci_runs_the_test_one():
    text = README.read_text(encoding="utf-8")
    assert "pip install . && toollint check examples/" in text
    test_command = "pip install -e '.[test]' && python -m pytest -q"
    assert test_command in text
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci


def test_configuration_reference_lists_every_key():
    from toollint.config.load import VALID_KEYS

    text = README.read_text(encoding="utf-8")
    reference = text.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    missing = [key for key in VALID_KEYS if f"`{key}`" not in reference]
    assert not missing, f"README's configuration reference does not document {missing}"


# --- the snippets a user copies (issue 19) ------------------------------------------------

REPOSITORY = "https://github.com/toollint-llm/toollint"
INSTALL = f'pip install "toollint-llm @ git+{REPOSITORY}@v{__version__}"'


def yaml_block(first_line: str):
    """The fenced yaml block of README.md that starts with `first_line`: (parsed, text)."""
    text = README.read_text(encoding="utf-8")
    for block in re.findall(r"^```yaml\n(.*?)^```", text, re.M | re.S):
        if block.startswith(first_line + "\n"):
            return yaml.safe_load(block), block
    raise AssertionError(f"README.md has no yaml block starting {first_line!r}")


def toollint_commands(line: str):
    """The argument lists of the `toollint ...` commands in one shell line."""
    words = shlex.split(line)
    return [words[1:]] if words[:1] == ["toollint"] else []


def assert_parses(argv) -> None:
    from toollint.commands.cli import _parser

    _parser().parse_args(argv)  # an option that does not exist exits 2


def pyproject():
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    with open(README.parent / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def test_every_install_line_names_the_distribution_and_a_real_version():
    from toollint.report.docs import REPOSITORY as DOCS_REPOSITORY
    from toollint.report.formats.sarif import INFORMATION_URI

    text = README.read_text(encoding="utf-8")
    project = pyproject()
    assert project["name"] == "toollint-llm"
    assert REPOSITORY == project["urls"]["Repository"] == DOCS_REPOSITORY == INFORMATION_URI
    # `pip install toollint` is another project: no command in the README may install it
    code = "".join(re.findall(r"^```\w*\n(.*?)^```", text, re.M | re.S))
    installs = [shlex.split(cmd.split("&&")[0], comments=True)[2:] for cmd in re.findall(r"pip install [^\n]*", code)]
    names = {re.match(r"[\w.-]*", word)[0] for words in installs for word in words if not word.startswith("-")}
    assert "toollint-llm" in names and "toollint" not in names, names
    assert INSTALL in text
    assert f"pip install dist/toollint_llm-{__version__}-py3-none-any.whl" in text
    assert "OWNER" not in text and "pypi.org/project/toollint/" not in text


def test_pre_commit_snippet_names_the_repository_a_tag_of_this_version_and_the_hook():
    config, _ = yaml_block("# .pre-commit-config.yaml")
    (repo,) = config["repos"]
    assert repo["repo"] == REPOSITORY
    assert repo["rev"] == f"v{__version__}"  # the tag the release commit gets
    hooks = yaml.safe_load((README.parent / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [h["id"] for h in repo["hooks"]] == [h["id"] for h in hooks]


def test_github_actions_snippet():
    workflow, text = yaml_block("# .github/workflows/toollint.yml")
    assert workflow["permissions"] == {"contents": "read"}
    changed, full = workflow["jobs"]["changed"], workflow["jobs"]["full"]
    assert full["permissions"] == {"contents": "read", "security-events": "write", "actions": "read"}
    uses = [step["uses"] for job in (changed, full) for step in job["steps"] if "uses" in step]
    assert sorted(set(uses)) == ["actions/checkout@v6", "actions/setup-python@v6",
                                 "github/codeql-action/upload-sarif@v4"]
    runs = [step for job in (changed, full) for step in job["steps"] if "run" in step]
    # an expression expanded inside run: is shell code a branch name can inject into
    assert not [step["run"] for step in runs if "${{" in step["run"]]
    assert [step["run"] for step in runs if step["run"].startswith("pip ")] == [INSTALL] * 2
    (diff,) = [step for step in changed["steps"] if "--changed-since" in step.get("run", "")]
    assert diff["env"] == {"BASE_REF": "${{ github.base_ref }}"} and '"origin/$BASE_REF"' in diff["run"]
    assert changed["steps"][0]["with"]["fetch-depth"] == 0  # the merge base must be in the clone
    (sarif,) = [step for step in full["steps"] if "--output-format sarif" in step.get("run", "")]
    upload = full["steps"][full["steps"].index(sarif) + 1]
    assert upload["with"]["sarif_file"] in toollint_commands(sarif["run"])[0]
    for step in runs:
        for argv in toollint_commands(step["run"]):
            assert_parses(argv)


def test_gitlab_ci_snippet_uploads_the_code_quality_report_it_writes():
    config, _ = yaml_block("# .gitlab-ci.yml")
    job = config["toollint"]
    assert job["script"][0] == INSTALL
    (argv,) = toollint_commands(job["script"][1])
    assert_parses(argv)
    assert argv[argv.index("--output-format") + 1] == "gitlab"
    report = argv[argv.index("--output-file") + 1]
    assert job["artifacts"]["reports"]["codequality"] == report
    assert job["artifacts"]["when"] == "always"  # uploaded when findings fail the job


def test_the_opening_example_is_what_check_prints_on_examples():
    from inproc import toollint

    text = README.read_text(encoding="utf-8")
    block = re.search(r"^```\n\$ toollint check examples/\n(.*?)^```", text, re.M | re.S)
    assert block, "README.md lost its opening example"
    result = toollint("check", "examples/", cwd=README.parent)
    assert result.returncode == 1
    assert block[1] == result.stdout
