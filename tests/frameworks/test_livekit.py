"""LiveKit agents: toollint.frameworks.livekit."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings


@pytest.mark.parametrize("recording", recordings("livekit-agents"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_methods_and_tools_nested_in_an_entrypoint():
    found = extract('''
        from livekit.agents import Agent, JobContext, RunContext, function_tool

        class Desk(Agent):
            @function_tool()
            async def transfer(self, context: RunContext, department: str, urgent: bool = False) -> str:
                """Transfer the call."""

        async def entrypoint(ctx: JobContext):
            @function_tool
            async def hang_up(reason: str) -> None:
                """End the call.

                Args:
                    reason: Why.
                """

            def plain(x: int) -> int:
                return x

            register_callback(plain)
    ''')
    assert [t.name.value for t in found] == ["transfer", "hang_up"]
    assert list(props(found[0])) == ["department", "urgent"]
    assert found[0].schema.get("required") is not None
    # a default makes a parameter optional (livekit-agents 1.8.9 under pydantic 2.14, recorded)
    assert [c.value for c in found[0].schema.get("required").items] == ["department"]
    assert found[1].description.value == "End the call.\n"


def test_a_default_livekit_requires_anyway_is_not_the_projects_to_drop(lint):
    # held-out round 57, F: LiveKit sends every parameter required, defaults or not; TL204's
    # "drop it from 'required'" has nothing in the project to act on
    src = '''
from livekit.agents import Agent, RunContext, function_tool


@function_tool
async def leave_message(context: RunContext, message: str, callback_phone: str = "") -> str:
    """Record a message for the owner. Call this when the caller wants to leave one; not for bookings."""
    return "ok"


agent = Agent(instructions="Answer the phone.", tools=[leave_message])
'''
    assert lint({"agent.py": src}, select=["TL204"]) == []


RAW = '''
from livekit.agents import Agent, RunContext, function_tool

SCHEMA = {
    "name": "lookup_booking",
    "description": "Return the caller's booking. Call this when the caller asks about one; not to book.",
    "parameters": {"type": "object", "properties": {"phone": {"type": "string", "description": "E.164."}},
                   "required": ["phone"]},
}


@function_tool(raw_schema=SCHEMA)
async def lookup_booking(raw_arguments: dict, context: RunContext) -> str:
    return raw_arguments.get("phone", "")


@function_tool(raw_schema={"name": "cancel_booking", "description": "Cancel the caller's booking.",
                           "parameters": {"type": "object", "properties": {}}})
async def cancel_booking(raw_arguments: dict, context: RunContext) -> str:
    return ""


agent = Agent(instructions="Answer the phone.", tools=[lookup_booking, cancel_booking])
'''


def test_a_raw_schema_is_the_tool_and_the_signature_none(lint):
    # held-out round 57, E: `(raw_arguments: dict, context)` is no schema LiveKit sends
    assert [t.name.value for t in extract(RAW)] == ["cancel_booking"]  # SCHEMA is read where it is written
    found = lint({"agent.py": RAW}, select=["TL101", "TL207"])
    assert found == []


AGENT = '''
from livekit.agents import Agent, RunContext, function_tool


class Billing(Agent):
    @function_tool()
    async def confirm_amount(self, {context}, amount: float) -> str:
        """Record the amount the caller agreed to pay. Call this once the caller states the amount.

        Args:
            amount: Amount in US dollars, e.g. 42.50.
        """
        return f"{{amount:.2f}}"
'''


def test_an_unannotated_parameter_leaves_no_schema_to_judge(lint):
    # held-out round 72, A: LiveKit reads the types with get_type_hints(), which has no entry
    # for `context`: building the tool raises KeyError, so no `context` property is ever sent
    # (1.8.0 pinned: its Args describe `amount`)
    def found(context):
        return lint({"agent.py": AGENT.format(context=context), "requirements.txt": "livekit-agents==1.8.0\n"},
                    select=["TL207"])

    assert found("context") == []
    assert found("context: RunContext, note") == []
    assert found("context: RunContext") == []
    assert found("context: RunContext, note: str") == [("agent.py", 6, "TL207")]  # `note` is sent undescribed
