# crewai_tools' RagTool as the base of a project's own tool classes (issue 16).
import os

from crewai_tools import RagTool
from pydantic import BaseModel, Field

os.environ.setdefault("OPENAI_API_KEY", "sk-not-used")  # RagTool's default embedder wants one at init


class HandbookQuery(BaseModel):
    query: str = Field(..., description="The question about a handbook policy, in the user's words.")


class HandbookSearch(RagTool):
    name: str = "Handbook Search"
    description: str = "Search the team handbook for a policy. Use it when asked about leave or expenses."
    args_schema: type[BaseModel] = HandbookQuery


class DefaultKnowledge(RagTool):
    name: str = "Company Knowledge"
    args_schema: type[BaseModel] = HandbookQuery


class PolicyLookup(RagTool):
    name: str = "Policy Lookup"
    description: str = "Look up one HR policy by its topic. Use it when the user names the policy."

    def _run(self, topic: str, region: str = "global") -> str:
        return super()._run(f"{topic} ({region})")


_TOOLS = [HandbookSearch(), DefaultKnowledge(), PolicyLookup()]
