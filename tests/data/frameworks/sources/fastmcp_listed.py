# Recorded with fastmcp; see ../record.py. `FastMCP(tools=[...])` registers each function
# as `@mcp.tool` would.
from fastmcp import FastMCP


def get_labels(project: str) -> list[str]:
    """List the labels of a project. Use this before adding a label, to reuse one."""
    return []


def add_label(issue_key: str, label: str, notify: bool = False) -> str:
    """Add a label to an issue.

    Args:
        issue_key: The issue's key, such as "OPS-12".
        label: The label to add.
    """
    return label


mcp = FastMCP(name="tracker", tools=[get_labels, add_label])
