"""One pass over a parsed module into ModuleFacts (no libcst objects leave this package)."""
from __future__ import annotations

import io
import re
import tokenize
from collections import Counter
from dataclasses import replace
from typing import Dict, List, Optional, Set, Tuple

import libcst as cst

from toollint.classfacts import ClassFacts
from toollint.config.settings import Settings
from toollint.extract import discovery
from toollint.extract.attrtools import class_attribute_tools
from toollint.extract.byref import STAR
from toollint.extract.choices import choice_constants
from toollint.extract.classfacts import module_classes
from toollint.extract.evaluate import Evaluator, blocks, dotted
from toollint.extract.forced import forced_tool_names
from toollint.extract.grown import Grown, growth, keyed
from toollint.extract.tablegrowth import grown_tables
from toollint.extract.returns import property_value
from toollint.extract.functions import signature
from toollint.extract.models import module_models
from toollint.extract.positions import closing_paren, positions
from toollint.extract.registration import registrations
from toollint.extract.registryshapes import handed_definitions, wrapped_declarations
from toollint.extract.selfattrs import method_evaluator
from toollint.config.pins import MENTIONS, project_bounds
from toollint.extract.onebyone import list_turns
from toollint.extract.spread import with_spread_calls
from toollint.extract.returns import final_calls, returning
from toollint.extract.testcode import test_file
from toollint.extract.toplevel import module_calls
from toollint.link.graph import absolute_import
from toollint.model import FunctionSig, ListVal, ModuleFacts, RegistryDecl, Span, Value

# module level only: a function changing a local of the same name changes nothing here
_ITEM_CHANGED = re.compile(r"^([A-Za-z_]\w*)(?:\[[^\]\n]*\]){2,}[ \t]*=(?!=)", re.MULTILINE)
# Where a registry is changed after its assignment, static evaluation cannot see all of it.
_MUTATION = re.compile(
    r"\b([A-Za-z_]\w*)\s*(?:\.\s*(?:append|extend|insert|update|setdefault|add|pop|remove|clear|__setitem__)\s*\("
    r"|\+=|\|=|\[[^\]\n]*\]\s*=(?!=))"
)


