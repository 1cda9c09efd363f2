"""TL208 unspecified-format: a string parameter whose name or description implies a format the
schema does not pin."""
from __future__ import annotations

import pytest

from schemacase import expect


# --- TL208 unspecified-format ---------------------------------------------------------

FORMAT_TOOL = '''
TOOLS = [
    {{
        "name": "book",
        "description": "Book a slot. Call this when the customer agreed on a time.",
        "input_schema": {{
            "type": "object",
            "properties": {{
                "{name}": {{{schema}"description": {description!r}}},
            }},
        }},
    }},
]
'''


UNSPECIFIED = [
    ("page_url", "Target URL to fetch."),  # no named service: the model still guesses the form
    ("user_id", "The user's ID."),
    ("email_or_phone", "How to reach the customer."),  # either has a format
    ("userId", "Identifier of the user."),
    ("order_number", "The order number."),
    ("email", "The customer's email address."),
    ("customer_email", "Who to send the receipt to."),
    ("callback_url", "Where to post updates."),
    ("websiteURL", "The company website."),
    ("start_date", "When the booking starts."),
    ("created_at", "Creation time."),
    ("deadline", "When it is due."),
    ("phone_number", "The customer's phone number."),
    ("mobile", "Mobile to text the code to."),
    ("cell_number", "The number to text the code to."),
    ("ticket_id", "Step 1: the ticket to close."),
    ("user_id", "the user's id and the user's name"),
    ("session_id", "The session to use."),
    ("paper_id", "The paper to summarise."),
    ("channel_id", "The channel to post to, by name."),
    ("page_url", "The user's URL, as provided."),
    ("page_url", "The URL of the page to scrape."),  # not a named service's link
    ("warehouse_id", "Snowflake warehouse to run the query in."),  # the data warehouse, no id scheme
    ("user_message_id", "The message to react on. Pass it here."),  # here, but from nowhere named
    ("feed_url", "An RSS feed URL."),
    ("contact_email", "The customer's email, as given."),  # round 95, A: no one named as giving it
]


SPECIFIED = [
    # held-out round 36: who gives it, and a registry's public id
    ("contact_email", "The email address the customer gave, as they typed it."),
    # held-out round 95, A: who gives it by a pronoun, across a docstring line break
    ("customer_email", "The customer's account email, as\n    they gave it. Used to find them."),
    ("contact_email", "The visitor's email, as the user gave it."),
    ("trial_id", "NCT ID of the clinical trial."),
    ("tax_id", "NCBI Taxonomy ID"),  # held-out round 121, D
    ("protein_id", "UniProt accession of the protein."),
    ("pr_url", "GitHub PR URL to analyze"),
    ("recipe_id", "Recipe ID to star (from current plan or search results)"),
    ("start_date", "ISO 8601 date, e.g. 2024-05-01"),
    ("order_id", "The order number, e.g. 'ORD-10423'"),
    ("order_id", "The order number such as ORD10423"),
    ("customer_id", "The customer ID as returned by search_customers."),
    ("customer_id", "The id from the search results."),
    ("booking_id", "The identified booking_id value from the email"),  # held-out round 120, B
    ("trade_id", "The trade id in the message - usually a number"),
    ("user_id", "Starts with usr_ followed by 8 characters."),
    ("account_number", "The 8-digit account number."),
    ("ticket_id", "Ticket #10423 style reference."),
    ("start_time", "Start (YYYY-MM-DD HH:MM, UTC)."),
    ("created_at", "Unix epoch seconds."),
    ("callback_url", "Absolute https URL."),
    ("callback_url", "Where to post, like 'https://example.com/hook'."),
    ("email", "Where to send it: jane@example.com"),
    ("phone", "International format with country code."),
    ("phone", "In E.164: +14155550100"),
    ("model_id", "The DTMI of the model to create the twin from."),  # held-out round 84, C
    ("url", "Fully qualified URL to navigate to."),  # held-out round 87, F: absolute
    ("cluster_id", "Exact cluster id from the current path's metadata."),  # held-out round 89, G: its source
    ("uuid", "A UUID."),
    ("since", "Relative dates like `yesterday` work."),
    ("user_id", "Order id (v2 API)."),
    # where the value comes from, in the shapes browser and project tools use
    ("session_id", "Browser session to act in (get from browser_list_sessions)."),
    ("project_id", "The project. See `listProjects`."),
    ("run_id", "The run, from a previous call."),
    ("message_id", "The ID of the message, retrieved from a search."),  # langchain_community gmail
    ("sessionId", "The session, received from one of the createSessions calls."),
    ("page_url", "The user-provided URL of the page to summarise."),  # who gives it (round 15)
    ("song_url", "Must be a valid Youtube video or Spotify track link."),  # a named service's (round 26)
    ("video_url", "The URL of the YouTube video to get subtitles from."),  # the other word order (round 48)
    ("ticket_id", "Caller-supplied id of the ticket."),
    ("website", "A keyword contained in the tab address, matched as a substring."),  # no URL (round 53, A)
    ("tier_id", "The ID of the tier (basic, plus, premium, enterprise, etc.)"),  # sample values (round 58, A)
    # named public id schemes
    ("paper_id", "arXiv ID of the paper."),
    ("post_uri", "AT URI of the post to reply to."),
    ("article_id", "DOI of the article."),
    ("book_id", "ISBN of the edition."),
    ("region_id", "ISO region code."),
    ("lang_id", "Language code of the transcript."),
    ("notify_user_id", "Discord snowflake to DM the result to."),  # held-out round 93, B
    # a field of a record the model holds (held-out round 93, G)
    ("user_message_id", "Discord message_id of the user's prompt. Pass bot_context.user_message_id here."),
    # not English: the format words say nothing to it
    ("user_id", "El identificador del usuario."),
    ("kunden_id", "Die ID des Kunden."),
    ("date_debut", "La date de début de la réservation."),
    # the flow of a named service gives it (held-out round 67, B)
    ("callback_url", "The callback URL from Spotify authorization."),
    ("redirect_url", "The redirect URL from Dropbox sign-in."),
]


