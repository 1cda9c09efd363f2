"""Forced extraction schemas, each sent alone from another module (batch.py), as round 53's
merger-agreement extractor does: a list no turn offers whole."""

TERM_TOOL = {
    "name": "record_term",
    "description": "Record the agreement's term. If it is not stated, set it to null.",
    "input_schema": {
        "type": "object",
        "properties": {"months": {"type": ["integer", "null"], "description": "Term in months, or null."}},
        "required": ["months"],
    },
}

LAW_TOOL = {
    "name": "record_law",
    "description": "Record the governing law. If it is not stated, set it to null.",
    "input_schema": {
        "type": "object",
        "properties": {"state": {"type": ["string", "null"], "description": "US state, or null."}},
        "required": ["state"],
    },
}

STEPS = [TERM_TOOL, LAW_TOOL]
