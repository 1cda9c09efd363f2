"""The English-text judgements behind TL102-TL107 and TL212.

Each table row is a description a user could paste from real agent code; a row in a
"fires" table is a finding the user would see, a row in a "quiet" table is a good
description that must not be flagged.
"""
from __future__ import annotations

import pytest

from toollint.rulekit.tellapart import filled_from_one_template
from toollint.rulekit.text import NEAR_DUPLICATE, has_exclusion, has_trigger, looks_english, reads_like_signature, similarity, stated_default
from toollint.rulekit.shouting import shouting

# ---------------------------------------------------------------------------------
# reads_like_signature (TL102)

LABELS = [
    ("Get user profile information.", "get_user_profile", "restates"),
    ("Retrieves a customer.", "get_customer", "restates"),
    ("Search orders", "search_orders", "restates"),
    ("Lookup order", "lookup_order", "restates"),
    ("Look up an order.", "lookup_order", "restates"),
    ("Looks up orders", "lookupOrder", "restates"),
    ("Creates a new ticket.", "create-ticket", "restates"),
    ("Get User Profile", "getUserProfile", "restates"),
    ("list_open_tickets", "list_open_tickets", "restates"),
    ("Returns the weather.", "weather_report", "label"),
    ("Get the current weather in a given location.", "get_weather", "label"),
    ("Send an email to a contact.", "send_email", "label"),
    ("Search the knowledge base.", "kb_search", "label"),
    ("Deletes a file from the workspace.", "rm", "label"),
    ("Reads a file.", "fs_read", "label"),
    ("Escalate ticket to tier 2 support.", "escalate", "label"),
    ("lookup_order(order_id: str) -> dict", "lookup_order", "signature"),
    ("search(query, limit=10)", "search", "signature"),
    ("def get_invoice(invoice_id: str, *, include_lines: bool = False) -> Invoice:", "get_invoice", "signature"),
    ("list_users()", "list_users", "signature"),
    ("lookup_order(order_id: str) -> dict\nLook up an order.", "lookup_order", "restates"),
    ("Args:\n    order_id: The order number, e.g. 'A-1001'.\n", "lookup_order", "block"),
    ("Args:\n    query (str): Search text. Use when unsure.\nReturns:\n    list of hits", "search", "block"),
    (":param user_id: the user's id\n:returns: the profile dict", "get_profile", "block"),
    ("Parameters\n----------\npath : str\n    File to read.\n", "read_file", "block"),
    ("Returns:\n    dict: the ticket.", "get_ticket", "block"),
    ("Fetch a ticket.\n\nArgs:\n    ticket_id: only when known, else omit.\n", "get_ticket", "restates"),
    ("Summarise a document.\n\n:param doc_id: document id", "summarize", "label"),
]

REASON_WORDS = {
    "restates": "restates the name",
    "label": "bare label",
    "signature": "signature",
    "block": "Args/Returns block",
}


@pytest.mark.parametrize("description,name,kind", LABELS)
def test_label_and_signature_descriptions_fire(description, name, kind):
    reason = reads_like_signature(description, name)
    assert reason is not None
    assert REASON_WORDS[kind] in reason
    if kind == "restates":
        assert repr(name) in reason


