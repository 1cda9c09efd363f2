"""Which pytest item each finding fails (toollint/pytest_plugin/attribution.py), on
projects linted by the engine in this process: fast, where pytester runs are not."""
from __future__ import annotations

import os

from lintcase import write_tree

from toollint.config.settings import Settings
from toollint.engine.core import run
from toollint.model import Finding
from toollint.pytest_plugin.attribution import failure_text, lint

DEFINITIONS = '''
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
        "input_schema": {
            "type": "object",
            "properties": {"account": {"type": "string", "description": "The account's login name."}},
            "required": ["account"],
        },
    },
]
'''
HANDLERS = '''
from agent.tools import TOOL_DEFINITIONS


def lookup_order(order_id):
    return order_id


def reset_password(account=""):
    return account


TOOL_HANDLERS = {"lookup_order": lookup_order, "reset_password": reset_password}
'''
ROUTER = '''
from agent.tools import TOOL_DEFINITIONS

TOOL_CATEGORIES = {"orders": ["lookup_order", "lookup_ordr"], "account": ["reset_password"]}
'''


def items(tmp_path, files, **settings):
    write_tree(tmp_path, files)
    report = lint([str(tmp_path)], Settings(root=str(tmp_path), **settings), jobs=1)
    out = {}
    for path, entries in report.entries.items():
        for e in entries:
            out[f"{os.path.relpath(path, tmp_path)}::{e.name}"] = sorted(f.code for f in e.findings)
    return out


def project(**extra):
    return {"agent/__init__.py": "", "agent/tools.py": DEFINITIONS, "agent/handlers.py": HANDLERS,
            "agent/router.py": ROUTER, **extra}


def test_a_finding_in_the_handlers_module_fails_the_tools_item(tmp_path):
    assert items(tmp_path, project()) == {
        "agent/handlers.py::toollint": [],
        "agent/router.py::toollint": ["TL306"],
        "agent/tools.py::toollint": [],
        "agent/tools.py::toollint[lookup_order]": [],
        "agent/tools.py::toollint[reset_password]": ["TL204"],
    }


def test_the_items_hold_exactly_what_toollint_check_reports(tmp_path):
    write_tree(tmp_path, project())
    settings = Settings(root=str(tmp_path), extend_select=("TL002",))
    report = lint([str(tmp_path)], settings, jobs=1)
    held = [f for entries in report.entries.values() for e in entries for f in e.findings]
    checked = run([str(tmp_path)], settings, cache=False).findings
    assert len(checked) == 2 and sorted(held, key=Finding.sort_key) == checked


def test_selection_and_noqa_are_toollint_checks(tmp_path):
    fixed = ROUTER.replace('["reset_password"]}', '["reset_password"]}  # noqa: TL306')
    got = items(tmp_path, project(**{"agent/router.py": fixed}), ignore=("TL204",))
    assert all(codes == [] for codes in got.values())
    assert "agent/router.py::toollint" in got  # a file's item stays when it passes


def test_two_tools_of_one_name_in_a_file_get_two_items(tmp_path):
    twice = DEFINITIONS.replace('"name": "lookup_order"', '"name": "reset_password"')
    got = items(tmp_path, {"agent/__init__.py": "", "agent/tools.py": twice})
    assert {"agent/tools.py::toollint[reset_password]", "agent/tools.py::toollint[reset_password@11]"} <= set(got)
    assert got["agent/tools.py::toollint[reset_password@11]"] == ["TL302"]


def test_a_file_that_does_not_parse_fails_its_own_item(tmp_path):
    got = items(tmp_path, project(**{"agent/broken.py": "TOOLS = [\n"}))
    assert got["agent/broken.py::toollint"] == ["TL001"]


def test_the_failure_text_is_the_check_line_then_the_rules_summary(tmp_path):
    write_tree(tmp_path, project())
    report = lint([str(tmp_path)], Settings(root=str(tmp_path)), jobs=1)
    [entry] = [e for e in report.entries[str(tmp_path / "agent/tools.py")] if e.name == "toollint[reset_password]"]
    assert failure_text(entry.findings, str(tmp_path)).splitlines() == [
        "agent/handlers.py:8:20: TL204 parameter 'account' of reset_password() has a default ('') but the schema "
        "of 'reset_password' requires it: the model must invent a value on every call; drop it from 'required'",
        "    TL204 (optional-but-required): The handler treats a required parameter as optional; "
        "see `toollint rule TL204`",
    ]
