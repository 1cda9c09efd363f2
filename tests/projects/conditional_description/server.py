"""Descriptions a flag chooses between, in the shapes public servers use: a detailed and
a short text behind an environment switch, directly or through a helper."""
import os
from typing import Annotated

from mcp.server.fastmcp import FastMCP
from pydantic import Field

VERBOSE = os.environ.get("SHOP_VERBOSE_TOOLS") == "1"

SEARCH_DETAILED = ("Search the order archive by customer email. Use when the user asks about a past order; "
                   "not for refunds (use issue_refund).")
SEARCH_SHORT = "Search orders."
FIND_SHORT = "Find orders."
LOOKUP_BY_EMAIL = "Look up orders by email address. You MUST pass the full address."
LOOKUP_BY_PHONE = "Look up orders by phone number. NEVER guess a number."

mcp = FastMCP("shop")

Email = Annotated[str, Field(description="Customer email, e.g. 'jane@example.com'.")]


@mcp.tool(description=SEARCH_DETAILED if VERBOSE else SEARCH_SHORT)
def search_orders(email: Email) -> str:
    return email


@mcp.tool(description=SEARCH_SHORT if VERBOSE else FIND_SHORT)
def find_orders(email: Email) -> str:
    return email


def _lookup_description(verbose: bool) -> str:
    """Which text the server sends for lookup_orders."""
    if verbose:
        return LOOKUP_BY_EMAIL
    return LOOKUP_BY_PHONE


def _search_description(verbose):
    return SEARCH_DETAILED if verbose else SEARCH_SHORT


@mcp.tool(description=_lookup_description(VERBOSE))
def lookup_orders(email: Email) -> str:
    return email


@mcp.tool(description=_search_description(VERBOSE))
def search_archive(email: Email) -> str:
    return email


@mcp.tool(description=os.environ.get("ISSUE_REFUND_TEXT") if VERBOSE else SEARCH_SHORT)
def issue_refund(email: Email) -> str:
    return email


def _maybe_description(verbose):
    if verbose:
        return FIND_SHORT


@mcp.tool(description=_maybe_description(VERBOSE))
def count_orders(email: Email) -> str:
    return email