GOOD_DESCRIPTIONS = [
    ("Use this when the customer asks about an order status.", "get_order_status"),
    ("Get user profile. Use this when the agent needs the user's plan tier.", "get_user_profile"),
    ("Search orders by customer email, status or date range.", "search_orders"),
    (
        "Looks up an order by its order number and returns status, items and tracking. "
        "Do not use for refunds; use issue_refund instead.",
        "lookup_order",
    ),
    ("Retrieves a customer record only if the caller is an admin.", "get_customer"),
    ("Returns the current UTC time as an ISO 8601 string, including the offset.", "now"),
    ("Converts an amount between two currencies using the daily ECB reference rate.", "convert"),
    ("Creates a Zendesk ticket, assigns it to the on-call agent and notifies Slack.", "create_ticket"),
    ("Lists files in a directory (non-recursive).", "list_dir"),
    ("Reads a text file. Binary files are returned base64-encoded.", "read_file"),
    ("Escalates the ticket: sets priority to urgent and pages the on-call engineer.", "escalate"),
    ("Search the wiki for how-to articles before answering a product question.", "wiki_search"),
    ("Fetch the invoice PDF because the billing API only returns metadata.", "get_invoice"),
    ("Archive a ticket instead of deleting it.", "archive_ticket"),
    ("Trigger: the user reports a failed payment.", "payment_help"),
    (
        "search_docs(query: str) -> list\nSearch the product docs. Call this tool whenever the user "
        "asks how a feature works.",
        "search_docs",
    ),
    (
        "Fetch a customer's open tickets.\n\nUse this before replying so you can reference earlier "
        "conversations.\n\nArgs:\n    customer_id: CRM id.",
        "get_open_tickets",
    ),
    ("", "get_user"),
    ("   \n\t", "get_user"),
    ("Obtiene el perfil del usuario.", "get_user_profile"),
    ("Récupère le profil de l'utilisateur.", "get_user_profile"),
    ("ユーザーを取得", "get_user"),
    ("Search (beta) returns hits from the new index, which may be incomplete for a week.", "search"),
]


@pytest.mark.parametrize("description,name", GOOD_DESCRIPTIONS)
def test_informative_or_unjudgeable_descriptions_are_quiet(description, name):
    assert reads_like_signature(description, name) is None


# ---------------------------------------------------------------------------------
# has_trigger (TL103)

TRIGGERS = [
    "Call this when the user asks for a refund.",
    "Call this tool if the ticket has no assignee.",
    "Call this tool whenever a new lead is created.",
    "Call this tool to escalate a conversation.",
    "Use this to look up shipping status.",
    "Use this tool to create calendar events.",
    "Use this tool when the user mentions an invoice number.",
    "Use this tool for questions about pricing.",
    "Use when the user wants to cancel.",
    "Use it when you need the raw file bytes.",
    "Use for ad-hoc SQL against the analytics warehouse.",
    "Useful for when you need to answer questions about current events.",
    "Useful when the document is longer than the context window.",
    "Invoke this whenever the customer is angry.",
    "Only call if the user is authenticated.",
    "Only use when the order has shipped.",
    "Call only when the payment failed.",
    "Should be called when a conversation ends.",
    "Searches tickets. When the user asks about a past issue, call this first.",
    "Returns order history. If the user asks about a previous purchase, start here.",
    "Use this function to translate text.",
    "Use to fetch account balances.",
    "Use this if the query mentions a SKU.",
    "Trigger: customer mentions a damaged item.",
    "Run this when tests fail.",
    "This tool should be used when the user uploads a CSV.",
    "Best for short factual lookups.",
    "Use it to read PDFs.",
    "Fetch weather data.\n\nWhen to use: the user asks about conditions outside.",
    "Looks up a contact. For questions about a person's email or phone, use this tool.",
]


@pytest.mark.parametrize("description", TRIGGERS)
def test_trigger_clauses_are_recognised(description):
    assert has_trigger(description)


NO_TRIGGERS = [
    "",
    "Get user profile information.",
    "Retrieves a customer.",
    "Returns the weather for a city.",
    "Searches the knowledge base and returns the top five articles with their URLs.",
    "Creates a support ticket with the given subject, body and priority.",
    "Do not use this when the order has already shipped.",
    "Don't call this tool for refunds.",
    "Never use it to delete production data.",
    "Not suitable for files over 10 MB.",
    "Lists every file in the given directory, recursively, sorted by name.",
    "Sends an SMS via Twilio. Message bodies over 160 characters are split.",
    "Converts Markdown to HTML.",
    "Executes a read-only SQL query against the reporting replica.",
    "Updates the CRM contact record with new phone or address details.",
    "Deletes a calendar event by its event ID.",
    "Returns the user's subscription plan and renewal date.",
]


@pytest.mark.parametrize("description", NO_TRIGGERS)
def test_descriptions_without_trigger(description):
    assert not has_trigger(description)


