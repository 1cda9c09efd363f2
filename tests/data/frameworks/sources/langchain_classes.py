"""LangChain tools whose schema is a pydantic model (issue 16): recorded by record.py into
models/langchain_classes.json, as convert_to_openai_tool sends each one."""
from enum import Enum
from typing import Annotated, List, Literal, Optional, Type

from langchain_core.callbacks import CallbackManagerForToolRun
from langchain_core.tools import BaseTool, StructuredTool, tool
from pydantic import BaseModel, ConfigDict, Field


class Region(str, Enum):
    EU = "eu"
    US = "us"


class Window(BaseModel):
    """A date range."""

    start: str = Field(description="First day, ISO 8601.")
    end: Optional[str] = Field(None, description="Last day; open-ended when omitted.")


class SearchInput(BaseModel):
    """Input of the order search."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(description="Words to look for.", alias="q", examples=["blue mug"], min_length=1)
    limit: int = Field(10, ge=1, le=100, title="Limit", json_schema_extra={"x-unit": "orders"})
    region: Region = Region.EU
    status: Literal["open", "shipped"] = "open"
    window: Window = Field(description="When the orders were placed.")
    windows: List[Window] = []
    note: Annotated[Optional[str], Field(description="A free note.")] = None
    title: str = "untitled"


class BaseQuery(BaseModel):
    """Base of the queries."""

    text: str = Field(description="What to look up.")


class LookupInput(BaseQuery):
    text: str = Field(description="What to look up, overridden.")
    deep: bool = False


class SearchOrders(BaseTool):
    name: str = "search_orders"
    description: str = "Search the customer's orders.\n    Use it before refunding."
    args_schema: Type[BaseModel] = SearchInput

    def _run(self, q: str, limit: int = 10, run_manager: Optional[CallbackManagerForToolRun] = None) -> str:
        return q


class Lookup(BaseTool):
    name: str = "lookup"
    description: str = "Look something up."
    args_schema: Type[BaseModel] = LookupInput

    def _run(self, text: str, deep: bool = False) -> str:
        return text


class Echo(BaseTool):
    name: str = "echo"
    description: str = "Echo the text back."

    def _run(self, text: str, times: int = 1, run_manager: Optional[CallbackManagerForToolRun] = None) -> str:
        return text * times


def find(q: str, limit: int = 10) -> str:
    return q


def lookup_fn(text: str, deep: bool = False) -> str:
    """Look up a text in the knowledge base."""
    return text


found = StructuredTool.from_function(find, args_schema=SearchInput, name="find_orders",
                                     description="  Find orders.  ")
undocumented = StructuredTool.from_function(find, name="undocumented", args_schema=SearchInput)
looked = StructuredTool.from_function(lookup_fn, args_schema=LookupInput)


@tool(args_schema=Window)
def pick_window(start: str, end: Optional[str] = None) -> str:
    """Pick a date range for the report."""
    return start


@tool
class WebSearch(BaseModel):
    """Search the web for a query.

    Use it for news."""

    query: str = Field(description="The query; dropped: the signature has no descriptions.")
    limit: int = Field(10, ge=1)
    note: Optional[str] = None
    tag: Annotated[str, Field(description="A tag, kept in the annotation.")] = "x"
    kind: Literal["a", "b"] = "a"
    region: Region = Region.EU
    window: Window = Field(description="Dropped: the nested model's docstring is sent.")


@tool("page_lookup")
class PageLookup(BaseModel):
    """Look a page up."""

    url: str


def bind(llm):
    return llm.bind_tools([Window, SearchInput, LookupInput])
