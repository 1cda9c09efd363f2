"""The same partial schema where no project function wraps it is still judged whole."""
from mcp.types import Tool

LOAD_DATASET = Tool(
    name="load_dataset",
    description="Load a concentration-time CSV file. Call this first, before fit_model; not for "
                "plotting, use plot_profile.",
    inputSchema={"properties": {"path": {"type": "string", "description": "Path of the CSV file."}}},
)
