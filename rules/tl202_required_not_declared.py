import re
from typing import Optional, Set

from toollint.model import DictVal, ListVal
from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import properties, required
from toollint.rulekit.schemawalk import COMPOSITION, in_composition, node_at, subschemas, where
from toollint.rulekit.naming import shown_name
from toollint.fix.offer import drop_required


class RequiredNotDeclared(Rule):
    code = "TL202"
    name = "required-not-declared"
    summary = "`required` names a property `properties` lacks"

    def check_tool(self, tool, group, ctx):
        if tool.shape == "server":
            return
        root = tool.schema
        for path, node in subschemas(root):
            req = required(node)
            if not req:
                continue
            declared = _declared(root, path, node)
            if declared is None:
                continue  # some property could be declared where we cannot see
            for entry in req:
                if entry.value in declared or _matches_pattern(node, entry.value):
                    continue
                yield self.report(entry.span, f"'{entry.value}' is required {where(path)} of {shown_name(tool)} "
                                  "but not declared in 'properties': the model gets no type or description for "
                                  f"it and may never send it; declare '{entry.value}' under 'properties' or "
                                  "remove it from 'required'",
                                  fix=drop_required(node, entry.value, tool, entry.span.path, "unsafe"))


def _declared(root, path, node: DictVal) -> Optional[Set[str]]:
    """Names a `required` at this subschema may refer to, or None when not all are known.

    A branch of `anyOf`/`allOf`/`if`... constrains its parent's object (the usual "one of
    these two must be present" idiom), so the parent's properties count, and a parent's
    `allOf` branches declare properties for it.
    """
    names: Set[str] = set()
    seen = [node]
    parent_path = in_composition(path)
    while parent_path is not None:
        parent = node_at(root, parent_path)
        if not isinstance(parent, DictVal):
            return None
        seen.append(parent)
        parent_path = in_composition(parent_path)
    for schema in list(seen):
        for key in COMPOSITION + ("then", "else"):
            branches = schema.get(key)
            if isinstance(branches, ListVal):
                if not branches.complete:
                    return None
                seen.extend(branches.items)
            elif isinstance(branches, DictVal):
                seen.append(branches)
    for schema in seen:
        if not isinstance(schema, DictVal) or schema.has("$ref") or schema.has("$dynamicRef"):
            return None  # a referenced definition may declare it
        props = properties(schema)
        if props is None:
            return None
        names.update(props)
    return names


def _matches_pattern(node: DictVal, name: str) -> bool:
    pattern_props = node.get("patternProperties")
    if not isinstance(pattern_props, DictVal):
        return False
    for pattern in pattern_props.str_keys():
        try:
            if re.search(pattern, name):
                return True
        except re.error:
            return True  # an ECMA-only pattern may match: do not claim it does not
    return False
