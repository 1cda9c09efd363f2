"""crewAI's class-based tools: `class SearchTool(BaseTool)` with class attributes
`name: str = "..."`, `description: str = "..."`, `args_schema: Type[BaseModel] = Model`.

What crewAI 1.15 sends on native function calling (crewai/utilities/agent_utils.py,
`convert_tools_to_openai_schema`, recorded in tests/data/frameworks/crewai.json):

- the name through `sanitize_tool_name` (crewai/utilities/string_utils.py): camelCase
  split, lowercased, every run of other characters one `_` ("Search Orders" ->
  "search_orders");
- the description as authored: crewAI used to rewrite it in place into "Tool Name: ...\\n
  Tool Arguments: ...\\nTool Description: <authored>", and still renders that block for
  its text (ReAct) prompts, but it strips the prefix before the function-calling payload.
  The rules on descriptions (TL1xx) judge the authored text: it is what the model reads
  as the tool's description, the only part the author wrote, and a finding on the
  generated prefix (the name and the schema again) could not be fixed in the code;
- the parameters: `args_schema.model_json_schema()` through crewAI's strict pipeline
  (`generate_model_description(..., strip_null_types=False)` in
  crewai/utilities/pydantic_schema_utils.py), ported step for step in crewai_schema.py;
- `"strict": true`.

Before 1.10 crewAI sent no strict schema (`sends_strict`): the project's pinned crewAI
(config/pins.py) decides.

Without `args_schema`, crewAI builds a model from `_run`'s signature (`self`, `*args` and
`**kwargs` left out), derived here as the decorator's; a `_run` with no parameters sends
`_arun`'s, left unresolved.

A subclass of another tool class (`class Search(MyBaseTool)`) that names its tool inherits
the other attributes and `_run` along its single-base chain, as Python looks them up, over
the ClassFacts of each class (toollint.classfacts: `tool_chain` and `collect` read them). A
base another project module defines is read while linking (a CrewClass, crewai_bases.py), on
along its own chain; a method of any class of the chain that sets one of them (or any
store, `setattr()` or `__dict__` in a class of another module, read whole there) leaves
it unresolved. A base that is no project class (but crewai_tools' `RagTool`, known:
crewai_bases.py), a class with several bases, or a chain that does not reach crewAI's
BaseTool makes no crewAI tool.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Dict, List, Mapping, Optional, Set, Tuple

import libcst as cst

from toollint.classfacts import ClassFacts
from toollint.deferred import CrewClass
from toollint.extract.evaluate import Evaluator, dotted
from toollint.extract.textscan import STDLIB
from toollint.frameworks.base import Context, Framework, Use
from toollint.frameworks.derive import function_tool, version_bound
from toollint.config.pins import below
from toollint.frameworks.crewai_schema import PLAIN, TRANSFORM, sanitize_tool_name, strict_parameters
from toollint.frameworks.pydantic_values import python_value
from toollint.frameworks.spanned import Level
from toollint.model import (CallVal, Const, DictVal, FunctionSig, ListVal, RegistryDecl, Span, Str, Unresolved,
                            Value, is_complete, to_python)

BASES = {"crewai.tools.BaseTool", "crewai.tools.base_tool.BaseTool", "crewai_tools.BaseTool",
         "crewai_tools.tools.base_tool.BaseTool", "crewai.BaseTool"}

# --- recognition ------------------------------------------------------------------------


def _qualified(name: str, imports: Mapping[str, Tuple[str, str]]) -> str:
    """A base as written (`tools.BaseTool`), through the module's imports."""
    head, _, rest = name.partition(".")
    if head in imports:
        module, attr = imports[head]
        name = ".".join(p for p in (module, attr, rest) if p)
    return name


ATTRS = ("name", "description", "args_schema")
BASE_TOOL = ("crewai", "BaseTool")  # the end of a chain: crewAI's own BaseTool
# packages whose classes are no crewAI tool: a chain ending in one is none, without
# reading each `class Item(BaseModel)` for what crewAI would take from it
# (not `agents` or `mcp`: projects name their own packages so)
_NOT_CREWAI = frozenset({"pydantic", "langchain", "langchain_core", "langchain_community", "llama_index",
                         "typing_extensions", "fastmcp", "smolagents", "pydantic_ai"})


