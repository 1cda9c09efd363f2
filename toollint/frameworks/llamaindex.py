"""LlamaIndex's `FunctionTool.from_defaults(fn=...)`, and the plain functions its workflow
agents convert with it: `FunctionAgent(tools=[fn])`, `ReActAgent` and `CodeActAgent` alike
(BaseWorkflowAgent.validate_tools: `FunctionTool.from_defaults(tool)` for what is not a
BaseTool), and `AgentWorkflow.from_tools_or_functions([fn])` (`FunctionTool.from_defaults(
fn=tool)`); llama_index/core/agent/workflow/base_agent.py and multi_agent_workflow.py of
llama-index-core 0.14.25 and 0.12.42.

It sends `name + str(inspect.signature(fn)) + "\\n" + fn.__doc__`, stripped, reads
parameter descriptions only from `:param x:`, `x (type):` and `@param x` in the raw
docstring, drops `self` by name (bound or not) and a workflow `Context` parameter, and
reads `Annotated[str, "description"]`.

With `fn_schema=Model` it sends `Model.model_json_schema()` keeping only `type`,
`properties`, `required`, `definitions` and `$defs` (llama_index/core/tools/types.py,
`ToolMetadata.get_parameters_dict`; recorded in llama_index_models.json).
"""
from __future__ import annotations

import ast
import re
from typing import Callable, List, Mapping, Optional, Sequence, Set, Tuple

import libcst as cst

from toollint import SOURCE_NAME
from toollint.extract.evaluate import Evaluator, dotted, string_value
from toollint.frameworks.annotations import field_call, field_has_default, keyword, last_name
from toollint.frameworks.args import all_params, qualified
from toollint.frameworks.model_marks import class_names
from toollint.frameworks.base import Factory, Framework, ListCall
from toollint.frameworks.docstrings import ParamDocs
from toollint.frameworks.llamaindex_query import FACTORIES as QUERY_ENGINE_TOOLS, query_engine_tool
from toollint.model import CallVal, Const, Str, Tool

_PARAM_DOCS = (
    re.compile(r":param (\w+): (.+)"),
    re.compile(r"^\s*(\w+)\s*\(.*?\):\s*(.+)$", re.M),
    re.compile(r"@param (\w+)\s+(.+)"),
)


def _param_docs(raw: str, names: Set[str]) -> ParamDocs:
    """LlamaIndex's extract_param_docs; line numbers index the raw docstring's lines."""
    out: ParamDocs = {}
    for pattern in _PARAM_DOCS:
        for match in pattern.finditer(raw):
            name, text = match.group(1), match.group(2).strip()
            if name not in names or (name in out and out[name][0] != text):
                continue
            line = raw.count("\n", 0, match.start(2))
            out.setdefault(name, (text, line, line))
    return out



_MODULES = {"FunctionAgent": "function_agent", "ReActAgent": "react_agent", "CodeActAgent": "codeact_agent"}


class LlamaIndex(Framework):
    name = "llama-index"
    factories = {**{q: Factory(("fn", "name", "description", "return_direct", "fn_schema", "async_fn"),
                               ("fn", "async_fn")) for q in (
        "llama_index.core.tools.FunctionTool.from_defaults",
        "llama_index.core.tools.function_tool.FunctionTool.from_defaults",
        "llama_index.core.FunctionTool.from_defaults")}, **QUERY_ENGINE_TOOLS}
    # ListCall's position 0 is only AgentWorkflow's: the agents are pydantic models, keywords only
    list_calls = {
        **{f"llama_index.core.agent.{m}{agent}": ListCall(0, "from_defaults")
           for agent in ("FunctionAgent", "ReActAgent", "CodeActAgent")
           for m in ("", "workflow.", f"workflow.{_MODULES[agent]}.")},
        **{f"llama_index.core.agent.workflow.{m}AgentWorkflow.from_tools_or_functions": ListCall(0, "from_defaults")
           for m in ("", "multi_agent_workflow.")}}
    dropped = frozenset({"self"})
    string_descriptions = True

    def call_tool(self, use, ctx) -> Optional[Tool]:
        return query_engine_tool(use, ctx, self.name) if use.method.startswith(("QueryEngineTool", "RetrieverTool")) \
            else None

    def given_schema(self, use, evaluator):
        """`fn_schema=Model`: the model's schema, linked once the project's classes are known
        (frameworks/model_params.py), with only the keys `get_parameters_dict` keeps."""
        expr = use.kwarg("fn_schema")
        model = dotted(expr) if expr is not None else None
        if model is None or model == "None":
            return super().given_schema(use, evaluator)
        span = evaluator.span_of(expr)
        return CallVal(f"{model}.model_json_schema", (), (("toollint_transform", Const(self.name, span)),), span)

    def read_docstring(self, use, sig, evaluator) -> Tuple[Optional[str], ParamDocs, int]:
        raw = sig.docstring.value if sig.docstring is not None and sig.docstring.value is not None else ""
        # the raw docstring is read: its lines are the source's, no offset
        return None, _param_docs(raw, {p.name for p in sig.params}), 0

    def fallback_description(self, node, sig, name, text, ctx) -> Optional[Str]:
        if name.value is None:
            return None
        if sig.docstring is not None and sig.docstring.value is None:
            return Str(None, sig.docstring.span)
        raw = sig.docstring.value if sig.docstring is not None else ""
        if any(_local_class(p, ctx.imports) for p in all_params(node)):
            # inspect prints such a class as `<module>.Name`, the name the module is imported under
            return Str(None, sig.span)
        shown = _SignatureText(ctx.imports, ctx.evaluator).signature(
            node, lambda q: q.name.value != "self" and not _context(q))
        return Str(f"{name.value}{shown}\n{raw}".strip(), sig.docstring.span if sig.docstring is not None else sig.span)


