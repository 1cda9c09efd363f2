"""`check --fix / --diff / --fix-only / --show-fixes / --stdin-filename`, end to end."""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from lintcase import toollint
from tests.fix.test_rule_fixes import CASES, check, place

EXAMPLE = Path(__file__).parents[2] / "examples" / "helpdesk"


def copy_example(tmp_path) -> Path:
    target = tmp_path / "helpdesk"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns(".toollint_cache", "__pycache__"))
    return target


def tree(root: Path):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.py"))}


@pytest.mark.parametrize("unsafe", [False, True])
def test_fix_on_the_example_leaves_only_findings_without_a_fix(unsafe, tmp_path, monkeypatch, capsys):
    root = copy_example(tmp_path)
    flags = ["--unsafe-fixes"] if unsafe else []
    check(tmp_path, monkeypatch, capsys, "helpdesk", "--fix", *flags)
    _, out, _ = check(tmp_path, monkeypatch, capsys, "helpdesk", "--output-format", "json", *flags)
    remaining = json.loads(out)
    # json shows an unsafe fix without --unsafe-fixes too, as ruff's; --fix did not apply it
    assert remaining and all(f["fix"] is None or not unsafe and f["fix"]["applicability"] == "unsafe"
                             for f in remaining)
    _, text, _ = check(tmp_path, monkeypatch, capsys, "helpdesk", *flags)
    assert "[*]" not in text
    assert ("hidden fix" in text) is False if unsafe else True
    assert tree(root) != tree(EXAMPLE) if unsafe else True


def test_fix_twice_is_fix_once(tmp_path, monkeypatch, capsys):
    root = copy_example(tmp_path)
    check(tmp_path, monkeypatch, capsys, "helpdesk", "--fix", "--unsafe-fixes")
    once = tree(root)
    assert once != tree(EXAMPLE)
    code, out, _ = check(tmp_path, monkeypatch, capsys, "helpdesk", "--fix", "--unsafe-fixes")
    assert tree(root) == once
    assert "fixed" not in out  # nothing left to fix: no "(N fixed, M remaining)"


def test_diff_changes_nothing_and_applies_with_patch(tmp_path, monkeypatch, capsys):
    root = copy_example(tmp_path)
    before = tree(root)
    code, diff, err = check(tmp_path, monkeypatch, capsys, "helpdesk", "--diff", "--unsafe-fixes")
    assert code == 1 and tree(root) == before
    assert diff.startswith("--- a/helpdesk/") and "+++ b/helpdesk/" in diff
    assert "Would fix 1 error." in err
    patched = tmp_path / "patched"
    shutil.copytree(root, patched / "helpdesk")
    subprocess.run(["patch", "-p1", "-s"], input=diff, text=True, cwd=patched, check=True)
    check(tmp_path, monkeypatch, capsys, "helpdesk", "--fix", "--unsafe-fixes")
    assert tree(patched / "helpdesk") == tree(root)  # one round suffices on the example


def test_diff_without_fixes_exits_0(tmp_path, monkeypatch, capsys):
    copy_example(tmp_path)
    code, out, _ = check(tmp_path, monkeypatch, capsys, "helpdesk", "--diff", "--select", "TL1")
    assert (code, out) == (0, "")


def test_markers_and_summary_as_ruff(tmp_path, monkeypatch, capsys):
    copy_example(tmp_path)
    _, out, _ = check(tmp_path, monkeypatch, capsys, "helpdesk")
    # TL306 is unsafe; TL204's list is in another module; TL203's handler needs the argument
    assert "[*]" not in out
    assert out.endswith("No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).\n")
    _, out, _ = check(tmp_path, monkeypatch, capsys, "helpdesk", "--unsafe-fixes")
    assert "router.py:5:41: TL306 [*] category 'account'" in out
    assert out.endswith("\n[*] 1 fixable with the `--fix` option.\n")
    _, out, _ = check(tmp_path, monkeypatch, capsys, "helpdesk", "--unsafe-fixes", "-q")
    assert "fixable" not in out


def test_show_fixes_and_fix_only(tmp_path, monkeypatch, capsys):
    copy_example(tmp_path)
    code, out, _ = check(tmp_path, monkeypatch, capsys, "helpdesk", "--fix-only", "--show-fixes", "--unsafe-fixes")
    assert code == 0
    assert out == "Fixed 1 error:\n- helpdesk/router.py:\n    1 × TL306 (unknown-tool-in-category)\n"


def test_fix_exit_code_and_counts(tmp_path, monkeypatch, capsys):
    place(tmp_path, "tl204_before.py")
    code, out, _ = check(tmp_path, monkeypatch, capsys, "tools.py", "--select", "TL204", "--fix")
    assert (code, out) == (0, "Found 1 error (1 fixed, 0 remaining).\n")
    place(tmp_path, "tl204_nofix.py")
    code, out, _ = check(tmp_path, monkeypatch, capsys, "tools.py", "--select", "TL204", "--fix")
    assert code == 1 and out.count("TL204") == 1 and "fixed" not in out


