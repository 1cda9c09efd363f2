import pytest
from fastmcp import FastMCP


def _owner() -> FastMCP:
    owner = FastMCP("owner")

    @owner.tool(annotations={"readOnlyHint": True})
    async def scrape() -> str:
        return "page"

    return owner


@pytest.fixture
async def created(client):
    return await client.call_tool(
        name="create_config",
        arguments={
            "name": "Initial Test Configuration",
            "description": "Configuration made by the test",
            "parameters": {"initial_param": "initial_value"},
        },
    )


async def test_tools_run_one_at_a_time():
    mcp = FastMCP("t")

    @mcp.tool
    async def slow_tool(delay: float = 0.05) -> dict:
        return {"delay": delay}

    assert await mcp.call_tool("slow_tool", {"delay": 0.05})


class TestReplay:
    async def test_scrape_is_replayed(self):
        mcp = FastMCP("t")

        @mcp.tool
        async def scrape() -> str:
            return "again"

        assert await mcp.call_tool("scrape", {})
