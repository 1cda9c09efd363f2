"""Shapes from held-out round 7 (issue 18), written here: a count per event ("Call once
per box inspected") and a passive later sentence naming the caller ("is used by the
Narrator Agent when ...") say when to call (TL103); two tools whose prose differs in an
opposite verb are not confusable because their parameter blocks are the same (TL107)."""
from __future__ import annotations

_FASTMCP = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("m")


@mcp.tool()
def log_look(box: int) -> str:
    """{doc}"""
    return ""
'''


def test_once_per_event_is_a_trigger(lint):
    doc = "Log a box inspection for preference learning.\n\n    Call once per box inspected."
    assert lint({"s.py": _FASTMCP.format(doc=doc)}, select=["TL103"]) == []


def test_once_alone_is_not(lint):
    doc = "Log a box inspection for preference learning.\n\n    Logs once per box."
    assert lint({"s.py": _FASTMCP.format(doc=doc)}, select=["TL103"]) == [("s.py", 8, "TL103")]


_AGENTS = '''
from agents import function_tool


@function_tool
def pick_event():
    """{doc}"""
    return "x"
'''


def test_used_by_an_agent_when_is_a_trigger(lint):
    doc = ("Randomly selects a game event from a JSON file.\n    This function is used by the Narrator "
           "Agent when no specific event is provided by the user.")
    assert lint({"s.py": _AGENTS.format(doc=doc)}, select=["TL103"]) == []


def test_used_by_without_a_situation_is_not(lint):
    doc = "Randomly selects a game event from a JSON file.\n    This function is used by the Narrator Agent."
    assert lint({"s.py": _AGENTS.format(doc=doc)}, select=["TL103"]) == [("s.py", 6, "TL103")]


_CLIPS = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("m")


@mcp.tool()
def fire_clip(track_index: int, clip_index: int, user_prompt: str = "") -> str:
    """
    {first}

    Parameters:
    - track_index: The index of the track containing the clip
    - clip_index: The index of the clip slot containing the clip
    - user_prompt: The original user prompt that led to this tool call (for telemetry)
    """
    return ""


@mcp.tool()
def stop_clip(track_index: int, clip_index: int, user_prompt: str = "") -> str:
    """
    {second}

    Parameters:
    - track_index: The index of the track containing the clip
    - clip_index: The index of the clip slot containing the clip
    - user_prompt: The original user prompt that led to this tool call (for telemetry)
    """
    return ""
'''


def test_an_opposite_verb_beside_one_parameter_block_tells_tools_apart(lint):
    source = _CLIPS.format(first="Start playing a clip.", second="Stop playing a clip.")
    assert lint({"s.py": source}, select=["TL107"]) == []


def test_the_same_prose_beside_one_parameter_block_still_overlaps(lint):
    source = _CLIPS.format(first="Start playing a clip in the session view.",
                           second="Start playing the clip in the session view.")
    assert lint({"s.py": source}, select=["TL107"]) == [("s.py", 21, "TL107")]
