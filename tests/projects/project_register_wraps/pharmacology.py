from registry import register_tool


@register_tool(
    name="fit_model",
    description="Fit a compartment model to the loaded concentration data. Call this after "
                "load_dataset, when the user asks for model parameters; not for plots, use plot_profile.",
    parameters={
        "properties": {
            "compartments": {"type": "integer", "description": "How many compartments, 1 to 3."},
            "route": {"type": "string", "enum": ["iv", "oral"], "description": "How the dose was given."},
        },
        "required": ["compartments"],
    },
)
def fit_model(compartments, route="oral"):
    return {}


@register_tool(
    name="plot_profile",
    description="Plot profile.",
    parameters={"properties": {"log_scale": {"type": "boolean"}}, "required": []},
)
def plot_profile(log_scale=False):
    return {}
