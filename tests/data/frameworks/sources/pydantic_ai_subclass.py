# Recorded with pydantic-ai-slim; see ../record.py. Agents whose class is the project's
# subclass of Agent: the tools they register, as a model receives them.
from pydantic import BaseModel
from pydantic_ai import Agent, RunContext


class Folder(BaseModel):
    path: str = "/tmp"


def lookup(sku: str, warehouse: str = "main") -> str:
    """Look up a product's stock.

    Use this when the user asks whether something is in stock.

    Args:
        sku: The product's stock-keeping unit.
    """
    return ""


class ShopAgent(Agent[None, str]):
    """A plain subclass: Agent's own __init__."""

    greeting = "Hello"


shop = ShopAgent("test", tools=[lookup])


@shop.tool_plain
def restock(sku: str, count: int) -> str:
    """Order more of a product. Call this only when the user asks to restock."""
    return ""


class FileAgent(ShopAgent):
    def __init__(self, prompt: str = ""):
        self.label = "files"
        super().__init__("test", deps_type=Folder, system_prompt=prompt or "You read files.")


def build() -> FileAgent:
    agent = FileAgent()

    @agent.tool
    async def read_file(ctx: RunContext[Folder], name: str, max_lines: int = 100) -> str:
        """Read a file of the current folder.

        Args:
            name: The file's name, relative to the folder.
            max_lines: How many lines to return at most.

        Returns:
            The file's text.
        """
        return ""

    @agent.tool(name="list-files")
    async def list_files(ctx: RunContext[Folder], pattern: str = "*") -> str:
        """List the files of the current folder whose names match a glob pattern."""
        return ""

    return agent


files = build()