class _Extractor:
    def __init__(self, path: str, module: str, is_package: bool, tree: cst.Module,
                 settings: Settings, text: str) -> None:
        self.path = path
        self.module = module
        self.is_package = is_package
        self.settings = settings
        self.text = text
        self.tree = tree
        self.positions = positions(tree)
        self.names: Dict[str, cst.BaseExpression] = {}
        self.targets: Dict[str, cst.CSTNode] = {}
        self.grown: Grown = {}
        self.imports: Dict[str, Tuple[str, str]] = {}
        self.local_imports: List[cst.CSTNode] = []
        self.module_imports: Optional[Dict[str, Tuple[str, str]]] = None  # without the local ones
        self.function_nodes: List[Tuple[str, cst.FunctionDef]] = []
        self.classes: Dict[str, cst.ClassDef] = {}
        self.stars: List[str] = []  # modules of `from m import *`, in order
        self.class_facts: Dict[str, ClassFacts] = {}
        self.verdict = None  # front.parse's Verdict on the real text, when parsing left it
        self.made: List[cst.CSTNode] = []  # nodes made here (Extractor.place)

    def span_of(self, node: cst.CSTNode) -> Span:
        table = self.positions.table  # the raw tuples: no Range built for a Span
        line, column, end_line, end_column = table[id(node)]
        paren = closing_paren(node)
        if paren is not None:
            # `(\n "text"\n),`: the expression ends at its closing parenthesis, where a
            # suppression comment for it goes; the start stays on the value itself
            end_line, end_column = table[id(paren)][2:]
        return Span(self.path, line, column + 1, end_line, end_column + 1)

    def place(self, made: cst.CSTNode, like: cst.CSTNode) -> None:
        """Give `made` and what it holds that has no position `like`'s (extract/factorydeco.py)."""
        table = self.positions.table
        self.made.append(made)  # kept alive: the table is keyed by id()
        where = table[id(like)]
        todo = [made]
        while todo:
            node = todo.pop()
            if id(node) not in table:
                table[id(node)] = where
                todo.extend(node.children)

    def code_of(self, node: cst.CSTNode) -> str:
        return self.tree.code_for_node(node)

    # --- collection ---------------------------------------------------------------------

    def collect(self, body, prefix: str = "", top: bool = True) -> None:
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, (cst.Import, cst.ImportFrom)):
                        self._import(small)
                    elif top and isinstance(small, cst.Assign):
                        for target in small.targets:
                            if isinstance(target.target, cst.Name):
                                self.names[target.target.value] = small.value
                                self.grown.pop(target.target.value, None)
                                self.targets[target.target.value] = target.target
                            elif (grew := keyed(target.target, small.value)) is not None:
                                self.grown.setdefault(grew[0], []).append(grew[1])
                    elif top and isinstance(small, cst.AnnAssign) and small.value is not None:
                        if isinstance(small.target, cst.Name):
                            self.names[small.target.value] = small.value
                            self.grown.pop(small.target.value, None)
                            self.targets[small.target.value] = small.target
                    elif top and (grew := growth(small)) is not None:
                        self.grown.setdefault(grew[0], []).append(grew[1])
                    elif prefix and isinstance(small, (cst.Assign, cst.AnnAssign)):
                        # class attributes: Enum members, smolagents-style `name = "..."`
                        targets = small.targets if isinstance(small, cst.Assign) else [small]
                        for target in targets:
                            if isinstance(target.target, cst.Name) and small.value is not None:
                                self.names[prefix + target.target.value] = small.value
                                self.targets[prefix + target.target.value] = target.target
            elif isinstance(stmt, cst.FunctionDef):
                self.function_nodes.append((prefix + stmt.name.value, stmt))
                self._local_imports(getattr(stmt.body, "body", ()))
                returned = property_value(stmt) if prefix else None
                if returned is not None:  # `@property def name(self): return "get_elevation"` (round 127, M2)
                    self.names[prefix + stmt.name.value] = returned
                    self.targets[prefix + stmt.name.value] = stmt.name
            elif isinstance(stmt, cst.ClassDef) and not prefix:
                self.classes[stmt.name.value] = stmt
                if isinstance(stmt.body, cst.IndentedBlock):
                    self.collect(stmt.body.body, prefix=stmt.name.value + ".", top=False)
            elif isinstance(stmt, (cst.If, cst.Try)) and not prefix:
                # `try: import x / except ImportError:` and `if TYPE_CHECKING:` hold imports
                # and defs; assignments there are conditional, so they are not constants.
                for block in blocks(stmt):
                    self.collect(block, prefix, top=False)

    def _local_imports(self, body) -> None:
        """`def build_agent(): from langchain.tools import StructuredTool` (held-out round 29,
        M1): a function's own imports, kept apart until the module's names are known."""
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine):
                self.local_imports.extend(s for s in stmt.body if isinstance(s, (cst.Import, cst.ImportFrom)))
            elif isinstance(stmt, (cst.If, cst.Try)):
                for block in blocks(stmt):
                    self._local_imports(block)
            elif isinstance(stmt, (cst.With, cst.For, cst.While)) and isinstance(stmt.body, cst.IndentedBlock):
                self._local_imports(stmt.body.body)

    def _import(self, node) -> None:
        if isinstance(node, cst.Import):
            for alias in node.names:
                name = dotted(alias.name) or ""
                if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                    self.imports[alias.asname.name.value] = (name, "")
                else:
                    head = name.split(".")[0]
                    self.imports[head] = (head, "")
            return
        base = dotted(node.module) if node.module is not None else ""
        if node.relative:
            base = absolute_import(self.module, self.is_package, len(node.relative), base)
        if isinstance(node.names, cst.ImportStar):
            self.stars.append(base)
            return
        for alias in node.names:
            name = dotted(alias.name) or ""
            local = name
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            self.imports[local] = (base, name)

    # --- results --------------------------------------------------------------------------

    def prepare(self) -> Tuple[Evaluator, Dict[str, FunctionSig]]:
        """The module's names collected: its evaluator and signatures."""
        self.collect(self.tree.body)
        if self.local_imports:
            # a function's import names what the module does not: a module-level binding of
            # the same name (import, constant, class, def) stays what the name means elsewhere
            module_level = dict(self.imports)
            self.imports.clear()
            for node in self.local_imports:
                self._import(node)
            bound = set(module_level) | set(self.names) | set(self.classes) | {q for q, _ in self.function_nodes}
            local = {k: v for k, v in self.imports.items() if k not in bound}
            self.imports.clear()
            self.imports.update(module_level)
            self.imports.update(local)
            # a lazy import inside a function reads names; it joins no modules into one group
            self.module_imports = module_level
        mutated = Counter(m.group(1) for m in _MUTATION.finditer(self.text))
        for name in {m.group(1) for m in _ITEM_CHANGED.finditer(self.text)} if "][" in self.text else ():
            # `tools[0]["function"]["description"] = ...` (held-out round 36, F): what the list's
            # items send is set later, where static evaluation does not follow: not read at all
            self.names.pop(name, None)
            self.grown.pop(name, None)
        functions: Dict[str, FunctionSig] = {}
        lambda_sig = lambda node: signature(node, "<lambda>", self.span_of, self.code_of, None)
        bodies = {q: n for q, n in self.function_nodes if "." not in q}
        evaluator = Evaluator(self.span_of, self.names, self.imports, functions, mutated, lambda_sig, self.classes,
                              bodies=bodies)
        evaluator.grown = self.grown
        if any(w in self.text for w in MENTIONS):  # what they send depends on their version (config/pins.py)
            evaluator.bounds = project_bounds(self.path)
        evaluator.returns = returning(self.function_nodes, evaluator.helpers)
        evaluator.final = final_calls(self.function_nodes)
        for qualname, node in self.function_nodes:
            functions[qualname] = signature(node, qualname, self.span_of, self.code_of, evaluator)
        return evaluator, functions

    def run(self) -> ModuleFacts:
        if test_file(self.path):
            return ModuleFacts(path=self.path, module=self.module)  # its tools are the tests' inputs
        evaluator, functions = self.prepare()
        # imported here: the frameworks it reads import toollint.extract.evaluate, so a
        # program that imports toollint.frameworks first would otherwise meet a cycle
        from toollint.extract.declared import module_tools
        from toollint.extract.factories import factory_calls
        from toollint.extract.passed import server_args
        from toollint.extract.returned import returned_lists
        from toollint.extract.serverfactory import server_factories
        from toollint.frameworks.langchain_models import is_inherited
        from toollint.frameworks.subclasses import subclass_aliases, subclass_servers

        # `from .tools import *`: where a function handed over may come from (extract/byref.py);
        # `class FileAgent(Agent)`: its instances are read as the framework class's
        subclasses = subclass_aliases(self.classes, self.imports)
        # `def build_server(...): return FastMCP(...)`: its calls are read as the class's (extract/serverfactory.py)
        made_by = server_factories(self.function_nodes, self.imports)
        subclasses.update(made_by)
        imports = {**self.imports, **{f"{STAR}{i}": (m, "*") for i, m in enumerate(self.stars)}, **subclasses}
        found = module_tools(self.tree, self.function_nodes, functions, imports, self.names, self.span_of,
                             evaluator, self.settings,
                             lambda node, name: signature(node, name, self.span_of, self.code_of, evaluator),
                             self.text, self.place)
        decorated = found.decorated
        self.class_facts = module_classes(self.classes, self.imports, self.names, self.targets, evaluator, functions,
                                          self.span_of, self.text, self.verdict)
        classes = _class_tools(self.classes, self.imports, self.names, self.span_of, evaluator, functions)
        registries, factories = self._registries(evaluator, functions, found.calls)
        made = {t.span for t in classes if not is_inherited(t)}  # an inherited one is a tool if linking says so
        registries = [r for r in registries if r.kind != "loose" or r.span not in made]

        constants: List[Tuple[str, Value]] = []
        for name in self.names:
            constants.append((name, evaluator.name(name, self.targets[name])))
        constants += returned_lists(self.function_nodes, evaluator)  # "get_all_tools()": link/byref.listed_defs

        return ModuleFacts(
            path=self.path,
            module=self.module,
            registries=tuple(registries),
            # `def make_tool(name, func): return Tool(name=name, func=func)`: its callers' tools
            decorated=tuple(t for t in found.tools if (t.span.line, t.span.col) not in factories) + classes,
            pending=found.pending,
            by_reference=found.refs,
            servers=found.servers + subclass_servers(subclasses),
            server_args=server_args(self.tree, self.text, self.module, self.imports,
                                    (name for name, _ in found.servers), (q for q, _ in self.function_nodes if "." not in q),
                                    subclasses),  # `mcp = AppFastMCP(...)` in a def, handed on (round 46, M2)
            functions=tuple(functions.items()),
            imports=tuple((local, mod, attr) for local, (mod, attr) in
                          (self.imports if self.module_imports is None else self.module_imports).items()),
            constants=tuple(constants),
            factories=factory_calls(evaluator.final, evaluator.bodies, evaluator),
            comments=comments(self.text),
            forced_tools=forced_tool_names(self.text),
            turns=list_turns(self.tree, self.text, self.module, self.imports),
            registration=registrations(self.tree, self.text, self.names, self.imports, functions, decorated,
                                       self.span_of),
            models=module_models(self.module, self.classes, self.imports, self.names, evaluator, self.span_of,
                                 self.code_of, self.tree.body),
            classes=tuple(self.class_facts.values()),
        )

    def _registries(
        self, evaluator: Evaluator, functions: Dict[str, FunctionSig], calls: Set[Tuple[int, int]]
    ) -> Tuple[List[RegistryDecl], Set[Tuple[int, int]]]:
        """(the registries, configured and discovered, the framework-made tools left out;
        the positions of the tools built inside factory functions)."""
        kinds = (
            ("definitions", self.settings.definitions),
            ("handlers", self.settings.handlers),
            ("categories", self.settings.categories),
            ("always", self.settings.always_include),
        )
        registries: List[RegistryDecl] = []
        for kind, names in kinds:
            for name in names:
                if name in self.names:
                    value = evaluator.name(name, self.targets[name])
                    if kind == "definitions":  # `TOOLS = [types.Tool(function_declarations=[...])]`
                        value = wrapped_declarations(value) or handed_definitions(value) or value
                    registries.append(RegistryDecl(kind, name, value, self.span_of(self.targets[name])))

        configured = {name for _, names in kinds for name in names}
        # a constant given as `tool_choice=FORCED` names a tool, it does not define one
        skipped = configured | choice_constants(self.text)
        registries.extend(discovery.module_level(self.names, self.targets, skipped, evaluator, self.span_of))
        registries.extend(module_calls(self.tree, self.text, evaluator, self.span_of))
        from toollint.frameworks import crewai  # as module_tools: the frameworks import extract.evaluate

        from toollint.toolbases import extracted  # a project's own `class Tool(abc.ABC)` is no framework's

        def read(classes):
            shaped = class_attribute_tools(classes, self.names, self.targets, evaluator, functions, self.span_of)
            return [d for d in (extracted(d, self.class_facts, self.imports) for d in shaped) if d is not None]

        crew = crewai.class_tools(self.class_facts, self.imports, lambda cls: self.span_of(self.classes[cls].name),
                                  lambda cls: next(iter(read({cls: self.classes[cls]})), None),
                                  crewai.sends_strict(evaluator.bounds))
        registries.extend(crew)
        registries.extend(read({k: v for k, v in self.classes.items() if k not in {d.name for d in crew}}))
        factories: Set[Tuple[int, int]] = set()
        scoped_by_owner: Dict[str, Evaluator] = {}  # it reads the class only: once a class, not a method
        for qualname, node in self.function_nodes:
            owner = qualname.rpartition(".")[0]
            scoped = scoped_by_owner.get(owner)
            if scoped is None:  # `Tool(name=self.name)`
                scoped = scoped_by_owner[owner] = method_evaluator(qualname, self.classes, evaluator)
            registries.extend(discovery.scan_function(qualname, node, functions[qualname], scoped, self.span_of,
                                                      factories))
        registries = grown_tables(registries, self.function_nodes,
                                  lambda q: scoped_by_owner.get(q.rpartition(".")[0], evaluator))

        # `Tool(function=fn, name=...)` is pydantic-ai's or LangChain's, not an MCP definition
        registries = [r for r in registries if not (r.kind == "loose" and (r.value.span.line, r.value.span.col)
                                                    in calls)]
        registries = [r for r in map(lambda r: _without_made(r, calls), registries) if r is not None]
        # `HANDLERS[name](**args)`: the table's lambdas take keywords (extract/spread.py)
        registries = with_spread_calls(registries, self.tree, self.text)
        return registries, factories


