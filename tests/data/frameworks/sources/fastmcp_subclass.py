# Recorded with fastmcp; see ../record.py. A server whose class is the project's
# subclass of FastMCP, overriding nothing of how tools are declared: its tools, as a model
# receives them, are FastMCP's.
from fastmcp import FastMCP


class AppFastMCP(FastMCP):
    """The project's server, with a helper of its own."""

    def banner(self) -> str:
        return self.name


mcp = AppFastMCP("accounts")


@mcp.tool(name="check_login", description="Check whether you are logged in. Call this before any other tool.")
async def check_login() -> str:
    return "ok"


@mcp.tool()
def find_account(email: str, active_only: bool = True) -> str:
    """Find an account by its email address.

    Args:
        email: The address, such as "ana@example.com".
    """
    return email
