"""The clause detectors behind TL103 and TL104 on the sentences of held-out rounds 53-66,
in the shapes real tools ship (written here, none copied), as test_phrase_corpus.py holds
the earlier rounds'. A row that flips is a change in what users see."""
from __future__ import annotations

import pytest

from toollint.rulekit.text import has_exclusion, has_trigger

# (sentence, has a trigger clause, has an exclusion clause)
CLAUSES = [
    # held-out round 115, F: set against a named sibling
    ("Update title and labels. Prefer this over update_item_title when changing both.", True, True),
    ("Search the notes. Prefer this to `grep_notes` for fuzzy matches.", True, True),
    ("Search the notes. Prefer short queries over long ones.", False, False),  # argument guidance
    # held-out round 129, C and D
    ("Add constraints to a model. VITAL for vehicles, doors, and moving machinery.", True, False),
    ("Set up one asset. Use this for specific tasks like rigging, where 'smart_setup_asset' might act too generally.",
     True, True),
    # held-out rounds 124 B-E, 125 E-F, 126 B
    ("List pipeline jobs. Returns job IDs for get_job_log.", False, True),
    ("Merge a merge request. Check merge status with get_merge_request_details first.", True, True),
    ("Approve a merge request. Note: You cannot approve your own MRs.", False, True),
    ("Fetch order details. This is the MANDATORY first step for any order query. You can NOT skip this", True, False),
    ("Set the track volume. This controls the actual track fader, not any device parameter.", False, True),
    ("Set the volume. The volume is not clamped, not rounded.", False, False),
    ("Helps a patient search for doctors by specialty and city.", True, False),
    ("Helps with cancelling or rescheduling appointments.", True, False),
    ("Lists the layers. It helps the user.", False, False),
    ("Hold a booking slot for the patient. This NEVER confirms a booking.", False, True),
    ("Create a 2D circle (RECOMMENDED for 2D work, faster than meshes).", True, False),
    # held-out round 121, C, E, F, G
    ("Validate if the connected store is a sandbox store before allowing write operations.", True, False),
    ("Get the bonus points for a course. The offer_id can be obtained from get_report() for rows where "
     "has_bonus is True.", True, True),
    ("Find the most recent logged weather event. Examples: 'when did it last rain?', 'when was it last below zero?'.",
     True, False),
    ("Find logged weather events. Examples: 'rain', 'snow'.", False, False),  # values, not questions
    ("Remove a saved flower bed. Cannot remove beds that are set as seed beds for gardens.", False, True),
    ("Remove a gardener from a team. The team must retain at least 2 gardeners.", False, True),
    ("Returns the items. Cannot be empty if given.", False, False),  # an argument's constraint
    ("Delete a file. It cannot be undone.", False, False),
    # held-out round 118, A, G, H, J, P
    ("Remove lock files. Safe self-heal: ONLY '.lock'-suffixed files older than min_age; never user-created files.",
     False, True),
    ("Copy a volume to another pool. Copying to a different host is NOT in this tool; for that, run it by hand.",
     False, True),
    ("Get an event's distribution. Only meaningful for events with a numeric outcome.", False, True),
    ("Find the most liquid SINGLE (non-combo) markets, ranked by 24h volume.", False, True),  # which items
    ("Poll worker changes.\n\nReturns:\n    - active_count: Count of active (non-idle) workers", False, False),
    ("List files under a path inside the sandbox (non-recursive).", False, False),  # how, not which (round 116)
    ("Recommend tools that would be valuable for the current target.", False, False),  # of other tools (round 74)
    ("List recent public sales (everyone's, not your own).", False, True),
    ("List recent sales (newest first).", False, False),
    ("Render frames. Requires a recorded run (use start_recording + step_run first).", False, True),
    ("Render frames (use the GPU when there is one).", False, False),
    ("Get the rate limits. Invoking this tool periodically (or once at session start) tunes the limiter.", True, False),
    ("Roll the listing up. Run it daily and diff the list to detect new categories.", True, False),
    ("Show the environment. Read it before any write to confirm where you are.", True, False),
    ("Show the environment. The value is read before any write.", False, False),
    ("Count the jobs that run daily.", False, False),
    # held-out round 120, A: the tool as the default among its siblings
    ("Pick a random colour - use this as the default colour tool if no palette is specified", True, True),
    ("Pick a colour. Use it as a fallback when the palette tool fails.", True, True),  # a fallback: others first
    ("Pick a colour. The palette defaults to pastel if no palette is specified.", False, False),  # an argument's default
    # held-out round 119, C: a selection rule by the tool's worth for a case
    ("Look up artists. This function is beneficial for retrieving information on several artists at once.", True, False),
    # held-out round 116, E and F: "always call this", an event named by its state's adjective
    ("Always call this tool with your answer.", True, False),
    ("Always use this for the final reply, once.", True, False),
    ("Submit the answer. You may always call submit_later instead.", False, True),
    ("Request clarification from the user when the query is ambiguous", True, False),
    ("Ask a follow-up question when the request is unclear or incomplete.", True, False),
    ("Returns an empty list when the query is ambiguous.", False, False),  # what it answers, not when
    ("Get a value. It may be vague.", False, False),
    # held-out round 97, A: passive timing, the tool's step in a workflow
    ("Score the residuals. This tool is called at Step 4 of Phase 2 in the fitting workflow, AFTER the best "
     "fitting result has been selected.", True, False),
    ("Score the residuals. It is used as the final step of the review.", True, False),
    ("Score the residuals. This tool is run during the review phase.", True, False),
    ("Compute gradients. It is used in the step function of the optimizer.", False, False),  # a name, not a step
    ("Score the residuals. This tool is called by the scheduler.", False, False),
    ("Returns the step at which the fit converged.", False, False),
    # held-out round 99, C: a fallback for what the other tools lack
    ("Search guide transcripts. Use this when users ask for advice, or when other tools don't have subjective "
     "information.", True, True),
    ("Search the wiki. Use it when the other tools do not provide an answer.", True, True),
    ("Search the wiki. Use it when other tools have returned results.", True, False),  # no lack
    ("Search the wiki after other tools have run.", False, False),
    # held-out rounds 97 B, 99 D: the tool scoping itself by contrast with another role or output
    ("Pull raw commit data. This tool is intentionally a data collector, not a classifier or renderer.",
     False, True),
    ("Get support levels for a stock: pure observation, not advice. Use for questions about key levels.", True, True),
    ("Get the shareholding pattern. Pure factual data, no recommendations.", False, True),
    ("Get the price history. Purely historical prices, not predictions.", False, True),
    ("List group members. Returns actual stored data, not guesses.", False, False),  # judged right (round 44)
    ("Set the volume. volume (float): Volume in dB (use number, not string).", False, False),  # an argument's type
    ("Note: this returns the member, not the circle.", False, False),  # which object, no role
    ("Build a sketch. All dimension values are spreadsheet alias names (strings), not numbers.", False, False),
    ("Scale a vector. factor: strictly positive, not zero.", False, False),  # an argument's range
    ("Read a record. It is a string, not a number.", False, False),
    # held-out round 98, A: the case narrowed inside the trigger sentence by a negative qualifier
    ("Read one log file. Use this for application-specific logs not managed by systemd.", True, True),
    ("Use this for any general question, greeting, advice or conversation that does not require web search, "
     "calculation, email, datetime, or reminders.", True, True),
    ("Use this for any greeting or small talk that doesn't need a log lookup.", True, True),
    ("Read the journal of a service. Use this when a unit misbehaves; not for plain files.", True, True),
    ("Read one log file. Returns logs not managed by systemd.", False, False),  # a result, no trigger sentence
    ("Use this for logs. Entries not managed by systemd are skipped.", True, False),  # another sentence
    ("List the endpoints that do not require authentication.", False, False),
    ("Fetch room prices. Use this for broad questions, even if the guest has not given dates yet.", True, False),
    # held-out round 95, B: a named sibling set against it with the trade-off, or the case after
    ("Give a rough value. Less accurate than full_valuation but faster. Use for first screening.", True, True),
    ("Give a rough value. Less accurate than `full_valuation`, but much cheaper.", False, True),
    ("Give a rough value. More detailed than quick_estimate. Use when the price must hold up.", True, True),
    ("Give a rough value. Less accurate than full_valuation.", False, False),  # no case to choose by
    ("Returns fewer rows than page_size but faster.", False, False),  # an argument, no adjective
    # held-out round 102, D: the questions a tool is for, opening a sentence
    ("Correlate rainfall with crop yield. Required for questions about: correlation or connection.", True, False),
    ("Query the archive. The API key is required for queries on private data.", False, False),
    ("Query the archive. Required for all requests.", False, False),
    # held-out round 95, C: "Critical for <task>" opening a sentence, as "Essential for <task>"
    ("Fetch all bids on a listing. Critical for understanding negotiation patterns.", True, False),
    ("Fetch all bids on a listing. Critical for\n    understanding negotiation patterns.", True, False),
    ("Read the model prices. Important for accurate cost calculation.", True, False),
    ("Read a file. Important for large files: read them in chunks.", False, False),  # a note's heading
    ("Read a file. IMPORTANT FOR LLM AGENTS: pass the full path.", False, False),
    ("Clone a repo. Important for big repos, set depth to 1.", False, False),  # an argument's note
    ("Returns the fields (critical for billing) of an invoice.", False, False),  # an aside on the fields
    ("Returns the fields important for ranking.", False, False),
    ("Connect to the API. Key for authentication comes from the settings.", False, False),
    # held-out round 90, A: siblings named as examples of the "other tools" that take the result
    ("List door units. Use the returned GUIDs with other tools that require a unit GUID (e.g. add_controller, "
     "add_board).", False, True),
    ("List door units. Use the returned GUIDs with other tools that need one, such as add_controller.", False, True),
    ("List door units. Returns GUIDs (e.g. unit_guid, rule_guid).", False, False),  # fields, no other tools
    ("List door units. Other tools that require a unit GUID accept them (e.g. 'a1b2-c3').", False, False),
    # held-out round 90, E: "<verb> only X (not Y)" is a scope limit
    ("Force kill only automation browser processes (not personal Chrome) and reset the session.", False, True),
    ("Kill the browser processes (not personal Chrome) and reset the session.", False, False),  # no "only"
    # held-out rounds 91 B, 93 E: a sibling it is set against, with the case
    ("Targeted find-and-replace edit of one file. Safer than write_file for modifying existing files.", True, True),
    ("Fast lookup, much cheaper than search_records for finding records by name.", True, True),
    ("Search places. Similar to search_pages but specifically for businesses with physical locations.",
     False, True),
    ("Search places. Similar to search_pages.", False, False),  # no contrast
    ("Returns more rows than page_size for large tables.", True, False),  # a parameter, not a sibling
    ("Edit one file. Safer than the old API for big files.", False, False),
    # held-out round 93, D and F: the step before, with an aside, or where the input comes from
    ("Load a skill. Use `list_skills` (or the catalog in the system prompt) to discover valid names.", False, True),
    ("Load a skill. Use page_size (default 10) to cap the page.", False, False),  # an argument's aside
    ("Get event details. Get this from search_events or get_facebook_page_events.", False, True),
    ("Get event details. Get the event_id from search results first.", False, True),
    ("Get event details. Get this value from the response.", False, False),
    ("Get event details. Get the id from the results.", False, False),  # no step before
    # held-out rounds 90 D, 92 D: timing, and a step before the agent's next action
    ("Returns a capability overview. Pass verbose for the cookbook, useful at session start.", True, False),
    ("Returns the counters recorded at session start.", False, False),
    ("Resets the cache. Do not call this at session start.", False, True),  # negated: an exclusion
    ("Describe the schema of a warehouse table to understand its structure before querying.", True, False),
    ("Reads the header to check its format before parsing.", False, False),  # the tool's own steps
    ("Returns the rows before filtering.", False, False),
    # held-out round 73: A, C, F, G
    ("Block until a background task finishes.\n\nPreferred over manually polling poll_task.", True, False),
    ("Confirm an upload.\n\nCall this immediately after send_file completes.", True, True),
    ("Open an incident. Approval is intentionally unavailable here.", False, True),
    ("Search the notes. Returns matching paragraphs (not whole notes), ranked by relevance.", False, True),
    ("Detect the screen mode, custom memory locations included (not just standard $0400).", False, False),
    # held-out round 85, C
    ("Send alert via SMS and WhatsApp when product change detected.", True, False),
    ("Returns the time when the anomaly detected by the scanner was logged.", False, False),
    # held-out rounds 88 (B, C, D) and 89 (C, D, E)
    ("Check the security answer. Ask the question, then pass the reply to `verify_security_answer`.", False, True),
    ("Specialized agent for booking appointments.", True, False),
    ("Look up districts. Note: the table does NOT contain district-specific data.", False, True),
    ("Get a project's details; callers should first retrieve it via list_projects.", False, True),
    ("List a team's members. team_id comes from get_teams tool output.", False, True),
    ("Create a draft email without sending it.", False, False),  # what it does; judged right in 7 stored cases
    ("Read the settings. Values come from DEFAULT_CONFIG.", False, False),
    ("Book a seat. WORKFLOW: First call browse_events or search_events, then use this tool.", True, True),
    ("Pass the query to the engine.", False, False),
    ("Send the message without delay.", False, False),
    # held-out round 87: B, C, D, E, N
    ("Search the web. Use it for current events or information not found in the user's documents.", True, True),
    ("Schedule a one-time reminder. For recurring schedules, point the user to the Schedules tab.", False, True),
    ("Show a wiki page. Always read a page before editing it.", True, False),
    ("Apply a merge-patch. Preferred for small, targeted changes; not for full rewrites.", True, True),
    ("List pending reminders. Use this when the user asks what is scheduled; not to create one.", True, True),
    ("Returns the rows not found in the cache.", False, True),
    ("Always returns a list.", False, False),
    # held-out round 86: A, B, E
    ("Deprecated alias for fetch_positions().", True, True),
    ("Update a contact. Note: To update email/phone, use the CRM web UI as they are stored apart.", False, True),
    ("Download one attached file by id. Discover ids with ``list_files``.", False, True),
    ("Change a flag. To find flag_id, get it by calling ``get_flags`` first.", False, True),
    ("List the flags with their ids; the id is what update_flag needs to change one flag.", True, True),
    ("To update the cache, the server restarts.", False, False),
    ("Find the ids of the matching rows.", False, False),
    # held-out round 83, C and D
    ("Grep the articles. Best for specific terms; pass the file and section to read_paragraphs to read them.",
     True, True),
    ("Send a nudge. Only call send_nudge to offer a genuinely new set of choices.", True, True),
    ("Pass the query to search.", False, False),
    # held-out round 84, D
    ("Export the cached chart. If no chart is cached you must build one first.", False, True),
    ("You must log in first.", False, False),
    # held-out round 82, B
    ("Find void tenants. Best after demographics and tenant roster have been gathered.", True, False),
    ("Rank sites. This works best when the trade area is known.", True, False),
    ("Return the best offers.", False, False),
    # held-out round 81: C, D
    ("Report the RPC status. Safe to call while the GUI thread is blocked.", True, False),
    ("Stop the instance. Has no effect on externally-launched instances.", False, True),
    ("Set the flag. It is safe to leave unset.", False, False),
    ("Set the theme. The change has an effect on every open window.", False, False),
    # held-out round 79, A
    ("Update the order. This executes strictly after the paypal_agent.pay_order everytime.", True, False),
    ("Close the ticket. It is called only after the payment succeeds.", True, True),
    ("Close the ticket. It runs quickly.", False, False),
    # held-out round 76: A, B, C, G, H, J; round 77: E
    ("Report job state. This is distinct from block_on_jobs - this returns at once.", False, True),
    ("Purge sessions. This is a safety valve for orphaned sessions that still show as active.", True, False),
    ("List pickups. Note: Only power-ups are trackable. Coins leave no event.", False, True),
    ("Tail of events. Answers \"what happened recently in this log?\" without statistics.", True, False),
    ("Check fitness. For detailed per-trace diagnostics, re-run the library's trace_diagnostics directly.",
     False, True),
    ("Summarise the log. The full per-case list is NOT returned.", False, True),
    ("Run a command.\n\nRESTRICTED COMMANDS:\n- Cannot access files outside project directory", False, True),
    ("Report job state. The state is distinct from the last run.", False, False),
    ("Answers the question in the request.", False, False),
    ("Only power-ups are shown in bold.", False, False),
    ("Returns the list of every case.", False, False),
    ("For detailed logs, set verbose.", False, False),
    # held-out rounds 77 D and 78 D: the agent asked or connected with, and its for-phrase
    ("Ask the math agent for mathematical calculations and problem solving.", True, False),
    ("Connect the customer with a technical specialist for advanced troubleshooting.", True, False),
    ("Arrange a consultation with a product specialist for detailed product information and expert advice.",
     True, False),
    ("Ask the research agent for the latest report.", False, False),  # an object fetched, no case
    ("Ask the database for rows.", False, False),
    # held-out round 75, D: a hand-off tool's cases
    ("Delegate order creation, status checking, updates, or cancellation to the specialized OrderAgent.",
     True, False),
    ("Delegates the call to the underlying client.", False, False),
    # held-out round 70: a sibling with its arguments, the next step with a sibling, a step first,
    # an adverb, when it runs, words between "unlike" and the sibling
    ("List notes. Use note_open(id=...) to fetch the full text of one note.", False, True),
    # ... but an example call in an argument's note is guidance (held-out round 34's nfl server)
    ("Get plays.\n\nArgs:\n    filters: Optional dict. Use describe_dataset(\"plays\") to see available columns.",
     False, False),
    ("Search pages. Use the returned path with page_read to fetch full content.", False, True),
    ("Parse a spreadsheet.\n\nUpload the file via the import page first, then call this with its name.", True, False),
    ("Rebuild the file. Run this explicitly after modifying facts.", True, False),
    ("Detect overflow.\n\nRuns AFTER compile -- it reads the log -- unlike the pre-compile check_limits.", True, True),
    ("Runs the query and returns rows.", False, False),
    # held-out rounds 67 and 69: a fallback for the specific tools; a state a party reports, an
    # event noun after the action, a step before answering
    ("Control a device. Use this for general device control when the specific control tools don't apply.",
     True, True),
    ("Unlock the member's login when the backend confirms automatic unlocking is permitted.", True, False),
    ("Waive a late fee when the account already qualifies for a goodwill waiver.", True, False),
    ("Apply the change when the change can be completed immediately.", True, False),
    ("Reset the meter credit after a failed top-up or keypad error so the customer can retry.", True, False),
    ("Search the knowledge base before saying you do not know an answer.", True, False),
    ("Returns the rows when the table has data.", False, False),  # a result sentence
    ("Sort the list when the orders are many.", False, False),  # a plural noun, not a verb
    ("Create an automation that sends a task to recipients when a trigger fires on a pipe.", False, False),
    ("Forecast when a metric will breach a threshold using linear regression.", False, False),  # a question
    ("Queue a registration change only after you know the exact kid_id and camp_id from tool results.", True, True),
    # held-out round 57: C (a repeat it refuses), D (a dash ends the clause), G, O2
    ("Return dtypes of a CSV file. Call this once at the start; do not re-audit a file you have already audited.",
     True, True),
    ("Write the figure to disk. Draw your plot first, then call this \u2014 do not use plt.show().", True, False),
    ("Validate the address. Call it the moment the caller finishes giving the address.", True, False),
    ("Return the analyst's notes. Call this when the user mentions earlier findings; it does not read data files.",
     True, True),
    ("Return the value. It does not matter which key you pass.", False, False),
    ("Do not read the whole file.", False, False),  # argument guidance
    # held-out rounds 64 and 66: a precondition with "must", a scope with file names or "<verb>
    # only the", a sibling in quotes, a case after the action
    ("Send a saved report. The report must exist on the server.", False, True),
    ("Give a user a role. The role must be created first.", True, True),  # a step before, too
    ("Replace a note file. Only NOTES.md and TODO.md can be replaced.", False, True),
    ("Update only the member's last_seen timestamp.", False, True),
    ("List the books of a shelf. To get the text of a book, use the separate 'read_book_text' tool.", False, True),
    ("Get the next chunk. Use this tool when 'read_book_text' returns 'has_more=True'.", True, True),
    ("Prepare an outbound callback after a resolved support request.", True, False),
    ("Create or update the caller's profile after consent.", True, False),
    ("List messages after a given cursor.", False, False),  # a bound on the data
    ("Insert a new cell after the cell with the given ID.", False, False),  # a place
    ("Execute a SQL query on the database after validation. Returns rows.", False, False),  # its own processing
    ("Get orders after the last payment.", False, False),
    ("Record whether a review passed after visual inspection of the page.", True, False),
    ("List events after the start date of the trip.", False, False),
    ("Returns the state after the update.", False, False),
    ("The value must be a string.", False, False),
    ("Update the title of a note.", False, False),
    # held-out round 65, A: a need as the condition of the action
    ("Get the OAuth authorization URL if authentication is needed.", True, False),
    ("Return the token if it is valid.", False, False),  # a state of the result, not a need
    # held-out round 62, B
    ("Send a sticker. Use RARELY when the reply is a joke.", True, False),
    # held-out round 62, A: the tool's own action in an "always ... when" sentence; D: a
    # sibling as the default it goes beyond
    ("Create a chart from the table. Always create a chart when discussing distributions or trends.", True, False),
    ("Run a query. Always quote table names when they contain spaces.", False, False),  # another verb: guidance
    ("Returns a chart. Always returns a chart when the table has rows.", False, False),
    ("Drive a headless browser. Use for: scraping when web_fetch isn't enough, dynamic pages.", True, True),
    ("Apply a diff. Use this for complex edits that are hard to express with edit_file.", True, True),
    ("Fetch a page. It is hard to say when the page loads.", False, False),
    # a limitation stated as "cannot be <verb>ed" is too often an error or an argument's (round 62, F: left)
    ("Reload the config. Security-sensitive fields (API keys, DB URL) cannot be reloaded.", False, False),
    ("Get a message. Returns an error when the body cannot be fetched.", False, False),
    ("Use only when the user asks.", True, True),
    # held-out round 61, A
    ("Look up a stock. Use the other provided tool to search keys for a company first.", True, False),
    # held-out round 60, D: the case an agent tool or a handoff takes
    ("Handle refunds, returns, and exchanges", True, False),
    ("A senior analyst who writes detailed quarterly reports", True, False),
    ("Handle the request.", False, False),
    ("Handles errors, retries and logging for the client.", False, False),  # what a function does
    ("Get the assistant that owns a thread.", False, False),
    # ... and the other phrasings of rounds 55-62, where they do not apply
    ("Returns the moment the order shipped.", False, False),
    ("Returns the primary key of the table.", False, False),
    ("Returns values typically used in reports.", False, False),
    ("Use the returned id with care.", False, False),
    ("Returns the same data as before.", False, False),
    # held-out rounds 55, 56 and 59
    ("Gets user namespace in kubeflow. It is unrelated to MinIO buckets.", False, True),
    ("Check the server. Useful as a liveness check.", True, False),
    ("Add an episode. This is the primary way to add information to the graph.", True, False),
    ("Save the prototype. Only callable after check_closure has passed.", True, True),
    ("Post a message.\n\nUsage with other tools:\n    This tool is typically used after calling list_rooms.", True, True),
    ("Useful information is returned as JSON.", False, False),
    # held-out round 53, C and E
    ("Search the web and return five results with a short ID each. Use the ID with load_page to load a result.",
     False, True),
    ("Cancel a draft bill. Use this when the owner changes their mind (fails if already finalized).", True, True),
    ("Use the id with care.", False, False),
    ("Fails if the file is locked.", False, False),  # what happens, no state it leaves to another
    # ... and what must stay as it was
    ("Returns null when the key is missing.", False, False),
    ("Ask the user for their name.", False, False),
    ("Use this value with care.", False, False),
    ("Returns the retry count when the upload fails.", False, False),
    ("Returns the first step of the plan.", False, False),
    ("Returns the rows that are allowed to the user.", False, False),
    ("Update an area's title. title='' is rejected with a validation error.", False, False),
    ("Handles math calculations and unit conversions.", False, False),  # no handoff sentence: the action
    ("Reads the file, then parses it to a table.", False, False),
    ("Use caution before deleting the folder.", False, False),
    ("Uses read_file internally and returns its text.", False, False),
    ("An alternative to dump_catalog.", False, False),
    ("The topic is not about sports.", False, False),
]


@pytest.mark.parametrize("sentence,trigger,exclusion", CLAUSES)
def test_clause_verdicts_of_recent_rounds(sentence, trigger, exclusion):
    assert has_trigger(sentence) is trigger, "trigger"
    assert has_exclusion(sentence) is exclusion, "exclusion"