def _class_tools(classes, imports, names, span_of, evaluator, functions) -> Tuple:
    """LangChain's `BaseTool` subclasses: a schema from `args_schema`, or from `_run` as LangChain derives it."""
    from toollint.frameworks.base import Context, Use
    from toollint.frameworks.langchain import LangChain
    from toollint.frameworks.langchain_classes import class_tools

    ctx = Context(imports, names, span_of, evaluator)
    framework = LangChain()
    run = lambda node, sig: framework.derive(node, sig, Use(framework, None, "from_function"), ctx, "bound")  # noqa: E731
    return tuple(class_tools(classes, imports, evaluator, functions, run))


def _without_made(decl: RegistryDecl, calls: Set[Tuple[int, int]]) -> Optional[RegistryDecl]:
    """A `tools=[fn, ...]` list less the functions a framework made tools of: those are
    tools already (`create_react_agent(model, tools=[fn])`), not definitions left unseen."""
    value = decl.value
    if decl.kind != "definitions" or not isinstance(value, ListVal):
        return decl
    items = tuple(i for i in value.items if (i.span.line, i.span.col) not in calls)
    if len(items) == len(value.items):
        return decl
    return replace(decl, value=replace(value, items=items)) if items else None


def comments(text: str) -> Tuple[Tuple[int, int, str, bool], ...]:
    """(line, col, text, own_line) of each real comment that mentions noqa.

    tokenize never mistakes `#` inside a string for a comment; skipping files with no
    "noqa" at all keeps it off the hot path.
    """
    if "noqa" not in text.lower():
        return ()
    out = []
    lines = re.split(r"\r\n|\r|\n", text)  # as Python counts lines, not str.splitlines
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT and "noqa" in tok.string.lower():
                line, col = tok.start
                own = not lines[line - 1][:col].strip() if line - 1 < len(lines) else True
                out.append((line, col + 1, tok.string, own))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return tuple(out)


def extract_module(path: str, module: str, is_package: bool, tree: cst.Module, text: str,
                   settings: Settings) -> ModuleFacts:
    # libcst's metadata and visitors recurse once per nesting level and per part of a
    # concatenated string: on a deep thread, a long prompt is not a RecursionError.
    from toollint.front import deep

    from toollint.front.parse import remembered

    # CPython's AST of the real text, which parsing made on this thread: method bodies the
    # tree lacks are read there (extract/classfacts.py)
    return deep.call(_extract_module, path, module, is_package, tree, text, settings, remembered(text))


def _extract_module(path: str, module: str, is_package: bool, tree: cst.Module, text: str,
                    settings: Settings, verdict) -> ModuleFacts:
    extractor = _Extractor(path, module, is_package, tree, settings, text)
    extractor.verdict = verdict
    return extractor.run()
