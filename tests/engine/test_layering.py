"""How the stages depend on each other: rules and linking read facts, so they never load
libcst, and no module of toollint imports itself back through others."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from typing import Dict, List, Optional, Set

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# where each package's sources are: rules/ ships as toollint.rules
PACKAGES = {"toollint": os.path.join(ROOT, "toollint"), "toollint.rules": os.path.join(ROOT, "rules")}


def _sources() -> Dict[str, str]:
    """Dotted module name -> file, for every module of toollint."""
    out: Dict[str, str] = {}
    for package, folder in PACKAGES.items():
        for here, dirs, files in os.walk(folder):
            dirs[:] = [d for d in dirs if not d.startswith((".", "__"))]
            rel = os.path.relpath(here, folder)
            prefix = package if rel == "." else f"{package}.{rel.replace(os.sep, '.')}"
            if package == "toollint" and prefix.startswith("toollint.rules"):
                continue
            for name in files:
                if name.endswith(".py"):
                    out[prefix if name == "__init__.py" else f"{prefix}.{name[:-3]}"] = os.path.join(here, name)
    return out


def _imports(module: str, path: str, known: Set[str]) -> Set[str]:
    """The toollint modules `module` imports, anywhere in the file (a lazy import inside a
    function closes a cycle as surely, only later); `if TYPE_CHECKING:` blocks never run."""
    is_package = path.endswith("__init__.py")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    out: Set[str] = set()
    for node in ast.walk(tree):
        names: List[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        for name in names:
            found = _known_prefix(name, known)
            if found is not None and found != module:
                out.add(found)
    return out


def _known_prefix(name: str, known: Set[str]) -> Optional[str]:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _cycle(graph: Dict[str, Set[str]]) -> Optional[List[str]]:
    state: Dict[str, int] = {}  # 1: on the current path, 2: done
    path: List[str] = []

    def visit(node: str) -> Optional[List[str]]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_toollint_has_no_import_cycles():
    sources = _sources()
    assert "toollint.link.graph" in sources and "toollint.rules.tl308_tool_never_registered" in sources
    graph = {m: _imports(m, p, set(sources)) for m, p in sources.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_rules_and_linking_load_no_libcst():
    """Rules read facts and linking joins them: neither parses, so neither may load libcst
    (a run whose facts all come from the cache never pays for it)."""
    rules = sorted(m for m in _sources() if m.startswith("toollint.rules.tl"))
    links = sorted(m for m in _sources() if m.startswith(("toollint.link", "toollint.rulekit")))
    assert len(rules) > 30 and "toollint.link.project" in links
    code = (
        "import importlib, sys\n"
        f"for name in {rules + links!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'libcst' or m.startswith(('libcst.', 'toollint.extract'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_a_rule_cannot_change_the_linked_project(tmp_path):
    """Every rule reads the same Project, in any order and in forked workers: none may
    change what the next one sees."""
    import dataclasses

    import pytest

    from toollint.config.settings import Settings
    from toollint.engine.core import build

    (tmp_path / "tools.py").write_text(
        'TOOLS = [{"name": "search", "description": "Search the catalogue.", '
        '"input_schema": {"type": "object", "properties": {}}}]\n')
    project = build([str(tmp_path)], Settings(root=str(tmp_path)), cache=False, jobs=1).project
    group = project.groups[0]
    assert [t.name.value for t in project.all_tools()] == ["search"] and project.all_names == {"search"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        group.definitions = ()
    with pytest.raises((AttributeError, TypeError)):
        group.definitions.append(group.definitions[0])
    with pytest.raises(TypeError):
        project.modules[str(tmp_path / "other.py")] = project.modules[str(tmp_path / "tools.py")]
