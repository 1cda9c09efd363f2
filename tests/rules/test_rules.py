"""Each core rule on code that must fire and on code that must stay quiet."""
from __future__ import annotations

GOOD_DESC = (
    '"Look up one order by its number. Call this when the customer asks where an order is. '
    'Do not call this for refunds; use issue_refund instead."'
)
REFUND_DESC = (
    '"Refund an order. Call this when the customer has confirmed the refund. '
    'Do not call this to check status; use lookup_order instead."'
)

CLEAN = f'''
TOOL_DEFINITIONS = [
    {{
        "name": "lookup_order",
        "description": {GOOD_DESC},
        "input_schema": {{
            "type": "object",
            "properties": {{"order_id": {{"type": "string", "description": "e.g. ORD-1"}}}},
            "required": ["order_id"],
        }},
    }},
    {{
        "name": "issue_refund",
        "description": {REFUND_DESC},
        "input_schema": {{
            "type": "object",
            "properties": {{
                "order_id": {{"type": "string", "description": "e.g. ORD-1"}},
                "reason": {{"type": ["string", "null"], "description": "Why, in the customer's words."}},
            }},
            "required": ["order_id"],
        }},
    }},
]


def lookup_order(order_id):
    return {{}}


def issue_refund(order_id, reason=None):
    return {{}}


TOOL_HANDLERS = {{"lookup_order": lookup_order, "issue_refund": issue_refund}}
TOOL_CATEGORIES = {{"orders": ["lookup_order"], "billing": ("issue_refund",)}}
ALWAYS_INCLUDE = []
'''


def test_clean_module_has_no_findings(lint):
    assert lint({"agent.py": CLEAN}) == []


def test_missing_and_empty_description(lint):
    src = CLEAN.replace(f'"description": {GOOD_DESC},', "").replace(REFUND_DESC, '"  "')
    assert lint({"agent.py": src}, select=["TL101"]) == [("agent.py", 3, "TL101"), ("agent.py", 13, "TL101")]


def test_unresolved_description_is_not_missing(lint):
    src = CLEAN.replace(GOOD_DESC, "load_description('lookup_order')")
    assert lint({"agent.py": src}, select=["TL1"]) == []


def test_signature_like_descriptions(lint):
    for text in ('"Get order."', '"lookup_order(order_id: str) -> dict"', '"Lookup order"'):
        src = CLEAN.replace(GOOD_DESC, text)
        assert lint({"agent.py": src}, select=["TL102", "TL103", "TL104"]) == [("agent.py", 4, "TL102")], text


def test_trigger_clause_missing_and_present(lint):
    no_trigger = '"Returns the order with its items, delivery estimate and tracking link. Do not use for refunds."'
    src = CLEAN.replace(GOOD_DESC, no_trigger)
    assert lint({"agent.py": src}, select=["TL103"]) == [("agent.py", 4, "TL103")]
    for phrase in ("Use this tool to", "Use when", "Useful for when", "Only call if", "Invoke this whenever"):
        text = f'"{phrase} the customer asks about an order\'s delivery. Do not use for refunds."'
        assert lint({"agent.py": CLEAN.replace(GOOD_DESC, text)}, select=["TL103"]) == [], phrase


def test_trigger_phrases_from_config(lint):
    text = '"Returns the order with its items and delivery estimate. Trigger: where-is-my-order questions."'
    src = CLEAN.replace(GOOD_DESC, text)
    assert lint({"agent.py": src}, select=["TL103"], trigger_phrases=["trigger:"]) == []


def test_exclusion_clause_needed_only_with_several_tools(lint):
    no_exclusion = '"Look up one order. Call this when the customer asks where an order is."'
    src = CLEAN.replace(GOOD_DESC, no_exclusion)
    assert lint({"agent.py": src}, select=["TL104"]) == [("agent.py", 4, "TL104")]
    single = f'''
    TOOLS = [{{"name": "lookup_order", "description": {no_exclusion},
              "input_schema": {{"type": "object", "properties": {{}}}}}}]
    '''
    assert lint({"single.py": single}, select=["TL104"]) == []


def test_non_english_descriptions_are_not_judged(lint):
    src = CLEAN.replace(GOOD_DESC, '"Busca un pedido por su número y devuelve el estado del envío."')
    assert lint({"agent.py": src}, select=["TL102", "TL103", "TL104"]) == []


def test_nullable_required(lint):
    src = CLEAN.replace('"required": ["order_id"],\n        },\n    },\n]', '"required": ["order_id", "reason"],\n        },\n    },\n]')
    assert lint({"agent.py": src}, select=["TL203"]) == [("agent.py", 20, "TL203")]


