# Recorded with openai-agents; see ../record.py.
from agents import Agent, FunctionTool, WebSearchTool, function_tool, handoff


def get_weather(city: str, unit: str = "c") -> str:
    """Get the weather in a city.

    Args:
        city: The city to look up.
        unit: c or f.
    """
    return ""


weather = function_tool(get_weather)


async def _run(ctx, args: str) -> str:
    return ""


lookup = FunctionTool(
    name="lookup_order",
    description="Look an order up by its id. Use when the user gives one.",
    params_json_schema={"type": "object", "properties": {"order_id": {"type": "string"}},
                        "required": ["order_id"], "additionalProperties": False},
    on_invoke_tool=_run,
)
# strict_json_schema defaults to True: the SDK sends ensure_strict_json_schema(schema)
loose = FunctionTool(
    name="find_orders",
    description="Find a customer's orders. Use to list them before picking one.",
    params_json_schema={"type": "object", "properties": {
        "customer": {"type": "string"},
        "filters": {"type": "object", "properties": {"status": {"type": "string"}}},
        "tags": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
    }, "required": ["customer"]},
    on_invoke_tool=_run,
)
as_written = FunctionTool(
    name="count_orders",
    description="Count a customer's orders. Use for totals only.",
    params_json_schema={"type": "object", "properties": {"customer": {"type": "string"}}},
    on_invoke_tool=_run,
    strict_json_schema=False,
)
billing_agent = Agent(name="Billing agent", handoff_description="Answers billing questions.")
refund_agent = Agent(name="Refunds", instructions="Refund orders.")
spanish_agent = Agent(name="Spanish", handoff_description="Speaks Spanish.")
translator = spanish_agent.as_tool(tool_name="translate_to_spanish", tool_description="Translate to Spanish.")
summarizer = refund_agent.as_tool(None, None)

triage = Agent(
    name="Triage",
    tools=[weather, lookup, loose, as_written, WebSearchTool(), translator, summarizer],
    handoffs=[billing_agent, handoff(refund_agent, tool_name_override="refund",
                                     tool_description_override="Hand refunds over.")],
)
