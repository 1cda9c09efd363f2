"""The typed model every rule reads: small frozen, picklable dataclasses, no libcst objects.

Extraction makes these, linking joins them, rules read only these; 1-based lines and columns.
values: what literals evaluate to; tools: one module's facts; project: the linked project and
findings; classes: classes a framework may turn into a schema.
"""
from toollint.model.classes import ModelClass, ModelField, TypeExpr
from toollint.model.project import Finding, Group, Mention, Project, Wiring
from toollint.model.tools import (
    BOUND, CALLED, LOCAL, PARAM, WRAPPED, ArgRead, Category, FunctionSig, HandlerEntry, ModuleFacts, Param,
    PendingTool, RefTool, Registration, Registry, RegistryDecl, Tool,
)
from toollint.model.values import (
    UNRESOLVED, CallVal, Const, DictVal, ListVal, Ref, Span, Str, Symbol, Unresolved, Value, is_complete,
    str_value, to_python,
)

__all__ = [
    "ModelClass", "ModelField", "TypeExpr", "Finding", "Group", "Mention", "Project", "Wiring",
    "BOUND", "CALLED", "LOCAL", "PARAM", "WRAPPED", "ArgRead", "Category", "FunctionSig", "HandlerEntry",
    "ModuleFacts", "Param", "PendingTool", "RefTool", "Registration", "Registry", "RegistryDecl", "Tool",
    "UNRESOLVED", "CallVal", "Const", "DictVal", "ListVal", "Ref", "Span", "Str", "Symbol", "Unresolved",
    "Value", "is_complete", "str_value", "to_python",
]
