# Recorded with openai-agents; see ../record.py.
from agents import Agent, handoff

faq_agent = Agent(name="FAQ Agent", handoff_description="Answers frequently asked questions.")
seat_agent = Agent(name="Seat Booking", instructions="Book seats.")
refund_agent = Agent(name="Refunds", instructions="Refund orders.")

triage = Agent(name="Triage", instructions="Route the user.")
# handoffs added after the agent is made: the runner reads `triage.handoffs` each turn
triage.handoffs.append(faq_agent)
triage.handoffs.extend([seat_agent, handoff(refund_agent, tool_name_override="refund",
                                            tool_description_override="Hand refunds over.")])
