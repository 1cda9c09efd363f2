"""TL210: `strict: true` with a schema the provider's strict mode refuses (OpenAI's
Structured Outputs; Anthropic's strict tool use, see ANTHROPIC_UNSUPPORTED).

What strict mode accepts, from OpenAI's Structured Outputs guide, "Supported schemas"
(platform.openai.com/docs/guides/structured-outputs#supported-schemas, now served at
developers.openai.com/api/docs/guides/structured-outputs), as read in 2026:

- "additionalProperties: false must always be set in objects", at every level.
- "All fields must be required"; an optional parameter is a required, nullable one.
- "Root objects must not be anyOf and must be an object" (the object part is TL201's).
- Supported: types string, number, boolean, integer, object, array, enum, anyOf; `$defs`
  and recursive `$ref`; for strings `pattern` and `format` with the formats date-time,
  time, date, duration, email, hostname, ipv4, ipv6, uuid; for numbers `multipleOf`,
  `maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`; for arrays `minItems`,
  `maxItems`. (The first version of the guide, August 2024, listed all of these as not
  supported; they were added in 2025 and are still refused for fine-tuned models, which a
  linter cannot see, so they are not reported.)
- Not supported, "Some type-specific keywords are not yet supported": composition
  `allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`, `then`, `else`.
- Still refused although the current guide no longer lists them: `oneOf` (API error
  "'oneOf' is not permitted", openai/openai-node reports), `uniqueItems` ("'uniqueItems'
  is not permitted", 2026 reports against gpt-5 models), `propertyNames` (json-render
  #180), and the rest of the 2024 list that the guide never moved to "supported":
  `patternProperties`, `unevaluatedProperties`, `minProperties`, `maxProperties`,
  `unevaluatedItems`, `contains`, `minContains`, `maxContains`; and a `format` outside the
  list above ("'uri' is not a valid format").

Not reported: `minLength`/`maxLength` (accepted by the API since 2025, though the guide
lists them only under fine-tuned models) and `default` (rejected in 2024 with "'default'
is not permitted", accepted by api.openai.com in 2026, still rejected by some Azure
deployments: openai/openai-agents-python#4390).
"""
import json

from toollint.model import Const, DictVal
from toollint.fix.offer import close_object
from toollint.rulekit.naming import shown_name
from toollint.rulekit.rule import Rule
from toollint.rulekit.schema import properties, required
from toollint.rulekit.schemawalk import SCHEMA_MAP, describe, object_levels, property_label, subschemas, where

STRICT_FORMATS = ("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid")

UNSUPPORTED = {
    "allOf": "merge the branches into one object schema",
    "not": "express the constraint with enum or anyOf, or check it in the handler",
    "if": "use anyOf of the alternatives, or check it in the handler",
    "then": "use anyOf of the alternatives, or check it in the handler",
    "else": "use anyOf of the alternatives, or check it in the handler",
    "dependentRequired": "make the properties required and nullable, and check the dependency in the handler",
    "dependentSchemas": "use anyOf of the alternatives, or check it in the handler",
    "oneOf": "use anyOf",
    "uniqueItems": "remove it and deduplicate in the handler",
    "patternProperties": "declare the properties by name, or use an array of {key, value} objects",
    "propertyNames": "declare the properties by name, or use an array of {key, value} objects",
    "unevaluatedProperties": "remove it; additionalProperties: false already closes the object",
    "minProperties": "remove it and check the count in the handler",
    "maxProperties": "remove it and check the count in the handler",
    "unevaluatedItems": "remove it",
    "contains": "remove it and check the items in the handler",
    "minContains": "remove it and check the items in the handler",
    "maxContains": "remove it and check the items in the handler",
}

# Tools of these shapes never carry OpenAI's `strict`; Anthropic's has its own rules.
_NOT_OPENAI = ("anthropic", "mcp", "server")

# Clients that take OpenAI's tool format, `strict` included, without OpenAI's strict-mode
# limits (held-out round 108, A: `Mistral(...).chat.complete(tools=...)`; Mistral's
# `Function.strict` requires no `additionalProperties: false`). A group whose modules use
# one of them and no OpenAI client is judged by neither list.
_OTHER_CLIENTS = frozenset(("mistralai", "groq", "ollama", "cohere", "together"))

# Anthropic's strict tool use, from "JSON Schema limitations" in its structured-outputs
# guide (platform.claude.com/docs/en/build-with-claude/structured-outputs, read in 2026):
# every object closed with additionalProperties false; no numeric constraints and no
# string-length constraints; minItems only 0 or 1; these formats only. Optional
# properties are allowed. Not reported: regex features inside `pattern` (no
# backreferences, lookaround, word boundaries), the grammar-size ceiling and the
# per-request counts (optional and union parameters across all strict tools), which
# depend on the whole request.
ANTHROPIC_FORMATS = ("date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid")
ANTHROPIC_UNSUPPORTED = {
    "minimum": "state the range in the description and check it in the handler",
    "maximum": "state the range in the description and check it in the handler",
    "exclusiveMinimum": "state the range in the description and check it in the handler",
    "exclusiveMaximum": "state the range in the description and check it in the handler",
    "multipleOf": "state it in the description and check it in the handler",
    "minLength": "state the length in the description and check it in the handler",
    "maxLength": "state the length in the description and check it in the handler",
}


def _under_unsupported(path) -> bool:
    """True when a keyword strict mode refuses sits on the way to this subschema (a
    property called "not" does not count: it follows "properties")."""
    return any(seg in UNSUPPORTED and (i == 0 or path[i - 1] not in SCHEMA_MAP)
               for i, seg in enumerate(path) if isinstance(seg, str))


def _subject(path) -> str:
    label = describe(path)
    return f"'{label}'" if label else "the top level"