def tool_chain(cls: str, classes: Mapping[str, ClassFacts],
               imports: Mapping[str, Tuple[str, str]]) -> Tuple[List[str], Optional[Tuple[str, str]]]:
    """The class and its bases of the same module, nearest first (the class attributes are
    looked up along it, as Python does), and where the chain goes on: `BASE_TOOL` (the last
    extends crewAI's BaseTool), the (module, name) of a base imported from elsewhere, or
    None: no crewAI tool, or a class with several bases (a mixin may set what is sent)."""
    chain: List[str] = []
    while cls in classes and cls not in chain:
        chain.append(cls)
        facts = classes[cls]
        if any(_qualified(base, imports) in BASES for base in facts.bases):
            return chain, BASE_TOOL
        if len(facts.bases) != 1 or facts.keywords:
            return chain, None
        cls = facts.bases[0]
        if cls not in classes:
            module, _, name = _qualified(cls, imports).rpartition(".")
            top = module.partition(".")[0]
            if not module or cls.partition(".")[0] not in imports or top in _NOT_CREWAI or top in STDLIB:
                return chain, None
            return chain, (module, name)
    return chain, None


def class_tools(classes: Mapping[str, ClassFacts], imports: Mapping[str, Tuple[str, str]],
                span_of: Callable[[str], Span], other: Callable[[str], Optional[RegistryDecl]],
                strict: bool = True) -> List[RegistryDecl]:
    """One loose definition per crewAI tool class, in the OpenAI form crewAI sends; a
    CrewClass for linking when the chain goes on in another module (`other`: what else
    reads the class, should it be no crewAI tool). `span_of`: a class's name; `strict`:
    whether the crewAI the project installs sends strict schemas (`sends_strict`)."""
    out: List[RegistryDecl] = []
    for cls, facts in classes.items():
        chain, end = tool_chain(cls, classes, imports)
        if end is None or "name" not in dict(facts.values):
            continue  # a class naming no tool of its own is its base's tool again, or a template
        span = span_of(cls)
        found: Dict[str, Value] = {}
        changed: Set[str] = set()
        runner = collect(classes, chain, found, changed, span)
        if end == BASE_TOOL:
            value: Value = definition(cls, found, changed, span, strict)
        else:
            read = other(cls)
            value = CrewClass(cls, tuple(found.items()), tuple(sorted(changed)), end[0], end[1], span,
                              read.value if read else None, read.function if read else None, strict)
        out.append(RegistryDecl("loose", cls, value, span, function=runner.run_function if runner else None))
    return out


def collect(classes: Mapping[str, ClassFacts], chain: List[str], found: Dict[str, Value], changed: Set[str],
            span: Span) -> Optional[ClassFacts]:
    """What the chain's classes set that no nearer class did, into `found` ("run": the
    parameters of the nearest `_run`), and what they may set at run time: any store to one
    of the attributes, through `self` or not (`this = self; this.description = ...`), in
    this module or another alike. The class of that `_run`."""
    runner = None
    for c in chain:
        facts = classes[c]
        changed |= facts.run_time | (set(ATTRS) if facts.dynamic else facts.stored & set(ATTRS))
        for a, value in facts.values:
            found.setdefault(a, value)
        if "run" not in found and facts.run is not None:
            runner = facts
            run = facts.run
            found["run"] = Unresolved(run.reason, span) if isinstance(run, Unresolved) and run.reason in _RUN_UNREAD \
                else run
    return runner


def class_reading(cls: str, node: cst.ClassDef, names: Mapping[str, cst.BaseExpression],
                  targets: Mapping[str, cst.CSTNode], evaluator: Evaluator, functions: Mapping[str, FunctionSig],
                  imports: Mapping[str, Tuple[str, str]], span_of: Callable[[cst.CSTNode], Span],
                  lines: List[str], end_line: Optional[int] = None) -> Tuple:
    """What crewAI reads of the class's own body, for its ClassFacts: (values of ATTRS,
    what it sets at run time, the parameters of its `_run`, that `_run`). `lines` are the
    real text's; `end_line` the class's last line there (narrowing may have blanked the
    methods at its end, so the parsed class can end earlier)."""
    values = tuple((a, _parameters(cls, names, span_of) if a == "args_schema"
                    else evaluator.name(f"{cls}.{a}", targets[f"{cls}.{a}"])) for a in ATTRS if f"{cls}.{a}" in names)
    start, body = span_of(node.name), span_of(node.body)  # not span_of(node): a ClassDef's rpar is its bases'
    run_time = _set_at_run_time("\n".join(lines[start.line - 1:max(body.end_line, end_line or 0)]))
    run_time |= {a for a in ATTRS if _method(node, a) is not None}  # a property hides the base's value
    run, sig = _method(node, "_run"), functions.get(f"{cls}._run")
    if run is None or sig is None:
        return values, frozenset(run_time), None, None
    ctx = Context(imports, names, span_of, evaluator)
    return values, frozenset(run_time), _from_run(run, sig, ctx, start), sig


