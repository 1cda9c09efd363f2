"""`toollint dump --against FILE`: compare the tools with a checked-in snapshot.

The comparison is between tools, not bytes: the snapshot may be in any of the four wire
shapes, and source locations are ignored, so moving a definition does not fail CI.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple

LOCATION_KEY = "x-toollint-location"
# An OpenAI chat tool's keys: outside the "function" wrapper, and inside it
CHAT_OUTER = ("type", "function")
CHAT_INNER = ("name", "description", "parameters", "strict")

_ABSENT = object()


def to_json(payload: Any) -> str:
    # ensure_ascii=False: descriptions are read by people in a diff; source key order kept
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


def against(args: argparse.Namespace, payload: List[Any]) -> int:
    """Compare `payload` with the snapshot `--against` names (or rewrite it with
    `--update`): 1 with the diff on stdout when the tools differ."""
    from toollint.config.settings import ConfigError

    snapshot = args.against
    if args.update:
        old = _read_snapshot(snapshot) if os.path.exists(snapshot) else None
        if old is not None:
            changes = diff(old, payload)
            if changes:
                sys.stdout.write(_report(snapshot, changes, None))
        try:
            with open(snapshot, "w", encoding="utf-8", newline="\n") as f:
                f.write(to_json(payload))
        except OSError as exc:
            raise ConfigError(f"{snapshot}: cannot write the snapshot: {exc.strerror or exc}") from None
        print(f"toollint: wrote {len(payload)} tool(s) to {snapshot}", file=sys.stderr)
        return 0
    if not os.path.exists(snapshot):
        raise ConfigError(f"{snapshot}: no such snapshot; write it with --update")
    changes = diff(_read_snapshot(snapshot), payload)
    if not changes:
        return 0
    rerun = ["toollint", "dump", *args.paths]
    if args.shape != "anthropic":
        rerun += ["--shape", args.shape]
    if args.with_locations:
        rerun.append("--with-locations")
    sys.stdout.write(_report(snapshot, changes, rerun + ["--against", snapshot, "--update"]))
    return 1


def _read_snapshot(path: str) -> List[Any]:
    from toollint.config.settings import ConfigError

    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the snapshot: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ConfigError(f"{path}: not a JSON tool snapshot: {exc}") from None
    if isinstance(data, dict) and isinstance(data.get("tools"), list):
        data = data["tools"]  # a saved request body
    if not isinstance(data, list):
        raise ConfigError(f"{path}: not a JSON tool snapshot: expected an array of tools")
    return data


def canonical(item: Any) -> Tuple[str, Dict[str, Any]]:
    """(name, {description, schema, strict, extras}) of one wire entry in any of the shapes."""
    if not isinstance(item, dict):  # a snapshot written before holes were objects
        return (str(item), {"unresolved": item})
    item = {k: v for k, v in item.items() if k != LOCATION_KEY}
    if set(item) == {"unresolved"}:  # a list entry static evaluation could not see
        text = f"<unresolved: {item['unresolved']}>"
        return (text, {"unresolved": text})
    if item.get("type") == "function" and isinstance(item.get("function"), dict):
        inner = item["function"]
        schema_key, core, outer = "parameters", inner, {k: v for k, v in item.items() if k not in CHAT_OUTER}
        rest = {k: v for k, v in inner.items() if k not in CHAT_INNER}
        rest.update(outer)
    else:
        core = item
        if "input_schema" in item:
            schema_key = "input_schema"
        elif "inputSchema" in item:
            schema_key = "inputSchema"
        elif "parameters" in item:
            schema_key = "parameters"
        else:
            schema_key = ""
        skip = {"name", "description", "strict", schema_key}
        if schema_key == "parameters" and item.get("type") == "function":
            skip.add("type")
        rest = {k: v for k, v in item.items() if k not in skip}
    fields: Dict[str, Any] = {}
    if "description" in core:
        fields["description"] = core["description"]
    if schema_key:
        fields["schema"] = core[schema_key]
    if core.get("strict") is not None:
        fields["strict"] = core["strict"]
    if rest:
        fields["other"] = rest
    name = core.get("name")
    return (name if isinstance(name, str) else json.dumps(name), fields)


def _keyed_tools(items: Sequence[Any]) -> Dict[Tuple[str, int], Dict[str, Any]]:
    """(name, occurrence) -> fields: the same name twice (a strict and a plain variant)
    is matched by its order among its namesakes."""
    out: Dict[Tuple[str, int], Dict[str, Any]] = {}
    counts: Dict[str, int] = {}
    for item in items:
        name, fields = canonical(item)
        n = counts.get(name, 0) + 1
        counts[name] = n
        out[(name, n)] = fields
    return out


def _label(key: Tuple[str, int]) -> str:
    name, n = key
    return f"'{name}'" + (f" (#{n})" if n > 1 else "")


def diff(old: Sequence[Any], new: Sequence[Any]) -> List[str]:
    """Readable differences between two tool arrays, in the order of the new one."""
    before, after = _keyed_tools(old), _keyed_tools(new)
    out: List[str] = []
    for key in after:
        if key not in before:
            out.append(f"+ tool {_label(key)} added")
    for key in before:
        if key not in after:
            out.append(f"- tool {_label(key)} removed")
    for key, fields in after.items():
        if key not in before:
            continue
        was = before[key]
        label = _label(key)
        if was.get("description", _ABSENT) != fields.get("description", _ABSENT):
            out.append(f"~ {label}: description changed")
            out.extend(_text_diff(was.get("description", _ABSENT), fields.get("description", _ABSENT)))
        if was.get("strict") != fields.get("strict"):
            out.append(f"~ {label}: strict {_show(was.get('strict'))} -> {_show(fields.get('strict'))}")
        if was.get("schema", _ABSENT) != fields.get("schema", _ABSENT):
            out.extend(f"~ {label}: {line}" for line in _schema_diff(was.get("schema", _ABSENT),
                                                                     fields.get("schema", _ABSENT), ""))
        if was.get("other", {}) != fields.get("other", {}):
            out.extend(f"~ {label}: {line}" for line in _schema_diff(was.get("other", {}),
                                                                     fields.get("other", {}), "", what="field"))
    return out


def _show(value: Any) -> str:
    if value is _ABSENT:
        return "(none)"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def _text_diff(old: Any, new: Any) -> List[str]:
    if not (isinstance(old, str) and isinstance(new, str)):
        return [f"    was: {_show(old)}", f"    now: {_show(new)}"]
    import difflib

    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=1))[2:]
    return ["    " + line for line in lines if not line.startswith("@@")]


def _schema_diff(old: Any, new: Any, path: str, what: str = "schema") -> List[str]:
    where = f"{what} {path}" if path else what
    if old is _ABSENT or new is _ABSENT:
        return [f"{where} {_show(old)} -> {_show(new)}"]
    if isinstance(old, dict) and isinstance(new, dict):
        out: List[str] = []
        for key in new:
            sub = f"{path}.{key}" if path else key
            if key == "required" and isinstance(old.get(key), list) and isinstance(new[key], list):
                out.extend(_required_diff(old[key], new[key], path))
            elif key not in old:
                out.append(f"{what} {sub} added: {_show(new[key])}")
            elif old[key] != new[key]:
                out.extend(_schema_diff(old[key], new[key], sub, what))
        for key in old:
            if key not in new:
                sub = f"{path}.{key}" if path else key
                if key == "required" and isinstance(old[key], list):
                    out.extend(_required_diff(old[key], [], path))
                else:
                    out.append(f"{what} {sub} removed (was {_show(old[key])})")
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        out = []
        for i, (a, b) in enumerate(zip(old, new)):
            if a != b:
                out.extend(_schema_diff(a, b, f"{path}[{i}]", what))
        return out
    return [f"{where}: {_show(old)} -> {_show(new)}"]


def _required_diff(old: List[Any], new: List[Any], path: str) -> List[str]:
    where = f" of {path}" if path else ""
    out = [f"{_show(n)} moved into required{where}" for n in new if n not in old]
    out += [f"{_show(n)} no longer required{where}" for n in old if n not in new]
    return out


def _report(snapshot: str, changes: List[str], rerun: Optional[Sequence[str]]) -> str:
    """The diff, headed with the number of changes; `rerun` is the command that accepts them."""
    count = sum(1 for c in changes if not c.startswith(" "))  # detail lines belong to their change
    head = f"{snapshot}: the tools differ from the snapshot ({count} change{'s' if count != 1 else ''})"
    tail = ("snapshot rewritten" if rerun is None else
            "if the change is intended, rewrite the snapshot: " + " ".join(shlex.quote(a) for a in rerun))
    return "\n".join([head + ":"] + ["  " + c for c in changes] + [tail]) + "\n"
