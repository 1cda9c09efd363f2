from fastmcp import FastMCP

GROUP = "schema"


def register_schema_tools(mcp: FastMCP) -> None:
    @mcp.tool(name=f"{GROUP}_labels")
    def labels() -> list:
        """List the node labels of the graph. Call it before writing a query that matches
        labels; do not use it for relationship types."""
        return []

    @mcp.tool(name=f"{GROUP} properties")
    def properties(label: str) -> list:
        """List the properties of one node label. Call it after schema_labels, when a query
        needs a property name; do not use it for relationship properties.

        Args:
            label: a node label as schema_labels returns it, e.g. "Person".
        """
        return []
