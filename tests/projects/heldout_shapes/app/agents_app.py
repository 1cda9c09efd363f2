"""Airline agents in the shape of the OpenAI customer-service demo: one agent is handed
off to by two others."""
from agents import Agent, handoff

booking = Agent(name="Booking Agent", handoff_description="Handles new bookings, rebookings and cancellations.")
seats = Agent(name="Seat Agent", handoff_description="Changes seats and handles special seating.")
triage = Agent(name="Triage Agent")

triage.handoffs = [seats, handoff(agent=booking)]
seats.handoffs.extend([handoff(agent=booking), triage])
