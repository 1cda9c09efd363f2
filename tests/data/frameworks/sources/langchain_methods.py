# Recorded with langchain-core; see ../record.py. `@tool` on a def in a class body: its
# first parameter named self or cls is left out (the function's __qualname__ has a dot).
from typing import Optional

from langchain_core.tools import tool
from pydantic import BaseModel, Field


class LookupInput(BaseModel):
    symbol: str = Field(description="The ticker symbol, such as 'BTC'.")


class PriceTools:
    @tool("Fetch Price")
    def fetch_price(self, symbol: str, currency: Optional[str] = None) -> str:
        """Fetch the latest price of a coin. Use this when the user asks what a coin costs."""
        return symbol

    @tool
    def fetch_history(self, symbol: str, days: int = 7) -> str:
        """Fetch the daily prices of a coin. Use this for trends."""
        return symbol

    @tool
    def convert(cls, amount: float) -> str:
        """Convert an amount of coins to dollars. Use this when the user gives an amount."""
        return ""

    @tool("lookup", args_schema=LookupInput)
    def lookup(self, symbol: str) -> str:
        """Look a coin up by its symbol."""
        return symbol

    @tool
    def compare(first: str, self: str) -> str:
        """Compare two coins. Use this when the user names two."""
        return first

    @tool
    def settings(config: str) -> str:
        """Read a setting. Use this when the user asks about one."""
        return config


@tool
def module_level(self, query: str) -> str:
    """Search everything. Use this when nothing else fits."""
    return query
