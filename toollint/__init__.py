"""toollint: a static linter for the LLM tool definitions in Python code."""

import warnings

__version__ = "0.1.0"

# CPython warns while parsing a user's file (`"\d"`: SyntaxWarning from 3.12), printed on
# the user's stderr as if about toollint's run. Every parse of text toollint reads names the
# text "<toollint>" (SOURCE_NAME), so exactly those warnings are silenced, no others.
SOURCE_NAME = "<toollint>"
warnings.filterwarnings("ignore", category=Warning, module=r"<toollint>\Z")
