# Recorded with camel-ai; see ../record.py.
from typing import Any, Dict, List, Literal, Optional

from camel.toolkits import BaseToolkit, FunctionTool


def search_orders(query: str, since: Optional[str] = None, limit: int = 10) -> str:
    r"""Search orders by free text.

    Use this when the user asks about an order.

    Args:
        query (str): Words to look for.
        since (Optional[str]): The earliest date.
        limit (int): Most results to return. (default: :obj:`10`)

    Returns:
        str: The orders.
    """
    return ""


class Shop(BaseToolkit):
    def list_products(self, category: str, tags: List[str], page: int = 1) -> str:
        r"""List the products of a category.

        Args:
            category (str): The category's slug.
            tags (List[str]): Tags to match.
            page (int): Which page.
        """
        return ""

    def cancel(self, order_id: str, force: bool = False) -> str:
        r"""Cancel an order.

        :param order_id: The order.
        :param force: Even when shipped.
        """
        return ""

    def tag(self, order_id: str, labels: Dict[str, Any], files: list, mode: Literal["add", "drop"] = "add",
            extra: Optional[Dict[str, str]] = None) -> str:
        r"""Tag an order.
        Tags show on the order page.

        Args:
            order_id (str): The order.
            labels (Dict[str, Any]): Label values.
            files (list(str)): Files to attach,
                one path each.
            mode (Literal): Add or drop.
        """
        return ""

    def get_tools(self) -> List[FunctionTool]:
        return [FunctionTool(self.list_products), FunctionTool(self.cancel), FunctionTool(self.tag)]


shop_tools = Shop().get_tools()
search = FunctionTool(search_orders)