def test_stdin_fix_writes_the_fixed_source_to_stdout(tmp_path):
    target = place(tmp_path, "tl204_before.py")
    result = toollint("check", "--isolated", "--no-cache", "--select", "TL204", "--fix", "--stdin-filename",
                      "tools.py", "-", cwd=tmp_path, stdin=target.read_text())
    assert result.stdout == (CASES / "tl204_after.py").read_text()
    assert result.returncode == 0, result.stderr
    assert target.read_bytes() == (CASES / "tl204_before.py").read_bytes()  # the buffer, not the file


def test_config_fix_true_fixable_and_unfixable(tmp_path, monkeypatch, capsys):
    target = place(tmp_path, "tl204_before.py")
    (tmp_path / "pyproject.toml").write_text('[tool.toollint]\nfix = true\nunfixable = ["TL2"]\nfixable = ["TL204"]\n')
    monkeypatch.chdir(tmp_path)
    from toollint.commands.cli import main

    assert main(["check", "--no-cache", "--no-fix", "--select", "TL204", "tools.py"]) == 1
    assert target.read_bytes() == (CASES / "tl204_before.py").read_bytes()
    assert "[*] 1 fixable" in capsys.readouterr().out  # the longer prefix wins: TL204 over TL2
    assert main(["check", "--no-cache", "--select", "TL204", "tools.py"]) == 0  # fix = true
    assert target.read_bytes() == (CASES / "tl204_after.py").read_bytes()
    place(tmp_path, "tl204_before.py")
    (tmp_path / "pyproject.toml").write_text('[tool.toollint]\nfix = true\nunfixable = ["TL204"]\n')
    capsys.readouterr()
    assert main(["check", "--no-cache", "--select", "TL204", "tools.py"]) == 1
    assert target.read_bytes() == (CASES / "tl204_before.py").read_bytes()
    assert "[*]" not in capsys.readouterr().out


def test_bad_fixable_code_is_a_config_error(tmp_path, monkeypatch, capsys):
    place(tmp_path, "tl204_before.py")
    (tmp_path / "pyproject.toml").write_text('[tool.toollint]\nunfixable = ["TL999"]\n')
    monkeypatch.chdir(tmp_path)
    from toollint.commands.cli import main

    assert main(["check", "--no-cache", "tools.py"]) == 2
    assert "unfixable" in capsys.readouterr().err


def test_mode_and_crlf_are_kept(tmp_path, monkeypatch, capsys):
    target = tmp_path / "tools.py"
    target.write_bytes((CASES / "tl204_before.py").read_bytes().replace(b"\n", b"\r\n"))
    os.chmod(target, 0o640)
    check(tmp_path, monkeypatch, capsys, "tools.py", "--select", "TL204", "--fix")
    assert target.read_bytes() == (CASES / "tl204_after.py").read_bytes().replace(b"\n", b"\r\n")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tools.py")] == []  # no temp file left


def test_no_write_through_a_symlink_out_of_the_project(tmp_path, monkeypatch, capsys):
    outside = tmp_path / "outside"
    outside.mkdir()
    real = outside / "tools.py"
    shutil.copyfile(CASES / "tl204_before.py", real)
    project = tmp_path / "project"
    project.mkdir()
    (project / "tools.py").symlink_to(real)
    code, _, err = check(project, monkeypatch, capsys, "tools.py", "--select", "TL204", "--fix")
    assert real.read_bytes() == (CASES / "tl204_before.py").read_bytes()
    assert "not fixed: a symlink" in err and code == 1


def test_json_and_sarif_carry_the_fix(tmp_path, monkeypatch, capsys):
    place(tmp_path, "tl204_before.py")
    _, out, _ = check(tmp_path, monkeypatch, capsys, "tools.py", "--select", "TL204", "--output-format", "json")
    [finding] = json.loads(out)
    fix = finding["fix"]
    assert (fix["applicability"], fix["message"]) == ("safe", "Remove 'limit' from 'required'")
    [edit] = fix["edits"]
    assert apply_edit((CASES / "tl204_before.py").read_text(), edit["location"], edit["end_location"],
                      edit["content"]) == (CASES / "tl204_after.py").read_text()
    _, out, _ = check(tmp_path, monkeypatch, capsys, "tools.py", "--select", "TL204", "--output-format", "sarif")
    [result] = json.loads(out)["runs"][0]["results"]
    [fix] = result["fixes"]
    assert fix["description"] == {"text": "Remove 'limit' from 'required'"}
    [change] = fix["artifactChanges"]
    assert change["artifactLocation"]["uri"] == "tools.py"
    [replacement] = change["replacements"]
    region = replacement["deletedRegion"]
    assert apply_edit((CASES / "tl204_before.py").read_text(), {"row": region["startLine"], "column": region[
        "startColumn"]}, {"row": region["endLine"], "column": region["endColumn"]},
        replacement["insertedContent"]["text"]) == (CASES / "tl204_after.py").read_text()


def apply_edit(text, start, end, content):
    lines = text.splitlines(keepends=True)

    def offset(at):
        return sum(len(x) for x in lines[:at["row"] - 1]) + at["column"] - 1

    return text[:offset(start)] + content + text[offset(end):]
