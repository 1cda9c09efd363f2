# Recorded with openai-agents; see ../record.py. FunctionTool built by hand, its parameters
# a project model's model_json_schema(): what the SDK keeps of it (strict unless told not).
from typing import List, Literal, Optional

from agents import FunctionTool, RunContextWrapper
from pydantic import BaseModel, Field


class UserArgs(BaseModel):
    username: str
    age: int


class Address(BaseModel):
    """Where a parcel goes."""

    street: str
    city: str = Field(description="The city, as the post office spells it.")


class ShipArgs(BaseModel):
    order_id: str = Field(description="The order to ship.")
    speed: Literal["standard", "express"] = "standard"
    note: Optional[str] = None
    to: Address = Field(description="The delivery address.")
    items: List[Address] = []


async def run(ctx: RunContextWrapper, args: str) -> str:
    return args


process_user = FunctionTool(
    name="process_user",
    description="Process a user's name and age. Call this when the user gives both.",
    params_json_schema=UserArgs.model_json_schema(),
    on_invoke_tool=run,
)
ship = FunctionTool(
    name="ship",
    description="Ship an order.",
    params_json_schema=ShipArgs.model_json_schema(),
    on_invoke_tool=run,
)
loose = FunctionTool(
    name="ship_loosely",
    description="Ship an order, the schema as the model gives it.",
    params_json_schema=ShipArgs.model_json_schema(),
    on_invoke_tool=run,
    strict_json_schema=False,
)
