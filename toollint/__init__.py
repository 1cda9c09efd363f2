"""toollint: a static linter for the LLM tool definitions in Python code."""

__version__ = "0.1.0"