def _nullable_hint(prop) -> str:
    if isinstance(prop, DictVal):
        t = prop.get("type")
        if isinstance(t, Const) and isinstance(t.value, str):
            also = " and null in its enum" if prop.has("enum") else ""
            return f'"type": ["{t.value}", "null"]{also}'
    return 'add "null" to its type, or an anyOf branch {"type": "null"}'


def _sent_elsewhere(project) -> bool:
    """The project uses another provider's client and no OpenAI one: the definitions module
    rarely imports the client that sends them (an app module does)."""
    used = {module.partition(".")[0] for facts in project.modules.values() if facts is not None
            for _, module, _ in facts.imports}
    return bool(used & _OTHER_CLIENTS) and not used & {"openai", "langchain_openai", "litellm", "agents"}


class StrictModeViolation(Rule):
    code = "TL210"
    name = "strict-mode-violation"
    summary = "`strict: true` but the schema breaks OpenAI or Anthropic strict-mode rules"

    def check_tool(self, tool, group, ctx):
        if tool.strict is not True or not isinstance(tool.schema, DictVal):
            return
        if tool.shape == "anthropic":
            yield from self._anthropic(tool)
            return
        if tool.shape in _NOT_OPENAI or self._elsewhere(ctx.project):
            return
        name = shown_name(tool)  # never 'None'
        root = tool.schema
        head = f"{name} is strict"
        for path, level in object_levels(root):
            if _under_unsupported(path):
                continue  # the unsupported keyword above it is the finding
            yield from self._closed(level, path, head, tool)
            props, req = properties(level), required(level)
            if props is None or req is None:
                continue
            listed = {e.value for e in req}
            for prop_name, (key, prop) in props.items():
                if prop_name not in listed:
                    yield self.report(key.span, f"{head} but property '{property_label(path, prop_name)}' is not "
                                      "in 'required': strict mode rejects the tool; add it to 'required' and, if it "
                                      f"is optional, make it nullable ({_nullable_hint(prop)})")
        for path, node in subschemas(root):
            if _under_unsupported(path):
                continue
            for keyword, fix in UNSUPPORTED.items():
                if node.has(keyword) and not (keyword in ("then", "else") and node.has("if")):
                    yield self.report(node.key_node(keyword).span, f"{head} but uses '{keyword}' "
                                      f"{where(path)}, which strict mode does not support: {fix}")
            fmt = node.get("format")
            if isinstance(fmt, Const) and isinstance(fmt.value, str) and fmt.value not in STRICT_FORMATS:
                yield self.report(fmt.span, f"{head} but {_subject(path)} has format {fmt.value!r}, which strict mode "
                                  f"rejects; use one of {', '.join(STRICT_FORMATS)}, or drop it and describe the "
                                  "format with an example in the description")
        if root.has("anyOf"):
            yield self.report(root.key_node("anyOf").span, f"{head} but its top level is an anyOf: strict mode "
                              "needs one object at the root; move the alternatives into a property")

    def _closed(self, level: DictVal, path, head, tool):
        extra = level.get("additionalProperties")
        if extra is None:
            if level.complete:
                label = describe(path)
                what = f"the object '{label}'" if label else "the top-level object"
                fix = close_object(level, tool, level.span.path)
                # an object the framework derives from a type (crewAI's `Any`) has nowhere to add it
                remedy = "add it" if fix is not None else "the framework derives it from the type here: " \
                    "use a type with declared fields"
                yield self.report(level.span, f"{head} but {what} does not set "
                                  f"\"additionalProperties\": false: strict mode rejects the tool; {remedy}", fix=fix)
        elif isinstance(extra, Const) and extra.value is not False:
            yield self.report(level.key_node("additionalProperties").span, f"{head} but \"additionalProperties\" "
                              f"is {json.dumps(extra.value)} {where(path)}: strict mode requires false")
        elif isinstance(extra, DictVal):
            yield self.report(level.key_node("additionalProperties").span, f"{head} but \"additionalProperties\" "
                              f"is a schema {where(path)}: strict mode requires false; declare the "
                              "keys as properties, or use an array of {key, value} objects")

    def _elsewhere(self, project) -> bool:
        if getattr(self, "_project", None) is not project:  # once a project, not once a tool
            self._project, self._answer = project, _sent_elsewhere(project)
        return self._answer

    def _anthropic(self, tool):
        """Anthropic's strict tool use: closed objects, and none of the constraints its
        grammar cannot compile."""
        head = f"{shown_name(tool)} is strict (Anthropic strict tool use)"
        for path, level in object_levels(tool.schema):
            yield from self._closed(level, path, head, tool)
        for path, node in subschemas(tool.schema):
            for keyword, fix in ANTHROPIC_UNSUPPORTED.items():
                if node.has(keyword):
                    yield self.report(node.key_node(keyword).span, f"{head} but uses '{keyword}' {where(path)}, "
                                      f"which Anthropic's strict mode does not support: {fix}")
            min_items = node.get("minItems")
            if isinstance(min_items, Const) and isinstance(min_items.value, int) and min_items.value > 1:
                yield self.report(min_items.span, f"{head} but {_subject(path)} has minItems {min_items.value}: "
                                  "Anthropic's strict mode accepts only 0 or 1; check the count in the handler")
            fmt = node.get("format")
            if isinstance(fmt, Const) and isinstance(fmt.value, str) and fmt.value not in ANTHROPIC_FORMATS:
                yield self.report(fmt.span, f"{head} but {_subject(path)} has format {fmt.value!r}, which "
                                  f"Anthropic's strict mode rejects; use one of {', '.join(ANTHROPIC_FORMATS)}, "
                                  "or drop it and describe the format in the description")
