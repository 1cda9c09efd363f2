"""smolagents' `@tool`.

It reads only Google docstrings (continuation lines joined by spaces), marks every
parameter with a default or a `None` annotation `nullable` and leaves it out of
`required`, and raises on a method.
"""
from __future__ import annotations

from typing import Optional, Tuple

from toollint.frameworks.base import Framework
from toollint.frameworks.docstrings import ParamDocs, google


class Smolagents(Framework):
    name = "smolagents"
    functions = ("smolagents.tool", "smolagents.tools.tool")
    in_class = False
    style = "smol"

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        parsed = google(clean, " ")
        return parsed.text or "", parsed.params