def _local_class(param: cst.Param, imports) -> bool:
    """A parameter typed with a class this module defines (or with one inside its type)."""
    annotation = param.annotation.annotation if param.annotation is not None else None
    return annotation is not None and any((dotted(n) or "").split(".")[0] not in imports
                                          for n in class_names(annotation, imports))


def _context(param: cst.Param) -> bool:
    """LlamaIndex drops a parameter annotated with its workflow `Context` (or Context[...])."""
    annotation = param.annotation.annotation if param.annotation is not None else None
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    return annotation is not None and last_name(annotation) == "Context"


_BUILTIN_GENERICS = {"list", "dict", "tuple", "set", "frozenset", "type"}
_TYPING = {"typing", "typing_extensions"}


class _SignatureText:
    """`str(inspect.signature(fn))` as Python 3.9-3.13 print it, from the source.

    inspect strips `typing.` from a typing object at the top, prints a builtin generic or a
    `X | Y` union with its members' full reprs, an Annotated with everything, a class as
    `module.Name`, and under `from __future__ import annotations` the quoted source. What
    cannot be known without importing (a class of this module, an unusual default) is
    printed as written."""

    def __init__(self, imports: Mapping[str, Tuple[str, str]], evaluator: Evaluator) -> None:
        self.imports = imports
        self.evaluator = evaluator
        self.future = imports.get("annotations") == ("__future__", "annotations")

    def annotation(self, node: cst.BaseExpression) -> str:
        if self.future:
            code = cst.Module([]).code_for_node(node)
            try:
                return repr(ast.unparse(ast.parse(code.strip(), SOURCE_NAME, mode="eval")))
            except (SyntaxError, ValueError, AttributeError):
                return repr(code)
        text, kind = self._repr(node)
        return text.replace("typing.", "") if kind == "typing" else text

    def _name(self, node: cst.BaseExpression) -> Optional[Tuple[str, str]]:
        name = dotted(node)
        if name is None:
            return None
        full = qualified(node, self.imports) or name
        module, _, last = full.rpartition(".")
        return module, last

    def _repr(self, node: cst.BaseExpression) -> Tuple[str, str]:
        """(repr, kind): kind is typing | annotated | generic | union | class | none | str."""
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
            return repr(string_value(node)), "str"
        if isinstance(node, cst.Name) and node.value == "None":
            return "None", "none"
        named = self._name(node)
        if named is not None:
            module, last = named
            if module in _TYPING:
                return f"typing.{last}", "typing"
            return (f"{module}.{last}" if module else last), "class"
        if isinstance(node, cst.Subscript):
            head = self._name(node.value)
            args = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
            if head is not None and head[0] in _TYPING:
                last = head[1]
                if last == "Optional" and args:
                    return self._union([args[0], cst.Name("None")])
                if last == "Union":
                    return self._union(args)
                if last == "Literal":
                    return "typing.Literal[%s]" % ", ".join(self._literal(a) for a in args), "typing"
                if last == "Annotated" and args:
                    meta = ", ".join(self._meta(a) for a in args[1:])
                    return f"typing.Annotated[{self._arg(args[0])}, {meta}]", "annotated"
                return "typing.%s[%s]" % (last, ", ".join(self._arg(a) for a in args)), "typing"
            if head is not None and not head[0] and head[1] in _BUILTIN_GENERICS:
                return "%s[%s]" % (head[1], ", ".join(self._arg(a) for a in args)), "generic"
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            members = self._flatten(node)
            if any(self._repr(m)[1] in ("typing", "annotated") for m in members):
                return self._union(members)  # a typing object's `|` makes a typing.Union
            return " | ".join(self._arg(m) for m in members), "union"
        return cst.Module([]).code_for_node(node), "class"

    def _arg(self, node: cst.BaseExpression) -> str:
        return self._repr(node)[0]

    def _flatten(self, node: cst.BaseExpression) -> List[cst.BaseExpression]:
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            return self._flatten(node.left) + self._flatten(node.right)
        return [node]

    def _union(self, members: Sequence[cst.BaseExpression]) -> Tuple[str, str]:
        flat: List[str] = []
        for member in members:
            inner = self._flatten(member)
            for m in inner:
                named = self._name(m.value) if isinstance(m, cst.Subscript) else None
                args = [e.slice.value for e in m.slice if isinstance(e.slice, cst.Index)] \
                    if isinstance(m, cst.Subscript) else []
                if named is not None and named[0] in _TYPING and named[1] == "Union":
                    flat.extend(self._arg(a) if self._repr(a)[1] != "none" else "None" for a in args)
                elif named is not None and named[0] in _TYPING and named[1] == "Optional" and args:
                    flat.extend([self._arg(args[0]), "None"])
                else:
                    flat.append(self._arg(m))
        unique = list(dict.fromkeys(flat))
        if len(unique) == 1:
            return unique[0], "typing"
        if len(unique) == 2 and "None" in unique:
            other = unique[0] if unique[1] == "None" else unique[1]
            return f"typing.Optional[{other}]", "typing"
        return "typing.Union[%s]" % ", ".join("NoneType" if u == "None" else u for u in unique), "typing"

    def _literal(self, node: cst.BaseExpression) -> str:
        value = self.evaluator.eval(node)
        if isinstance(value, Const):
            return repr(value.value)
        return cst.Module([]).code_for_node(node)

    def _meta(self, node: cst.BaseExpression) -> str:
        call = field_call(node)
        if call is None:
            value = self.evaluator.eval(node)
            return repr(value.value) if isinstance(value, Const) else cst.Module([]).code_for_node(node)
        parts = ["annotation=NoneType", f"required={not field_has_default(call)}"]
        positional = next((a.value for a in call.args if a.keyword is None and not a.star), None)
        default = keyword(call, "default") or positional
        if default is not None and field_has_default(call):
            parts.append(f"default={self._default(default)}")
        description = keyword(call, "description")
        if description is not None:
            parts.append(f"description={self._default(description)}")
        return "FieldInfo(%s)" % ", ".join(parts)

    def _default(self, node: cst.BaseExpression) -> str:
        value = self.evaluator.eval(node)
        if isinstance(value, Const):
            return repr(value.value)
        return cst.Module([]).code_for_node(node)

    def signature(self, node: cst.FunctionDef, keep: Callable[[cst.Param], bool]) -> str:
        p = node.params
        parts: List[str] = []

        def one(param: cst.Param, prefix: str = "") -> str:
            text = prefix + param.name.value
            annotation = param.annotation.annotation if param.annotation is not None else None
            if annotation is not None:
                text += ": " + self.annotation(annotation)
            if param.default is not None and field_call(param.default) is None:
                text += (" = " if annotation is not None else "=") + self._default(param.default)
            return text

        posonly = [q for q in p.posonly_params if keep(q)]
        parts.extend(one(q) for q in posonly)
        if posonly:
            parts.append("/")
        parts.extend(one(q) for q in p.params if keep(q))
        if isinstance(p.star_arg, cst.Param):
            parts.append(one(p.star_arg, "*"))
        kwonly = [q for q in p.kwonly_params if keep(q)]
        if kwonly and not isinstance(p.star_arg, cst.Param):
            parts.append("*")
        parts.extend(one(q) for q in kwonly)
        if p.star_kwarg is not None:
            parts.append(one(p.star_kwarg, "**"))
        text = "(" + ", ".join(parts) + ")"
        if node.returns is not None:
            text += " -> " + self.annotation(node.returns.annotation)
        return text

