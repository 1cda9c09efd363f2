from swarm import Agent

from app import refund
from app.payments import lookup_invoice

billing = Agent(name="billing", functions=[refund, lookup_invoice])
