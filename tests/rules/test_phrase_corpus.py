"""The clause detectors behind TL102-TL104 on sentences in the shapes real tools ship.

Every row was written here, in the shape of descriptions found in the built-in tools of
agent frameworks (LangChain community tools, agno and CAMEL toolkits, CrewAI tools,
smolagents) and in public MCP servers; none is copied. Each row carries its verdict:
the sentence either says when to call the tool (trigger), says when not to or what it
does not cover (exclusion), or is only a label. A row that flips is a change in what
users see: a TL103/TL104 finding appears or disappears on code like theirs.
"""
from __future__ import annotations

import pytest

from toollint.rulekit.text import has_exclusion, has_trigger, reads_like_signature

# (sentence, has a trigger clause, has an exclusion clause)
CLAUSES = [
    # --- session and workflow timing (issue 18, item 6) -----------------------------
    ("Call at the start of every session to load the user's saved preferences.", True, False),
    ("Use at the start of a new project to scaffold its folders and config.", True, False),
    ("Start here: every other tool takes a workspace id from this list.", True, False),
    ("Read this before proposing any change to the deployment config.", True, False),
    ("Record a behaviour pattern after 3+ observations of the same habit.", True, False),
    ("Call this first, then pass the returned token to the other tools.", True, False),
    ("Run at the beginning of each conversation to fetch the account context.", True, False),
    ("Check the style guide before writing any new component.", True, False),
    # --- a step before this tool's every use (issue 18, round 4, mcp-text-editor) ---
    ("Apply patches to text files with hash checks.you need to use get_file_contents tool to get "
     "the file hash and range hash every time before using this tool.", True, True),
    ("Write rows to a table. Call describe_table to read its columns before calling this tool.", True, True),
    ("Read the file. Run lint_file before using this function.", True, True),
    ("Merge the pull request. Check the CI status every time before merging.", True, False),
    # ... but "this" naming something else, or no "before", is not one
    ("Returns the cached entry. The cache is refreshed before using this cache.", False, False),
    ("Validate the token before using this value in a request.", False, False),
    ("Returns the file hash; the hash changes every time the file is saved.", False, False),
    ("Deletes a file. The lock is released before calling this again.", False, False),
    # --- the event the call waits for, in the action's sentence (held-out round) ---
    ("Find replacement flights when a segment is delayed or cancelled.", True, False),
    ("Import the generated model after the generation job is completed.", True, False),
    ("Rebuild the search index once the upload has finished.", True, False),
    # a precondition the caller knows (held-out round 6, mem0-mcp)
    ("Fetch a single memory once you know its memory_id.", True, False),
    ("Update the ticket once you have its number from search_tickets.", True, False),
    ("Returns the id once known.", False, False),
    ("Workflow: search_items -> fetch_item -> read_item.", True, True),  # siblings named as steps
    # numbered steps under the heading, a sibling it is used with (held-out round 7)
    ("Copy a box to the shelf.\n\nTypical workflow:\n  1. make_box to build a box\n  2. Call copy_box once per shelf",
     True, False),
    ("Empty a box. Use this with read_items and put_items for a read -> modify -> write loop.", True, False),
    ("Copy a box. Workflow:\nthe box is copied as it is.", False, False),
    ("Open the valve. Use this with caution.", False, False),
    # ... but an event in a sentence about the result, or after the first, is behaviour
    ("Returns an empty list when the cache is cleared.", False, False),
    ("Fails if the upload was interrupted.", False, False),
    ("Lists the jobs. A job is archived after it has finished.", False, False),
    ("Lists the jobs. The cache is refreshed when the list is updated.", False, False),
    # a count per event, and a passive later sentence naming the caller (held-out round 7)
    ("Log a box inspection for preference learning.\n\nCall once per box inspected.", True, False),
    ("Resize an image. Run this once for each file the user uploads.", True, False),
    ("Randomly selects a game event from a JSON file.\nThis function is used by the Narrator Agent when "
     "no specific event is provided by the user.", True, False),
    ("Fetch the quota. This tool is used when the account is near its limit.", True, False),
    ("Returns one row once per call.", False, False),
    ("Counts the words. This function is used by the summary module.", False, False),
    ("Formats the log. It is not used by the agent when the log is empty.", False, True),
    # --- third held-out round: crewAI's "Useful to", a passive comparison, a prior step
    ("Useful to search the internet about a given topic and return relevant results.", True, False),
    ("Useful to scrape and summarize a website content.", True, False),
    ("Designed to scrape a website.", False, False),
    ("Not useful to call twice in a row.", False, False),
    ("Create and start a container in one step (preferred over `create_container`).", True, False),
    # where an input comes from is not when not to call (as "returned by list_mailboxes")
    ("Get the page contents. The url passed in should be a URL returned from `search_pages`.", False, False),
    # --- fallbacks and comparisons with a sibling -----------------------------------
    ("Only use this as a last resort if the other search tools return nothing.", True, True),
    # an adverb between the tool and its case (held-out round 11, class Y)
    ("Run a Python snippet and print the result; you can use it as well for math.", True, False),
    ("Fetch a page. You can use this also for PDFs.", True, False),
    # a sibling named as the step that gives the id (held-out round 11, class S)
    ("Update a book's status. You must know the id: look it up with get_books first if you do not have it.",
     True, True),
    ("Update a book's status. Look it up with get_books first.", False, True),
    ("Use this when you already know the id (e.g. from a previous get_books call).", True, True),
    # a pair of tools for one case, and a step before (breadth11 on blinkit-mcp's shapes)
    ("List saved addresses. Use this and select_address to change the delivery address.", True, False),
    ("Pay for the cart. Use after selecting an address.", True, False),
    ("Returns the totals used before applying discounts.", False, False),
    # a chain written as a flow, and two siblings to use instead (held-out round 11, C and S2)
    ("Set the delivery location. The flow should be: login -> set_location -> add items -> check_cart.",
     True, True),
    ("Show the cart. If the address is wrong, use get_addresses and select_address to change it.", False, True),
    # a sentence led by its situation (held-out round 14, Z)
    ("Generate an image. When a topic comes up about places or emotions, it draws a picture of it.", True, False),
    ("Fetch the page. When called, it returns the HTML.", False, False),
    ("Save a topic watch. When checked via check_alerts, returns only papers since the last check.", False, False),
    ("Read a conversation. When looked up by username, resolution searches the inbox.", False, False),
    ("Returns alerts. If an error arises, returns an empty list.", False, False),
    ("Merges tables. When the table is mentioned twice, it is deduplicated.", False, False),
    ("Deletes the repo. Never a safe action when unsure.", False, False),
    ("Lists pages. Use as a default page size 10.", False, False),
    # a use it is meant for (held-out round 13, U)
    ("Summarise recent commits. Use as a general pulse check on the repository.", True, False),
    ("Returns the check as a JSON object.", False, False),
    # a choice for a situation (held-out round 10, class W)
    ("Wait some frames. This is a safe action when unsure what to do or when recovering from an error.",
     True, False),
    ("Open the repository overview. A good first step if the project is new to you.", True, False),
    ("Press a button. Not a safe action when a battle menu is open.", False, False),
    ("Returns whether the move is a good choice for the team.", False, False),
    ("Generic web fetch, kept as a fallback when no site-specific tool applies.", True, True),  # a fallback: others first (round 52, G)
    # a sibling set against it for a case is an exclusion too (held-out round 91, B: flipped)
    ("Lighter than get_document when you only need the title and size.", True, True),
    ("Prefer this over web_search for questions about the repository.", True, True),
    ("Use this instead of read_file for files over a megabyte.", True, True),
    ("Faster than `full_scan` on large buckets.", True, True),
    ("Faster than `full_scan`.", True, False),  # no case: where it stops is not said
    ("If you already have the ticket id, skip the search.", True, False),
    # --- exclusions: what the tool does not cover -----------------------------------
    ("Parses PDF files only; Word documents are not yet supported.", False, True),
    ("Delete the box, freeing its slot. Use this before make_box when you want to overwrite a box.", True, True),
    ("Read the items of a box. Use this before put_items.", True, True),
    ("Explore the dataset with pandas. Chart generation is not permitted.", False, True),
    ("Only searches your local collection of saved papers. Use search_papers to find new ones.", False, True),
    # flipped (issue 18, round 4): a step before this tool's use is ordering, which TL103's
    # page counts, as it counts "Use this after calling get_docs_index" below
    ("Lists the papers of a topic. Use watch_topic to register topics before calling this.", True, True),
    ("Get an artist's top tracks. Use search_artists first to get the artist id.", True, True),  # flipped, round 30
    ("Fetch one documentation page. Use this after calling get_docs_index.", True, True),
    ("Create an empty page. Use write_page_file with the page path to add its content.", False, True),
    ("Omits the admin fields that get_board exposes. Reach for get_board when you need those.", True, True),
    ("Show one page. To change its text, use the write_page_file tool with its path.", False, True),
    ("Read a file. Use relative paths with the workspace root.", False, False),
    ("Deletes a draft app.\n\nWHEN TO CALL: at the end of a promotion, after the branch is merged.", True, False),
    ("Mints a git token.\n\n## When to call\n\n1. Right after the app is created.", True, False),
    ("Deploys an app. This tool only triggers deploys against the existing git state.", False, True),
    ("Deletes a draft.\n\nWHAT THIS TOOL DOES NOT DO:\n- Revoke the git credential.", False, True),
    ("Get components by id. If unknown, first use `find_component_id` to discover them.", False, True),
    ("Set `limit` to cap the page; it only counts rows.", False, False),
    ("Move a card to another board. Use reorder_card for moves within a single board.", False, True),
    ("Attach a file to a card. Use :func:`attach_note` if you have a note id.", True, True),
    ("List the stacks of a board, without cards. Fetch cards separately via get_cards.", False, True),
    # flipped (held-out round 46): a step before every use, as "Use search_artists first" above
    ("Update a note. Get its ETag by first retrieving the note using get_note tool.", True, True),
    ("Delete a collective for good. It must be in the trash first (use trash_collective).", True, True),
    ("Search files. Use glob patterns for names; use the path field for folders.", False, False),
    ("Read a mailbox id (returned by list_mailboxes).", False, False),
    ("Think out loud. It will not obtain new information or change the database. Use it when reasoning is complex.",
     True, True),
    ("Returns thread ids and snippets, not full message content.", False, True),
    ("Runs Python code. The runtime does not have network access.", False, True),
    ("Exports the sheet as CSV. Charts are not supported.", False, True),
    ("Deprecated: use create_issue_v2 instead.", True, True),  # when: never (held-out round 86, A)
    ("Only works on public repositories.", False, True),
    ("Applies only to draft invoices.", False, True),
    # --- argument guidance is not an exclusion of the tool --------------------------
    ("Search the codebase. Prefer short, specific queries.", False, False),
    ("Read a file. Do not use relative paths; pass the absolute path.", False, False),
    ("Run a shell command. Avoid using interactive programs such as vim.", False, False),
    ("Posts a message to a channel. Never use markdown tables in the body.", False, False),
    ("Create a note. Do not include secrets in the text.", False, False),
    ("Search the web. Use `limit` to cap the number of results.", False, False),
    # --- neither: a plain statement of what the tool does --------------------------
    ("Returns the text at the start of the file.", False, False),
    ("Reads a sheet. The fallback spreadsheet id comes from the toolkit config.", False, False),
    ("Returns a smaller thumbnail than the original image.", False, False),
    ("Deletes sessions after 30 days of inactivity.", False, False),
    ("Search for places using the Google Maps Places API and return their details.", False, False),
    ("Retrieve a specific email by its id with full metadata.", False, False),
    # --- shapes the phrase sets already knew, kept so that they stay known ---------
    ("Useful for when you need to answer questions about current events.", True, False),
    ("A wrapper around Wikipedia. Useful when the question names a person or place.", True, False),
    ("Use this tool when the user asks about the weather.", True, False),
    ("Do not call this for refunds; use issue_refund instead.", False, True),
    ("Use this only for read-only queries.", True, True),
    ("Not suitable for files over 10 MB.", False, True),
    # --- the kind of case a routing tool takes (held-out round 9, class P) ----------
    ("Transfer to the billing specialist for payment and invoice issues.", True, False),
    ("Route to the refunds desk for return and refund requests. Not for invoices.", True, True),
    ("Handles shipping and delivery questions.", True, False),
    ("Route to frontline support for initial handling.", False, False),
    ("Search for documents in the index.", False, False),
    # --- held-out rounds 15 and 16 -------------------------------------------------
    ("How many requests remain this hour. Check this before a long batch of uploads.", True, False),
    ("Close the ticket, only if every checklist item is ticked.", True, True),
    ("Lists the valid transitions of a ticket. Essential for agents to know which moves exist.", True, False),
    ("Returns the display preferences only, not the account data.", False, True),
    ("Lists attachment metadata only and is not throttled.", False, True),
    ("Only files in the scratch folder can be removed.", False, True),
    ("Fetch the cited patents. Temporarily unavailable while the service moves.", False, True),
    ("Returns citations. Use list_documents as an alternative.", False, True),
    # the sibling comparison, as "Lighter than get_document when ..." (held-out rounds 61, C and 74, A)
    ("Unlike fetch_document, this returns the index entry.", True, True),
    ("Unlike fetch_document (which takes raw text), this reads the form from a file path.", True, True),
    ("For hosted setups, use upload_bundle + start_build.", False, True),
    ("Creates a calendar entry with a title and a time. Nothing else: no guests, no rooms.", False, True),
    ("Adds a tag to the note. Strictly append-only: no other field is touched.", False, True),
    ("Appends a link to the record's link list. Strictly append-only, duplicates are skipped.", False, True),
    ("Assigns data analysis tasks to the analyst agent.", True, False),
    ("Change a page. For new sections use add_section + move_section, NOT this tool.", False, True),
    ("Place a section. Tables rejected (HTTP 400) — add tables via edit_page.", False, True),
    ("Create a section. Place it with move_section (this tool cannot).", False, True),
    ("Rename a page. Parent not settable here — use move_page.", False, True),
    ("Resolve a thread. Root comments only (a reply fails) — pick a root id.", False, True),
    ("List a document's parts. Plain reading → read_doc; its tasks → list_tasks.", False, True),
    ("List the status ids. Resolve them here before create_ticket.", True, True),
    ("Create a space. Names must be unique — check list_spaces first.", True, True),  # flipped, round 46
    ("Detach an item. Not idempotent: skip the call when already detached.", False, True),
    ("List the rooms with their capacity; it books nothing.", False, True),
    ("Read a text file in the work folder. Use this to inspect a file; it cannot write.", True, True),
    ("Use the CaseLookup tool to fetch the dockets of a case.", True, False),
    # a sibling as the step before every use is a trigger too (round 30 judged it so, as the
    # TL103 page lists "a step before every use")
    ("Book a room by name. Call list_rooms() first to see which rooms exist.", True, True),
    ("Detach a work item from its document — the ONLY detach path.", True, False),
    ("Render a document as Markdown: THE way to read a body.", True, False),
    ("Transfer the call to a human, only do this if the user insists on it.", True, True),
    ("Update a dashboard's title. Excludes title/description to prevent overwrites.", False, True),
    ("Replace the cards. To update one card, first get_dashboard to fetch all cards.", False, True),
    ("Refresh the filter options of a card - use after data changes.", True, False),
    ("Connects the user to the injury support assistant for physical pain or injury guidance.", True, False),
    ("[EMERGENCY ONLY] Retrieves the safety sheet of a chemical.", False, True),
    ("Store one value. Use this for only *one* key at a time. For updating many\nkeys at once, use `set_many`.",
     True, True),
    ("Get a schedule by its id (from list_my_schedules).", False, True),
    ("Return the session context. Call once early.", True, False),
    ("Fetch only historical stock data.", False, True),
    ("Set many cells at once; more efficient than calling `set_cell` repeatedly.", True, False),
    ("Delete a file. File must be within the working directory.", False, True),
    ("Answer quickly from the model's own knowledge (no web search, no deep reasoning).", False, True),
    ("Compress a folder into a zip. Must compress before sending entire folders.", True, False),
    ("Return open work items. Call this during heartbeat to discover new work.", True, False),
    ("Close the browser after the final answer.", True, False),
    ("An agent that handles product returns and refunds.", True, False),
    ("Specialist agent for nutrition advice and meal planning.", True, False),
    ("File a ticket. Only file when the fault is confirmed; do not file for cosmetic issues.", True, True),
    ("Flag a user for review. Don't flag on a single rude message.", False, True),
    ("Check a balance. Only needed for standalone questions — record_payment already returns it.", True, True),
    ("Sum the sales of a year. Good for general revenue questions.", True, False),
    ("Show the stats. The user must have linked their account first using link_account.", False, True),
    ("Send the final message. Always call this exactly once, last.", True, False),
    ("Read one page. You must call open_workspace() first.", True, True),
    ("Load the tool list. NOTE: create_config must be run first.", True, True),
    ("Load the tool list. Automatically called by create_config.", False, True),
    # ... and what must stay as it was
    ("Returns the answer of the final step.", False, False),
    ("Created by a specialist in the field.", False, False),
    ("Read the file at the file path.", False, False),
    ("Returns the id; it returns nothing else on failure.", False, True),
    ("Runs the job and returns nothing.", False, False),
    ("Returns the rows only if the query matches.", False, True),
    ("Assigns a label to the issue.", False, False),
    ("There is no other way to read the file.", False, False),
    ("Only returns the first page of rows.", False, True),
    # --- held-out rounds 29 and 30: a sibling as the step before, a handoff's case ---
    ("Stop watching a topic. Use list_watches to inspect saved watches before deleting.", True, True),
    ("Impute values below the limit of quantification. Use dataset_qc first to assess how many there are.",
     True, True),
    ("Fit a library model. Use list_model_library to browse available models, then fit_from_library to "
     "run them.", True, True),
    ("Handoff to the Calc Agent agent to handle the request. Handles math calculations and unit conversions.",
     True, False),
    ("Handles general questions that are not about arithmetic.", True, True),
    ("Return the columns of one table. A narrower alternative to dump_catalog when you only need one table.",
     True, True),
    ("Gives the time. Use this when the user asks the time. Input should be a time zone (only 'UTC' supported).",
     True, True),
    ("Reliable spare news feed, used for headlines on a topic (use if the main feed fails).", True, True),
    # held-out rounds 31 and 32
    ("Lint a statement for forbidden keywords before run_sql. Returns a list of problems.", True, True),
    ("Validate a SQL query for security and syntax before execution. Returns JSON with errors.", True, False),
    ("Load the invoice record. This is the first step for any billing question.", True, False),
    ("Return the contract terms for a plan. Required step before issuing any credit.", True, False),
    ("Read a file under the index roots. Dotfiles (.env, .ssh) are rejected by default.", False, True),
    ("Index a file. file_path must resolve inside one of the allowed index roots.", False, True),
    ("Execute a SQL query against the sales database. Only SELECT queries are allowed.", False, True),
    ("Lightweight search returning only trial ids and minimal metadata.", False, True),
    # held-out rounds 35 and 36
    ("Generate many images at once. This is how you actually parallelize image jobs.", True, False),
    ("Look up citations. Use this alongside arXiv search to find related work.", True, False),
    ("List the user's accounts. Required before anything account-specific.", True, False),
    ("Patch a note. Only role, mime, title, and position are patchable.", False, True),
    ("Save a fact the user mentions that doesn't fit in profile or preferences.", False, True),
    ("Ask the finance agent any question about stocks, market analysis, or financial data.", True, False),
    ("Deliver the notices. Call propose_fix() or generate_email() first to create them.", True, True),
    ("Search the web when relevant URLs are not yet known.", True, False),
    ("Add extra items to the shopping list that aren't from recipes.", False, True),
    ("Archive several notes at once. All notes must belong to the same notebook.", False, True),
    # held-out rounds 43 and 45
    ("Write a proposed config change to the review folder. Use only after a root cause is confirmed.", True, True),
    ("Open a helpdesk ticket. This tool is for IT, Facilities and Payroll issues ONLY.", True, True),
    ("This tool is only for refunds of paid orders.", True, True),
    ("Create a data stream. The data stream must have a matching index template before creation.", False, True),
    ("This tool is for searching the web.", False, False),  # what it does, no case
    ("Download and return the LaTeX source. Use section tools for targeted reading.", False, True),
    # held-out round 44
    ("Update a character's hit points. Use after combat, location changes, or at session end.", True, False),
    ("Generate NPCs for one location. Use during the NPC generation phase, one location at a time.", True, False),
    ("Invent the world's locations. Use after start_campaign to create the locations.", True, True),
    ("Search the repair manuals. This searches the company manuals, not general knowledge.", False, True),
    ("Returns highlights from the balance sheet - not full statements.", False, True),
    ("Be selective - only save genuinely useful info, not trivial conversation details.", False, True),
    ("List all charts. Returns chart IDs and titles, useful before updating or deleting charts.", True, False),
    ("Delete a named range by its ID. Use list_named_ranges to get the IDs first.", True, True),
    ("Use absolute paths.", False, False),
    # held-out round 46
    ("Show one segment's indexes. For a segment's row count use ``segment_stats``; for its config use ``table_config``.",
     False, True),
    ("Find files by name. For more complex queries, use the specific search tools.", False, True),
    ("Fetch both at once. Use it when you need both; call the individual tools when you only need one.", True, True),
    ("Return the raw message. Use this when the parsed view from nc_mail_get_message is not enough.", True, True),
    ("Mark a task done. Doing this through nc_calendar_update_todo requires passing every field.", False, True),
    ("Delete a comment. Only the comment's author can delete it.", False, True),
    ("Protect a range from editing. Only the spreadsheet owner can edit protected ranges.", False, False),
    ("Remove a share that you created. You must be the owner of the share.", False, True),
    ("Add a participant. A one-to-one conversation cannot take additional participants.", False, True),
    ("Delete a collective for good. The collective must be in the trash first (use trash_collective).", True, True),
    ("Update a note. Get the current ETag by first retrieving the note using nc_notes_get_note.", True, False),
    ("This action cannot be undone.", False, False),  # a caution, not a case it leaves out
    # held-out rounds 47 and 48
    ("Fetch an archived page. It's invaluable for recovering deleted pages.", True, False),
    ("Semantic web search tailored for competitive intelligence and market trends.", True, False),
    ("Turn a raw idea into board-ready text.\n\n**When to call** - Any time the wording is informal.", True, False),
    ("Delegate research tasks to the research agent for web search and current information", True, False),
    ("List cluster events for a namespace, newest first. Always check events early.", True, False),
    ("Read recent comments. Returns reviewer comments \u2014 use during review to fold feedback in.", True, False),
    ("Get a lower-level view of a function only when the digest lacks a needed fact.", True, True),
    ("Issue a refund. Policy-gated: requires a prior successful eligibility check.", True, False),
    ("Send a reply message to the customer. Standard way to resolve or respond to a ticket.", True, False),
    ("Fetch a web page. But for online files (.pdf, .xlsx), you should use the matching parsing tool.", False, True),
    ("Save plain text to a file. Caveats: it does NOT version existing files.", False, True),
    ("Run a fix. Only safe actions (scheduling, tagging) can be auto-executed.", False, True),
    ("Run SQL against memory. Use for counting or custom aggregations that recall() can't express.", True, True),
    ("Submit the extracted numbers. Call this tool after reading a filing with fetch_filing.", True, True),
    # held-out round 50
    ("Read a text file. Call this when you need a file. This tool can only read files, not directories.", True, True),
    # the tool's own name as "this" is not known to the patterns: a miss, not a false finding
    ("A search tool built on ripgrep.\n- Use Grep for search tasks instead of running grep in Bash.", False, True),
    ("Read stream entries. Use None for a non-blocking read.", False, False),  # a value, not a tool
    # held-out round 52, C: sibling names in RST or Markdown code, at the start of a wrapped line
    ("Get an agent by UUID.\n\nUse ``get_pipe`` to find the pipe's ``uuid`` field, then ``list_agents`` to list agents.",
     True, True),
    ("Get an agent by UUID.\n\nUse `get_pipe` to find the pipe's `uuid` field, then `list_agents` to list agents.",
     True, True),
    ("List pipe links. Each link's id is a pipe link ID. Do not confuse with\n    ``list_table_links``, which takes "
     "table link IDs.", False, True),
    ("Get cards of a pipe. Use `first` and `after` (from `pageInfo.endCursor`) to paginate.", False, False),  # params
    # held-out round 49
    ("Close a position. For partial closure, you'll need to use limit orders.", False, True),
    ("Returns the coins in circulation excluding staking rewards and burnt fees.", False, True),
    ("Capture a screenshot. Use BrowserSnapshot for structured data; use this when visual rendering matters.",
     True, True),
    ("Wait for a text to appear. Useful after navigation that triggers async loading.", True, False),
    ("Search the web. Use for current events, facts not in the knowledge base, or documentation lookups.",
     True, True),
    ("Use a comma after each item.", False, False),
    ("The token must have the admin scope.", False, False),  # argument guidance, no step before
    # held-out round 52: E (what the tool refuses), F (a trigger on an indented docstring line),
    # G (a fallback behind dedicated tools), H (a sibling comparison), A (a sentence that is the case)
    ("Create a rule on a pipe.\n    Blocked triggers: scheduler is rejected by this tool before the API call.",
     True, True),  # "triggers:" reads as a heading
    ("Remove a user from a pipe. Service accounts cannot be removed via this tool.", False, True),
    ("Poll an export by id.\n    The tool does not download the file; fetch the URL over HTTP.", False, True),
    ("Download a finished export as CSV. Only https URLs on ``*.pipefy.com`` are fetched.", False, True),
    ("List webhooks on a pipe.\n\n    Use before updating or deleting a webhook to obtain its id.", True, False),
    ("Run arbitrary GraphQL. Prefer dedicated tools when available. Use this as a fallback when no specific "
     "tool exists.", True, True),
    ("List labels of a board. Uses the same data as get_board but returns only the label list, lighter for "
     "agents that only need valid label IDs.", True, True),
    ("Send a special key to the keyboard buffer. For control keys that can't be easily typed as text.",
     True, False),
    ("Search the web. For best results keep the query short.", False, False),  # advice, not a case
    ("Return the tax rate. For example, 0.2 for 20 percent.", False, False),
    ("Returns an error if the tool does not respond in time.", False, False),
    ("Only the first 100 rows are returned.", False, False),  # what it returns, not what it takes
    ("Set formats. Only specified options are applied - omit any you don't want to change.", False, False),
    ("Update a field.\n\nPass only attributes to change. The `table_id` is required by the API.", False, False),
    ("Prefer short queries.", False, False),
    # held-out round 49, A: the Note after Args that fastmcp 2.x sends
    ("Open a new order.\n\nNote: This is only for new orders. For changing an existing order, use amend_order "
     "instead.", True, True),
    ("Change an order.\n\nNote: This is specifically for changing existing orders. Use open_order for new orders.",
     True, True),
    # --- rounds 103-105: a sibling as the step before every use (both clauses) ------
    ("Map the prior work in a field. You MUST call the lookup tool BEFORE this tool.", True, True),
    ("Find analogies in another field. You must call the lookup tool for the source field before this "
     "tool to gather examples.", True, True),
    ("Find evidence against a thesis. You MUST call the lookup tool to find contradicting sources before this.",
     True, True),
    ("Check that an idea is new. You SHOULD call the lookup tool first to find existing work.", True, True),
    ("Score a claim. Requires both run_checks and check_originality completed first.", True, True),
    ("Show the schema of tables. Be sure that the tables actually exist by calling `list_tables` first!",
     True, True),
    # ... and the event, the cadence, the refusal
    ("Request human approval before performing an operation.", True, False),
    ("Ask the user for their pizza preferences before ordering.", True, False),  # round 113, A
    # the tool's own step, not the call's moment (stored round 33)
    ("Execute a buy, update the position. Checks fund sufficiency before buying.", False, False),
    ("Summarise the progress so far. Use this periodically (every 2-3 rounds) to keep the plan short.",
     True, False),
    ("Delete a storage bucket when it's no longer needed.", True, False),
    ("Record the final verdict. The claim must have a reviewer verdict; returns an error if called on "
     "unreviewed claims.", False, True),
    # ... not a step of the caller's, nor a tool, nor a call
    ("Sort the rows. The rows must be loaded before this step runs.", False, False),
    ("Close the session. The handler should run the cleanup first.", False, False),
    ("Post the comment. Requires the user to be logged in first.", False, False),
    ("Parse the file. Raises an error when the input is empty.", False, False),
    ("Lists the jobs. You should call it often.", False, False),
    ("Run a generic task. if any task is not matching then use this task", True, False),  # round 108, C
    ("List the server nodes. You need to be sys tenant to get all server nodes.", False, True),  # round 106, A
    ("Swap an item. Use this when the customer says they meant another size. This is MORE EFFICIENT than "
     "calling remove_from_cart + add_to_cart separately.", True, True),  # round 110, B
    ("Swap an item. It is more efficient than a remove and an add.", False, False),
    # a two-noun subject is left out: "Place a stop order ... when the market price reaches a stop
    # price" is the order's behaviour (stored round 86), as "when the conversation topic changes"
    # may be the call's event (round 111, A): not told apart
    ("Place a stop order to sell when the market price reaches the stop price.", False, False),
    ("Publish the post. Requires a saved draft from preview_social_post.", True, True),  # round 109, D
    # round 112, B and 109, A: what it leaves alone
    ("Get your own account record. Reports only your own record, never anybody else's.", False, True),
    ("Delete a unit from a course. The lessons it holds are NOT deleted, only the unit grouping.", False, True),
    ("Remove a lesson from a unit. Only unlinks the lesson from the unit.", False, True),
    ("Remove a lesson from a unit. The lesson itself is not deleted.", False, True),
    # ... but not "without changing / affecting" (stored rounds 43, 44, 76, 80 judged those no exclusion)
    ("Adds a comment to a work item. Add context without changing the work item's fields.", False, False),
    ("Delete a memory by its ID. Use this to remove an outdated memory without affecting other memories.",
     True, False),
    ("List attachments for a specific email without extracting them.", False, True),
    # ... not a way of doing it, nor a value
    ("Export the report without waiting for the queue.", False, False),
    # round 114, B and D
    ("Save a memory.\n\nWHEN TO WRITE: Save something only when it is NEW and STABLE.", True, True),
    ("Search past trades. This tool is for historical analysis, reporting, and tax purposes.", True, False),
    ("Search past trades. This tool is for the archive database.", False, False),
    ("Returns the rows, not sorted, only filtered by date.", False, False),
    ("Publish the post. Requires a draft id and a channel.", False, False),
    ("This node is activated when we can do the operation using APIs.", True, False),  # round 111, B
    ("Returns the rows when the result set is empty.", False, False),
    ("Create an invoice. You need to provide the customer id.", False, False),
    ("Create an invoice. The amount needs to be positive to pass validation.", False, False),
    ("Lists the jobs. If the list is empty then use the defaults.", False, False),
]


