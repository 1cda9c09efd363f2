"""TL308: a decorated tool that no agent, server or tool list of the project receives.

Read at project level from each module's Registration (toollint/extract/registration.py):
the functions passed to agents (`CodeAgent(tools=[...])`, `llm.bind_tools([...])`, ...),
followed across modules through imports and list constants.

Precision first. A tool is reported only when
- its framework needs it passed (LangChain, smolagents, the Agents SDK, `@beta_tool`,
  claude-agent-sdk); `@mcp.tool()` and `@agent.tool` register themselves;
- some module builds an agent or tool list where the tool could go: its own module, or one
  that imports it (directly or through other project modules), so a library of tools that
  the project never wires up itself stays quiet;
- none of those modules passes something unreadable (`get_tools()`, a parameter, a list
  changed where we cannot see): it might hold the tool;
- the tool's function is used nowhere else (a use we cannot read may register it), tests
  aside.
"""
import os
from typing import Dict, List, Set, Tuple

from toollint.model import CallVal, ListVal, ModuleFacts, Ref, Symbol, Unresolved
from toollint.rulekit.rule import Rule

# Frameworks whose decorator makes a tool object the code must still hand to an agent.
_PASSED = {"langchain": "@tool", "smolagents": "@tool", "openai-agents": "@function_tool",
           "anthropic": "@beta_tool", "claude-agent-sdk": "@tool"}
_MAX_DEPTH = 20


def _is_test(path: str, root: str) -> bool:
    """A test module: tests call tools directly and build partial agents on purpose."""
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(root)) if root else path
    if rel.startswith(".."):
        rel = path
    name = os.path.basename(rel)
    parts = set(os.path.normpath(rel).replace("\\", "/").split("/")[:-1])
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py" or bool(
        parts & {"tests", "test", "testing"})


class _Project:
    """Registrations resolved to (path, function) across modules."""

    def __init__(self, project) -> None:
        self.modules: List[ModuleFacts] = sorted(
            (m for m in project.modules.values() if m is not None and m.error is None), key=lambda m: m.path)
        self.by_name: Dict[str, ModuleFacts] = {m.module: m for m in self.modules if m.module}
        self.packages = {name.split(".")[0] for name in self.by_name}
        self.imports: Dict[str, Set[str]] = {}
        for m in self.modules:
            targets = set()
            for _, module, attr in m.imports:
                for candidate in (module, f"{module}.{attr}" if attr else ""):
                    if candidate in self.by_name and self.by_name[candidate].path != m.path:
                        targets.add(self.by_name[candidate].path)
            self.imports[m.path] = targets
        self._reach: Dict[str, Set[str]] = {}
        self.registered: Set[Tuple[str, str]] = set()
        self.open: Set[str] = set()  # paths of modules that pass something unreadable
        for m in self.modules:
            r = m.registration
            if r is None or not r.builds:
                continue
            for module, name in r.names:
                if not self._resolve(m, module, name, 0):
                    self.open.add(m.path)
            if any(self._opaque(m, module, name) for module, name in r.opaque):
                self.open.add(m.path)

    def reach(self, path: str) -> Set[str]:
        """The project modules `path` imports, directly or through others."""
        got = self._reach.get(path)
        if got is None:
            got, todo = set(), [path]
            while todo:
                for nxt in self.imports.get(todo.pop(), ()):
                    if nxt not in got:
                        got.add(nxt)
                        todo.append(nxt)
            self._reach[path] = got
        return got

    def _project_module(self, module: str) -> bool:
        return not module or module.split(".")[0] in self.packages

    def _opaque(self, m: ModuleFacts, module: str, name: str) -> bool:
        """Whether an unreadable value (a call's result) may hold one of the project's tools."""
        if not module:
            return True  # a function of this module, a name we could not follow
        return self._project_module(module)  # a third-party loader returns its own tools

    def _resolve(self, m: ModuleFacts, module: str, name: str, depth: int) -> bool:
        """Add what (module, name) seen from m names to self.registered; False when unreadable."""
        if depth > _MAX_DEPTH:
            return False
        if not module:
            if name in dict(m.functions):
                self.registered.add((m.path, name))
                return True
            for local, mod, attr in m.imports:
                if local == name and attr:
                    return self._resolve(m, mod, attr, depth + 1)
            return False
        target = self.by_name.get(module)
        if target is None:
            if f"{module}.{name}" in self.by_name:
                return True  # a module passed as such: not one of these functions
            return not self._project_module(module)
        functions = dict(target.functions)
        if name in functions:
            self.registered.add((target.path, name))
            return True
        constants = dict(target.constants)
        if name in constants:
            return self._value(target, constants[name], depth + 1)
        for local, mod, attr in target.imports:  # a re-export
            if local == name and attr:
                return self._resolve(target, mod, attr, depth + 1)
        return False

    def _value(self, m: ModuleFacts, value, depth: int) -> bool:
        if depth > _MAX_DEPTH:
            return False
        if isinstance(value, ListVal):
            ok = value.complete
            for item in value.items:
                ok = self._value(m, item, depth + 1) and ok
            return ok
        if isinstance(value, Symbol):
            if value.function is not None:
                self.registered.add((m.path, value.target))
                return True
            return False
        if isinstance(value, Ref):
            return self._resolve(m, value.module, value.name, depth + 1)
        if isinstance(value, CallVal):
            inner = [v for v in value.args + tuple(v for _, v in value.kwargs) if isinstance(v, (Symbol, Ref))]
            if inner:
                return all([self._value(m, v, depth + 1) for v in inner])
            return value.func.rpartition(".")[2][:1].isupper() or not self._project_module(
                _callee_module(m, value.func))
        if isinstance(value, Unresolved):
            return False
        return True  # a literal: a dict definition, a string


