from langchain_core.tools import tool


@tool
def weather(city: str) -> str:
    """Current weather in a city. Use this when the user asks about the weather."""
    return ""
