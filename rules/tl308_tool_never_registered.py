"""TL308: a decorated tool that no agent, server or tool list of the project receives.

Read at project level from the project's Wiring (toollint/link/wiring.py): the functions
passed to agents (`CodeAgent(tools=[...])`, `llm.bind_tools([...])`, ...), followed across
modules through imports and list constants.

Precision first. A tool is reported only when
- its framework needs it passed (LangChain, smolagents, the Agents SDK, `@beta_tool`,
  claude-agent-sdk, agno's `@tool`, LiveKit's `@function_tool` on a module-level
  function); `@mcp.tool()` and `@agent.tool` register themselves;
- some module builds an agent or tool list where the tool could go: its own module, or one
  that imports it (directly or through other project modules), so a library of tools that
  the project never wires up itself stays quiet;
- none of those modules passes something unreadable (`get_tools()`, a parameter, a list
  changed where we cannot see): it might hold the tool;
- the tool's function is used nowhere else (a use we cannot read may register it), tests
  aside.
"""
import os
from typing import List

from toollint.model import ModuleFacts, Wiring
from toollint.rulekit.rule import Rule
from toollint.rulekit.turn import PASSED_BY_HAND

_PASSED = PASSED_BY_HAND  # frameworks whose decorator makes a tool the code must still hand over


def _is_test(path: str, root: str) -> bool:
    """A test module: tests call tools directly and build partial agents on purpose."""
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(root)) if root else path
    if rel.startswith(".."):
        rel = path
    name = os.path.basename(rel)
    parts = set(os.path.normpath(rel).replace("\\", "/").split("/")[:-1])
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py" or bool(
        parts & {"tests", "test", "testing"})


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
        wiring = project.wiring
        if not wiring.builders:
            return
        root = ctx.settings.root
        for path in sorted(wiring.agents):
            d = project.modules[path]
            if _is_test(d.path, root) or any(m in wiring.open for m in wiring.agents[path]):
                continue
            agents = [project.modules[m] for m in wiring.agents[path]]
            for tool in _decorated(d):
                f = tool.function.name
                if (d.path, f) in wiring.registered or _used(wiring, d, f, root):
                    continue
                yield self.report(tool.function.span, _message(tool, agents, d))


def _used(wiring: Wiring, d: ModuleFacts, f: str, root: str) -> bool:
    """Whether the function is mentioned somewhere we do not read: in its own module, or in a
    module that imports it (tests aside)."""
    if d.registration is not None and f in d.registration.used:
        return True
    return any(p != d.path and not _is_test(p, root) for p in wiring.users_of(d.module, f))


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
