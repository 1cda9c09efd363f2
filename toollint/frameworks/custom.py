"""The project's own decorators (`decorators = [...]` in the settings): unknown frameworks.

Read as the common case: the cleaned docstring, a pydantic-built schema. Not in the
registry: it has no import paths, the settings name its decorators.
"""
from __future__ import annotations

from toollint.frameworks.base import Framework


class Custom(Framework):
    name = "custom"
    in_class = False  # what a project decorator does with `self` is unknown
    positional_name = True


CUSTOM = Custom()
