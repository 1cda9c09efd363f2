# PEP 695 aliases (Python 3.12) in a model pydantic_function_tool sends; recorded with openai on Python 3.12; see ../record.py.
from typing import Literal, Optional

import openai
from pydantic import BaseModel, Field

type Mode = Literal["fast", "slow"]
type Tags = list[str]


class ShipInput(BaseModel):
    """How a parcel travels."""

    mode: Mode = Field(description="How fast.")
    maybe_mode: Optional[Mode] = Field(None, description="Maybe a mode.")
    tags: Tags = Field(description="Labels.")
    plain: Mode


TOOLS = [openai.pydantic_function_tool(ShipInput)]
