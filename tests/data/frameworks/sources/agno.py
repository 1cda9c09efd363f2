# Recorded with agno; see ../record.py.
from typing import List, Literal, Optional

from agno.agent import Agent
from agno.tools import Toolkit, tool


def search_orders(query: str, since: Optional[str] = None, limit: int = 10) -> str:
    """Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query: Words to look for.
        limit: Most results to return.
    """
    return ""


def get_order(order_id: str, verbose: bool = False) -> str:
    """Fetch one order by its id."""
    return ""


class Shop(Toolkit):
    def __init__(self, **kwargs):
        tools = [self.list_products]
        tools.append(self.cancel)
        if kwargs.get("tagging", True):
            tools.extend([self.tag])
        super().__init__(name="shop", tools=tools, **kwargs)

    def list_products(self, category: str, page: int = 1) -> str:
        """List the products of a category.

        Args:
            category: The category's slug.
            page: Which page.
        """
        return ""

    def cancel(self, order_id: str, reason: Optional[str] = None) -> str:
        """Cancel an order."""
        return ""

    def tag(self, order_id: str, labels: List[int], mode: Literal["add", "drop"] = "add",
            files: Optional[List[str]] = None, agent=None) -> str:
        """Tag an order.
        Tags show on the order page.

        More text here.

        Args:
            order_id (str): The order.
            labels: Label values.
            files (list(str)): Files to attach,
                one path each.
        """
        return ""

    def helper(self, x: int) -> int:
        return x


@tool
def refund(order_id: str, amount: float, tags: List[str]) -> str:
    """Refund an order.

    Args:
        order_id (str): The order.
        amount: How much to give back.
    """
    return ""


agent = Agent(tools=[Shop(), refund, search_orders, get_order])
