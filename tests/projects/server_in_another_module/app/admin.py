from fastmcp import FastMCP

admin = FastMCP("admin")
