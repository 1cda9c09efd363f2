"""A database server in the shape of a public SQL MCP server (fourth held-out round):
descriptions end in run-time facts about the connected database, or are assembled by a
helper from the environment, and name the parameters they take."""
import os

from mcp.server.fastmcp import FastMCP

DB_INFO = os.environ.get("DB_INFO", "")
ROW_LIMIT = int(os.environ.get("ROW_LIMIT", "500"))
mcp = FastMCP("warehouse")


def _query_description() -> str:
    parts = [f"Run one SQL statement and return at most {ROW_LIMIT} rows."]
    parts.append("Pass every value through the bind parameter (`:id` with bind={'id': 1}); never format it into sql.")
    return " ".join(parts + [DB_INFO])


@mcp.tool(description=f"List the tables whose name contains 'pattern', one per line. {DB_INFO}")
def search_tables(pattern: str) -> str:
    return pattern


@mcp.tool(description=_query_description())
def run_sql(sql: str, bind: dict = {}) -> str:
    return sql


@mcp.tool()
def describe_table(table: str, with_samples: bool = False) -> str:
    """Describe the columns of one table. Call this before writing a query on the table; use search_tables to find its name."""
    return table
