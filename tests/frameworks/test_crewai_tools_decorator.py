"""`from crewai_tools import tool` (crewai_tools 0.1.7 to 0.17.0: its own copy of crewAI's
decorator, crewai_tools/tools/base_tool.py): read as crewAI's `@tool`, except that its
model is built from `__annotations__`, so an unannotated parameter is not sent."""
from __future__ import annotations

from frameworkcase import extract, props, schema


def test_the_re_exported_decorator_makes_a_crewai_tool():
    found = extract('''
        from crewai_tools import tool

        @tool("Read Knowledge Graph")
        def read_knowledge_graph(graph_data: str) -> str:
            """Display the given knowledge graph data. Use this after building a graph."""
            return graph_data
    ''')
    assert [(t.name.value, t.framework, list(props(t))) for t in found] == [
        ("read_knowledge_graph", "crewai", ["graph_data"])]
    assert found[0].description.value == "Display the given knowledge graph data. Use this after building a graph."
    assert schema(found[0])["required"] == ["graph_data"]


def test_its_module_path_and_a_bare_decorator():
    found = extract('''
        from crewai_tools.tools.base_tool import tool

        @tool
        def count_words(text: str, minimum) -> int:
            """Count the words of a text. Use this when the user asks how long a text is."""
            return 0
    ''')
    # `minimum` has no annotation: not in __annotations__, not sent
    assert [(t.name.value, list(props(t))) for t in found] == [("count_words", ["text"])]


def test_without_a_docstring_there_is_no_tool():
    # crewai_tools raises ValueError("Function must have a docstring")
    assert extract('''
        from crewai_tools import tool

        @tool("Search")
        def search(query: str) -> str:
            return query
    ''') == []


def test_tl207_on_its_undescribed_parameter(lint):
    source = '''from crewai_tools import tool


@tool("Read Knowledge Graph")
def read_knowledge_graph(graph_data: str) -> str:
    """Display the given knowledge graph data. Use this after building a graph."""
    return graph_data
'''
    assert lint({"tools.py": source}, select=["TL207"]) == [("tools.py", 5, "TL207")]
    described = source.replace('graph."""', 'graph.\n\n    Args:\n        graph_data: The graph as JSON, from build_graph.\n    """')
    assert lint({"tools.py": described}, select=["TL207"]) == []


def test_another_packages_tool_decorator_is_not_crewai():
    found = extract('''
        from crewai_toolkit import tool

        @tool("Search")
        def search(query: str) -> str:
            """Search. Use this for anything."""
            return query
    ''')
    assert all(t.framework != "crewai" for t in found)
