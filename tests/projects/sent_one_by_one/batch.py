"""Batch requests: one per schema, each forced."""
from schemas import STEPS


def requests(text):
    out = []
    for tool in STEPS:
        out.append({"params": {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": [tool],
                               "tool_choice": {"type": "tool", "name": tool["name"]},
                               "messages": [{"role": "user", "content": text}]}})
    print(f"{len(STEPS)} schemas")
    return out
