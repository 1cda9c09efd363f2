"""Groups joined through a module that imports both: `main.py` imports the definitions
from `tools/defs.py` and a dispatch table from `dispatch/calls.py`, which do not import
each other. Union-find over holders (project._grouped) joins only holders that import one
another; here the table's group joins the definitions group whose tools its keys all
name, when exactly one such group is imported beside it (issue 18: handlers in a module
of their own)."""
from __future__ import annotations

from typing import Dict, List

from toollint.link.graph import ModuleNames, import_targets
from toollint.model import ModuleFacts


def join_through_importers(groups: List, modules: List[ModuleFacts]) -> List:
    names = ModuleNames(modules)  # which module an import names; the edges are not needed
    for m in modules:
        owners: Dict[int, object] = {}
        targets = {getattr(names.named(t, m), "path", None) for t in import_targets(m)}
        for group in groups:
            if group.paths & targets:
                owners[id(group)] = group
        tables = [g for g in owners.values() if g.handlers and not g.definitions]
        lists = [g for g in owners.values() if g.definitions]
        for table in tables:
            keys = {e.key.value for r in table.handlers for e in r.handlers}
            fits = [g for g in lists if keys and keys <= g.defined_names()]
            if len(fits) == 1 and table in groups:
                fits[0].handlers.extend(table.handlers)
                fits[0].categories.extend(table.categories)
                fits[0].always.extend(table.always)
                groups.remove(table)
    return groups
