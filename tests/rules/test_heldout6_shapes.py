"""False-positive class of the sixth held-out round (issue 18): a function decorated with
`@functools.wraps(f)` handed to a framework read as a tool named after itself.

Shape written here after a public LangGraph helper toollint was never tuned on (none of it
copied): a converter that builds `@wraps(func) def wrapper(*args, **kwargs)` and returns
`tool(wrapper)`. `wraps` copies `__name__` and `__doc__` from `func`, so the framework
sends func's name and docstring: the def's own name and missing docstring say nothing
about the tool, which is unknown statically. Such a def makes no tool.
"""
from __future__ import annotations

RULES = ["TL101", "TL102", "TL207"]

CONVERTER = '''
from functools import wraps

from langchain_core.tools import tool


def as_tool(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return tool(wrapper)
'''

MODULE_LEVEL = '''
import functools

from llama_index.core.tools import FunctionTool


def lookup(order_id: str) -> str:
    """Return one order's status. Call this when the customer gives an order id such as 'ORD-1042'.

    Args:
        order_id: The order id the customer gave, such as 'ORD-1042'.
    """
    return order_id


@functools.wraps(lookup)
def traced(*args, **kwargs):
    return lookup(*args, **kwargs)


TOOL = FunctionTool.from_defaults(fn=traced)
'''


def test_a_wraps_decorated_inner_function_makes_no_tool(lint):
    # before: TL101 "tool 'wrapper' has no description" on the inner def
    assert lint({"convert.py": CONVERTER}, select=RULES) == []


def test_a_module_level_wraps_function_makes_no_tool(lint):
    assert lint({"tools.py": MODULE_LEVEL}, select=RULES) == []


def test_an_inner_function_without_wraps_is_still_a_tool(lint):
    src = CONVERTER.replace("    @wraps(func)\n", "")
    assert [(code, line) for _, line, code in lint({"convert.py": src}, select=RULES)] == [("TL101", 7)]  # the def wrapper line


def test_a_module_level_function_without_wraps_is_still_a_tool(lint):
    # LlamaIndex then sends the def's own "traced(*args, **kwargs)": a bare signature
    src = MODULE_LEVEL.replace("@functools.wraps(lookup)\n", "")
    assert [code for _, _, code in lint({"tools.py": src}, select=RULES)] == ["TL102"]


def test_another_decorator_call_does_not_hide_the_tool(lint):
    src = CONVERTER.replace("@wraps(func)", "@cache(func)")
    assert [code for _, _, code in lint({"convert.py": src}, select=RULES)] == ["TL101"]
