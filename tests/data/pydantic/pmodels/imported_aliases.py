"""Literal aliases imported from another module of the project: pydantic reads through
them as through the module's own (aliases.py)."""
from typing import Dict, List, Optional

from pydantic import BaseModel, Field

import pmodels.aliases as aliases
from pmodels.aliases import Level, Mode
from pmodels.aliases import Mode as Speed


class Imported(BaseModel):
    """Shipping options, spelled with another module's aliases."""

    mode: Mode
    speed: Speed = "fast"
    level: Optional[Level] = None
    flag: aliases.Flag = Field(False, description="Whether to insure it.")


class ImportedContainers(BaseModel):
    many: List[Mode] = []
    by_name: Dict[str, aliases.Level] = {}
    either: aliases.One | None = Field(None, description="The one mode, or none.")
    nested: aliases.Shipping
