"""End-to-end: the `toollint` command as users run it. Most tests, the whole helpdesk
scenario included, run the CLI's main() in this process (lintcase.toollint); the ones that
only a real `python -m toollint` can show (the version banner through -m, the installed
script, argparse's exit, the never-imported guarantee) run toollint_process."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lintcase import parse_findings, toollint, toollint_process, write_tree
from toollint import __version__

ROOT = Path(__file__).resolve().parents[2]


findings = parse_findings


HELPDESK = {
    "helpdesk/__init__.py": "",
    "helpdesk/tools.py": '''
        TOOL_DEFINITIONS = [
            {
                "name": "lookup_order",
                "description": (
                    "Look up an order's status and items. Call this when the customer asks "
                    "where an order is. Do not call this for refunds; use issue_refund instead."
                ),
                "input_schema": {
                    "type": "object",
                    "properties": {
                        "order_id": {"type": "string", "description": "Like ORD-1042."},
                        "include_items": {"type": "boolean", "description": "List the items too."},
                    },
                    "required": ["order_id", "include_items"],
                },
            },
            {
                "name": "issue_refund",
                "description": (
                    "Refund an order. Call this when the customer asks for their money back "
                    "for a delivered order. Do not call this to check status; use lookup_order instead."
                ),
                "input_schema": {
                    "type": "object",
                    "properties": {"order_id": {"type": "string", "description": "Like ORD-1042."}},
                    "required": ["order_id"],
                },
            },
            {
                "name": "reset_password",
                "description": (
                    "Email the customer a password-reset link. Call this when they cannot log in. "
                    "Do not call this for locked accounts; use escalate instead."
                ),
                "input_schema": {
                    "type": "object",
                    "properties": {"email": {"type": "string", "format": "email", "description": "Account email."}},
                    "required": ["email"],
                },
            },
            {
                "name": "escalate ticket",
                "description": (
                    "Hand the conversation to a human. Call this when the customer asks for a person. "
                    "Do not call this for questions another tool answers."
                ),
                "input_schema": {"type": "object", "properties": {}},
            },
        ]
    ''',
    "helpdesk/handlers.py": '''
        def lookup_order(order_id, include_items=False):
            return {}


        def issue_refund(order_id):
            return {}


        def reset_password(email):
            return {}


        def escalate(**kwargs):
            return {}


        TOOL_HANDLERS = {
            "lookup_order": lookup_order,
            "issue_refund": issue_refund,
            "reset_password": reset_password,
            "escalate ticket": escalate,
        }
    ''',
    "helpdesk/router.py": '''
        # The refund tool was added to "account" while refund questions route to "orders".
        TOOL_CATEGORIES = {
            "orders": ["lookup_order"],
            "account": ["issue_refund", "reset_pasword"],
        }
        ALWAYS_INCLUDE = ["escalate ticket"]
    ''',
}


def test_helpdesk_scenario(tmp_path):
    write_tree(tmp_path, HELPDESK)
    result = toollint("check", "helpdesk", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    got = [(p, line, code) for p, line, _, code, _ in findings(result.stdout)]
    assert got == [
        ("helpdesk/handlers.py", 1, "TL204"),  # include_items has a default, the schema requires it
        ("helpdesk/router.py", 4, "TL306"),  # typo: reset_pasword
        ("helpdesk/tools.py", 30, "TL305"),  # reset_password is in no category
        ("helpdesk/tools.py", 42, "TL301"),  # a space in the name
    ]
    messages = {code: message for _, _, _, code, message in findings(result.stdout)}
    assert messages["TL305"] == (
        "tool 'reset_password' is in no category of TOOL_CATEGORIES and not in ALWAYS_INCLUDE: "
        "the router can never offer it"
    )
    assert "did you mean 'reset_password'?" in messages["TL306"]
    # A tool filed in the wrong category is reachable: toollint cannot know the routing
    # intent, so it says nothing about issue_refund.
    assert "issue_refund" not in result.stdout


def test_output_is_sorted_and_columns_are_one_based(tmp_path):
    write_tree(tmp_path, {"b.py": 'TOOLS = [{"name": "a b", "input_schema": {"type": "object"}}]\n',
                          "a.py": 'TOOLS = [{"name": "x y", "input_schema": {"type": "object"}}]\n'})
    result = toollint("check", ".", cwd=tmp_path)
    got = [(p, line, col, code) for p, line, col, code, _ in findings(result.stdout)]
    assert got == [("a.py", 1, 19, "TL101"), ("a.py", 1, 19, "TL301"),
                   ("b.py", 1, 19, "TL101"), ("b.py", 1, 19, "TL301")]


def test_default_path_is_current_directory_and_clean_exit_zero(tmp_path):
    write_tree(tmp_path, {"ok.py": "print('no tools here')\n"})
    result = toollint("check", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "No tool definitions found in 1 file.\n")


def test_version():
    result = toollint_process("--version")
    assert result.returncode == 0
    assert re.fullmatch(r"toollint \d+\.\d+\.\d+\n", result.stdout)


def test_console_script_is_installed():
    exe = shutil.which("toollint", path=os.path.dirname(sys.executable))
    assert exe, "pip install should put a toollint script next to the interpreter"
    result = subprocess.run([exe, "--version"], capture_output=True, text=True)
    assert result.returncode == 0


def test_missing_path_is_a_usage_error(tmp_path):
    result = toollint("check", "nope.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "toollint: error: nope.py: no such file or directory"
    assert "Traceback" not in result.stderr


def test_unknown_flag_is_a_usage_error(tmp_path):
    result = toollint_process("check", "--no-such-flag", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


BROKEN = 'TOOLS = [{"name": "x",\n'


def test_bad_files_become_tl001_and_other_files_are_still_checked(tmp_path):
    write_tree(tmp_path, {"broken.py": BROKEN, "good.py": 'TOOLS = [{"name": "bad name", "input_schema": {}}]\n'})
    (tmp_path / "latin.py").write_bytes(b'TOOLS = ["caf\xe9"]\n')
    (tmp_path / "dir.py").mkdir()
    result = toollint("check", "broken.py", "good.py", "latin.py", "dir.py", cwd=tmp_path)
    assert result.returncode == 1
    got = findings(result.stdout)
    codes = [(p, code) for p, _, _, code, _ in got]
    assert ("good.py", "TL301") in codes
    tl001 = {p: message for p, _, _, code, message in got if code == "TL001"}
    assert set(tl001) == {"broken.py", "latin.py", "dir.py"}
    assert tl001["broken.py"].startswith("syntax error")
    assert "decode" in tl001["latin.py"] and "utf-8" in tl001["latin.py"]
    assert "directory" in tl001["dir.py"]
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root reads any file")
def test_unreadable_file_is_tl001(tmp_path):
    write_tree(tmp_path, {"secret.py": "TOOLS = []\n"})
    (tmp_path / "secret.py").chmod(0)
    result = toollint("check", "secret.py", cwd=tmp_path)
    assert result.returncode == 1
    assert "TL001 cannot read file" in result.stdout


def test_module_with_side_effects_is_never_imported(tmp_path):
    marker = tmp_path / "imported.txt"
    write_tree(tmp_path, {"agent.py": f'''
        import sys
        open({str(marker)!r}, "w").write("ran")
        sys.exit(3)
        TOOLS = [{{"name": "ok", "description": "Say hi. Use this when greeted.", "input_schema": {{"type": "object"}}}}]
        while True:
            pass
    '''})
    result = toollint_process("check", "agent.py", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not marker.exists()


def test_shipped_example_has_findings():
    result = toollint("check", "examples", cwd=ROOT)
    assert result.returncode == 1
    codes = {code for _, _, _, code, _ in findings(result.stdout)}
    assert {"TL102", "TL203", "TL204", "TL301", "TL305", "TL306"} <= codes


def test_check_in_process_leaves_the_garbage_collector_as_it_found_it(tmp_path, capsys, monkeypatch):
    """`toollint check` makes cyclic collections rare while it runs; a program calling
    main() must get its own collector settings back, on success and on error alike."""
    import gc

    from toollint.commands.cli import main

    write_tree(tmp_path, {"a.py": 'TOOLS = [{"name": "a b", "input_schema": {"type": "object"}}]\n'})
    monkeypatch.chdir(tmp_path)
    before = gc.get_threshold()
    assert main(["check", ".", "--no-cache"]) == 1
    assert "TL101" in capsys.readouterr().out
    assert main(["check", "missing.py"]) == 2
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_formats_that_name_rules_get_the_rule_docs(tmp_path):
    """The CLI builds rule docs (importing every rule) only for the formats that print them:
    json's doc url and SARIF's rule descriptions must still be there."""
    from toollint.rulekit.registry import all_rules, doc_path

    write_tree(tmp_path, {"t.py": 'TOOLS = [{"name": "a b", "input_schema": {"type": "object"}}]\n'})
    as_json = json.loads(toollint("check", "t.py", "--output-format", "json", cwd=tmp_path).stdout)
    # a URL of the rule's page in the repository at this version's tag, not a local path
    url = {f["code"]: f["url"] for f in as_json}["TL301"]
    assert url == (f"https://github.com/toollint-llm/toollint/blob/v{__version__}/rules/"
                   f"{os.path.basename(doc_path('TL301'))}")
    sarif = json.loads(toollint("check", "t.py", "--output-format", "sarif", cwd=tmp_path).stdout)
    rules = {r["id"]: r for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    rule = rules["TL301"]
    assert rule["shortDescription"]["text"] == all_rules()["TL301"].summary
    assert rule["helpUri"] == url
    # help.markdown is the page `toollint rule` prints; fullDescription its "What it does"
    page = toollint("rule", "TL301").stdout
    assert rule["help"]["markdown"].strip() == page.strip() and "## Why is this bad?" in page
    what = page.split("## What it does", 1)[1].split("\n## ", 1)[0]
    assert rule["fullDescription"]["text"] == " ".join(what.split())
    # every rule, used or not, carries its page
    assert all(r["help"]["markdown"].startswith(f"# {r['id']} ") for r in rules.values())
