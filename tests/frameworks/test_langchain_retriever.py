"""LangChain's create_retriever_tool: toollint.frameworks.langchain_retriever."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, recordings, schema

_RECORDINGS = [r for r in recordings("langchain") if name_of(r) == "langchain_retriever"]


@pytest.mark.parametrize("recording", _RECORDINGS, ids=name_of)
def test_matches_the_recording(recording):
    check_recording(recording)


def test_each_import_path_in_a_function():
    found = extract('''
        from langchain.tools.retriever import create_retriever_tool
        from langchain.agents.agent_toolkits import create_retriever_tool as old_style
        from langgraph.prebuilt import create_react_agent

        def build(retriever, llm):
            docs = create_retriever_tool(retriever, "search_docs", "Search the product docs.")
            faq = old_style(retriever, name="search_faq", description="Search the FAQ.")
            return create_react_agent(llm, tools=[docs, faq])
    ''')
    assert [(t.name.value, t.description.value) for t in found] == [
        ("search_docs", "Search the product docs."), ("search_faq", "Search the FAQ.")]
    assert schema(found[0])["properties"] == {"query": {"description": "query to look up in retriever",
                                                        "type": "string"}}


def test_a_name_or_description_from_a_variable_is_unresolved():
    tool, = extract('''
        from langchain_core.tools import create_retriever_tool

        def build(retriever, name, settings):
            return create_retriever_tool(retriever, name, settings.description)
    ''')
    assert tool.name.value is None and tool.description.value is None


def test_a_function_of_the_same_name_elsewhere_is_no_tool():
    assert extract('''
        from app.tools import create_retriever_tool

        def create_tool(retriever):
            return retriever

        tool = create_retriever_tool(object(), "x", "y")
    ''') == []
