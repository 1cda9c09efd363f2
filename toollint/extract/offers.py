"""Each tool list a module hands over, on its own: which tools one turn offers together
(issue 18; Registration.offers, read by toollint/link/offers.py).

`fighter = Agent(tools=[resolve_move]); narrator = Agent(tools=[pick_event])` offers
resolve_move and pick_event in different turns, though one module decorates both. For
every call registration.py finds handing tools over (`Agent(tools=...)`,
`create_react_agent(model, tools)`, `ToolNode([...])`, `llm.bind_tools([...])`,
`CodeAgent(tools=...)`, ..., and `task.tools = [...]`), the list's items as registration.py follows them (local
lists and their appends, `[*BASE, x]`, module constants, imports):

- (module, function) of a function named there ("" for this module), as linking finds its def;
- (AT, "line:col") of an item that is a tool made in place: a call (`FunctionTool(...)`,
  `Tool(fn)`, `billing.as_tool(...)`) or a dict; linking matches it to the tool made there;
- (NEW, "line:col module Class") of a call of a class name given no project function
  (`WebSearchTool()`, `tools.Search(api_key=key)`, `SerperDevTool()`): the tool made there,
  or the tool made of that class (crewAI, smolagents, LangChain tool classes);
- (HANDOFF, "line:col") of each agent of `handoffs=[...]`, which the Agents SDK offers in
  the same turn (and of smolagents' `managed_agents=[...]`): the handoff tool made there,
  or one toollint does not make, but never one of the project's functions; BESIDE for LlamaIndex's `can_handoff_to=[...]`, whose
  handoff tool the workflow adds;
- UNREAD for anything else: a parameter, `self.tools`, a string, a list changed where
  this module does not read it, an agent whose tools other keywords add to
  (`mcp_servers=`, `toolsets=`), or a module that adds tools to an
  agent object after making it (`@agent.tool`, `agent.tools.append(fn)`).

The tools of a list linking cannot read whole keep today's neighbours: their module's tools.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import List, Optional, Tuple, Union

import libcst as cst

from toollint.extract.evaluate import dotted
from toollint.link.items import AT, BESIDE, HANDOFF, NEW, UNREAD

Item = Tuple[str, str]

# Keywords that add tools the list does not show; `handoffs` and `managed_agents` are read below.
_MORE_TOOLS = frozenset({"mcp_servers", "toolsets", "builtin_tools", "add_base_tools",
                         "toolkits", "functions", "hosted_tools", "tool_resources"})
# agents offered as tools in the same turn: the Agents SDK's handoffs, smolagents' managed agents
_AGENT_LISTS = frozenset({"handoffs", "managed_agents"})
_ADDING = frozenset({"add_tool", "add_tools"})  # one more tool for a server: not a turn's list
_PASS_THROUGH = frozenset({"list", "tuple", "set", "sorted", "reversed"})
# `@agent.tool`, `@agent.tool_plain`, `@assistant.register_for_llm()`, and a list changed
# through its object: the agent offers more than the list it was made with.
_ADDED_LATER = re.compile(r"@[ \t]*\w+\.(?:tool\w*|register_for_llm)\b"
                          r"|\.(?:tools|functions)[ \t]*(?:\.(?:append|extend|insert)[ \t]*\(|\+=|=(?!=))")
# `triage.handoffs = [...]`, `faq.handoffs.append(triage)`: handoff tools, never the project's functions
_HANDOFFS_LATER = re.compile(r"\.handoffs[ \t]*(?:\.(?:append|extend|insert)[ \t]*\(|\+=|=(?!=))")


# `task.tools = [ContactsTool()]` (crewAI, round 25): a new list for one object, read as a
# list of its own (registration.py); `self.tools = [...]` is a class's, used who knows where
_LIST_ASSIGNED = re.compile(r"(?<![\w.])(?!(?:self|cls)\.)\w+\.tools[ \t]*=[ \t]*\[")


def list_assigned(target: cst.BaseExpression, value: cst.BaseExpression) -> bool:
    """`name.tools = [...]`: an object's tool list replaced by a list written in place."""
    return (isinstance(target, cst.Attribute) and target.attr.value == "tools" and isinstance(value, cst.List)
            and isinstance(target.value, cst.Name) and target.value.value not in ("self", "cls"))


def added_later(text: str) -> Tuple[Item, ...]:
    """What every list of the module offers besides its items, when the module may add
    tools to an agent after making it: UNREAD, or BESIDE for handoffs."""
    for m in _ADDED_LATER.finditer(text):
        start = m.start()
        while start and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        if not (m.group().startswith(".tools") and _LIST_ASSIGNED.match(text, start)):
            return (UNREAD,)
    return (BESIDE,) if _HANDOFFS_LATER.search(text) else ()


