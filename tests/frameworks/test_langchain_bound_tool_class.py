"""Issue 18 (held-out round 8, L): `bind_tools([Done])` of an `@tool class Done(BaseModel)`
hands LangChain the tool the decorator made, so it is one tool, judged where it is
declared; a plain model handed to bind_tools is still a tool of its own."""
from __future__ import annotations

_DECORATED = '''
from langchain_core.tools import tool
from pydantic import BaseModel


@tool
class Done(BaseModel):
    """Call this when the email has been sent."""

    done: bool = False
'''

_BIND = '''
from langchain_openai import ChatOpenAI

llm = ChatOpenAI(model="gpt-4o").bind_tools([Done])
'''


def test_a_decorated_class_bound_in_its_module_is_one_tool(lint):
    files = {"agent.py": _DECORATED + _BIND}
    assert lint(files, select=["TL101", "TL302"]) == []
    assert lint(files, select=["TL207"]) == [("agent.py", 9, "TL207")]  # judged once, where declared


def test_a_decorated_class_bound_from_another_module_is_one_tool(lint):
    files = {"pkg/__init__.py": "", "pkg/tools.py": _DECORATED,
             "pkg/agent.py": "from pkg.tools import Done\n" + _BIND}
    assert lint(files, select=["TL101", "TL302"]) == []
    assert lint(files, select=["TL207"]) == [("pkg/tools.py", 9, "TL207")]


def test_a_plain_model_bound_is_still_a_tool(lint):
    plain = _DECORATED.replace("@tool\n", "").replace('    """Call this when the email has been sent."""\n\n', "")
    assert lint({"agent.py": plain + _BIND}, select=["TL101", "TL207"]) == [
        ("agent.py", 6, "TL207"), ("agent.py", 10, "TL101")]
