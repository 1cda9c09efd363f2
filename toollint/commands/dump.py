"""`toollint dump`: the tool array as the code puts it on the wire, read statically.

Before reasoning about why a model ignores or misuses a tool, read what it was sent.
This prints, as JSON, every tool the given files' agents declare (literal definitions in
any wire shape and decorated functions with the schema their framework derives), in one
requested shape, sorted by source location. Nothing is imported or run: a part static
evaluation could not see is the string "<unresolved: reason>", never a guess.

`--against FILE` compares with a checked-in snapshot and exits 1 with a readable diff
when the tools drifted (added or removed, a description changed, a field moved into
`required`, another schema change); `--update` rewrites the snapshot. The comparison is
between tools, not bytes: the snapshot may be in any of the four shapes, and source
locations are ignored, so moving a definition does not fail CI.

The module is imported for every `toollint` command, so the heavy imports are deferred
to `run`.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

SHAPES = ("anthropic", "openai-chat", "openai-responses", "mcp")
LOCATION_KEY = "x-toollint-location"
UNRESOLVED_PREFIX = "<unresolved: "

# The keys each source shape spends on name, description, schema and strict: the rest of
# a definition (cache_control, annotations, title, ...) is carried over only into the
# same shape, where it means the same thing.
_CORE_KEYS = {
    "anthropic": ("name", "description", "input_schema", "strict"),
    "openai-responses": ("type", "name", "description", "parameters", "strict"),
    "mcp": ("name", "description", "inputSchema"),
}
_CHAT_OUTER = ("type", "function")
_CHAT_INNER = ("name", "description", "parameters", "strict")


def add_parser(sub) -> None:
    p = sub.add_parser("dump", help="print the tool definitions as the code sends them (JSON)",
                       description="Print the JSON tool array the code would send, read statically.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: .)")
    p.add_argument("--shape", choices=SHAPES, default="anthropic",
                   help="wire shape to print the tools in (default: anthropic)")
    p.add_argument("--with-locations", action="store_true",
                   help=f"add \"{LOCATION_KEY}\": \"path:line:col\" to each tool")
    p.add_argument("--against", metavar="FILE", help="compare with this snapshot; exit 1 when the tools differ")
    p.add_argument("--update", action="store_true", help="with --against: rewrite the snapshot")
    p.add_argument("--config", metavar="FILE", help="read [tool.toollint] from this pyproject.toml")
    p.add_argument("--isolated", action="store_true", help="ignore every configuration file")


def run(args: argparse.Namespace) -> int:
    from toollint.config import load as config
    from toollint.config.settings import ConfigError
    from toollint.rulekit.registry import all_rules

    if args.update and not args.against:
        raise ConfigError("--update needs --against FILE")
    paths = list(args.paths) or ["."]
    rules = {code: rule.name for code, rule in all_rules().items()}
    path = args.config
    if path is None and not args.isolated:
        path = config.find_config(paths)
    settings = config.load(path, isolated=args.isolated, overrides={}, rules=rules)

    entries, warnings = collect(paths, settings)
    payload = render(entries, args.shape, with_locations=args.with_locations)
    for warning in warnings:
        print(f"toollint: warning: {warning}", file=sys.stderr)
    skipped = sum(1 for e in entries if isinstance(e, _Entry) and e.shape == "server" and args.shape != "anthropic")
    if skipped:
        print(f"toollint: warning: {skipped} Anthropic server tool(s) left out: they have no {args.shape} form",
              file=sys.stderr)

    if not args.against:
        sys.stdout.write(to_json(payload))
        return 0
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


def to_json(payload: Any) -> str:
    # ensure_ascii=False: descriptions are read by people in a diff; source key order kept
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


# --- building the project -----------------------------------------------------------------


def _project(paths: Sequence[str], settings):
    """(Project, requested paths, TL001 findings of requested files, project root), as
    `toollint check` builds them."""
    from toollint.engine.core import build
    from toollint.engine.scan import project_root
    from toollint.link.project import Project

    built = build(paths, settings)
    project = built.project if built.project is not None else Project(modules={}, groups=[])
    return project, set(built.requested), built.errors, project_root(built.requested, settings)


# --- what each tool is -------------------------------------------------------------------


class _Entry:
    """One tool in a shape-neutral form: what every wire shape carries, plus the rest of
    its source definition for a dump in the same shape."""

    __slots__ = ("name", "description", "schema", "strict", "shape", "extras", "inner_extras", "raw", "location",
                 "sort_key")

    def __init__(self, **kw: Any) -> None:
        for k in self.__slots__:
            setattr(self, k, kw.get(k))


class _Hole:
    """A list entry static evaluation could not see: it is on the wire, its content is not."""

    __slots__ = ("text", "location", "sort_key")

    def __init__(self, text: str, location: str, sort_key: Tuple[Any, ...]) -> None:
        self.text, self.location, self.sort_key = text, location, sort_key


_ABSENT = object()


def plain(value: Any) -> Any:
    """JSON data from a model Value; what static evaluation could not see becomes
    "<unresolved: reason>" (model.to_python's marker, with its reason kept)."""
    from toollint.model import CallVal, Const, DictVal, ListVal, Ref, Symbol, Unresolved

    if value is None:
        return None
    if isinstance(value, Const):
        return value.value
    if isinstance(value, DictVal):
        out: Dict[str, Any] = {}
        hidden = not value.complete
        for k, v in value.entries:
            if isinstance(k, Const) and k.value is not None and not isinstance(k.value, (bool, float)):
                out[str(k.value)] = plain(v)  # json.dumps would stringify an int key the same way
            else:
                hidden = True
        if hidden:
            out["<unresolved>"] = f"{UNRESOLVED_PREFIX}keys static evaluation could not see (a ** spread or a computed key)>"
        return out
    if isinstance(value, ListVal):
        items = [plain(i) for i in value.items]
        if not value.complete and not any(_is_hole(i) for i in value.items):
            items.append(f"{UNRESOLVED_PREFIX}more items static evaluation could not see>")
        return items
    if isinstance(value, Unresolved):
        return f"{UNRESOLVED_PREFIX}{value.reason}>"
    if isinstance(value, Ref):
        return f"{UNRESOLVED_PREFIX}'{value.name}' from '{value.module}' could not be read>"
    if isinstance(value, Symbol):
        return f"{UNRESOLVED_PREFIX}'{value.target}' is not a literal>"
    if isinstance(value, CallVal):
        return f"{UNRESOLVED_PREFIX}the result of {value.func}() is only known at run time>"
    return f"{UNRESOLVED_PREFIX}{type(value).__name__}>"


def _is_hole(value: Any) -> bool:
    from toollint.model import CallVal, Ref, Symbol, Unresolved

    return isinstance(value, (Unresolved, Ref, Symbol, CallVal))


def _walk(value: Any, depth: int = 0) -> Iterator[Any]:
    from toollint.model import CallVal, DictVal, ListVal

    if depth > 200:
        return
    yield value
    if isinstance(value, DictVal):
        for _, v in value.entries:
            yield from _walk(v, depth + 1)
    elif isinstance(value, ListVal):
        for item in value.items:
            yield from _walk(item, depth + 1)
    elif isinstance(value, CallVal):
        for item in value.args:
            yield from _walk(item, depth + 1)
        for _, item in value.kwargs:
            yield from _walk(item, depth + 1)


def _definitions_by_span(project) -> Dict[Any, Any]:
    """Span -> the definition's own dict (or Tool(...) call) as written, for the keys a
    Tool does not keep (a server tool's type, cache_control, MCP annotations)."""
    from toollint.model import CallVal, DictVal

    out: Dict[Any, Any] = {}
    for facts in project.modules.values():
        if facts is None:
            continue
        values = [v for _, v in facts.constants] + [d.value for d in facts.registries]
        for top in values:
            for node in _walk(top):
                if isinstance(node, (DictVal, CallVal)):
                    out.setdefault(node.span, node)
    return out


def _keyed(raw: Any) -> Optional[List[Tuple[str, Any]]]:
    from toollint.model import CallVal, Const, DictVal

    if isinstance(raw, DictVal):
        return [(k.value, v) for k, v in raw.entries if isinstance(k, Const) and isinstance(k.value, str)]
    if isinstance(raw, CallVal):
        return list(raw.kwargs)
    return None


def _extras(raw: Any, core: Sequence[str]) -> Dict[str, Any]:
    pairs = _keyed(raw) or []
    return {k: plain(v) for k, v in pairs if k not in core}


def _location(span, root: str) -> str:
    from toollint.front.discover import relative

    rel = relative(span.path, root)
    if rel.startswith("../"):
        rel = span.path.replace(os.sep, "/")
    return f"{rel}:{span.line}:{span.col}"


def _entry(tool, raw: Any, root: str) -> _Entry:
    pairs = dict(_keyed(raw) or [])
    inner_raw = None
    if tool.shape == "openai-chat" and "function" in pairs:
        inner_raw = pairs["function"]
        inner = dict(_keyed(inner_raw) or [])
    else:
        inner = pairs

    if tool.name.value is not None:
        name: Any = tool.name.value
    else:
        name = plain(inner.get("name")) if "name" in inner else f"{UNRESOLVED_PREFIX}the name is not a literal>"

    d = tool.description
    if d is None:
        description: Any = _ABSENT
    elif d.value is None:
        description = plain(inner["description"]) if "description" in inner else \
            f"{UNRESOLVED_PREFIX}the description is not a literal>"
    elif d.value == "" and "description" in inner and plain(inner["description"]) is None:
        description = _ABSENT  # description=None: the SDKs leave the key out
    else:
        description = d.value

    schema = _ABSENT if tool.schema is None else plain(tool.schema)
    if tool.schema is None and tool.shape == "decorated":
        schema = f"{UNRESOLVED_PREFIX}the schema {tool.framework or 'the framework'} derives was not computed>"

    extras: Dict[str, Any] = {}
    inner_extras: Dict[str, Any] = {}
    if tool.shape == "openai-chat" and inner_raw is not None:
        extras = _extras(raw, _CHAT_OUTER)
        inner_extras = _extras(inner_raw, _CHAT_INNER)
    elif tool.shape == "openai-chat":  # {"name", "parameters"} without the wrapper
        inner_extras = _extras(raw, _CHAT_INNER)
    elif tool.shape in _CORE_KEYS:
        extras = _extras(raw, _CORE_KEYS[tool.shape])
    s = tool.span
    return _Entry(name=name, description=description, schema=schema, strict=tool.strict, shape=tool.shape,
                  extras=extras, inner_extras=inner_extras, raw=plain(raw) if raw is not None else None,
                  location=_location(s, root), sort_key=(s.path, s.line, s.col, str(name)))


def collect(paths: Sequence[str], settings) -> Tuple[List[Any], List[str]]:
    """(entries sorted by source location, warnings) for the tools the given files send:
    every tool of a group (definitions, handlers, router) one of the files belongs to."""
    project, requested, errors, root = _project(paths, settings)
    raw_by_span = _definitions_by_span(project)
    warnings = [f"{e.span.path}:{e.span.line}:{e.span.col}: {e.message}; its tools are not in the dump"
                for e in errors]
    seen = set()
    entries: List[Any] = []
    for group in project.groups:
        touched = bool(group.paths & requested)
        for tool in group.tools:
            if not (touched or tool.span.path in requested):
                continue
            key = (tool.span, tool.name.value, tool.shape)
            if key in seen:
                continue
            seen.add(key)
            entries.append(_entry(tool, raw_by_span.get(tool.span), root))
        if not touched:
            continue
        for registry in group.definitions:
            for hole in getattr(registry, "unresolved", ()):
                key = (hole.span, None, "unresolved")
                if key in seen:
                    continue
                seen.add(key)
                s = hole.span
                entries.append(_Hole(f"{UNRESOLVED_PREFIX}{hole.reason}>", _location(s, root),
                                     (s.path, s.line, s.col, "")))
    entries.sort(key=lambda e: e.sort_key)
    return entries, warnings


# --- shapes --------------------------------------------------------------------------------


def _shaped(e: _Entry, shape: str) -> Optional[Dict[str, Any]]:
    if e.shape == "server":
        # Anthropic's own tools ({"type": "bash_20250124", "name": "bash"}) go out as written
        return dict(e.raw) if shape == "anthropic" and isinstance(e.raw, dict) else None
    same = e.shape == shape
    core: Dict[str, Any] = {"name": e.name}
    if e.description is not _ABSENT:
        core["description"] = e.description
    if shape == "openai-chat":
        if e.schema is not _ABSENT:
            core["parameters"] = e.schema
        if e.strict is not None:
            core["strict"] = e.strict
        if same:
            core.update(e.inner_extras)
        out: Dict[str, Any] = {"type": "function", "function": core}
        if same:
            out.update(e.extras)
        return out
    if shape == "openai-responses":
        out = {"type": "function"}
        out.update(core)
        if e.schema is not _ABSENT:
            out["parameters"] = e.schema
        if e.strict is not None:
            out["strict"] = e.strict
    elif shape == "mcp":
        out = core
        if e.schema is not _ABSENT:
            out["inputSchema"] = e.schema
    else:
        out = core
        if e.schema is not _ABSENT:
            out["input_schema"] = e.schema
        if e.strict is not None:
            out["strict"] = e.strict
    if same:
        out.update(e.extras)
    return out


def render(entries: Sequence[Any], shape: str, with_locations: bool = False) -> List[Any]:
    out: List[Any] = []
    for e in entries:
        if isinstance(e, _Hole):
            out.append(e.text)
            continue
        shaped = _shaped(e, shape)
        if shaped is None:
            continue
        if with_locations:
            shaped[LOCATION_KEY] = e.location
        out.append(shaped)
    return out


# --- snapshots -----------------------------------------------------------------------------


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
    if not isinstance(item, dict):
        return (str(item), {"unresolved": item})
    item = {k: v for k, v in item.items() if k != LOCATION_KEY}
    if item.get("type") == "function" and isinstance(item.get("function"), dict):
        inner = item["function"]
        schema_key, core, outer = "parameters", inner, {k: v for k, v in item.items() if k not in _CHAT_OUTER}
        rest = {k: v for k, v in inner.items() if k not in _CHAT_INNER}
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