def definition(cls: str, found: Mapping[str, Value], changed: Set[str], span: Span, strict: bool = True) -> DictVal:
    def attr(a: str) -> Value:
        if a in changed:
            return Unresolved(f"'{cls}' sets self.{a} at run time", span)
        return found[a]

    name = attr("name")
    if isinstance(name, Const) and isinstance(name.value, str):
        name = Const(sanitize_tool_name(name.value), name.span)
    description = attr("description") if "description" in found else Unresolved(
        f"'{cls}' sets no description in its class body", span)
    parameters = found["args_schema"] if "args_schema" in found else found["run"] if "run" in found else \
        Unresolved(f"'{cls}' has no args_schema and no _run() to build one from", span)
    if "args_schema" in found and isinstance(parameters, CallVal) and not strict:
        parameters = replace(parameters, kwargs=(("toollint_transform", Const(PLAIN, parameters.span)),))
    elif "args_schema" not in found and strict:
        parameters = _strict_value(parameters)
    if changed & {"args_schema", "description"}:
        # a description written at run time often documents the arguments: judging
        # them without it would report what it may well describe
        parameters = Unresolved(f"'{cls}' sets self.{min(changed)} at run time", span)
    function = DictVal((
        (Const("name", name.span), name),
        (Const("description", description.span), description),
        (Const("parameters", span), parameters),
    ) + (((Const("strict", span), Const(True, span)),) if strict else ()), span)
    return DictVal(((Const("type", span), Const("function", span)), (Const("function", span), function)), span)


def _parameters(cls: str, names: Mapping[str, cst.BaseExpression], span_of) -> Value:
    expr = names[f"{cls}.args_schema"]
    model = dotted(expr)
    where = span_of(expr)
    if model is None:
        return Unresolved(f"the args_schema of '{cls}' is not a class name", where)
    return CallVal(f"{model}.model_json_schema", (), (("toollint_transform", Const(TRANSFORM, where)),), where)


_SELF_SET = re.compile(r"\bself\s*\.\s*(name|description|args_schema)\s*(?:=(?!=)|:[^=\n]*=(?!=))")
# `kwargs["description"] = ...` or `kwargs.setdefault("description", ...)`, then
# `super().__init__(**kwargs)`: the field's value is the call's
_KEYWORD_SET = re.compile(r"""\b(\w+)\s*(?:\[\s*["'](name|description|args_schema)["']\s*\]\s*=(?!=)"""
                          r"""|\.\s*setdefault\s*\(\s*["'](name|description|args_schema)["'])""")


def _set_at_run_time(text: str) -> Set[str]:
    """The attributes a method of the class assigns (`self.description = ...` in __init__
    or in an override of `_generate_description`, which crewAI calls after validation):
    what the class body says of them is not what is sent. Read from the source text, as
    the bodies of such methods are not parsed (front/narrow.py). The same for a keyword
    argument the class hands pydantic (`kwargs["args_schema"] = Fixed`), not for a dict
    of its own (`item["description"] = ...` in a result)."""
    found = {m.group(1) for m in _SELF_SET.finditer(text)}
    for m in _KEYWORD_SET.finditer(text):
        if re.search(r"\*\*\s*%s\b" % re.escape(m.group(1)), text):
            found.add(m.group(2) or m.group(3))
    return found


def _method(node: cst.ClassDef, name: str) -> Optional[cst.FunctionDef]:
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    return next((s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == name), None)


def _from_run(node: cst.FunctionDef, sig: FunctionSig, ctx: Context, span: Span) -> Value:
    """Without args_schema, crewAI makes a model of `_run`'s parameters but `self` and
    `*args`/`**kwargs` (`_default_args_schema`); with none, of `_arun`'s, not read here."""
    params = [p for p in sig.params if p.name != "self" and p.kind in ("positional", "keyword_only")]
    if not params:
        return Unresolved(_RUN_UNREAD[0], span)
    tool = function_tool(node, sig, Use(_CREWAI, None, method="_run"), ctx, mode="function")
    return tool.schema if tool is not None else Unresolved(_RUN_UNREAD[1], span)


