"""Resolving names imported between project modules (Ref) into their values, for
link.project: across modules, through re-exports, class attributes and model schemas, with
a budget per registry so that a value that doubles at every module stays bounded.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Optional, Set, Tuple

from toollint.calledsig import CalledRef, bind
from toollint.deferred import ClassAttr, Comprehended, InitArg
from toollint.link.comprehended import MAX_ITEMS, instantiate, unpack
from toollint.frameworks.pydantic_values import module_resolver, schema_call
from toollint.link.graph import imported_as
from toollint.model import CallVal, Const, DictVal, FunctionSig, ListVal, ModuleFacts, Ref, Symbol, Unresolved, Value

MAX_RESOLVE_DEPTH = 50
# Values built per registry. Modules that each double what the previous one exports
# (`T = [*P, *P]` over 40 modules) would otherwise ask for 2**40 nodes.
MAX_RESOLVED_NODES = 200_000

class Resolver:
    def __init__(self, by_module: Dict[str, ModuleFacts], load: Callable[[str], Optional[ModuleFacts]]):
        self.by_module = by_module
        self.load = load
        self.constants: Dict[str, Dict[str, Value]] = {}
        self.functions: Dict[str, Dict[str, FunctionSig]] = {}
        self.budget = MAX_RESOLVED_NODES
        self.paths: Dict[str, ModuleFacts] = {}
        self.inherited: Dict[Tuple[str, str, str], bool] = {}
        # id -> the dict or list that resolve gave back as it was, so one that holds no Ref
        # (kept here so that no id is reused while linking)
        self.literal: Dict[int, Value] = {}

    @property
    def models(self):  # made on use: kept on self, a closure over self.module is a cycle holding all facts
        return module_resolver(self.module)

    def module_at(self, path: str) -> Optional[ModuleFacts]:
        if path not in self.paths:
            self.paths.update((m.path, m) for m in self.by_module.values() if m is not None)
        return self.paths.get(path)

    def module(self, name: str) -> Optional[ModuleFacts]:
        if name not in self.by_module:
            facts = self.load(name)
            self.by_module[name] = facts  # None too: a missing module is looked up once
        return self.by_module[name]

    def lookup(self, ref: Ref, depth: int, seen: Set[Tuple[str, str]]) -> Value:
        key = (ref.module, ref.name)
        if key in seen or depth > MAX_RESOLVE_DEPTH:
            return Unresolved(f"'{ref.name}' is imported in a cycle", ref.span)
        facts = self.module(ref.module) if ref.module else None
        if facts is None and "." in ref.module:
            # `from pkg.enums import ToolName` then `ToolName.SEARCH`: Ref('pkg.enums.ToolName',
            # 'SEARCH') is the attribute 'ToolName.SEARCH' of module 'pkg.enums'
            module, _, head = ref.module.rpartition(".")
            if self.module(module) is not None:
                return self.lookup(Ref(module, f"{head}.{ref.name}", ref.span, ref.spread), depth + 1, seen)
        if facts is None:
            # `from pkg import defs` then `defs.TOOLS`: the module part may be one level deeper
            sub = self.module(f"{ref.module}.{ref.name}" if ref.module else ref.name)
            if sub is not None:
                return Symbol(sub.module, ref.span)
            return Unresolved(f"'{ref.name}' comes from '{ref.module}', which is not a project module", ref.span)
        constants = self.constants.setdefault(facts.module, dict(facts.constants))
        if ref.name.endswith(".value") and ref.name not in constants:
            ref = Ref(ref.module, ref.name[:-6], ref.span, ref.spread)
        if ref.name in constants:
            return self.resolve(constants[ref.name], depth + 1, seen | {key})
        functions = self.functions.setdefault(facts.module, dict(facts.functions))
        if ref.name in functions:
            return Symbol(ref.name, ref.span, functions[ref.name])
        head, _, rest = ref.name.partition(".")
        instance = constants.get(head)
        if rest and isinstance(instance, CallVal) and f"{instance.func}.{rest}" in functions:
            # `orders = Orders()` in that module, then `orders.search`
            return Symbol(f"{instance.func}.{rest}", ref.span, functions[f"{instance.func}.{rest}"])
        source = imported_as(facts, ref.name)  # a re-export through __init__.py
        if source is not None:
            module, attr = source
            return self.lookup(Ref(module, attr, ref.span) if attr else Ref("", module, ref.span), depth + 1, seen | {key})
        sub = self.module(f"{ref.module}.{ref.name}")
        if sub is not None:
            return Symbol(sub.module, ref.span)
        return Unresolved(f"'{ref.name}' is not a module-level constant of '{ref.module}'", ref.span)

    def _class_attr(self, value: ClassAttr) -> Value:
        """`self.name`: the class's own, unless its imported base (or theirs) may set it."""
        from toollint.extract.inherited import never_sets

        key = (value.module, value.base, value.attr)
        if key not in self.inherited:
            self.inherited[key] = never_sets(*key, self.module)
        return value.value if self.inherited[key] else value.fallback

    def _init_arg(self, value: InitArg) -> Value:
        """`self.name` given to an imported base's `__init__` that stores it (ClassFacts.init_args)."""
        from toollint.extract.inherited import stored_from

        found = stored_from(value.module, value.base, value.attr, self.module)
        given = dict(value.given)
        chosen = None if found is None else given.get(found[0], given.get(f"#{found[1]}"))
        return chosen if chosen is not None else value.fallback

    def resolve(self, value: Value, depth: int = 0, seen: Optional[Set[Tuple[str, str]]] = None) -> Value:
        """The value with every Ref replaced by what it names. A part that holds no Ref comes
        back as the same object: a generated module's registries are mostly literals, and
        building them again was most of linking it (issue 22)."""
        if seen is None:  # a registry's whole value: a fresh budget
            self.budget = MAX_RESOLVED_NODES
            seen = set()
        self.budget -= 1
        if self.budget < 0:
            return Unresolved("too large to evaluate statically", value.span)
        if depth > MAX_RESOLVE_DEPTH:
            return Unresolved("nested too deeply to evaluate", value.span)
        if type(value) is Const:  # most of a registry, tested first
            return value
        if isinstance(value, DictVal):
            return self._dict(value, depth, seen)
        if isinstance(value, ListVal):
            return self._list(value, depth, seen)
        if isinstance(value, CalledRef):  # an imported dispatch handler: bound to its call
            found = self.lookup(value, depth, seen)
            if isinstance(found, Symbol) and found.function is not None:
                return Symbol(found.target, found.span, bind(found.function, value.passed))
            return found
        if isinstance(value, Ref):
            return self.lookup(value, depth, seen)
        if isinstance(value, ClassAttr):
            return self.resolve(self._class_attr(value), depth + 1, seen)
        if isinstance(value, InitArg):
            return self.resolve(self._init_arg(value), depth + 1, seen)
        if isinstance(value, CallVal):
            derived = schema_call(value, self.module_at, self.models)  # `Model.model_json_schema()`
            if derived is not None:
                return derived
            return CallVal(
                value.func,
                tuple(self.resolve(a, depth + 1, seen) for a in value.args),
                tuple((k, self.resolve(v, depth + 1, seen)) for k, v in value.kwargs),
                value.span,
                value.complete,
            )
        return value

    def _dict(self, value: DictVal, depth: int, seen: Set[Tuple[str, str]]) -> Value:
        entries: List[Tuple[Value, Value]] = []
        complete = value.complete
        same = True
        for k, v in value.entries:
            if isinstance(k, Ref) and k is v:  # `{**OTHER}` across modules
                same = False
                spread = self.lookup(k, depth, seen)
                if isinstance(spread, DictVal):
                    entries.extend(spread.entries)
                    complete = complete and spread.complete
                else:
                    complete = False
                continue
            key, item = self.resolve(k, depth + 1, seen), self.resolve(v, depth + 1, seen)
            same = same and key is k and item is v
            entries.append((key, item))
        if same:
            self.literal[id(value)] = value
            return value
        return DictVal(tuple(entries), value.span, complete, value.model)

    def _list(self, value: ListVal, depth: int, seen: Set[Tuple[str, str]]) -> Value:
        items: List[Value] = []
        complete = value.complete
        same = True
        for item in value.items:
            if isinstance(item, Comprehended):  # another module's list, one element per item
                same = False
                made = self._comprehended(item, depth, seen)
                items.extend(made if made is not None else [Unresolved("a comprehension over what is not a "
                                                                       "constant list", item.span)])
                complete = complete and made is not None
                continue
            if isinstance(item, Ref) and item.spread:
                same = False
                spread = self.lookup(item, depth, seen)
                if isinstance(spread, ListVal):
                    items.extend(spread.items)
                    complete = complete and spread.complete
                else:
                    items.append(spread)
                    complete = False
                continue
            resolved = self.resolve(item, depth + 1, seen)
            same = same and resolved is item
            items.append(resolved)
        if same:
            self.literal[id(value)] = value
            return value
        return ListVal(tuple(items), value.span, complete)

    def _comprehended(self, made: Comprehended, depth: int, seen: Set[Tuple[str, str]]) -> Optional[List[Value]]:
        source = self.resolve(made.source, depth + 1, seen)
        if not isinstance(source, ListVal) or not source.complete or len(source.items) > MAX_ITEMS:
            return None
        out: List[Value] = []
        for item in source.items:
            bound = unpack(made.target, item)
            if bound is None:
                return None
            value = instantiate(made.template, bound)
            if isinstance(value, (CallVal, DictVal, ListVal)):
                value = replace(value, span=item.span)  # each tool on its item, where its literals are
            out.append(self.resolve(value, depth + 1, seen))
        return out