def test_trigger_extra_phrases_from_config_count_case_insensitively():
    text = "Returns inventory. Relevant whenever stock levels matter."
    assert not has_trigger(text)
    assert has_trigger(text, [r"relevant\s+whenever"])
    # ("whenever stock levels come up" is a built-in trigger since held-out round 14)
    # ("Handles refund requests." is a built-in trigger since held-out round 9)
    assert has_trigger("Sums REFUND totals.", ["refund totals"])
    assert not has_trigger("Sums refund totals.", ["chargebacks?"])


# ---------------------------------------------------------------------------------
# has_exclusion (TL104)

EXCLUSIONS = [
    "Do not call this for refunds.",
    "Do not use this tool when the order has shipped.",
    "Don't use for bulk exports.",
    "Never call this before the user confirms.",
    "Searches orders; not for invoices.",
    "Not suitable for files over 10 MB.",
    "For invoices, use get_invoice instead.",
    "Reads a file instead of listing a directory.",
    "Prefer search_users for fuzzy matches.",
    "Returns cached results rather than live data.",
    "Avoid calling this in a loop.",
    "This tool should not be used for deletions.",
    "Only for admin users.",
    "Sends the email unless the draft flag is set.",
    "Deprecated: kept for old clients.",
    "Looks up a user. Use `search_users` for that if you only have a name.",
]


@pytest.mark.parametrize("description", EXCLUSIONS)
def test_exclusion_clauses_are_recognised(description):
    assert has_exclusion(description)


NO_EXCLUSIONS = [
    "",
    "Use this tool when the user asks about an order status.",
    "Use this to create calendar events for the signed-in user.",
    "Searches the knowledge base and returns matching articles.",
    "Call this tool whenever the customer mentions a tracking number.",
    "Retrieves a customer by CRM id.",
    "Sends a Slack message to the given channel.",
]


@pytest.mark.parametrize("description", NO_EXCLUSIONS)
def test_descriptions_without_exclusion(description):
    assert not has_exclusion(description)


def test_exclusion_extra_phrases_from_config():
    assert not has_exclusion("Handles billing questions.")
    assert has_exclusion("Handles billing questions. Leave shipping to the logistics agent.", [r"leave \w+ to"])


# ---------------------------------------------------------------------------------
# looks_english

ENGLISH = [
    "Get user.",
    "Search orders",
    "Get user profile information.",
    "Use this when the customer asks about an order.",
    "Search the Société Générale filings archive for a company.",
    "Returns the MIT license text for a package.",
    "lookup_order(order_id: str) -> dict",
]

NOT_ENGLISH = [
    "Obtiene el perfil del usuario.",
    "Récupère le profil de l'utilisateur.",
    "ユーザーを取得",
    "Ruft das Profil des Benutzers ab.",
    "Busca pedidos por cliente y fecha.",
    "Получить профиль пользователя.",
    "Obtém o perfil do usuário.",
]


@pytest.mark.parametrize("description", ENGLISH)
def test_english_is_judged(description):
    assert looks_english(description)


@pytest.mark.parametrize("description", NOT_ENGLISH)
def test_other_languages_are_not_judged(description):
    assert not looks_english(description)


# ---------------------------------------------------------------------------------
# shouting (TL106)

SHOUTING = [
    ("You MUST call this before any refund.", "MUST"),
    ("ALWAYS use this first.", "ALWAYS"),
    ("Do NOT call this for refunds.", "NOT"),
    ("DO NOT use for deletions.", "DO NOT"),
    ("IMPORTANT: only call this once per conversation.", "IMPORTANT"),
    ("Call this tool first!!", "!!"),
    ("Never guess ids!!! Use lookup first.", "!!!"),
    ("This is CRITICAL for compliance.", "CRITICAL"),
    ("Returns JSON. NEVER call it twice.", "NEVER"),
    ("WARNING: destructive.", "WARNING"),
    ("Use ONLY for admins.", "ONLY"),
    # a banner heading whose every word is emphatic is still emphasis
    ("Deletes the workspace.\n\nIMPORTANT:\nthis cannot be undone.", "IMPORTANT"),
    # under a section heading, the stress in the text still counts
    ("Lists flows.\n\nWHEN NOT TO USE:\n- Do NOT call with an empty id list.", "NOT"),
    ("Lists tables. Do NOT call this LIKE a search.", "NOT"),
    ("Tags are combined with AND. Do NOT pass more than five.", "NOT"),  # no boolean query: stress  # only NOT LIKE with nothing between is SQL
    ("Closes the case. Do NOT reopen it: 'it is closed' is what you say.", "NOT"),  # outside the quote
    # a list item headed NOT with no operator beside it, or stress under an operator list
    ("Refunds an order.\n\nRULES:\n- NOT: for partial refunds; use refund_items.", "NOT"),
    ("Search awards.\n- AND: \"a AND b\" (both)\n- OR: \"a OR b\" (either)\nDo NOT quote single words.", "NOT"),
]


