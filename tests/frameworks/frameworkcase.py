"""What the framework tests share: extracting a source's decorated tools, and checking
them against a recording.

tests/data/frameworks/<name>.json were written by tests/data/frameworks/record.py, which
imports the real packages and records the wire form of the tools in sources/<name>.py;
the tests only read them, so none of the frameworks needs to be installed here.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
import textwrap
from typing import Any, Callable, Dict, List, Optional

from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.front.prefilter import may_define_tools, needles
from toollint.frameworks import model_params
from toollint.frameworks.pydantic_values import module_resolver
from toollint.link.byref import model_schema
from toollint.model import UNRESOLVED, Tool, to_python

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(os.path.dirname(HERE), "data", "frameworks")
ALL_RECORDINGS = sorted(glob.glob(os.path.join(DATA, "*.json")))


def recorded_framework(recording: str) -> str:
    with open(recording, encoding="utf-8") as handle:
        return json.load(handle)["framework"]


def recordings(framework: str) -> List[str]:
    """The recordings of one framework (Tool.framework), for a parametrized test."""
    found = [p for p in ALL_RECORDINGS if recorded_framework(p) == framework]
    assert found, f"no recording of {framework}"
    return found


def name_of(recording: str) -> str:
    return os.path.basename(recording)[:-5]


def extract(source: str, settings: Settings = Settings(), path: str = "tools.py") -> List[Tool]:
    text = textwrap.dedent(source).lstrip("\n")
    assert may_define_tools(text.encode(), needles(settings)), "the prefilter would skip this file"
    facts = extract_file(path, "tools", False, settings, data=text.encode())
    assert facts is not None and facts.error is None, facts and facts.internal_error
    return list(facts.decorated)


def one(source: str, settings: Settings = Settings()) -> Tool:
    found = extract(source, settings)
    assert len(found) == 1, [t.name.value for t in found]
    return found[0]


def schema(tool: Tool) -> Dict[str, Any]:
    return to_python(tool.schema)


def props(tool: Tool) -> Dict[str, Any]:
    return schema(tool)["properties"]


def nullable(prop: Dict[str, Any]) -> bool:
    return (prop.get("nullable") is True or prop.get("type") == "null"
            or any(o.get("type") == "null" for o in prop.get("anyOf", ())))


def _without_titles(value):
    """pydantic's "title" keys carry nothing a model or a rule reads; the recordings keep them."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == "title":
                continue
            if key == "properties" and isinstance(item, dict):
                out[key] = {name: _without_titles(p) for name, p in item.items()}
            else:
                out[key] = _without_titles(item)
        return out
    if isinstance(value, list):
        return [_without_titles(v) for v in value]
    return value


def _unresolved_as_recorded(got: Dict[str, Any], want: Dict[str, Any]) -> Dict[str, Any]:
    """The derived schema with each property it leaves unresolved (a parameter typed with a
    class, in a form not derived) taken from the recording: unresolved, never different."""
    props = got.get("properties")
    if not isinstance(props, dict):
        return got
    unknown = [k for k, v in props.items() if v is UNRESOLVED]
    if not unknown:
        return got
    out = dict(got, properties={k: want["properties"][k] if k in unknown else v for k, v in props.items()})
    if "$defs" in want:  # what the unresolved properties referred to
        out["$defs"] = want["$defs"]
    for key in ("title",):
        if key in want:
            out[key] = want[key]
    return out


def check_recording(recording: str, name: Callable[[Tool], Optional[str]] = lambda t: t.name.value,
                    wire_name: Callable[[str], str] = lambda n: n) -> None:
    """Every tool of the recorded source is derived as the framework sent it, in order.

    `name` is what a tool is matched by, `wire_name` what it is of a recorded name: a
    name toollint leaves unresolved is matched by its text (Tool.name_expr)."""
    with open(recording, encoding="utf-8") as handle:
        data = json.load(handle)
    source_path = os.path.join(DATA, data["source"])
    with open(source_path, "rb") as handle:
        source = handle.read()
    assert hashlib.sha256(source).hexdigest() == data["sha256"], (
        f"{data['source']} changed after it was recorded: rerun tests/data/frameworks/record.py")
    assert may_define_tools(source, needles(Settings()))
    facts = extract_file(source_path, "recorded", False, Settings(), data=source)
    assert facts.error is None, facts.internal_error
    # schemas read when linking: an arguments model's (autogen's BaseTool), model-typed parameters
    models = module_resolver(lambda name: facts if name == facts.module else None)
    at = {source_path: facts, facts.path: facts}.get
    linked = [model_params.finish(model_schema(t, at, models), at, models) for t in facts.decorated]
    ours = {name(t): t for t in linked}
    assert list(ours) == [wire_name(t["name"]) for t in data["tools"]], "a different set of tools, or another order"
    for real in data["tools"]:
        tool = ours[wire_name(real["name"])]
        where = f"{data['framework']} {data['version']}, tool {real['name']!r}"
        assert tool.framework == data["framework"], where
        assert tool.shape == "decorated"
        if tool.description is None or tool.description.value is not None:  # a Str(None) is unresolved
            assert (tool.description.value if tool.description else None) == real["description"], where
        got, want = _without_titles(schema(tool)), _without_titles(real["input_schema"])
        # a schema from a pydantic model keeps its titles, as it is sent
        assert schema(tool) == real["input_schema"] or _unresolved_as_recorded(got, want) == want, where
        if "strict" in real:
            assert bool(tool.strict) == bool(real["strict"]), where
