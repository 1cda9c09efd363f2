from concurrent.futures import ThreadPoolExecutor

from langchain_community.tools import tavily_search
from langgraph.prebuilt import create_react_agent

from app.decorated import weather
from app.tools import search_orders

agent = create_react_agent("openai:gpt-4o", tools=[weather, tavily_search])
ThreadPoolExecutor().submit(search_orders, "x")
sorted([1], key=search_orders)
