"""Anthropic's `@beta_tool` / `@beta_async_tool`.

docstring_parser takes the style that finds the most fields (reST, Google, NumPy on a
tie); the schema is closed.
"""
from __future__ import annotations

from typing import Optional, Tuple

from toollint.frameworks.base import Framework
from toollint.frameworks.docstrings import ParamDocs, parse, summary


class Anthropic(Framework):
    name = "anthropic"
    functions = ("anthropic.beta_tool", "anthropic.beta_async_tool", "anthropic.lib.tools.beta_tool",
                 "anthropic.lib.tools.beta_async_tool")
    closed = True

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        parsed = max((parse(s, clean) for s in ("sphinx", "google", "numpy")), key=lambda d: d.fields)
        return summary(parsed, clean), parsed.params