def test_nullable_required_quiet_in_strict_mode(lint):
    src = '''
    TOOLS = [{"type": "function", "function": {
        "name": "refund", "strict": True,
        "description": "Refund an order. Call this when the customer confirmed it.",
        "parameters": {"type": "object", "additionalProperties": False,
                       "properties": {"reason": {"type": ["string", "null"]}},
                       "required": ["reason"]}}}]
    '''
    assert lint({"agent.py": src}, select=["TL203"]) == []
    assert lint({"agent.py": src.replace('"strict": True', '"strict": False')}, select=["TL203"]) == [
        ("agent.py", 6, "TL203")
    ]


def test_optional_but_required(lint):
    src = CLEAN.replace("def lookup_order(order_id):", "def lookup_order(order_id='ORD-1'):")
    assert lint({"agent.py": src}, select=["TL204"]) == [("agent.py", 26, "TL204")]


def test_optional_but_required_dict_style_handler(lint):
    src = CLEAN.replace("def lookup_order(order_id):\n    return {}", "def lookup_order(args: dict):\n    return args.get('order_id', 'ORD-1')")
    assert lint({"agent.py": src}, select=["TL204", "TL205", "TL206"]) == [("agent.py", 27, "TL204")]


def test_required_but_optional(lint):
    src = CLEAN.replace("def issue_refund(order_id, reason=None):", "def issue_refund(order_id, reason, notify):")
    assert lint({"agent.py": src}, select=["TL205"]) == [("agent.py", 30, "TL205"), ("agent.py", 30, "TL205")]


def test_undeclared_handler_parameter(lint):
    src = CLEAN.replace("def issue_refund(order_id, reason=None):", "def issue_refund(order_id):")
    assert lint({"agent.py": src}, select=["TL206"]) == [("agent.py", 18, "TL206")]
    kwargs = CLEAN.replace("def issue_refund(order_id, reason=None):", "def issue_refund(order_id, **extra):")
    assert lint({"agent.py": kwargs}, select=["TL206"]) == []


def test_handler_taking_a_model_is_not_judged(lint):
    src = CLEAN.replace("def issue_refund(order_id, reason=None):", "def issue_refund(request: RefundRequest):")
    assert lint({"agent.py": src}, select=["TL204", "TL205", "TL206"]) == []


def test_invalid_tool_name(lint):
    src = CLEAN.replace('"name": "lookup_order"', '"name": "lookup order"').replace(
        '"lookup_order": lookup_order', '"lookup order": lookup_order').replace('["lookup_order"]', '["lookup order"]')
    assert lint({"agent.py": src}, select=["TL3"]) == [("agent.py", 3, "TL301")]


def test_tool_name_pattern_follows_target(lint):
    src = '''
    from mcp.types import Tool
    TOOLS = [Tool(name="files.read", description="Read a file. Use this when asked for a file's text.",
                  inputSchema={"type": "object", "properties": {}})]
    '''
    assert lint({"server.py": src}, select=["TL301"]) == []
    assert lint({"server.py": src}, select=["TL301"], target="openai") == [("server.py", 2, "TL301")]


def test_duplicate_tool_name(lint):
    src = CLEAN.replace('"name": "issue_refund"', '"name": "lookup_order"')
    assert lint({"agent.py": src}, select=["TL302"]) == [("agent.py", 12, "TL302")]


def test_same_tool_in_two_provider_lists_is_not_duplicate(lint):
    src = '''
    SEARCH = {"name": "search", "description": "Search. Use this when asked.", "input_schema": {"type": "object"}}
    TOOLS = [SEARCH]
    TOOL_DEFINITIONS = [SEARCH]
    '''
    assert lint({"agent.py": src}, select=["TL302"]) == []


def test_tool_without_handler(lint):
    src = CLEAN.replace('"issue_refund": issue_refund}', "}")
    assert lint({"agent.py": src}, select=["TL303"]) == [("agent.py", 12, "TL303")]


def test_tool_without_handler_quiet_when_handlers_incomplete(lint):
    src = CLEAN.replace('"issue_refund": issue_refund}', "**PLUGIN_HANDLERS}")
    assert lint({"agent.py": src}, select=["TL303"]) == []


def test_handler_without_tool(lint):
    src = CLEAN.replace('"issue_refund": issue_refund}', '"issue_refund": issue_refund, "cancel_order": lookup_order}')
    assert lint({"agent.py": src}, select=["TL304"]) == [("agent.py", 34, "TL304")]


