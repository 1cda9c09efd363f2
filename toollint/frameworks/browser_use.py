"""browser-use: `@tools.action("description", param_model=Model)` on a `Tools` /
`Controller` (`@registry.action` on a `Registry`).

browser-use 0.13 (browser_use/tools/registry/service.py, Registry.action and
_normalize_action_function_signature; views.py ActionModel): the description is the
decorator's first argument (the docstring is not read); without param_model the
parameters become a pydantic model on ActionModel (extra="forbid": closed), an
unannotated one a string, and the parameters it injects by name are left out. With
param_model the schema is that model's, which is not derived here yet.
"""
from __future__ import annotations

from typing import Optional, Tuple

from toollint.frameworks.base import Framework, Use
from toollint.frameworks.derive import function_tool
from toollint.frameworks.docstrings import ParamDocs
from toollint.model import Tool, Unresolved

_PARAMS = ("description", "param_model", "domains", "allowed_domains", "terminates_sequence")
_MODULES = ("browser_use", "browser_use.tools.service", "browser_use.controller", "browser_use.controller.service")


class BrowserUse(Framework):
    name = "browser-use"
    classes = tuple(f"{m}.{c}" for m in _MODULES for c in ("Tools", "Controller")) + (
        "browser_use.tools.registry.service.Registry",)
    methods = frozenset({"action"})
    in_class = False  # a method's `self` is not given: the action cannot be called
    closed = True
    unannotated = "string"
    dropped = frozenset({"context", "browser_session", "page_url", "cdp_client", "page_extraction_llm",
                         "available_file_paths", "has_sensitive_data", "file_system", "extraction_schema"})

    def derive(self, node, sig, use, ctx, mode) -> Optional[Tool]:
        return function_tool(node, sig, Use(use.framework, use.call, use.method, _PARAMS), ctx, mode)

    def read_docstring(self, use, sig, evaluator) -> Tuple[Optional[str], ParamDocs, int]:
        return None, {}, 0

    def given_schema(self, use, evaluator):
        expr = use.kwarg("param_model")
        if expr is None:
            return None
        return Unresolved("the schema comes from param_model=, a pydantic model not read statically yet",
                          evaluator.eval(expr).span)
