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

from typing import Dict

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
