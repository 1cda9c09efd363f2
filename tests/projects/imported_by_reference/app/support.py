from agents import Agent, WebSearchTool, function_tool

from app.tools import get_order, on_event, search_orders

support = Agent(
    name="support",
    tools=[function_tool(search_orders), function_tool(get_order), WebSearchTool()],
    hooks=[on_event],
)
