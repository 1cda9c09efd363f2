"""Whether a class another module defines can set an attribute on its instances (issue 18):
`class CreateTextFileHandler(BaseHandler): name = "create_text_file"` then
`Tool(name=self.name)`, with `from .base import BaseHandler`, is the class's own `name`
only if no `__init__` or other method of BaseHandler, or of its bases, can set it.

Read while linking, over the ClassFacts extraction made of the base's module
(toollint.classfacts, extract/classfacts.py): nothing is parsed here. Precision first, the
answer is yes (can set) for anything not read whole: a base that is not a project module's
class (an installed library's), a decorated class (a dataclass makes an `__init__`), a
metaclass, a base written as other than a name, any store to `.<attr>`, `setattr`,
`vars()`, `__dict__`, `exec`, `__setattr__`/`__init_subclass__`/`__new__`, or the
attribute bound in the class body to anything but a literal (a property, a descriptor
whose `__set__` runs on the subclass's own `self.name = ...`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, Optional, Tuple

from toollint.classfacts import MAX_HOPS, ClassFacts, Lookup, class_map, import_map
from toollint.model import ModuleFacts

_NO_STATE = frozenset({("abc", "ABC"), ("builtins", "object")})


def never_sets(module: str, name: str, attr: str, lookup: Lookup) -> bool:
    """Whether the class `name` of the project module `module` (its bases too) provably
    never sets `attr` on an instance."""
    return _never_sets(module, name, attr, lookup, 0)


def _never_sets(module: str, name: str, attr: str, lookup: Lookup, hops: int) -> bool:
    if hops > MAX_HOPS or (module, name) in _NO_STATE:
        return hops <= MAX_HOPS
    facts = lookup(module)
    if facts is None:
        return False  # not a project module: an installed library's class may set anything
    classes = class_map(facts)
    if name not in classes:
        source = import_map(facts).get(name)  # re-exported: `from .base import BaseHandler`
        return source is not None and bool(source[1]) and _never_sets(source[0], source[1], attr, lookup, hops + 1)
    return _class_never_sets(classes[name], facts, classes, attr, lookup, hops)


def _class_never_sets(cls: ClassFacts, facts: ModuleFacts, classes: Dict[str, ClassFacts], attr: str,
                      lookup: Lookup, hops: int) -> bool:
    if hops > MAX_HOPS or cls.decorated or cls.keywords or cls.dynamic or attr in cls.stored or attr in cls.bound:
        return False
    imports = import_map(facts)
    for local in cls.bases:
        if not local or "." in local:
            return False  # `Generic[T]`, `mod.Base`, `*bases`: not read
        if local == "object":
            continue
        if local in imports:
            module, name = imports[local]
            if not name or not _never_sets(module, name, attr, lookup, hops + 1):
                return False
        elif local in classes:
            if not _class_never_sets(classes[local], facts, classes, attr, lookup, hops + 1):
                return False
        else:
            return False
    return True


def stored_from(module: str, name: str, attr: str, lookup: Lookup) -> Optional[Tuple[str, int]]:
    """(parameter, position after self) of the class's `__init__` that `attr` is set from,
    when that is the class's one store to it and its bases provably never set it
    (`class ToolHandler: def __init__(self, tool_name): self.name = tool_name`)."""
    for _ in range(MAX_HOPS):
        facts = lookup(module)
        if facts is None:
            return None
        classes = class_map(facts)
        if name in classes:
            break
        source = import_map(facts).get(name)  # re-exported: `from .base import ToolHandler`
        if source is None or not source[1]:
            return None
        module, name = source
    else:
        return None
    cls = classes[name]
    if cls.decorated or cls.keywords or cls.dynamic or attr in cls.bound:
        return None
    found = next(((param, at) for a, param, at in cls.init_args if a == attr), None)
    if found is None:
        return None
    # the store is the class's own: its bases must never set the attribute either
    bare = replace(cls, stored=cls.stored - {attr})
    return found if _class_never_sets(bare, facts, classes, attr, lookup, 0) else None
