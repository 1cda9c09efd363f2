"""A Prompt and a Resource next to a Tool: only the Tool is a tool."""
from mcp.types import Prompt, PromptArgument, Resource, Tool

PROMPTS = [
    Prompt(name="summarize", description="Summarize", arguments=[PromptArgument(name="text", required=True)]),
]
RESOURCES = [Resource(uri="file:///a", name="a file", description="x")]
TOOLS = [
    Tool(
        name="summarize_text",
        description="Summarize a text. Call this when the user pastes a long text and asks for the gist.",
        inputSchema={"type": "object", "properties": {"text": {"type": "string", "description": "The text."}}},
    )
]
RECORDS = [{"name": "alice", "description": "Admin user"}, {"name": "bob", "description": "Guest"}]