def _callee_module(m: ModuleFacts, func: str) -> str:
    head = func.split(".")[0]
    for local, module, attr in m.imports:
        if local == head:
            return module
    return ""


def _decorated(m: ModuleFacts):
    """The module's tools that a framework decorator declares on a top-level def."""
    for tool in m.decorated:
        f = tool.function
        if tool.framework not in _PASSED or f is None or "." in f.qualname:
            continue
        if not (tool.span.line <= f.span.line <= tool.span.end_line):
            continue  # a tool made elsewhere from the function (`tool(fn)`), passed by that name
        yield tool


class ToolNeverRegistered(Rule):
    code = "TL308"
    name = "tool-never-registered"
    summary = "A decorated tool is never passed to the agent, server or tool list the project builds"

    def check_project(self, project, ctx):
        holders = [m for m in project.modules.values() if m is not None and m.error is None
                   and any(True for _ in _decorated(m))]
        if not holders:
            return
        p = _Project(project)
        builders = [m for m in p.modules if m.registration is not None and m.registration.builds]
        if not builders:
            return
        root = ctx.settings.root
        for d in sorted(holders, key=lambda m: m.path):
            if _is_test(d.path, root):
                continue
            agents = [m for m in builders if m.path == d.path or d.path in p.reach(m.path)]
            if not agents:
                continue  # nothing here wires these tools up: a library, or an app we cannot read
            if any(m.path in p.open for m in agents):
                continue
            for tool in _decorated(d):
                f = tool.function.name
                if (d.path, f) in p.registered or _used(p, d, f, root):
                    continue
                yield self.report(tool.function.span, _message(tool, agents, d))


def _used(p: _Project, d: ModuleFacts, f: str, root: str) -> bool:
    """Whether the function is mentioned somewhere we do not read: in its own module, or in a
    module that imports it (tests aside)."""
    if d.registration is not None and f in d.registration.used:
        return True
    for m in p.modules:
        if m.path == d.path or m.registration is None or not m.registration.used or _is_test(m.path, root):
            continue
        used = set(m.registration.used)
        for local, module, attr in m.imports:
            if attr == f and module == d.module and local in used:
                return True
            whole = f"{module}.{attr}" if attr else module
            if whole == d.module and f"{local}.{f}" in used:
                return True
    return False


def _message(tool, agents: List[ModuleFacts], d: ModuleFacts) -> str:
    where = []
    for m in agents:
        for callee, line in m.registration.builds:
            where.append(f"{callee}(...) at " + (f"line {line}" if m.path == d.path else f"{m.path}:{line}"))
    shown = ", ".join(where[:2]) + (f" and {len(where) - 2} more" if len(where) > 2 else "")
    decorator = _PASSED[tool.framework]
    return (f"tool '{tool.name.value or tool.function.name}' ({tool.framework} {decorator}) is never passed to an "
            f"agent or tool list: the model never sees it; {shown} gets tools without "
            f"{tool.function.name}: add it there, or delete the tool")