def test_unreachable_tool(lint):
    src = CLEAN.replace('"billing": ("issue_refund",)', '"billing": ()')
    assert lint({"agent.py": src}, select=["TL305"]) == [("agent.py", 12, "TL305")]
    always = src.replace("ALWAYS_INCLUDE = []", 'ALWAYS_INCLUDE = ["issue_refund"]')
    assert lint({"agent.py": always}, select=["TL305"]) == []


def test_unreachable_quiet_when_router_incomplete(lint):
    src = CLEAN.replace('"billing": ("issue_refund",)', '"billing": load_billing_tools()')
    assert lint({"agent.py": src}, select=["TL305"]) == []


def test_unknown_tool_in_category(lint):
    src = CLEAN.replace('"orders": ["lookup_order"]', '"orders": ["lookup_order", "lookup_ordr"]')
    assert lint({"agent.py": src}, select=["TL306"]) == [("agent.py", 35, "TL306")]


def test_unknown_tool_quiet_when_definitions_incomplete(lint):
    src = CLEAN.replace('"orders": ["lookup_order"]', '"orders": ["lookup_order", "plugin_tool"]').replace(
        "TOOL_DEFINITIONS = [", "TOOL_DEFINITIONS = [*load_plugins(),")
    assert lint({"agent.py": src}, select=["TL306", "TL305"]) == []


def test_registry_changed_after_assignment_is_incomplete(lint):
    src = CLEAN + '\nTOOL_CATEGORIES["orders"].append("plugin_tool")\n'
    assert lint({"agent.py": src}, select=["TL305"]) == []
    src = CLEAN.replace('"orders": ["lookup_order"]', '"orders": []') + "\nTOOL_CATEGORIES['orders'] = get()\n"
    assert lint({"agent.py": src}, select=["TL305"]) == []


def test_static_evaluation_of_names_concatenation_and_spreads(lint):
    src = '''
    import textwrap
    BASE = {"type": "object", "properties": {"q": {"type": "string"}}}
    DESC = "Search the help center for articles. " "Use this when the customer asks how to do something."
    SEARCH = {"name": "search", "description": DESC, "input_schema": {**BASE, "required": ["q", "k"]}}
    READ = dict(name="read", description=textwrap.dedent("""\\
        Get article.
        """), input_schema=BASE)
    CORE = [SEARCH]
    TOOLS = [*CORE] + [READ]
    TOOL_HANDLERS = {"search": lambda q, k: q, "read": lambda q=None: q}
    '''
    assert lint({"agent.py": src}, select=["TL102", "TL103", "TL202", "TL205", "TL206", "TL303"]) == [
        ("agent.py", 4, "TL202"),  # "k" is required but not among BASE's properties
        ("agent.py", 5, "TL102"),
    ]


def test_unresolved_definition_is_opt_in_and_says_why(lint):
    src = '''
    from plugins import load_plugin_tools
    TOOLS = [*load_plugin_tools(), make_tool("x")]
    '''
    assert lint({"agent.py": src}) == []
    assert lint({"agent.py": src}, select=["TL002"]) == [("agent.py", 2, "TL002"), ("agent.py", 2, "TL002")]


def test_unreachable_tool_only_for_a_router_configuration_names(lint):
    # held-out round 91, A: `TOOL_GROUPS` found by its shape, and the tools offered on every
    # turn a set the router's code adds (`set(BOOTSTRAP_TOOL_NAMES)`); nothing configured
    # names either, so where those tools go is not seen
    tools = ", ".join(f'{{"name": "{n}", "description": "Do {n}.", "input_schema": {{"type": "object"}}}}'
                      for n in ("search_notes", "append_note", "delete_note", "add_image", "add_widget"))
    src = f"""
TOOLS = [{tools}]
TOOL_GROUPS = {{"write": ["append_note", "delete_note"], "media": ["add_image", "add_widget"]}}
BOOTSTRAP_TOOL_NAMES = {{"search_notes"}}


def active_tools(loaded):
    names = set(BOOTSTRAP_TOOL_NAMES)
    for group in loaded:
        names.update(TOOL_GROUPS[group])
    return [t for t in TOOLS if t["name"] in names]
"""
    assert lint({"agent.py": src}, select=["TL305"]) == []
    assert lint({"agent.py": src}, select=["TL305"], categories=["TOOL_GROUPS"]) == [("agent.py", 1, "TL305")]
