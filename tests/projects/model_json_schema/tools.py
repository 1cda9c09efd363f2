from pydantic import BaseModel


class SearchArgs(BaseModel):
    query: str
    limit: int = 10


def search(query: str, limit: int = 10, extra=None):
    return []


TOOLS = [
    {
        "name": "search",
        "description": "Search.",
        "input_schema": SearchArgs.model_json_schema(),
    }
]
TOOL_HANDLERS = {"search": search}
