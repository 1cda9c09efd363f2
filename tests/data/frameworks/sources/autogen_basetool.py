# Recorded with autogen-core; see ../record.py.
from typing import List, Optional

from autogen_core import CancellationToken
from autogen_core.tools import BaseTool
from pydantic import BaseModel, Field


class SearchArgs(BaseModel):
    query: str = Field(description="Words to look for.")
    limit: int = 10
    tags: Optional[List[str]] = None


class SearchResult(BaseModel):
    hits: List[str]


class SearchTool(BaseTool[SearchArgs, SearchResult]):
    def __init__(self) -> None:
        super().__init__(SearchArgs, SearchResult, "search_docs",
                         "Search the docs. Use this when the user asks how a feature works.")

    async def run(self, args: SearchArgs, cancellation_token: CancellationToken) -> SearchResult:
        return SearchResult(hits=[])


class CloseArgs(BaseModel):
    ticket_id: str


class CloseTool(BaseTool[CloseArgs, SearchResult]):
    def __init__(self) -> None:
        super().__init__(args_type=CloseArgs, return_type=SearchResult, name="close_ticket",
                         description="Close one ticket by its id.", strict=True)

    async def run(self, args: CloseArgs, cancellation_token: CancellationToken) -> SearchResult:
        return SearchResult(hits=[])


tools = [SearchTool(), CloseTool()]
