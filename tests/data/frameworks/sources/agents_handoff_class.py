# Recorded with openai-agents; see ../record.py.
from agents import Agent, Handoff

billing = Agent(name="Billing", instructions="Answer billing questions.")


async def _to_billing(ctx, arguments: str) -> Agent:
    return billing


# a Handoff built by hand goes on the wire as given: its schema is not made strict
escalate = Handoff(
    tool_name="escalate_to_billing",
    tool_description="Hand the conversation to billing. Call this when the user disputes a charge.",
    input_json_schema={
        "type": "object",
        "properties": {"reason": {"type": "string", "description": "Why the user disputes the charge."}},
        "required": ["reason"],
        "additionalProperties": False,
    },
    on_invoke_handoff=_to_billing,
    agent_name="Billing",
)

triage = Agent(
    name="Triage",
    handoffs=[
        escalate,
        Handoff(
            tool_name="refund",
            tool_description="Hand refund requests to billing.",
            input_json_schema={"type": "object", "properties": {"order": {"type": "string"}}},
            on_invoke_handoff=_to_billing,
            agent_name="Billing",
            strict_json_schema=False,
        ),
    ],
)