# said of the tool class, not of the class whose `_run` it is
_RUN_UNREAD = ("crewAI builds this schema from _run() or _arun() at run time", "_run() is not read")


# --- `@tool("Name")` ---------------------------------------------------------------------


class CrewAI(Framework):
    """`@tool` / `@tool("Name")` from crewai.tools (crewai/tools/base_tool.py, `tool`): the
    name as given or the function's, sanitized on the way out; the description is the raw
    `__doc__` (Python 3.13 dedents it at compile time; the recording is of 3.11); without a
    docstring crewAI raises; the schema is pydantic's of the signature through the strict
    pipeline above."""

    name = "crewai"
    functions = ("crewai.tools.tool", "crewai.tools.base_tool.tool")
    bare = True
    positional_name = True

    def rejects(self, use, sig, params, evaluator) -> bool:
        # `_run` of a BaseTool subclass needs none: only its signature is read
        return use.method != "_run" and (sig.docstring is None or sig.docstring.value is None)

    def describe(self, use, raw, clean, evaluator):
        return raw, {}

    def read_docstring(self, use, sig, evaluator):
        text, docs, _ = super().read_docstring(use, sig, evaluator)
        return text, docs, 0  # the raw text: its lines are the source's

    def derive(self, node, sig, use, ctx, mode):
        # a method's self/cls: crewAI 0.x reads __annotations__ (an untyped self is not
        # there), 1.x the signature (sent, untyped)
        tool = super().derive(node, sig, use, ctx, version_bound(sig, mode))
        if tool is None:
            return None
        name = tool.name
        if name.value is not None:
            name = Str(sanitize_tool_name(name.value), name.span)
        if not sends_strict(ctx.evaluator.bounds):
            return replace(tool, name=name)
        return replace(tool, name=name, schema=_strict_value(tool.schema), strict=True)


def sends_strict(bounds) -> bool:
    """crewAI sends strict schemas from 1.10 on; 1.9 sent `model_json_schema()` without its
    root title and description (crewai 1.9.0, utilities/agent_utils.py
    `convert_tools_to_openai_schema`, recorded in crewai_19.json), and before 1.9 no schema
    at all: the tools were rendered into the ReAct prompt as text ("Tool Arguments: {...}"),
    from the same model, so its parameters are judged as 1.9's (held-out round 57, B: a
    project locking crewai 0.65 was told its schema broke strict mode)."""
    return not below(bounds, "crewai", _STRICT_FROM)


_STRICT_FROM = (1, 10, 0)


def _strict_value(schema: Optional[Value]) -> Optional[Value]:
    if not isinstance(schema, DictVal):
        return schema
    if not is_complete(schema):
        return _strict_top(schema)
    props = schema.get("properties")
    spans = {to_python(k): v.span for k, v in props.entries} if isinstance(props, DictVal) else {}
    return python_value(strict_parameters(to_python(schema)), schema.span, {"": Level("", spans)})


def _strict_top(schema: DictVal) -> DictVal:
    """What the pipeline surely does at the top of a schema read only in part (a parameter
    typed with a class): every property required, no other allowed (held-out round 57, B)."""
    props = schema.get("properties")
    if not isinstance(props, DictVal) or not all(isinstance(k, Const) for k, _ in props.entries):
        return schema
    span = schema.span
    kept = tuple((k, v) for k, v in schema.entries if to_python(k) not in ("required", "additionalProperties"))
    required = ListVal(tuple(Const(k.value, k.span) for k, _ in props.entries), span)
    return replace(schema, entries=kept + ((Const("required", span), required),
                                           (Const("additionalProperties", span), Const(False, span))))


_CREWAI = CrewAI()


class CrewAITools(CrewAI):
    """`from crewai_tools import tool`: crewai_tools' own copy of the decorator
    (crewai_tools/tools/base_tool.py `tool`, exported from crewai_tools 0.1.7 to 0.17.0 and
    gone by 0.38.1): the name as given, the raw `__doc__`, a docstring required, as crewAI's;
    its model is built from `__annotations__`, so an unannotated parameter is not sent."""

    functions = ("crewai_tools.tool", "crewai_tools.tools.base_tool.tool")

    def excluded(self, param, method, first, skip) -> bool:
        return param.annotation is None or super().excluded(param, method, first, skip)
