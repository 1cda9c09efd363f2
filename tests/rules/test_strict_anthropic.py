"""TL210 on Anthropic strict tool use: `"strict": true` on an `input_schema` tool is
judged by Anthropic's limits (closed objects; no numeric or string-length constraints;
minItems 0 or 1; its format list), not OpenAI's (optional properties are allowed).

A trailing `# !` marks each line a finding is expected on.
"""
from __future__ import annotations

from schemacase import expect


ANTHROPIC_STRICT = '''
TOOLS = [
    {{
        "name": "create_invoice",
        "description": "Create an invoice. Call this when the customer confirmed the amount.",
        {strict}
        "input_schema": {{{root_mark}
            "type": "object",
            "properties": {{
                "amount": {{"type": "number", "minimum": 0, "description": "Total in EUR."}},{amount_mark}
                "memo": {{"type": "string", "maxLength": 140, "description": "Printed memo."}},{memo_mark}
                "lines": {{
                    "type": "array",
                    "minItems": 2,{lines_mark}
                    "items": {{
                        "type": "object",
                        "properties": {{"sku": {{"type": "string", "description": "SKU such as 'A-1'."}}}},
                        "additionalProperties": False,
                    }},
                    "description": "Invoice lines.",
                }},
                "due": {{"type": "string", "format": "date", "description": "Due date."}},
                "portal": {{"type": "string", "format": "uri", "description": "Customer portal link."}},
                "sent_at": {{"type": "string", "format": "iso-datetime", "description": "When sent."}},{fmt_mark}
                "note": {{"type": "string", "description": "Optional note; not in required."}},
            }},
            "required": ["amount", "lines"],
        }},
    }},
]
'''
_MARKS = dict(root_mark="  # !", amount_mark="  # !", memo_mark="  # !", lines_mark="  # !", fmt_mark="  # !")


def test_tl210_anthropic_strict_tool_use_has_its_own_limits(lint):
    src = ANTHROPIC_STRICT.format(strict='"strict": True,', **_MARKS)
    # an optional property ('note') and the format 'uri' are fine there, unlike OpenAI's strict mode
    assert lint({"tools.py": src}, select=["TL210"]) == expect(src, "TL210")


def test_tl210_anthropic_without_strict_is_quiet(lint):
    quiet = {k: "" for k in _MARKS}
    for strict in ('"strict": False,', ""):
        src = ANTHROPIC_STRICT.format(strict=strict, **quiet)
        assert lint({"tools.py": src}, select=["TL210"]) == []


def test_tl210_anthropic_strict_within_its_limits_is_quiet(lint):
    src = '''
    TOOLS = [{
        "name": "tag_ticket",
        "description": "Tag a ticket. Call this when the agent has classified the ticket.",
        "strict": True,
        "input_schema": {
            "type": "object",
            "properties": {
                "ticket_id": {"type": "string", "description": "Id such as 'T-100'."},
                "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "description": "Tags."},
                "reason": {"type": ["string", "null"], "description": "Why; optional."},
            },
            "required": ["ticket_id", "tags"],
            "additionalProperties": False,
        },
    }]
    '''
    assert lint({"tools.py": src}, select=["TL210", "TL203"]) == []
