from agents import Agent, function_tool

from src.agent.tools import get_account, search_docs

assistant = Agent(name="assistant", tools=[function_tool(search_docs), function_tool(get_account)])
