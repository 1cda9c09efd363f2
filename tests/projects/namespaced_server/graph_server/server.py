from fastmcp.server import FastMCP

from .schema_tools import register_schema_tools

# the category names are the suffixes: which tool they mean depends on the namespace
TOOL_CATEGORIES = {"read": ["read_cypher"], "write": ["write_cypher", "drop_graph"]}


def _format_namespace(namespace: str) -> str:
    if namespace:
        return namespace if namespace.endswith("-") else namespace + "-"
    return ""


def create_mcp_server(namespace: str = "") -> FastMCP:
    mcp: FastMCP = FastMCP("graph", stateless_http=True)
    namespace_prefix = _format_namespace(namespace)

    @mcp.tool(name=namespace_prefix + "read_cypher")
    async def read_cypher(query: str) -> str:
        """Run a read-only Cypher query and return its rows as JSON.

        Use it for any question about what the graph holds. Do not use it to change the
        graph; use write_cypher for that.

        Args:
            query: the Cypher query, e.g. "MATCH (n:Person) RETURN n.name LIMIT 5".
        """
        return query

    @mcp.tool(name=f"{namespace}-write_cypher")
    async def write_cypher(query: str) -> str:
        """Run a Cypher query that changes the graph."""
        return query

    register_schema_tools(mcp)
    return mcp
