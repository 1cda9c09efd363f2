"""Tools handed to Google ADK agents: plain functions and FunctionTool(fn) in `tools=[...]`,
beside a built-in tool (google_search) that is no function of the project."""
from enum import Enum
from typing import List, Literal, Optional

from google.adk.agents import Agent, LlmAgent
from google.adk.tools import AgentTool, FunctionTool, ToolContext, google_search
from pydantic import BaseModel


class Category(Enum):
    FOOD = "food"
    TRAVEL = "travel"


class Receipt(BaseModel):
    merchant: str
    total: float
    items: List[str] = []


def save_expense(amount: float, note: str, tool_context: ToolContext) -> dict:
    """Save an expense. Use when the user reports spending money.

    Args:
        amount: the amount in dollars
        note: what it was for
    """
    return {}


def search_expenses(query: str, limit: int = 10, category: Optional[str] = None) -> list:
    """Search saved expenses by text.

    Returns the newest first.
    """
    return []


def tag_expense(expense_id: str, tags: list[str], category: Category,
                period: Literal["day", "week", "month"] = "week") -> dict:
    """Tag an expense with labels and a category."""
    return {}


def undocumented(record: dict, flag: bool = False):
    return None


def store_receipt(receipt: Receipt, ctx: ToolContext) -> str:
    """Store a parsed receipt."""
    return ""


async def summarize(month: int, *args, **kwargs) -> str:
    """Summarize a month of spending."""
    return ""


researcher = Agent(name="researcher", model="gemini-2.0-flash",
                   description="Find receipts in the user's mailbox.")
root_agent = Agent(
    name="expenses",
    model="gemini-2.0-flash",
    instruction="Track the user's expenses.",
    tools=[save_expense, FunctionTool(search_expenses), FunctionTool(func=tag_expense), google_search,
           AgentTool(agent=researcher)],
)
helper = LlmAgent(name="helper", model="gemini-2.0-flash", tools=[undocumented, store_receipt, summarize])
