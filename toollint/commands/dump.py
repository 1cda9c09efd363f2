"""`toollint dump`: the tool array as the code puts it on the wire, read statically.

Before reasoning about why a model ignores or misuses a tool, read what it was sent.
This prints, as JSON, every tool the given files' agents declare (literal definitions in
any wire shape and decorated functions with the schema their framework derives), in one
requested shape, sorted by source location. Nothing is imported or run: a part static
evaluation could not see is the string "<unresolved: reason>", never a guess; a list entry it
could not see at all is the object `{"unresolved": "reason"}`, so that every entry of the
array is an object (held-out rounds 52-63: a string among the tools broke consumers).

`--against FILE` compares with a checked-in snapshot and exits 1 with a readable diff
when the tools drifted (added or removed, a description changed, a field moved into
`required`, another schema change); `--update` rewrites the snapshot (snapshot.py).

The module is imported for every `toollint` command, so the heavy imports are deferred
to `run`.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple

from toollint.commands.snapshot import CHAT_INNER, CHAT_OUTER, LOCATION_KEY, to_json

SHAPES = ("anthropic", "openai-chat", "openai-responses", "mcp")
UNRESOLVED_PREFIX = "<unresolved: "
_NOT_LITERAL = re.compile(r"'([\w.]+)' is not a literal definition$")  # link/project.py's reason for a name

# The keys each source shape spends on name, description, schema and strict: the rest of
# a definition (cache_control, annotations, title, ...) is carried over only into the
# same shape, where it means the same thing.
_CORE_KEYS = {
    "anthropic": ("name", "description", "input_schema", "strict"),
    "openai-responses": ("type", "name", "description", "parameters", "strict"),
    "mcp": ("name", "description", "inputSchema"),
}


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
    p.add_argument("-v", "--verbose", action="store_true", help="show tracebacks of internal errors")
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the cache (default: .toollint_cache/ at the project root, "
                        "else the user cache folder)")
    from toollint.commands.common import add_config_options

    add_config_options(p)


def run(args: argparse.Namespace) -> int:
    from toollint.commands.common import load_settings, print_error
    from toollint.commands.snapshot import against
    from toollint.config.settings import ConfigError

    if args.update and not args.against:
        raise ConfigError("--update needs --against FILE")
    paths = list(args.paths) or ["."]
    settings = load_settings(args, paths)
    entries, warnings = collect(paths, settings, args.verbose, cache=not args.no_cache)
    payload = render(entries, args.shape, with_locations=args.with_locations)
    for warning in warnings:
        print_error(f"toollint: warning: {warning}", multiline=args.verbose)
    skipped = sum(1 for e in entries if isinstance(e, _Entry) and e.shape == "server" and args.shape != "anthropic")
    if skipped:
        print(f"toollint: warning: {skipped} Anthropic server tool(s) left out: they have no {args.shape} form",
              file=sys.stderr)
    if not args.against:
        sys.stdout.write(to_json(payload))
        return 0
    return against(args, payload)


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
        name = f"{UNRESOLVED_PREFIX}the name is {tool.name_expr}>" if tool.name_expr else plain(
            inner.get("name")) if "name" in inner else f"{UNRESOLVED_PREFIX}the name is not a literal>"

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
        extras = _extras(raw, CHAT_OUTER)
        inner_extras = _extras(inner_raw, CHAT_INNER)
    elif tool.shape == "openai-chat":  # {"name", "parameters"} without the wrapper
        inner_extras = _extras(raw, CHAT_INNER)
    elif tool.shape in _CORE_KEYS:
        extras = _extras(raw, _CORE_KEYS[tool.shape])
    s = tool.span
    return _Entry(name=name, description=description, schema=schema, strict=tool.strict, shape=tool.shape,
                  extras=extras, inner_extras=inner_extras, raw=plain(raw) if raw is not None else None,
                  location=_location(s, root), sort_key=(s.path, s.line, s.col, str(name)))


def collect(paths: Sequence[str], settings, verbose: bool = False, cache: bool = True) -> Tuple[List[Any], List[str]]:
    """(entries sorted by source location, warnings) for the tools the given files send:
    every tool of a group (definitions, handlers, router) one of the files belongs to."""
    from toollint.commands.common import linked_project
    from toollint.link.written import definitions_by_span

    project, requested, errors, root, internal = linked_project(paths, settings, verbose, cache)
    raw_by_span = definitions_by_span(project)
    warnings = internal + [f"{e.span.path}:{e.span.line}:{e.span.col}: {e.message}; its tools are not in the dump"
                           for e in errors]
    seen = set()
    entries: List[Any] = []
    # a list of functions that are tools themselves (`ESCALATION_TOOLS = [create_escalation, ...]`,
    # each an @function_tool) is read as definitions too; its items are those tools, not holes
    made = {n for g in project.groups for t in g.tools
            for n in ((t.function.name if t.function else None), t.name.value) if n}
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
                named = _NOT_LITERAL.match(hole.reason)
                if key in seen or (named and named.group(1).rpartition(".")[2] in made):
                    continue
                seen.add(key)
                s = hole.span
                entries.append(_Hole(hole.reason, _location(s, root),
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
            hole: Dict[str, Any] = {"unresolved": e.text}
            if with_locations:
                hole[LOCATION_KEY] = e.location
            out.append(hole)
            continue
        shaped = _shaped(e, shape)
        if shaped is None:
            continue
        if with_locations:
            shaped[LOCATION_KEY] = e.location
        out.append(shaped)
    return out
