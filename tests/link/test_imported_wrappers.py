"""Project decorators that only wrap a framework's (issue 17), imported from another project
module (`from app.tracking import tracked_tool`), and a wrapped def that is also handed to
an agent: one tool, derived as the wrapped decorator would."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import build

TRACKING = '''
import logging

from agno.tools import tool as agno_tool
from langchain_core.tools import tool


def tracked_tool(fn):
    logging.info("tool %s", fn.__name__)
    return tool(fn)


def tracked_agno(fn):
    return agno_tool(fn)


def passthrough(fn):
    return fn


def logged(fn):
    logging.info("tool %s", fn.__name__)
    return tool(fn, return_direct=True)
'''

TOOLS = '''
from functools import lru_cache

from app.tracking import logged, passthrough, tracked_agno, tracked_tool


@tracked_tool
def get_order(order_id: str) -> str:
    """Fetch one order by its id. Use this when the customer gives an id."""
    return ""


@tracked_agno
def get_weather(city: str) -> str:
    """Get the weather. Use this when asked about the weather."""
    return ""


@passthrough
def helper(x: str) -> str:
    """Help with anything."""
    return x


@logged
def with_options(x: str) -> str:
    """A tool whose wrapper passes options of its own."""
    return x


@lru_cache
def cached(x: str) -> str:
    """Cache it."""
    return x
'''


def _tools(tmp_path, monkeypatch, files):
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    for name, text in {"app/__init__.py": "", **files}.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    monkeypatch.chdir(tmp_path)
    project = build(["."], Settings(root="."), cache=False).project
    return [t for g in project.groups for t in g.tools]


def test_a_wrapper_imported_from_another_module_makes_the_framework_tool(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, {"app/tracking.py": TRACKING, "app/tools.py": TOOLS})
    by_name = {t.name.value: t for t in tools}
    assert sorted(by_name) == ["get_order", "get_weather"]  # not a pass-through, options, or lru_cache
    assert by_name["get_order"].framework == "langchain" and by_name["get_weather"].framework == "agno"
    assert by_name["get_order"].span.path.endswith("tools.py") and by_name["get_order"].span.line == 8
    assert by_name["get_weather"].schema.get("additionalProperties").value is False  # agno's @tool form


def test_a_wrapped_def_handed_to_an_agent_is_one_tool(tmp_path, monkeypatch):
    agent = '''
    from agno.agent import Agent

    from app.tools import get_weather

    weather = Agent(tools=[get_weather])
    '''
    tools = _tools(tmp_path, monkeypatch, {"app/tracking.py": TRACKING, "app/tools.py": TOOLS, "app/agent.py": agent})
    weather = [t for t in tools if t.name.value == "get_weather"]
    assert len(weather) == 1 and weather[0].schema.get("additionalProperties").value is False
    # in the wrapped def's own module too
    same = TOOLS.replace("from functools import lru_cache",
                         "from functools import lru_cache\nfrom agno.agent import Agent") + \
        "\n\nweather = Agent(tools=[get_weather])\n"
    tools = _tools(tmp_path / "b", monkeypatch, {"app/tracking.py": TRACKING, "app/tools.py": same})
    weather = [t for t in tools if t.name.value == "get_weather"]
    assert len(weather) == 1 and weather[0].schema.get("additionalProperties").value is False


def test_a_local_wrapper_handed_to_an_agent_elsewhere_is_one_tool(tmp_path, monkeypatch):
    tools_module = TRACKING + '''

@tracked_agno
def get_news(topic: str) -> str:
    """Get the news. Use this when asked about the news."""
    return ""
'''
    agent = "from agno.agent import Agent\nfrom app.tracking import get_news\n\nnews = Agent(tools=[get_news])\n"
    tools = _tools(tmp_path, monkeypatch, {"app/tracking.py": tools_module, "app/agent.py": agent})
    news = [t for t in tools if t.name.value == "get_news"]
    assert len(news) == 1 and news[0].schema.get("additionalProperties").value is False


def test_a_standard_library_decorator_above_a_wrapper_hides_nothing(tmp_path, monkeypatch):
    stacked = '''
    from functools import cache

    from app.tracking import tracked_tool


    @cache
    @tracked_tool
    def get_order(order_id: str) -> str:
        """Fetch one order by its id. Use this when the customer gives an id."""
        return ""
    '''
    tools = _tools(tmp_path, monkeypatch, {"app/tracking.py": TRACKING, "app/tools.py": stacked})
    assert [(t.name.value, t.framework) for t in tools] == [("get_order", "langchain")]
