"""The fastmcp a project installs, from its lock and requirement files (config/pins.py):
before 3.2.4 fastmcp sends the whole docstring, so a Note after Args is on the wire
(held-out round 49, A); a project that bounds nothing gets the newest behaviour."""
from __future__ import annotations

import json

import pytest

from lintcase import parse_findings, toollint, write_tree
from toollint.config.pins import _folder_bounds, below, project_bounds

SERVER = '''
from fastmcp import FastMCP

mcp = FastMCP("shop")


@mcp.tool
def open_order(item: str, qty: int) -> dict:
    """
    Open a new order for an item in the catalogue

    Args:
        item: Catalogue item code, e.g. "SKU-1"
        qty: How many units to order

    Note: This is only for new orders. For changing an existing order, use amend_order instead.
    """
    return {}


@mcp.tool
def amend_order(order_no: int, qty: int) -> dict:
    """Change the quantity of an order. Call this when the customer changes their mind; not for new orders.

    Args:
        order_no: The order number as returned by open_order
        qty: The new quantity
    """
    return {}
'''

OLD = (3, 2, 4)


@pytest.fixture(autouse=True)
def _fresh():
    _folder_bounds.cache_clear()  # each test writes its own tree
    yield
    _folder_bounds.cache_clear()


@pytest.mark.parametrize("name, text, old", [
    ("uv.lock", '[[package]]\nname = "fastmcp"\nversion = "2.13.0.1"\nsource = { registry = "x" }\n', True),
    ("uv.lock", '[[package]]\nname = "fastmcp"\nversion = "4.2.3"\n', False),
    ("poetry.lock", '[[package]]\nname = "fastmcp"\nversion = "3.2.3"\ndescription = "x"\n', True),
    ("requirements.txt", "fastmcp==2.14.5\n", True),
    ("requirements.txt", "fastmcp[cli]>=2.0,<3\n", True),
    ("requirements.txt", "fastmcp~=3.2.0\n", False),  # 3.2.4 and later are allowed
    ("requirements.txt", "fastmcp>=2.10\n", False),  # a fresh install gets the newest
    ("requirements.txt", "fastmcp\n", False),
    ("pyproject.toml", '[project]\ndependencies = ["fastmcp>=2.0.0,<=3.2.3"]\n', True),
    ("pyproject.toml", '[tool.poetry.dependencies]\nfastmcp = "^2.10"\n', True),
    ("pyproject.toml", '[project]\ndependencies = ["mcp[cli]>=1.0"]\n', False),
])
def test_the_version_a_project_can_install(tmp_path, name, text, old):
    write_tree(tmp_path, {name: text, "src/app/server.py": "x = 1\n"})
    assert below(project_bounds(str(tmp_path / "src" / "app" / "server.py")), "fastmcp", OLD) is old


@pytest.mark.parametrize("text, bounded", [
    ("crewai==0.65.2\ncrewai-tools==0.12.1\n", (0, 65, 2)),
    ("crewai-tools==0.12.1\ncrewai>=0.60\n", None),  # another distribution's pin bounds nothing
    ("crewai_tools==0.12.1\ncrewai.x==1\ncrewai[tools]~=0.80\n", (1,)),  # `~=0.80`: below 1
])
def test_a_name_that_only_starts_like_the_framework_is_another_distribution(tmp_path, text, bounded):
    write_tree(tmp_path, {"requirements.txt": text, "crew.py": "x = 1\n"})
    found = dict(project_bounds(str(tmp_path / "crew.py"))).get("crewai")
    assert (found[0] if found else None) == bounded


def test_the_nearest_project_decides_and_a_repository_root_ends_the_search(tmp_path):
    write_tree(tmp_path, {"requirements.txt": "fastmcp==2.13.0\n", "old/server.py": "",
                          "new/requirements.txt": "fastmcp>=4\n", "new/server.py": "",
                          "repo/.git/HEAD": "ref: x\n", "repo/server.py": ""})
    assert below(project_bounds(str(tmp_path / "old" / "server.py")), "fastmcp", OLD)
    assert not below(project_bounds(str(tmp_path / "new" / "server.py")), "fastmcp", OLD)
    assert project_bounds(str(tmp_path / "repo" / "server.py")) == ()


def _described(tmp_path):
    result = toollint("dump", "server.py", cwd=tmp_path)
    return {t["name"]: t for t in json.loads(result.stdout)}


def test_an_old_fastmcp_sends_the_whole_docstring_and_its_note_counts(tmp_path):
    write_tree(tmp_path, {"server.py": SERVER, "requirements.txt": "fastmcp==2.13.0.1\n"})
    tool = _described(tmp_path)["open_order"]
    assert "Note: This is only for new orders" in tool["description"]
    assert "description" not in tool["input_schema"]["properties"]["item"]  # no parameter docs parsed
    assert "additionalProperties" not in tool["input_schema"]  # 2.x prunes it
    found = parse_findings(toollint("check", "--select", "TL102,TL103,TL104", "server.py", cwd=tmp_path).stdout)
    assert found == []


def test_a_new_fastmcp_sends_the_summary_and_the_note_is_gone(tmp_path):
    write_tree(tmp_path, {"server.py": SERVER, "requirements.txt": "fastmcp>=2.0\n"})
    tool = _described(tmp_path)["open_order"]
    assert tool["description"] == "Open a new order for an item in the catalogue"
    assert tool["input_schema"]["properties"]["item"]["description"] == 'Catalogue item code, e.g. "SKU-1"'
    found = parse_findings(toollint("check", "--select", "TL102,TL103,TL104", "server.py", cwd=tmp_path).stdout)
    assert [(f[3], f[1]) for f in found] == [("TL102", 8)]


def test_the_cache_follows_a_changed_pin(tmp_path):
    write_tree(tmp_path, {"server.py": SERVER, "requirements.txt": "fastmcp==2.13.0.1\n"})
    assert "Note:" in _described(tmp_path)["open_order"]["description"]
    (tmp_path / "requirements.txt").write_text("fastmcp==4.2.3\n")
    _folder_bounds.cache_clear()  # a new run reads the files again
    assert "Note:" not in _described(tmp_path)["open_order"]["description"]
