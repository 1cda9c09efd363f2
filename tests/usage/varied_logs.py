"""Generated logs in every layout the reader accepts (README, "Accepted payload layouts"),
with the edge cases each rule of payloads.py has: for checking that another counter (the
reference query) agrees with the reader record for record.

With `unique=True` every record declares tools named after its own line, so per-tool
counts are per-record counts and a disagreement names the record.
"""
from __future__ import annotations

import json
import random
from typing import Any, Dict, List

CHOICES = [None, "auto", "none", "required", "whatever", 42, [], {"type": "none"}, {"type": "auto"},
           {"type": "any"}, {"type": "required"}, {"type": "file_search"}, {"type": "mcp", "server_label": "x"},
           "NAMED", "ALLOWED", "ALLOWED_NESTED"]


def _definition(provider: str, name: str, rng: random.Random) -> Dict[str, Any]:
    schema = {"type": "object", "properties": {"q": {"type": "string", "description": "x" * rng.randrange(5)}}}
    if provider == "anthropic":
        return {"name": name, "description": "Does it.", "input_schema": schema}
    if provider == "openai-chat":
        return {"type": "function", "function": {"name": name, "parameters": schema}}
    if rng.random() < 0.2:
        return {"type": "custom", "name": name, "description": "free-form"}
    return {"type": "function", "name": name, "parameters": schema, "strict": rng.random() < 0.5}


def _choice(provider: str, names: List[str], rng: random.Random) -> Any:
    choice = rng.choice(CHOICES)
    pick = rng.choice(names + ["undeclared"])
    if choice == "NAMED":
        if provider == "anthropic":
            return {"type": "tool", "name": pick}
        if provider == "openai-chat":
            return {"type": "function", "function": {"name": pick}}
        return {"type": "function", "name": pick} if rng.random() < 0.7 else {"type": "custom", "custom": {"name": pick}}
    if choice in ("ALLOWED", "ALLOWED_NESTED"):
        tools = [{"type": "function", "name": n} if rng.random() < 0.5 else {"type": "function", "function": {"name": n}}
                 for n in rng.sample(names, min(len(names), 2))]
        if choice == "ALLOWED_NESTED":
            return {"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": tools}}
        return {"type": "allowed_tools", "mode": "required", "tools": tools}
    return choice


def _tools(provider: str, names: List[str], rng: random.Random) -> List[Any]:
    tools: List[Any] = [_definition(provider, n, rng) for n in names]
    if names and rng.random() < 0.2:  # the same name twice: the larger counts
        tools.append(_definition(provider, names[0], rng))
    if rng.random() < 0.2:
        tools += [{"type": "web_search"}, "not a tool", {"name": 7}]  # no name to choose by
    return tools


def _calls(names: List[str], rng: random.Random) -> List[str]:
    pool = names + ["undeclared"]
    return [rng.choice(pool) for _ in range(rng.choice([0, 0, 1, 1, 2, 3]))]


def _wrap(side: Any, rng: random.Random) -> Any:
    return {"body": side, "custom_id": "r"} if rng.random() < 0.2 else side


def _responses(rid: Any, names, rng) -> Dict[str, Any]:
    output: List[Any] = [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]}]
    for i, name in enumerate(_calls(names, rng)):
        kind = "function_call" if rng.random() < 0.8 else "custom_tool_call"
        output.append({"type": kind, "call_id": f"c{i}", "name": name, "arguments": "{}"})
    if rng.random() < 0.1:
        output.append({"type": "function_call", "call_id": "n"})  # no name
    status = rng.choice(["completed"] * 8 + ["failed", "in_progress", "incomplete"])
    return {"id": rid, "object": "response", "status": status, "tools": _tools("openai-responses", names, rng),
            "tool_choice": _choice("openai-responses", names, rng), "output": output}


