"""crewAI 1.15's tool name and parameters as it sends them (see frameworks/crewai.py):
`sanitize_tool_name` (crewai/utilities/string_utils.py) and the strict pipeline of
`generate_model_description(model, strip_null_types=False)`
(crewai/utilities/pydantic_schema_utils.py), on the plain schema pydantic_schema derives.
Plain data only: linking applies it to a model's schema without loading libcst."""
from __future__ import annotations

import copy
import hashlib
import re
import unicodedata
from typing import Any, Callable, Dict, Set

TRANSFORM = "crewai"  # the tag pydantic_values reads on the schema call to apply strict_parameters
PLAIN = "crewai-plain"  # crewAI before 1.10: the schema without its root title and description


def plain_parameters(schema: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in schema.items() if k not in ("title", "description")}

_CAMEL_LOWER_UPPER = re.compile(r"([a-z])([A-Z])")
_CAMEL_UPPER_LOWER = re.compile(r"([A-Z]+)([A-Z][a-z])")
_QUOTES = re.compile(r"[\'\"]+")
_DISALLOWED = re.compile(r"[^a-zA-Z0-9]+")
_UNDERSCORES = re.compile(r"_+")
_FORMATS = {"date-time", "date", "time", "duration"}  # what the pipeline leaves of `format`


def sanitize_tool_name(name: str, max_length: int = 64) -> str:
    name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    name = _CAMEL_LOWER_UPPER.sub(r"\1_\2", _CAMEL_UPPER_LOWER.sub(r"\1_\2", name)).lower()
    name = _UNDERSCORES.sub("_", _DISALLOWED.sub("_", _QUOTES.sub("", name))).strip("_")
    if len(name) > max_length:
        suffix = "_" + hashlib.sha256(name.encode()).hexdigest()[:8]
        name = name[: max_length - len(suffix)].rstrip("_") + suffix
    return name


# --- the strict pipeline, on the plain schema pydantic_schema derives -------------------


def _walk(node: Any, visit: Callable[[Dict[str, Any]], None]) -> None:
    """Every dict of the schema, parents first, as crewAI's recursive helpers visit them
    (they do not tell a `properties` map or a `default` from a schema either)."""
    if isinstance(node, dict):
        visit(node)
        for value in list(node.values()):
            _walk(value, visit)
    elif isinstance(node, list):
        for item in node:
            _walk(item, visit)


def _close(d: Dict[str, Any]) -> None:
    if d.get("type") == "object":
        d["additionalProperties"] = False
        d.setdefault("properties", {})
        d.setdefault("required", [])


def _formats(d: Dict[str, Any]) -> None:
    if isinstance(d.get("format"), str) and d["format"] not in _FORMATS:
        del d["format"]


def _typed(d: Dict[str, Any]) -> None:
    for key in ("anyOf", "oneOf"):
        for i, member in enumerate(d.get(key) or ()):
            if member == {}:
                d[key][i] = {"type": "object"}


def _inline(schema: Dict[str, Any]) -> Dict[str, Any]:
    """resolve_refs: a `$ref` node becomes a copy of its definition, siblings dropped."""
    defs = schema.get("$defs", {})
    expanding: Set[str] = set()

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref[len("#/$defs/"):]
                if name in expanding:
                    stub = {"type": defs[name].get("type", "object")}
                    if "description" in defs[name]:
                        stub["description"] = defs[name]["description"]
                    return stub
                expanding.add(name)
                try:
                    return resolve(copy.deepcopy(defs[name]))
                finally:
                    expanding.discard(name)
            return {k: resolve(v) for k, v in node.items()}
        if isinstance(node, list):
            return [resolve(i) for i in node]
        return node

    return resolve(copy.deepcopy(schema))


def _any_of(d: Dict[str, Any]) -> None:
    if "oneOf" in d:
        d["anyOf"] = d.pop("oneOf")


def _all_required(d: Dict[str, Any]) -> None:
    if d.get("type") == "object" and d.get("properties"):
        d["required"] = list(d["properties"])


def strict_parameters(schema: Dict[str, Any]) -> Dict[str, Any]:
    """The `parameters` crewAI sends for a model's schema."""
    schema = copy.deepcopy(schema)
    for step in (_close, _formats, _typed):
        _walk(schema, step)
    schema = _inline(schema)
    schema.pop("$defs", None)
    output = schema.get("properties", {}).get("output")  # fix_discriminator_mappings
    if isinstance(output, dict) and isinstance(output.get("discriminator"), dict) \
            and "mapping" in output["discriminator"]:
        mapping = output["discriminator"]["mapping"]
        output["discriminator"]["mapping"] = {k: v.split("/")[-1] for k, v in mapping.items()}
    for step in (_any_of, _all_required):
        _walk(schema, step)
    schema.pop("title", None)
    schema.pop("description", None)
    return schema
