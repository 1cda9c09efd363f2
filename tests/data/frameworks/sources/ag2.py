# Recorded with ag2 0.14.0 (the `autogen` package); see ../record.py.
from typing import Annotated, List, Literal, Optional

import autogen
from autogen import AssistantAgent, ConversableAgent, UserProxyAgent, register_function

llm_config = {"config_list": [{"model": "gpt-4o", "api_key": "sk-recording"}]}
assistant = AssistantAgent("assistant", llm_config=llm_config)
user_proxy = UserProxyAgent("user_proxy", human_input_mode="NEVER", code_execution_config=False)


@user_proxy.register_for_execution()
@assistant.register_for_llm(name="get_weather", description="Get the current weather for a city.")
def weather(city: Annotated[str, "The city name, e.g. Paris"], unit: Literal["c", "f"] = "c") -> str:
    return ""


@assistant.register_for_llm()
def search_notes(query: str, limit: int = 5, archived: bool = False) -> str:
    """
    Search the team's notes.

    Use for past decisions, not for code.
    """
    return ""


@assistant.register_for_llm()
def ping(host: str) -> str:
    return ""


def convert(amount: Annotated[float, "Amount to convert"], base: Optional[str] = None, tags: List[str] = [],
            verbose=False) -> str:
    """Convert money between currencies."""
    return ""


register_function(convert, caller=assistant, executor=user_proxy, name="currency_exchange",
                  description="Convert an amount from one currency to another.")


def lookup(key: str) -> str:
    return ""


autogen.register_function(lookup, caller=assistant, executor=user_proxy, description="Look up a key.")


def open_ticket(title: str, priority: int = 3) -> str:
    """
    Open a support ticket.

    Use when the user reports a bug.
    """
    return ""


def close_ticket(ticket_id: str, reason: str = "") -> str:
    return ""


desk = ConversableAgent("desk", llm_config=llm_config, functions=[open_ticket, close_ticket])