def _chat(rid: Any, names, rng) -> Dict[str, Any]:
    request: Dict[str, Any] = {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}]}
    if rng.random() < 0.2:  # the legacy functions API, alone or beside tools
        request["functions"] = [{"name": n, "parameters": {"type": "object"}} for n in names[:2]]
        request["function_call"] = rng.choice(["auto", "none", {"name": names[0]} if names else "auto"])
    if rng.random() < 0.9:
        request["tools"] = _tools("openai-chat", names, rng)
    if rng.random() < 0.8:
        request["tool_choice"] = _choice("openai-chat", names, rng)
    choices = []
    for _ in range(rng.choice([1, 1, 2])):
        message: Dict[str, Any] = {"role": "assistant", "content": None}
        calls = _calls(names, rng)
        if calls:
            message["tool_calls"] = [{"id": f"c{i}", "type": "function", "function": {"name": n, "arguments": "{}"}}
                                     for i, n in enumerate(calls)]
        if rng.random() < 0.1:
            message["function_call"] = {"name": rng.choice(names + ["undeclared"]), "arguments": "{}"}
        choices.append({"index": 0, "message": message} if rng.random() < 0.95 else {"index": 1, "message": "x"})
    return {"request": _wrap(request, rng),
            "response": _wrap({"id": rid, "object": "chat.completion", "choices": choices}, rng)}


def _anthropic(rid: Any, names, rng) -> Dict[str, Any]:
    request: Dict[str, Any] = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [],
                               "tools": _tools("anthropic", names, rng)}
    if rng.random() < 0.8:
        request["tool_choice"] = _choice("anthropic", names, rng)
    content: List[Any] = [{"type": "text", "text": "ok"}]
    for i, name in enumerate(_calls(names, rng)):
        kind = "tool_use" if rng.random() < 0.8 else "server_tool_use"
        content.append({"type": kind, "id": f"t{i}", "name": name, "input": {}})
    response = {"id": rid, "type": "message", "role": "assistant", "content": content}
    if rng.random() < 0.2:
        del response["type"]  # still a message: a content list from the assistant
    return {"request": _wrap(request, rng), "response": _wrap(response, rng)}


def _odd(rid: Any, names, rng) -> Any:
    """Records the reader skips, each for its own reason."""
    return rng.choice([
        {"request": {"tools": _tools("anthropic", names, rng)}},  # no response
        {"request": {"tools": []}, "response": {"error": {"message": "overloaded"}}},
        {"response": {"id": rid, "object": "chat.completion", "choices": []}},  # no request
        {"id": rid, "type": "message", "role": "assistant", "content": []},  # an Anthropic message alone
        {"request": "text", "response": {"id": rid, "object": "response", "output": []}},
        {"request": None, "response": _responses(rid, names, rng)},  # a null request: the response alone
        {"messages": []}, 17, "a string", None,
    ])


def records(count: int, seed: int = 23, unique: bool = True) -> List[Any]:
    rng = random.Random(seed)
    out: List[Any] = []
    for n in range(count):
        base = ["search_orders", "export_invoices", "merge_accounts", "lookup"]
        names = [f"{b}_{n}" if unique else b for b in rng.sample(base, rng.randrange(len(base) + 1))]
        rid = rng.choice([f"id{n}"] * 6 + [None, 5])
        make = rng.choice([_responses, _responses, _chat, _chat, _anthropic, _anthropic, _odd])
        out.append(make(rid, names, rng))
        if out[-1] is not None and rng.random() < 0.05:  # logged twice, by a retry
            out.append(json.loads(json.dumps(out[-1])))
    return out


def lines(recs: List[Any], rng: random.Random) -> List[str]:
    """JSON Lines of the records, with malformed lines and the odd array of records on one line."""
    out: List[str] = []
    i = 0
    while i < len(recs):
        if rng.random() < 0.03:
            out.append(rng.choice(["{bad", "", "[1, 2", "nul"]))
        if rng.random() < 0.05 and i + 1 < len(recs):
            out.append(json.dumps(recs[i:i + 2]))
            i += 2
            continue
        out.append(json.dumps(recs[i]))
        i += 1
    return out
