# Recorded with smolagents; see ../record.py.
from smolagents import CodeAgent, InferenceClientModel, ToolCallingAgent, tool

model = InferenceClientModel(model_id="Qwen/Qwen2.5-Coder-32B-Instruct")


@tool
def web_search(query: str) -> str:
    """Search the web.

    Args:
        query: What to look for.
    """
    return ""


web_agent = ToolCallingAgent(
    tools=[web_search],
    model=model,
    name="web_agent",
    description="Searches the web for what the task asks and reports the pages it found.",
)

# a managed agent is offered to the manager's model as a tool named after it
manager = ToolCallingAgent(
    tools=[],
    model=model,
    managed_agents=[
        web_agent,
        CodeAgent(tools=[], model=model, name="analyst", description="Runs Python to analyse the data in the task."),
    ],
)
