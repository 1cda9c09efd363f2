"""LangChain tools declared with a pydantic model (issue 16), as the scan finds them; their
schema is a `langchain_models.marker` that linking derives (toollint.frameworks.langchain_models).

- `class Search(BaseTool)` with class attributes `name`, `description` and `args_schema`
  (plain or annotated, `args_schema: Type[BaseModel] = SearchInput`): the tool LangChain
  sends is named and described by the attributes as written (no dedent); without
  `args_schema` the schema is derived from `_run`, as `create_schema_from_function` does;
- `args_schema=Model` given to `@tool` or `StructuredTool.from_function` (LangChain.given_schema);
- a model class handed to `llm.bind_tools([...])`;
- `@tool` / `@tool("name")` on a model class.
"""
from __future__ import annotations

import textwrap
from typing import Callable, Dict, List, Mapping, Optional, Tuple

import libcst as cst

from toollint.extract.evaluate import Evaluator, dotted, string_value
from toollint.frameworks.args import qualified
from toollint.frameworks.langchain_dict import sent_dict
from toollint.frameworks.langchain_models import BASE_TOOLS, TOOL_DECORATORS, inherited, marker
from toollint.model import Const, DictVal, FunctionSig, Ref, Span, Str, Symbol, Tool, Unresolved, Value



def model_value(expr: cst.BaseExpression, evaluator: Evaluator) -> Optional[Value]:
    """A class named by an expression: a class of the module (Symbol) or an imported one (Ref)."""
    if isinstance(expr, cst.Name) and expr.value in evaluator.classes and expr.value not in evaluator.names:
        return Symbol(expr.value, evaluator.span_of(expr))
    if dotted(expr) is None:
        return None
    value = evaluator.eval(expr)
    return value if isinstance(value, Ref) and not value.spread else None


# packages whose own `BaseTool` a class may extend: never LangChain's
_OTHER_FRAMEWORKS = frozenset({"crewai", "crewai_tools", "autogen_core", "autogen_agentchat", "agno", "camel",
                               "llama_index", "smolagents", "letta", "letta_client"})


def class_tools(classes: Mapping[str, cst.ClassDef], imports: Mapping[str, Tuple[str, str]],
                evaluator: Evaluator, functions: Mapping[str, FunctionSig],
                derive_run: Callable[[cst.FunctionDef, FunctionSig], Optional[Tool]]) -> List[Tool]:
    """The tools of the module's `BaseTool` subclasses, each spanned on its class name."""
    out: List[Tool] = []
    for cls, node in classes.items():
        decorated = decorated_model(cls, node, imports, evaluator)
        if decorated is not None:
            out.append(decorated)
            continue
        bases = [qualified(b.value, imports) for b in node.bases]
        direct = any(b in BASE_TOOLS for b in bases)
        if not direct and (not any(dotted(b.value) for b in node.bases)
                           or any(b and b.split(".")[0] in _OTHER_FRAMEWORKS for b in bases)):
            continue  # crewAI's BaseTool and the like are not LangChain's (frameworks/crewai.py)
        attrs = _attributes(node)
        if "name" not in attrs or "description" not in attrs:
            continue  # set in __init__ or inherited: not read
        span = evaluator.span_of(node.name)
        name, description = (_string(evaluator.eval(attrs[k])) for k in ("name", "description"))
        if name.value == "":
            continue  # `name: str = ""`: a template its constructor's callers name (ClickupAction(name=...))
        if description.value == "":
            description = Str(None, description.span)  # likewise filled in at construction
        schema: Optional[Value] = None
        if "args_schema" in attrs:
            model = model_value(attrs["args_schema"], evaluator)
            given = evaluator.eval(attrs["args_schema"]) if model is None else None
            schema = marker(model, "tool", span) if model is not None else sent_dict(given) if isinstance(
                given, DictVal) else Unresolved("args_schema is not a model class", evaluator.span_of(attrs["args_schema"]))
        else:
            schema = _run_schema(node, functions.get(f"{cls}._run"), derive_run, span)
        if schema is None:
            continue
        if not direct:  # `class Search(MyBaseTool)`: linking tells whether MyBaseTool is LangChain's
            schema = inherited(cls, "args_schema" in attrs, schema, span)
        out.append(Tool(name=name, span=span, shape="decorated", description=description, schema=schema,
                        framework="langchain"))
    return out


def decorated_model(cls: str, node: cst.ClassDef, imports: Mapping[str, Tuple[str, str]],
                    evaluator: Evaluator) -> Optional[Tool]:
    """`@tool` (or `@tool("name")`) on a model class: from_function of the class itself,
    named by it, described by its docstring (dedented); None for any other class."""
    if len(node.decorators) != 1:
        return None
    expr = node.decorators[0].decorator
    call = expr if isinstance(expr, cst.Call) else None
    if qualified(call.func if call is not None else expr, imports) not in TOOL_DECORATORS:
        return None
    span = evaluator.span_of(node.name)
    name = Str(cls, span)
    if call is not None:
        if len(call.args) != 1 or call.args[0].keyword is not None:
            return None  # options this reading does not model
        name = _string(evaluator.eval(call.args[0].value))
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    doc = body[0].body[0].value if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(
        body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString)) \
        else None
    if doc is None:
        return None  # "Function must have a docstring if description not provided."
    text = string_value(doc)
    description = Str(textwrap.dedent(text).strip() if text is not None else None, evaluator.span_of(doc))
    return Tool(name=name, span=span, shape="decorated", description=description,
                schema=marker(Symbol(cls, span), "class", span), framework="langchain")


def _run_schema(node: cst.ClassDef, sig: Optional[FunctionSig],
                derive_run: Callable[[cst.FunctionDef, FunctionSig], Optional[Tool]], span: Span) -> Optional[Value]:
    """What `create_schema_from_function(name, self._run)` gives; None: no `_run` here."""
    run = _method(node, "_run")
    if run is None or sig is None:
        return None
    if any(p.kind in ("var_positional", "var_keyword") for p in sig.params):
        return Unresolved("_run takes *args or **kwargs, which LangChain sends as properties", span)
    derived = derive_run(run, sig)
    return derived.schema if derived is not None else None


def _attributes(node: cst.ClassDef) -> Dict[str, cst.BaseExpression]:
    out: Dict[str, cst.BaseExpression] = {}
    for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name) and small.value is not None:
                out[small.target.value] = small.value
            elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                    small.targets[0].target, cst.Name):
                out[small.targets[0].target.value] = small.value
    return out


def _method(node: cst.ClassDef, name: str) -> Optional[cst.FunctionDef]:
    for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == name:
            return stmt
    return None


def _string(value: Value) -> Str:
    if isinstance(value, Const) and isinstance(value.value, str):
        return Str(value.value, value.span)
    return Str(None, value.span)


def bound_model(item: cst.BaseExpression, evaluator: Evaluator, span: Span) -> Optional[Tool]:
    """A class handed to `bind_tools([...])`: a tool when linking finds it is a project model."""
    model = model_value(item, evaluator)
    if model is None or isinstance(item, cst.Name) and item.value in evaluator.functions:
        return None
    return Tool(name=Str(None, span), span=span, shape="decorated", description=None,
                schema=marker(model, "model", span), framework="langchain")
