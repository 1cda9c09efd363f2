"""LangChain tools whose schema is a pydantic model (issue 16): BaseTool subclasses,
`args_schema=` of `@tool` / `StructuredTool.from_function`, models handed to `bind_tools`;
derived statically (toollint.frameworks.langchain_models) and compared with what
`convert_to_openai_tool` sent (tests/data/frameworks/models/langchain_models.json)."""
from __future__ import annotations

import hashlib
import json
import os
import textwrap

from toollint.model import to_python

from frameworkcase import DATA
from test_openai_models import linked_tools

RECORDING = os.path.join(DATA, "models", "langchain_models.json")


def test_matches_the_recording():
    with open(RECORDING, encoding="utf-8") as handle:
        data = json.load(handle)
    path = os.path.join(DATA, data["source"])
    with open(path, "rb") as handle:
        assert hashlib.sha256(handle.read()).hexdigest() == data["sha256"], "rerun record.py langchain_models"
    ours = {t.name.value: t for t in linked_tools(path, "langchain_models")}
    assert sorted(ours) == sorted(t["name"] for t in data["tools"])
    for real in data["tools"]:
        tool = ours[real["name"]]
        where = f"langchain-core {data['version']}, tool {real['name']!r}"
        assert tool.framework == "langchain", where
        assert (tool.description.value if tool.description else None) == real["description"], where
        assert to_python(tool.schema) == real["parameters"], where
