"""Test data: pydantic models whose static schema tests/frameworks/test_pydantic_schema.py compares
with real pydantic's model_json_schema(). Not user code."""
from pmodels.shared import Address as Address  # re-exported: resolved through the package
