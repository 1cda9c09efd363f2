"""A search toolkit's family of tools: one description template, the scope in the name."""
from agents import Agent, function_tool


@function_tool
def search_web(query: str) -> str:
    """Search Google for the given query using the search service.

    Args:
        query: The text to search for, in the user's words.
    """
    return query


@function_tool
def search_news(query: str) -> str:
    """Search Google News for the given query using the search service.

    Args:
        query: The text to search for, in the user's words.
    """
    return query


@function_tool
def it_search(query: str) -> str:
    """Use this function to search for IT related information.

    Args:
        query: The text to search for, in the user's words.
    """
    return query


@function_tool
def music_search(query: str) -> str:
    """Use this function to search for information related to music.

    Args:
        query: The text to search for, in the user's words.
    """
    return query


@function_tool
def load_path_to_table(path: str) -> str:
    """Load a local file into the database.

    Args:
        path: The text to search for, in the user's words.
    """
    return path


@function_tool
def load_csv_to_table(path: str) -> str:
    """Load a local CSV file into the database.

    Args:
        path: The text to search for, in the user's words.
    """
    return path


agent = Agent(name="searcher", tools=[search_web, search_news, it_search, music_search,
                                      load_path_to_table, load_csv_to_table])
