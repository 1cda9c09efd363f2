# Recorded with autogen-core / autogen-agentchat; see ../record.py.
from types import SimpleNamespace
from typing import Annotated, List, Optional

from autogen_agentchat.agents import AssistantAgent
from autogen_core import CancellationToken
from autogen_core.tools import FunctionTool


async def get_stock_price(ticker: str, date: Annotated[str, "Date in YYYY/MM/DD"]) -> float:
    """Fetch the stock price of a ticker on a date."""
    return 0.0


def search_orders(query: Annotated[str, "Words to look for."], limit: int = 10, status: Optional[str] = None,
                  cancellation_token: CancellationToken = None) -> List[str]:
    return []


def summarize(text: str, tags: List[str]) -> str:
    """
    Summarize a text.

    Use when the user pastes a long text.
    """
    return ""


def lookup(key: str) -> str:
    return ""


class Orders:
    def cancel(self, order_id: str, reason: Optional[str] = None) -> str:
        """Cancel an order."""
        return ""


orders = Orders()

price_tool = FunctionTool(get_stock_price, description="Fetch the stock price for a ticker. Use for prices.")
search_tool = FunctionTool(search_orders, "Search the orders.", name="search")
cancel_tool = FunctionTool(orders.cancel, description="Cancel one order.", strict=False)

# the agent only asks its client whether the model calls functions
client = SimpleNamespace(model_info={"function_calling": True, "vision": False, "json_output": False, "family": "x"})
agent = AssistantAgent("assistant", model_client=client, tools=[summarize, lookup, price_tool])
