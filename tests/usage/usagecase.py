"""Logged payloads of the three APIs and the small source tree they map back to, for the tests of
`toollint usage` (issue 23)."""
from __future__ import annotations

import json

from toollint.commands.cli import main


SOURCE = {
    "agent/__init__.py": "",
    "agent/tools.py": '''
        TOOLS = [
            {
                "name": "search_orders",
                "description": "Search orders. Use this when the customer asks about an order.",
                "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}},
            },
            {
                "name": "export_invoices",
                "description": "Export invoices as CSV. Use this when asked for invoices.",
                "input_schema": {"type": "object", "properties": {}},
            },
            {
                "name": "merge_accounts",
                "description": "Merge two accounts. Use this when a customer has two logins.",
                "input_schema": {"type": "object", "properties": {}},
            },
            {
                "name": "admin_reset",
                "description": "Reset an account. Use this when an admin asks for it.",
                "input_schema": {"type": "object", "properties": {}},
            },
            {
                "name": "legacy_lookup",  # noqa: TL401
                "description": "Old lookup. Use this when nothing else finds the order.",
                "input_schema": {"type": "object", "properties": {}},
            },
        ]
    ''',
}


def _line_of(text: str, needle: str) -> int:
    import textwrap

    lines = textwrap.dedent(text).lstrip("\n").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def _definition(provider, name, description="Does a thing. Use this when asked."):
    schema = {"type": "object", "properties": {}}
    if provider == "anthropic":
        return {"name": name, "description": description, "input_schema": schema}
    if provider == "openai-chat":
        return {"type": "function", "function": {"name": name, "description": description, "parameters": schema}}
    return {"type": "function", "name": name, "description": description, "parameters": schema}


def _choice(provider, choice):
    """`auto`, `none` or a tool name, spelled as each API spells it."""
    if choice is None:
        return None
    if provider == "anthropic":
        return {"type": choice} if choice in ("auto", "none") else {"type": "tool", "name": choice}
    if choice in ("auto", "none"):
        return choice
    if provider == "openai-chat":
        return {"type": "function", "function": {"name": choice}}
    return {"type": "function", "name": choice}


def payload(provider, rid, tools, calls=(), choice="auto"):
    """One logged turn in `provider`'s own layout: a bare Responses object, or a request/response pair."""
    defs = [_definition(provider, t) for t in tools]
    tool_choice = _choice(provider, choice)
    if provider == "openai-responses":
        output = [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]}]
        output += [{"type": "function_call", "call_id": f"c{i}", "name": n, "arguments": "{}"} for i, n in enumerate(calls)]
        return {"id": rid, "object": "response", "status": "completed", "tools": defs, "tool_choice": tool_choice,
                "output": output}
    if provider == "openai-chat":
        request = {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}], "tools": defs}
        if tool_choice is not None:
            request["tool_choice"] = tool_choice
        message = {"role": "assistant", "content": None if calls else "ok"}
        if calls:
            message["tool_calls"] = [{"id": f"c{i}", "type": "function", "function": {"name": n, "arguments": "{}"}}
                                     for i, n in enumerate(calls)]
        return {"request": request,
                "response": {"id": rid, "object": "chat.completion", "choices": [{"index": 0, "message": message}]}}
    request = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [{"role": "user", "content": "hi"}],
               "tools": defs}
    if tool_choice is not None:
        request["tool_choice"] = tool_choice
    content = [{"type": "text", "text": "ok"}]
    content += [{"type": "tool_use", "id": f"t{i}", "name": n, "input": {}} for i, n in enumerate(calls)]
    return {"request": request, "response": {"id": rid, "type": "message", "role": "assistant", "content": content,
                                             "stop_reason": "tool_use" if calls else "end_turn"}}


BASE = ["search_orders", "export_invoices", "merge_accounts", "legacy_lookup"]


def scenario(provider, prefix=""):
    """150 auto turns: search_orders called on every other one, merge_accounts once,
    export_invoices and legacy_lookup never; 60 turns forcing search_orders that also
    declare admin_reset (never offered); 10 turns declaring new_tool (too small a sample)."""
    turns = []
    for i in range(150):
        calls = ["search_orders"] if i % 2 == 0 else []
        if i == 7:
            calls.append("merge_accounts")
        tools = BASE + (["new_tool"] if i < 10 else [])
        turns.append(payload(provider, f"{prefix}a{i}", tools, calls))
    for i in range(60):
        turns.append(payload(provider, f"{prefix}f{i}", BASE + ["admin_reset"], ["search_orders"], choice="search_orders"))
    return turns


def write_jsonl(path, records, extra_lines=()):
    lines = [json.dumps(r) for r in records] + list(extra_lines)
    path.write_text("\n".join(lines) + "\n")


def usage(capsys, *argv):
    code = main(["usage", *argv])
    out, err = capsys.readouterr()
    return code, out, err