@pytest.mark.parametrize("name,description", UNSPECIFIED)
def test_tl208_fires_on_a_type_annotation(lint, name, description):
    src = FORMAT_TOOL.format(name=name, schema='"type": "string", ', description=description)
    assert lint({"tools.py": src}, select=["TL208"]) == [("tools.py", 8, "TL208")]


@pytest.mark.parametrize("name,description", SPECIFIED)
def test_tl208_quiet_on_a_spec(lint, name, description):
    src = FORMAT_TOOL.format(name=name, schema='"type": "string", ', description=description)
    assert lint({"tools.py": src}, select=["TL208"]) == []


@pytest.mark.parametrize("schema", [
    '"type": "string", "format": "date", ',
    '"type": "string", "pattern": "^ORD-[0-9]+$", ',
    '"type": "string", "enum": ["a", "b"], ',
    '"type": "string", "examples": ["ORD-1"], ',
    '"type": "string", "default": "ORD-1", ',
    '"type": "integer", ',
    '"type": ["integer", "string"], ',
    '',
    '"$ref": "#/$defs/OrderId", ',
])
def test_tl208_quiet_when_the_schema_pins_the_format(lint, schema):
    src = FORMAT_TOOL.format(name="order_id", schema=schema, description="The order.")
    assert lint({"tools.py": src}, select=["TL208"]) == []


def test_tl208_nullable_and_nested(lint):
    src = '''
    TOOLS = [
        {
            "name": "book",
            "description": "Book a slot. Call this when the customer agreed on a time.",
            "input_schema": {
                "type": "object",
                "properties": {
                    "contact": {
                        "type": "object",
                        "description": "Who to notify.",
                        "properties": {
                            "phone": {"type": ["string", "null"], "description": "Their phone."},  # !
                            "email": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "Mail."},  # !
                        },
                    },
                    "attendees": {
                        "type": "array",
                        "description": "Who attends.",
                        "items": {
                            "type": "object",
                            "properties": {"user_id": {"type": "string", "description": "The user."}},  # !
                        },
                    },
                    "reference_id": {"type": "string"},
                    "booking_id": {"type": "string", "description": DESCRIBED_ELSEWHERE},
                },
            },
        },
    ]
    '''
    assert lint({"tools.py": src}, select=["TL208"]) == expect(src, "TL208")


def test_tl208_names_that_are_not_format_bearing(lint):
    # `channel_name_or_id`: a lookup by either, no one format (held-out round 68, A)
    for name in ("email_subject", "time_zone", "date_range", "name", "number", "body", "channel_name_or_id",
                 "user_id_or_name", "titleOrUrl", "start_cell", "cell"):  # a spreadsheet's (round 81, B)
        src = FORMAT_TOOL.format(name=name, schema='"type": "string", ', description="Whatever.")
        assert lint({"tools.py": src}, select=["TL208"]) == [], name


def test_tl208_quiet_when_the_tool_description_says_where_such_ids_come_from(lint):
    src = FORMAT_TOOL.format(name="next_part_id", schema='"type": "string", ', description="The part to move after.")
    said = src.replace("Book a slot.", "Book a slot. Part IDs from read_document_parts.")
    assert said != src
    assert lint({"tools.py": src}, select=["TL208"]) == [("tools.py", 8, "TL208")]
    assert lint({"tools.py": said}, select=["TL208"]) == []


