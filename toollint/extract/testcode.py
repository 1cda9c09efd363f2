"""Test code: where a tool definition is a test's subject or double, not a declaration.

A test file (`test_*.py`, `*_test.py`, `conftest.py`) is never what an application sends
to a model: its tools are inputs of the test (smolagents' `class InvalidToolName(Tool)`
checked by its validator, mem0's `TOOLS` handed to a mocked client). Judged by file name
only: a whole project may live under a folder named tests. A `test_*` function and a
pytest fixture build doubles wherever they are (`tests/fixtures/tools.py`).
"""
from __future__ import annotations

import libcst as cst


def test_file(path: str) -> bool:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"


def test_scope(node: cst.FunctionDef) -> bool:
    """`def test_x():` or a function under `@pytest.fixture` / `@fixture(...)`; not a
    `test_connection` declared a tool (`@mcp.tool("test_connection")`, held-out round 76, M1)."""
    names = []
    for decorator in node.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call):
            expr = expr.func
        names.append(expr.attr.value if isinstance(expr, cst.Attribute) else getattr(expr, "value", None))
    if "fixture" in names:
        return True
    return node.name.value.startswith("test_") and not any(isinstance(n, str) and "tool" in n.lower() for n in names)
