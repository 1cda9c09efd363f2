# crewai_tools' RagTool as the base of a project's own tool classes (issue 16).
import os

from crewai_tools import RagTool
from pydantic import BaseModel, Field

os.environ.setdefault("OPENAI_API_KEY", "sk-not-used")  # RagTool's default embedder wants one at init


class HandbookSearch(RagTool):
    name: str = "Handbook Search"
    description: str = "Search the team handbook for a policy. Use it when asked about leave or expenses."


class DefaultKnowledge(RagTool):
    name: str = "Company Knowledge"


class TopicInput(BaseModel):
    topic: str = Field(..., description="The policy topic to look up, such as 'parental leave'.")


class PolicyLookup(RagTool):
    name: str = "Policy Lookup"
    description: str = "Look up one HR policy by its topic. Use it when the user names the policy."
    args_schema: type[BaseModel] = TopicInput


_TOOLS = [HandbookSearch(), DefaultKnowledge(), PolicyLookup()]
