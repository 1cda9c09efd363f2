"""Real git repositories in temp folders, and the small agent project the pre-commit and
--changed-since tests commit into them (definitions, router and handlers in three modules)."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Dict, Optional


def clean_env(**extra: str) -> Dict[str, str]:
    # GIT_DIR, GIT_INDEX_FILE... are set when the suite itself runs inside a git hook
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    # the user's global and system git config (signing, hooks, templates) stay out
    env.update(NO_COLOR="1", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1", **extra)
    return env


def clean_env_changes(**extra: str) -> Dict[str, Optional[str]]:
    """clean_env() as changes to os.environ (None unsets), for runs in this process."""
    changes: Dict[str, Optional[str]] = {k: None for k in os.environ if k.startswith("GIT_")}
    changes.update(clean_env(**extra).items() - os.environ.items())
    return changes


def git(cwd: Path, *args: str, env=None) -> str:
    proc = subprocess.run(["git", *args], cwd=cwd, env=env or clean_env(), capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, f"git {' '.join(args)}: {proc.stdout}{proc.stderr}"
    return proc.stdout


def new_repo(path: Path) -> Path:
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main")
    git(path, "config", "user.name", "Test")
    git(path, "config", "user.email", "test@example.com")
    git(path, "config", "commit.gpgsign", "false")
    return path


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


PYPROJECT = '[project]\nname = "demo"\n\n[tool.toollint]\nselect = ["TL101", "TL305", "TL306"]\n'


def tool_entry(name: str, description: bool = True) -> str:
    text = f'    {{\n        "name": "{name}",\n'
    if description:
        text += ('        "description": (\n'
                 '            "Work on one order. Call this when the customer names an order. "\n'
                 '            "Do not call this for anything else; use escalate instead."\n'
                 '        ),\n')
    text += ('        "input_schema": {\n'
             '            "type": "object",\n'
             '            "properties": {"order_id": {"type": "string", "description": "Like ORD-1042."}},\n'
             '            "required": ["order_id"],\n'
             '        },\n'
             '    },\n')
    return text


def tools_module(*names: str, undescribed: str = "") -> str:
    entries = "".join(tool_entry(n, description=n != undescribed) for n in names)
    return f'"""Tool definitions."""\n\nTOOL_DEFINITIONS = [\n{entries}]\n'


ROUTER = '''"""Offer each turn only the tools of the question's category."""

TOOL_CATEGORIES = {
    "orders": ["lookup_order"],
    "billing": ["issue_refund"],
}
'''

HANDLERS = '''"""Dispatch: TOOL_HANDLERS[name](**tool_input)."""


def lookup_order(order_id):
    return {}


def issue_refund(order_id):
    return {}


TOOL_HANDLERS = {"lookup_order": lookup_order, "issue_refund": issue_refund}
'''