@pytest.mark.parametrize("sentence,trigger,exclusion", CLAUSES)
def test_clause_verdicts_on_real_shapes(sentence, trigger, exclusion):
    assert has_trigger(sentence) is trigger, "trigger"
    assert has_exclusion(sentence) is exclusion, "exclusion"


# (description, tool name): labels TL102 must report
LABELS = [
    # one clause of 9 to 12 words, restating the verb and its object
    ("Read the content of a raw handwritten text file", "read_handwritten_file"),
    ("Get a download URL for a specific photo from Google Photos", "get_photo_download_url"),
    ("Retrieve the list of all users in the Slack workspace.", "slack_users"),
    ("Creates an event in the user's primary Google Calendar.", "create_event"),
    # a tag after the label
    ("Delete data from the system - RISKY TOOL", "delete_data"),
    ("Drop a database table [DANGEROUS]", "drop_table"),
    # a clause word that is one of the name's own words
    ("Get credit note.", "get_credit_note"),
    ("Add a note.", "add_note"),
    ("Returns the rather list.", "rather_list"),
]


@pytest.mark.parametrize("description,name", LABELS)
def test_labels_are_reported(description, name):
    assert reads_like_signature(description, name)


NOT_LABELS = [
    # a second clause or a means: it says more than the name
    ("Converts an amount between two currencies using the daily ECB reference rate.", "convert"),
    ("Download a directory from the sandbox as a zip archive saved locally.", "download_directory"),
    ("Search the web and return the top five pages with their snippets.", "web_search"),
    ("Reply to a message thread in a Slack channel which the bot has joined.", "reply"),
    # longer than a label
    ("Retrieve the full list of all users in the connected Slack workspace with their profiles.", "slack_users"),
    # a clause word that is not the name's
    ("Get credit note. Note: amounts are in cents.", "get_credit_note"),
    ("Add a note only if the ticket is open.", "add_note"),
    ("Fetch a single memory once you know its memory_id.", "get_memory"),
    # a tag alone is not stripped to nothing
    ("Delete data - call this only after the user confirms", "delete_data"),
    # a section after Args/Returns that a whole-docstring framework sends (held-out rounds 49 and 55, A)
    ("Open a new order\n\nArgs:\n    item: Item code\n\nNote: This is only for new orders. Use amend_order "
     "to change one.", "open_order"),
    ("Post a message to one chat room.\n\nArgs:\n    room_id: The room\n\nReturns:\n    The id\n\n"
     "Usage with other tools:\n    This tool is typically used after calling list_rooms.", "post_message"),
]


@pytest.mark.parametrize("description,name", NOT_LABELS)
def test_descriptions_that_say_more_than_a_label(description, name):
    assert reads_like_signature(description, name) is None