def test_tl208_quiet_when_a_wrapped_sentence_of_the_tool_says_which_tool_gives_the_id(lint):
    # held-out round 30 (jira): "using a transition ID (to get available transitions\n use get_available_transitions())"
    src = FORMAT_TOOL.format(name="transition_id", schema='"type": "string", ', description="The transition to perform.")
    said = src.replace("Book a slot.", "Book a slot using a transition ID (to get available transitions\\n"
                       "use get_available_transitions()).")
    assert said != src
    assert lint({"tools.py": src}, select=["TL208"]) == [("tools.py", 8, "TL208")]
    assert lint({"tools.py": said}, select=["TL208"]) == []


def test_tl208_quiet_when_the_tool_says_which_tool_to_get_the_ids_from(lint):
    # held-out round 44, K: "Use list_named_ranges to get the IDs first."
    src = FORMAT_TOOL.format(name="named_range_id", schema='"type": "string", ', description="The range to delete.")
    said = src.replace("Book a slot.", "Book a slot. Use list_named_ranges to get the IDs first.")
    assert said != src
    assert lint({"tools.py": src}, select=["TL208"]) == [("tools.py", 8, "TL208")]
    assert lint({"tools.py": said}, select=["TL208"]) == []


def test_tl208_quiet_when_the_tool_says_which_tools_a_bare_id_comes_from(lint):
    # held-out round 93, C: "The id comes from cron_create's response or cron_list" for `id`
    src = FORMAT_TOOL.format(name="id", schema='"type": "string", ', description="Entry id to remove.")
    said = src.replace("Book a slot.", "Book a slot. The id comes from create_entry's response or list_entries.")
    unnamed = src.replace("Book a slot.", "Book a slot. The id comes from the user.")
    assert said != src != unnamed
    assert lint({"tools.py": src}, select=["TL208"]) == [("tools.py", 8, "TL208")]
    assert lint({"tools.py": unnamed}, select=["TL208"]) == [("tools.py", 8, "TL208")]
    assert lint({"tools.py": said}, select=["TL208"]) == []


def test_tl208_a_short_description_is_in_its_tools_language(lint):
    # round 30: "Telefone do cliente (com DDD)." holds no function word of either language;
    # the tool's Portuguese description says which it is
    src = FORMAT_TOOL.format(name="telefone_phone", schema='"type": "string", ',
                             description="Telefone do cliente (com DDD).")
    portuguese = src.replace("Book a slot. Call this when the customer agreed on a time.",
                             "Marca uma visita na casa do cliente. Use quando o cliente pedir uma visita.")
    assert lint({"tools.py": portuguese}, select=["TL208"]) == []
    # the same short text under an English tool is judged as before
    assert lint({"tools.py": src}, select=["TL208"]) == [("tools.py", 8, "TL208")]


@pytest.mark.parametrize("sample, quiet", [
    ('Example: {"server_id": "server1"}', True),  # held-out round 100, B
    ("Call it as reboot(server_id='rack1-node3').", True),
    ("server_id: the server to reboot.", False),  # an Args line, no value
    ("Pass server_id=... when there are several.", False),  # a placeholder
])
def test_tl208_a_value_shown_in_the_tools_description_is_an_example(lint, sample, quiet):
    src = FORMAT_TOOL.format(name="server_id", schema='"type": "string", ', description="Server to use.")
    shown = src.replace("Book a slot.", "Book a slot. " + sample.replace('"', '\\"'))
    assert shown != src
    assert (lint({"tools.py": shown}, select=["TL208"]) == []) is quiet


@pytest.mark.parametrize("entry, quiet", [
    ('- host_id (required): Host ID to list ports for (e.g., "007", "012")', True),  # held-out round 115, A
    ("- host_id: as returned by list_hosts", True),
    ("- host_id (required): Host ID to list ports for", False),  # listed, with nothing of its form
    ('- limit: at most this many (e.g. 50)', False),  # another field's example
])
def test_tl208_the_enclosing_objects_entry_for_the_field_gives_its_form(lint, entry, quiet):
    # fastmcp sends a model parameter's Args entry as the object's description, beside the
    # model's own field descriptions
    src = f'''
from fastmcp import FastMCP
from pydantic import BaseModel, Field

app = FastMCP(name="hosts")


class HostPortsArgs(BaseModel):
    host_id: str = Field(..., description="Host ID to list ports for")
    limit: int = Field(100, description="Maximum number of ports to return")


@app.tool(description="List open ports of one monitored host. Use this when asked what a host listens on.")
async def list_host_ports(args: HostPortsArgs):
    """List open ports.

    Args:
        args: An object containing:
            {entry}
    """
    return []
'''
    assert (lint({"requirements.txt": "fastmcp==4.2.3\n", "server.py": src},
                 select=["TL208"]) == []) is quiet