@lru_cache(maxsize=None)
def harvest_class(base: type) -> type:
    """The per-list harvest: a subclass of registration's _Harvest, which registration
    passes in (it imports this module)."""

    class _Items(base):
        """registration's harvest, keeping the tools a list makes in place."""

        def __init__(self, *args, span_of) -> None:
            super().__init__(*args)
            self.span_of = span_of
            self.made: List[Item] = []

        def at(self, node: cst.CSTNode) -> None:
            span = self.span_of(node)
            self.made.append((AT, f"{span.line}:{span.col}"))

        def _expr(self, node, chain, depth):
            if isinstance(node, cst.Dict):
                self.at(node)
                return False
            if isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Integer)):
                self.opaque.add(UNREAD)  # a tool named by a string: not read here
                return False
            return super()._expr(node, chain, depth)

        def _call(self, node, chain, depth):
            func = node.func
            callee = dotted(func) if isinstance(func, (cst.Name, cst.Attribute)) else None
            if callee in _PASS_THROUGH and node.args:
                return super()._call(node, chain, depth)
            made = _class_of(callee, chain, self) if callee is not None else None
            if made is None or self._wraps(node, chain, depth):
                self.at(node)  # the tool the call makes, or nothing linking finds there: unread
            else:
                span = self.span_of(node)
                self.made.append((NEW, f"{span.line}:{span.col} {made[0]} {made[1]}"))
            return True

        def _wraps(self, node: cst.Call, chain, depth) -> bool:
            """Whether an argument names a project function: `FunctionTool(search)` is that
            function's tool, not an instance of a tool class."""
            kept = set(self.found), set(self.opaque), list(self.made)
            try:
                return any(self.expr_quiet(arg.value, chain, depth) for arg in node.args
                           if isinstance(arg.value, (cst.Name, cst.Attribute, cst.List, cst.Tuple, cst.Call)))
            finally:
                self.found, self.opaque, self.made = kept

    return _Items


def _class_of(callee: str, chain, harvest) -> Optional[Tuple[str, str]]:
    """(module, class) a `X(...)` / `mod.X(...)` call instantiates, as the imports spell it
    ("" for this module); None when the callee is no class name."""
    head, _, rest = callee.partition(".")
    if not callee.rpartition(".")[2][:1].isupper() or any(head in scope.bindings for scope in chain[1:]):
        return None
    if head in harvest.imports:
        module, attr = harvest.imports[head]
        full = ".".join(p for p in (module, attr, rest) if p)
        module_part, _, last = full.rpartition(".")
        return (module_part, last) if module_part else None
    return ("", callee) if not rest and callee not in harvest.names and callee not in harvest.functions else None


def offer_of(call: Union[cst.Call, cst.Assign], tools: cst.BaseExpression, chain, harvest: Tuple[type, tuple], span_of,
             later: Tuple[Item, ...]) -> Tuple[Item, ...]:
    """The items of one call's tool list (see the module docstring); `later`: added_later;
    () for a call that adds to what a server or agent already offers (`mcp.add_tool(t)`)."""
    func = getattr(call, "func", None)  # None for `task.tools = [...]`
    if (func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")) in _ADDING:
        return ()
    items = harvest_class(harvest[0])(*harvest[1], span_of=span_of)
    items.expr(tools, chain)
    out = set(items.found) | set(items.made) | set(later)
    if items.opaque:
        out.add(UNREAD)
    for arg in getattr(call, "args", ()):
        if arg.star:
            out.add(UNREAD)  # `Agent(**config)`
        elif arg.keyword is not None and arg.keyword.value in _MORE_TOOLS and arg.value is not tools \
                and not _empty(arg.value):  # AG2's `functions=` is the list itself
            out.add(UNREAD)
        elif arg.keyword is not None and arg.keyword.value in _AGENT_LISTS and not _empty(arg.value):
            if not isinstance(arg.value, cst.List):
                out.add(UNREAD)
                continue
            for element in arg.value.elements:
                if isinstance(element, cst.StarredElement):
                    out.add(UNREAD)
                else:
                    span = span_of(element.value)
                    out.add((HANDOFF, f"{span.line}:{span.col}"))
        elif arg.keyword is not None and arg.keyword.value == "can_handoff_to" and not _empty(arg.value):
            out.add(BESIDE)
    return tuple(sorted(out))


def _empty(value: cst.BaseExpression) -> bool:
    return (isinstance(value, (cst.List, cst.Tuple)) and not value.elements) or (
        isinstance(value, cst.Name) and value.value in ("None", "False"))