@pytest.mark.parametrize("description,fragment", SHOUTING)
def test_shouting_is_reported_with_its_fragment(description, fragment):
    assert shouting(description) == fragment


CALM = [
    "Fetches a URL and returns the HTML as UTF-8.",
    "Returns the user ID, email and a JSON blob of preferences.",
    "Runs a read-only SQL query over the CSV export; dates are ISO 8601 in UTC.",
    "Never call this when the user is anonymous.",
    "Always returns at most 50 rows.",
    "Set `mode` to `ALWAYS` to retry forever.",
    "Filter by log level (DEBUG, INFO, WARNING, ERROR).",
    "Optional NOT LIKE pattern to exclude tables by name.",  # the SQL operator
    "Only rows where the column IS NOT NULL are counted.",
    "Example: ['urgent || review', '-draft'] matches (urgent OR review) AND NOT draft",  # held-out round 76, K
    # the operators of a query syntax, listed one a line (held-out round 90, G)
    'Search awards.\n\nSUPPORTED QUERY SYNTAX:\n- AND: "software AND cloud" (both required)\n'
    '- OR: "software OR cloud" (at least one)\n- NOT: "software NOT maintenance" (exclude keyword)\n',
    "Visibility is one of PUBLIC | ONLY_ME | REQUIRED_REVIEW.",
    "Great, it worked!",
    "Generates a PDF from an HTML template via the HTTP API and returns its UUID.",
    "Pass status \"REQUIRED\" to list blocking tasks.",
    # section headings in capitals are layout (issue 18: MCP servers' long descriptions)
    "Creates a configuration.\n\nUSAGE:\n- Use when you want a new one.\n\nWHEN NOT TO USE:\n- flows.",
    "Creates a row.\n\nBEFORE CALLING - REQUIRED STEPS:\n1. Read the component schema.",
    "Not for flows; use the dedicated tools (see WHEN NOT TO USE).\n\nWHEN NOT TO USE:\n- flows.",
    # a sentence the model must write word for word (held-out round 32, C)
    "Write exactly: 'I confirmed with the customer that the case is NOT disputed.'",
]


@pytest.mark.parametrize("description", CALM)
def test_calm_descriptions(description):
    assert shouting(description) is None


# ---------------------------------------------------------------------------------
# similarity (TL107)


def test_near_duplicates_reach_the_threshold():
    a = "Search the knowledge base for articles about a topic."
    b = "Search the knowledge base for articles on a topic."
    assert similarity(a, b) >= NEAR_DUPLICATE
    assert similarity(
        "Use this tool when the user asks about an order. Returns the order status.",
        "Returns the status of an order. Call this when the user asks about orders.",
    ) >= NEAR_DUPLICATE


@pytest.mark.parametrize(
    "a,b",
    [
        ("Search the knowledge base for articles about a topic.", "Search the web for pages about a topic."),
        (
            "Use this tool when the user asks about an order status.",
            "Use this tool when the user asks about an invoice total.",
        ),
        ("Get a user by email.", "Delete a user by email."),
        ("Creates a calendar event.", "Sends a Slack message to a channel."),
    ],
)
def test_different_tools_stay_below_half(a, b):
    assert similarity(a, b) < 0.5


