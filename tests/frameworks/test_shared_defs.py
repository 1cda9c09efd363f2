"""Definitions shared by many references (issue 16 review): where a property's span is
found (spanned.ref_paths) is walked per path asked about, so a chain of models each
using the next twice, sent with its `$defs` (`pydantic_function_tool`), links at once
instead of walking 2**depth paths (2**24 paths at depth 24 before), and a finding
still lands on the field's line."""
from __future__ import annotations

DEPTH = 24


def _models() -> str:
    lines = ["from pydantic import BaseModel", ""]
    for i in reversed(range(DEPTH)):
        lines += ["", f"class Level{i}(BaseModel):", f'    """Level {i} of the tree."""', ""]
        if i == DEPTH - 1:
            lines.append("    leaf: str")
        else:
            lines += [f"    left: Level{i + 1}", f"    right: Level{i + 1}"]
    return "\n".join(lines) + "\n"


SERVER = '''import openai

from pkg.models import Level0

TOOLS = [openai.pydantic_function_tool(Level0)]
'''


def test_a_model_whose_definitions_share_others_links_and_spans_its_fields(lint):
    models = _models()
    leaf_line = models.splitlines().index("    leaf: str") + 1
    project = {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/models.py": models, "pkg/server.py": SERVER}
    assert lint(project, select=["TL207"]) == [("pkg/models.py", leaf_line, "TL207")]
