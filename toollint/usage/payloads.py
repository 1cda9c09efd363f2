"""What one logged payload says: the tools its request declared and offered, and the calls.

Accepted layouts (README, "Which tools are never called"). A record is

- a bare OpenAI Responses object: it echoes `tools` and `tool_choice` beside `output`;
- `{"request": {...}, "response": {...}}` for any of the three APIs: a Responses request
  and object, a Chat Completions request and completion, an Anthropic Messages request
  and message. Either side may be wrapped as `{"body": {...}}`, as OpenAI batch files
  and many logging proxies write it.

A Chat Completion or Anthropic message alone is skipped: the tools it was offered are
in the request.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, List, Optional, Tuple


@dataclass(frozen=True, order=True)
class Where:
    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass
class Turn:
    """One model turn: what its request declared and offered, and what the model called."""

    where: Where
    provider: str  # openai-responses | openai-chat | anthropic
    response_id: Optional[str]
    declared: Dict[str, int]  # name -> characters of its definition as compact JSON
    offered: FrozenSet[str]
    calls: Dict[str, int]  # name -> calls in this turn


def _compact_size(value: Any) -> int:
    import json

    try:
        return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
    except (ValueError, RecursionError):  # nested deeper than the encoder goes
        return len(repr(value))


def _name_of(item: Any) -> Optional[str]:
    """The tool name in a definition, a call or a tool_choice, in any of the three shapes."""
    if not isinstance(item, dict):
        return None
    name = item.get("name")
    if isinstance(name, str):
        return name
    for key in ("function", "custom"):  # Chat Completions nests it
        inner = item.get(key)
        if isinstance(inner, dict) and isinstance(inner.get("name"), str):
            return inner["name"]
    return None


# name -> (the definition last measured, its size). Logs repeat the same definitions on
# every turn, and comparing a definition with the last one is several times cheaper than
# encoding it again; encoding was most of the time per record. == takes 1, 1.0 and true
# for each other, so a definition differing from the last only so keeps its size.
_LAST_SIZE: Dict[str, Tuple[Any, int]] = {}


def _size_of(name: str, tool: Any) -> int:
    last = _LAST_SIZE.get(name)
    if last is not None and last[0] == tool:
        return last[1]
    size = _compact_size(tool)
    _LAST_SIZE[name] = (tool, size)
    return size


def _declared(tools: Any) -> Dict[str, int]:
    out: Dict[str, int] = {}
    if not isinstance(tools, list):
        return out
    for tool in tools:
        name = _name_of(tool)
        if name is None:  # hosted tools (web_search, file_search, mcp) have no name to choose by
            continue
        size = _size_of(name, tool)
        out[name] = max(out.get(name, 0), size)
    return out


def offered(declared: Dict[str, int], choice: Any) -> FrozenSet[str]:
    """The declared tools a `tool_choice` lets the model pick."""
    every = frozenset(declared)
    if choice is None:
        return every
    if isinstance(choice, str):
        # "auto", "required" (OpenAI); a value we do not know cannot narrow the set.
        return frozenset() if choice == "none" else every
    if not isinstance(choice, dict):
        return every
    kind = choice.get("type")
    if kind == "none":
        return frozenset()
    if kind in ("auto", "any", "required"):  # Anthropic spells "required" as "any"
        return every
    if kind == "allowed_tools":
        inner = choice.get("allowed_tools")
        holder = inner if isinstance(inner, dict) else choice  # Chat nests it, Responses does not
        tools = holder.get("tools")
        names = {_name_of(t) for t in tools} if isinstance(tools, list) else set()
        return every & frozenset(n for n in names if n is not None)
    name = _name_of(choice)  # a named function, custom tool, Anthropic {"type": "tool"}, legacy {"name"}
    if name is not None:
        return every & {name}
    # A hosted tool forced ({"type": "file_search"}, {"type": "mcp", ...}): no named tool is offered.
    return frozenset()


def _unwrap(side: Any) -> Any:
    if isinstance(side, dict) and isinstance(side.get("body"), dict) and not any(
        k in side for k in ("tools", "output", "choices", "content", "messages", "input")
    ):
        return side["body"]
    return side


def _is_responses(obj: Dict[str, Any]) -> bool:
    return obj.get("object") == "response" or isinstance(obj.get("output"), list)


def _is_chat(obj: Dict[str, Any]) -> bool:
    return isinstance(obj.get("choices"), list)


def _is_anthropic(obj: Dict[str, Any]) -> bool:
    return obj.get("type") == "message" or (isinstance(obj.get("content"), list) and obj.get("role") == "assistant")


_PAIR_HINT = 'log {"request": ..., "response": ...} pairs'
_NO_CHAT_REQUEST = f"a Chat Completion without its request: the tools it was offered are unknown; {_PAIR_HINT}"
_NO_ANTHROPIC_REQUEST = f"an Anthropic message without its request: the tools it was offered are unknown; {_PAIR_HINT}"
_NO_RESPONSE = "a request without its response: whether a tool was called is unknown"


def turn_from_record(record: Any, where: Where) -> "Turn | str":
    """The Turn a record shows, or why it shows none (one line)."""
    if not isinstance(record, dict):
        return f"not a JSON object but {type(record).__name__}"
    if "request" in record or "response" in record:
        request = _unwrap(record.get("request"))
        response = _unwrap(record.get("response"))
        if not isinstance(response, dict):
            return _NO_RESPONSE
        if request is not None and not isinstance(request, dict):
            return "'request' is not a JSON object"
        return _pair(request, response, where)
    record = _unwrap(record)
    if _is_responses(record):
        return _pair(None, record, where)
    if _is_chat(record):
        return _NO_CHAT_REQUEST
    if _is_anthropic(record):
        return _NO_ANTHROPIC_REQUEST
    if any(k in record for k in ("tools", "messages", "input")):
        return _NO_RESPONSE
    return "not a recognised payload: expected an OpenAI Responses object or a request/response pair"


def _pair(request: Optional[Dict[str, Any]], response: Dict[str, Any], where: Where) -> "Turn | str":
    rid = response.get("id") if isinstance(response.get("id"), str) else None
    if _is_responses(response):
        return _responses_turn(request or {}, response, where, rid)
    if _is_chat(response):
        return _NO_CHAT_REQUEST if request is None else _chat_turn(request, response, where, rid)
    if _is_anthropic(response):
        return _NO_ANTHROPIC_REQUEST if request is None else _anthropic_turn(request, response, where, rid)
    if response.get("error"):
        return "an error response: the model made no choice in it"
    return "the response is neither an OpenAI Responses object, a Chat Completion nor an Anthropic message"


def _responses_turn(request: Dict[str, Any], response: Dict[str, Any], where: Where, rid) -> "Turn | str":
    status = response.get("status")
    if status in ("failed", "cancelled", "queued", "in_progress"):
        return f"a response with status '{status}': the model made no choice in it"
    tools = response["tools"] if "tools" in response else request.get("tools")
    choice = response["tool_choice"] if "tool_choice" in response else request.get("tool_choice")
    declared = _declared(tools)
    calls: Dict[str, int] = {}
    for item in _list(response.get("output")):
        if isinstance(item, dict) and item.get("type") in ("function_call", "custom_tool_call"):
            _count(calls, item.get("name"))
    return Turn(where, "openai-responses", rid, declared, offered(declared, choice), calls)


def _chat_turn(request: Dict[str, Any], response: Dict[str, Any], where: Where, rid) -> Turn:
    declared = _declared(request.get("tools"))
    for name, size in _declared(request.get("functions")).items():  # the pre-tools API
        declared.setdefault(name, size)
    choice = request.get("tool_choice", request.get("function_call"))
    calls: Dict[str, int] = {}
    for option in response["choices"]:
        message = option.get("message") if isinstance(option, dict) else None
        if not isinstance(message, dict):
            continue
        for call in _list(message.get("tool_calls")):
            _count(calls, _name_of(call))
        _count(calls, _name_of(message.get("function_call")))
    return Turn(where, "openai-chat", rid, declared, offered(declared, choice), calls)


def _anthropic_turn(request: Dict[str, Any], response: Dict[str, Any], where: Where, rid) -> Turn:
    declared = _declared(request.get("tools"))
    calls: Dict[str, int] = {}
    for block in _list(response.get("content")):
        if isinstance(block, dict) and block.get("type") in ("tool_use", "server_tool_use"):
            _count(calls, block.get("name"))
    return Turn(where, "anthropic", rid, declared, offered(declared, request.get("tool_choice")), calls)


def _list(value: Any) -> List[Any]:
    return value if isinstance(value, list) else []


def _count(calls: Dict[str, int], name: Any) -> None:
    if isinstance(name, str):
        calls[name] = calls.get(name, 0) + 1