TEMPLATES = [
    # differing only in the service or object each tool is named after, or a proper noun
    ("Check if the Slack integration is enabled.", "Check if the Jira integration is enabled.",
     "slack_status", "jira_status", True),
    ("Search Notion pages by title and return their ids.", "Search Confluence pages by title and return their ids.",
     "search_pages_a", "search_pages_b", True),
    ("List the repositories of the signed-in account.", "List the projects of the signed-in account.",
     "list_repositories", "list_projects", True),
    # a plural of the name word (held-out round 68, B)
    ("List, create or delete server emojis.", "List, create or delete server stickers.",
     "manage_emoji", "manage_sticker", True),
    # the same words: a real overlap
    ("Search the knowledge base for articles about a topic.", "Search the knowledge base for articles on a topic.",
     "kb_search", "kb_find", False),
    # a differing word that neither names the tool nor is a proper noun
    ("List open issues with their labels and assignees.", "List open issues with their labels and owners.",
     "list_issues", "list_tickets", False),
    # one text adds a word, the other adds nothing: not a substitution
    ("Get the Slack status.", "Get the status.", "slack_status", "status", False),
]


@pytest.mark.parametrize("a,b,name_a,name_b,same", TEMPLATES)
def test_filled_from_one_template(a, b, name_a, name_b, same):
    assert filled_from_one_template(a, b, name_a, name_b) is same
    assert filled_from_one_template(b, a, name_b, name_a) is same


def test_similarity_is_symmetric_and_bounded():
    a, b = "Look up an order by number.", "Find orders for a customer."
    assert similarity(a, b) == similarity(b, a)
    assert 0.0 <= similarity(a, b) <= 1.0
    assert similarity(a, a) == 1.0
    assert similarity("", "") == 0.0
    assert similarity("Get a user.", "") == 0.0


# ---------------------------------------------------------------------------------
# stated_default (TL212)

DEFAULTS = [
    # RST literals (held-out round 61, B)
    ("Whether to write a header row (default ``True``).", "True"),
    ('Output file encoding (defaults to ``"utf-8"``).', "utf-8"),
    ("Max results to return (default: 20).", "20"),
    ("Page size. Defaults to 20.", "20"),
    ("Sort direction; default is 'asc'.", "asc"),
    ("Number of rows, default 50", "50"),
    ("Sort order. Default: desc", "desc"),
    ("Include archived tickets (default false).", "false"),
    ("Language code, defaults to `en`.", "en"),
    ("Score threshold [default=0.5]", "0.5"),
    ("Folder to list. Defaults to None (the root).", "None"),
    ("Timezone name, e.g. Europe/Paris. The default is \"UTC\".", "UTC"),
]


@pytest.mark.parametrize("description,value", DEFAULTS)
def test_stated_defaults(description, value):
    assert stated_default(description) == value


NO_DEFAULTS = [
    "",
    "Max results to return.",
    "Uses the default model unless one is given.",
    "By default, only open tickets are returned.",
    "Start page. Defaults to the first page.",
    "No default; the caller must choose.",
    "Request timeout. Defaults to 1 minute.",
    "Start date (default 2024-01-01 if omitted is wrong to assume).",
    "Sort order. Defaults to ascending order by creation time.",
]


@pytest.mark.parametrize("description", NO_DEFAULTS)
def test_no_stated_default(description):
    assert stated_default(description) is None


def test_a_pair_that_differs_in_how_many_is_told_apart():
    # held-out round 28: broadcast "to all teammates" and send_message "to a teammate"
    from toollint.rulekit.tellapart import quantity_tells_apart

    assert quantity_tells_apart("Send a message to all teammates.", "Send a message to a teammate.")
    assert quantity_tells_apart("Delete every file in the folder.", "Delete one file in the folder.")
    assert not quantity_tells_apart("Send a message to a teammate.", "Send a note to a teammate.")


@pytest.mark.parametrize("word, stemmed", [
    ("emojis", "emoji"), ("apis", "api"), ("wikis", "wiki"), ("analysis", "analysis"), ("redis", "redis"),
    ("axis", "axis"), ("debris", "debris"),
    ("this", "this"), ("orders", "order"), ("status", "status"),
])
def test_plurals_in_is_are_stemmed_but_singulars_in_is_are_not(word, stemmed):
    from toollint.rulekit.words import stem

    assert stem(word) == stemmed
