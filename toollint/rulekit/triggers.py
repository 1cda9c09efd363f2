"""The phrasings that say when to call a tool: TL103's trigger clauses, one alternative
each, in the shapes real descriptions use (held-out rounds named where a phrasing came
from; tests/rules/test_phrase_corpus.py holds sentences with their verdicts). Compiled into
one pattern by rulekit/phrases.py. Pure strings, stdlib ``re`` syntax."""
from __future__ import annotations

from toollint.rulekit.phrasebase import (
    COMPARATIVE, PRIOR_STEP_PATTERNS, _BARE_TOOL_NAME, _CALL, _NOT_NEGATED, _ROUTING_PATTERNS, _SELF, _TOOL_NAME,
    _alt,
)

# Every alternative starts at a word boundary: the combined pattern leads with one
# ``\b`` so that the scan rejects mid-word positions before trying a dozen branches.
TRIGGER_PATTERNS = (
    # "Call this tool when", "Use this to", "Use it to", "Run this when", "use this first"
    _NOT_NEGATED + _alt("call use invoke run trigger select choose pick employ") + r"\s+" + _SELF
    # "Use this periodically (every 2-3 rounds) to ..." (round 105, B)
    + r"\s+(?:only\s+|also\s+|too\s+|as\s+well\s+|[a-z]+ly\s+)?(?:\([^()\n]{1,40}\)\s+)?"  # "you can use it as well for math" (round 11)
    + _alt("when whenever if to for before after during first once as_soon_as in_case any_time anytime every_time")
    + r"\b",
    # "Use when", "Use for", "Use to", "Call only when", "Used for", "Use after selecting address"
    _NOT_NEGATED + r"(?<!the )(?<!a )" + _alt("call use used invoke invoked run called") + r"\s+(?:only\s+)?"
    + _alt("when whenever if for to") + r"\b",  # not the noun: "skip the call when ..."
    r"(?:(?<=^)|(?<=[.!?;:\n])|(?<=[.!?;:\n]\s))" + _alt("call use run invoke")
    + r"\s+(?:only\s+)?(?:after|before)\s+[a-z]+ing\b",
    # "... - use after data changes to refresh the options" (held-out round 19, E)
    r"(?:(?<=\s-\s)|(?<=\u2014\s)|(?<=\u2013\s)|(?<=\(\s)|(?<=\())" + _alt("call use run invoke")
    + r"\s+(?:only\s+)?(?:after|before|once|during)\s+[a-z]+",  # "\u2014 use during review to ..." (round 47)
    # "Use this and select_address to change the address" (a pair of tools for one case)
    _NOT_NEGATED + _alt("call use run invoke") + r"\s+" + _SELF + r"\s+(?:and|with)\s+(?:the\s+)?"
    + _TOOL_NAME + r"\s+(?:tools?\s+)?(?:to|when|if|for)\b",
    # "Only call if", "Only use this tool when"
    r"only\s+" + _CALL + r"(?:\s+" + _SELF + r")?\s+"
    + _alt("when whenever if for after before once to") + r"\b",
    # "Should be called when", "This tool should be used when", "can be used to"
    _NOT_NEGATED + _alt("should must can may is_to are_to to") + r"\s+(?:only\s+)?be\s+"
    + _alt("used called invoked run selected chosen") + r"\b",
    # "Useful for when", "Best for", "Ideal when"
    _NOT_NEGATED
    + _alt("useful helpful handy ideal best good great suitable appropriate perfect designed intended meant essential "
           "needed invaluable tailored beneficial vital crucial")
    + r"\s+(?:only\s+)?" + _alt("for when if whenever") + r"\b",
    # "Critical for understanding negotiation patterns" (held-out round 95, C), as "Essential for"
    # above, but only opening a sentence and written as a word: "(critical for billing)" and "the
    # fields important for ranking" are asides on something else, "IMPORTANT FOR LLM AGENTS:" and
    # "Important for large files: read in chunks" head a note, as does "Important for big repos,
    # set depth=1"; not "key", which is mostly the noun ("API key for authentication")
    r"(?:(?<=^)|(?<=[.!?;:\n])|(?<=[.!?;:\n]\s))(?-i:[Cc]ritical|[Cc]rucial|[Vv]ital|[Ii]mportant)\s+for\s+"
    r"(?![^.!?;\n:]*:)(?![^.!?;\n]*,\s*" + _alt("set pass use call add specify provide make always do don't never")
    + r"\b)[a-z]",
    # "Required for questions about: correlation, ..." (held-out round 102, D): the questions
    # it is for, opening a sentence; not a parameter's "The key is required for queries on ..."
    r"(?:(?<=^)|(?<=[.!?;\n])|(?<=[.!?;\n]\s))(?-i:Required|Needed|Used|Use)\s+(?:it\s+|this\s+)?for\s+(?:any\s+|all\s+)?"
    + _alt("questions queries requests") + r"\s+" + _alt("about on involving regarding concerning like") + r"\b",
    # "Useful to search the internet about a topic" (crewAI's and LangChain's idiom; not
    # "designed to", which says what the tool does)
    _NOT_NEGATED + _alt("useful helpful") + r"\s+to\s+[a-z]+",
    # "when the user asks", "If a customer wants", "whenever users"
    _alt("when whenever if once after") + r"\s+(?:(?:the|a|an|your)\s+)?"
    + _alt("user customer caller client human person visitor requester member employee "
           "operator admin patient buyer shopper student people") + r"s?\b",
    # "when you need to", "if the assistant has", "once you know its id" (held-out round 6)
    # ... "only after you know the exact kid_id" (held-out round 53)
    _alt("when whenever if once after") + r"\s+" + _alt("you the_assistant the_model the_agent we") + r"\s+"
    + _alt("need want have know must should are get receive cannot can't don't do_not would can") + r"\b",
    _alt("when whenever if") + r"\s+" + _alt("asked requested prompted needed necessary") + r"\b",
    # "Get the sign-in URL if authentication is needed" (held-out round 65, A)
    _alt("when whenever if") + r"\s+(?:(?:the|a|an|more|further|any|some)\s+)?[a-z][\w-]*\s+(?:is|are)\s+"
    + r"(?:still\s+)?(?:needed|necessary|wanted)\b",
    # "Trigger: ...", "When to use: ...", "Use cases:"
    r"(?:triggers?|when\s+to\s+(?:use|call|invoke)(?:\s+(?:it|this(?:\s+tool)?))?|use\s+cases?|use\s+it\s+for)\s*:",
    r"when\s+to\s+(?:use|call|invoke)[ \t]*(?:\n|$)",  # a heading of its own: "## When to call"
    # round 114, B: the tool's own verb in the heading, "WHEN TO WRITE: Save something only when ..."
    r"(?-i:WHEN\s+TO\s+[A-Z]+|When\s+to\s+[a-z]+)\s*:",
    # round 114, D: "This tool is for historical analysis, reporting, and tax purposes."
    r"\bthis\s+(?:tool|function)\s+is\s+(?:only\s+|meant\s+|intended\s+|designed\s+)?for\s+(?!the\s|a\s|an\s)"
    r"(?:[\w-]+,?\s+){0,6}?" + _alt("purposes purpose use uses cases questions tasks requests analysis reporting") + r"\b",
    r"when\s+to\s+(?:use|call|invoke)(?:\*\*|__)?[ \t]*(?:[-:\u2013\u2014][ \t]|\n|$)",  # "**When to call** - Any time"
    # "the right tool for", "the tool to use when"
    _alt("right best go-to correct preferred primary main") + r"\s+tool\s+(?:for|when|to)\b",
    r"tool\s+to\s+(?:use|call)\b",
    # "Client should call this on connection to verify compatibility" (held-out round 17, jupyter)
    r"(?:should|must)\s+(?:always\s+)?(?:call|use|run|invoke)\s+this\s+(?:tool\s+)?"
    + _alt("on upon at after before when whenever once") + r"\b",
    # "For billing questions, call this." / "... use this tool."
    # ... and "then call this — do not use plt.show()" (held-out round 57, D: the dash ends the clause)
    _NOT_NEGATED + _CALL + r"\s+this(?:\s+(?:tool|function))?(?=\s*(?:[.;!\u2014\u2013]|\s-\s|$))",
    # Session timing: "Call at the start of every session", "Start here", "call first"
    _NOT_NEGATED + _alt("call use run invoke") + r"\s+(?:" + _SELF + r"\s+)?(?:first\s+)?"
    + r"(?:first\b|at\s+the\s+(?:start|beginning|end)\s+of\b)",
    r"at\s+the\s+(?:start|beginning|end)\s+of\s+(?:every|each|a|any|the)\s+(?:new\s+)?"
    + _alt("session conversation chat task project turn interaction run workflow") + r"s?\b",
    r"start\s+here\b",
    # "... — useful at session start", "Call at conversation start" (held-out round 90, D); not
    # a time the result reports ("the counters recorded at session start")
    _NOT_NEGATED + r"(?:" + _alt("useful helpful handy best ideal recommended") + r"|" + _alt("call use run invoke")
    + r"(?:\s+" + _SELF + r")?(?:\s+once)?)\s+(?:at|on)\s+(?:the\s+)?(?:each\s+|every\s+|a\s+new\s+)?"
    + _alt("session conversation chat task") + r"\s+" + _alt("start startup begin beginning open") + r"\b",
    _alt("call use run invoke") + r"\s+(?:this\s+|it\s+)?once\s+(?:early|first|at\s+the\s+start)\b",  # "Call once early."
    # "Call once per box inspected", "Run this once for each file" (held-out round 7)
    _NOT_NEGATED + _alt("call use run invoke") + r"\s+(?:" + _SELF + r"\s+)?once\s+(?:per|for\s+(?:each|every))\b",
    # A passive later sentence: "This function is used by the Narrator Agent when no event
    # is given" (held-out round 7); "is used when" is the "used when" above
    _NOT_NEGATED + r"used\s+by\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){1,4}?" + _alt("when whenever if") + r"\b",
    # "Read this before proposing any change", "before answering", "after 3+ observations"
    r"this\s+(?:tool\s+)?(?:before|after|prior\s+to)\s+(?:you\s+)?[a-z]+ing\b",
    r"(?:before|prior\s+to)\s+(?:you\s+|the\s+(?:user|agent|model)\s+)?"
    + _alt("answering responding replying proposing making writing editing changing deciding "
           "starting calling using running planning committing deploying acting performing ordering allowing "
           "permitting submitting placing")  # "... before allowing write operations" (round 121, C)
    + r"\b(?!\s+(?:this|it)\b)",  # "before calling this" is a precondition, not a trigger
    # A step that comes before this tool's every use places it in a chain (issue 18,
    # round 4): "use get_text_file_contents ... every time before using this tool"; not
    # "before using this value", which names something else
    r"before\s+(?:using|calling|running|invoking)\s+this(?:\s+(?:tool|function)\b|(?!\s*[\w-]))",
    r"every\s+time\s+before\b",
    # "Must compress before sending entire folders" (held-out round 21)
    r"(?:must|should|always)\s+(?:be\s+)?(?:[a-z]+\s+){0,2}?before\s+[a-z]+ing\b",
    # "Use the CaseLookup tool to fetch dockets" (the tool's own name as "this"), "Resolve
    # the ids here before create_ticket" (a step before a sibling; held-out rounds 17, 18)
    _NOT_NEGATED + _alt("call use invoke run") + r"\s+the\s+(?-i:[A-Z]\w*|[a-z]\w*_\w+)\s+(?:tool|function)\s+"
    + _alt("to when whenever if for") + r"\b",
    r"(?:here|this|first)\s+before\s+(?:calling\s+|using\s+)?(?:the\s+)?(?-i:" + _BARE_TOOL_NAME + r")",
    # the one way to do something (held-out round 17): "THE way to read a body", "the ONLY
    # detach path"; not "the file path"
    r"(?:(?-i:THE)|the\s+only|the\s+one)\s+(?:[\w-]+\s+)?(?:way|path|tool|place|entry\s+point)\b",
    # "close the browser after the final answer" (held-out round 23, A)
    r"after\s+(?:the\s+)?(?:final|last|each|every)\s+" + _alt("answer response reply step task turn run call"),
    # an agent that takes a kind of case, as a handoff describes it (held-out round 23, B):
    # "An agent that handles product returns", "Specialist agent for nutrition advice"
    _NOT_NEGATED + _alt("agent specialist expert assistant") + r"\s+(?:that|which|who)\s+"
    + _alt("handles answers covers manages deals_with takes_care_of can") + r"\s+[a-z]",
    r"(?:(?<=^)|(?<=[.!?;:\n])|(?<=[.!?;:\n]\s))(?:(?:an?|the)\s+)?(?:[\w-]+\s+){0,2}?" + _alt("specialist expert")
    + r"\s+(?:agent\s+|assistant\s+)?(?:for|in|on)\s+(?!the\s|a\s|an\s)[a-z]",  # the subject, not "search for an expert"
    # held-out round 24: the tool's own verb, "Only file when the fault is confirmed";
    # "Always call this exactly once, last."; "You must call open_workspace() first."
    r"only\s+[a-z]+\s+(?:when|whenever|if|after|once)\b",
    _alt("call use run invoke") + r"\s+(?:this|it)\s+(?:[a-z]+,?\s+){0,2}?(?:last|at\s+the\s+end)\b",
    r"must\s+(?:first\s+)?(?:call|use|run)\s+(?:the\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")`?(?:\(\))?\s+first\b",
    # "Check this before a long batch of edits" (held-out round 15, B)
    _alt("check consult call run read use") + r"\s+this\s+(?:tool\s+)?(?:before|prior\s+to)\s+"
    + _alt("a an any each every starting beginning") + r"\b",
    # "End the session, only if every step is done": the action, then its condition
    r",\s*only\s+(?:if|when|once|after)\b",
    r"after\s+(?:\d+\+|several|multiple|a\s+few|repeated)\s+[a-z]+",
    # A situation in the conversation (held-out round 14, Z): "When a topic comes up about
    # places, it generates an image", "once pricing is mentioned"; not a result ("When
    # checked via check_alerts, returns only new papers")
    r"(?:when|whenever|once)\s+[^,.;\n]{0,60}?\b(?:comes?\s+up|(?:is|are)\s+(?:mentioned|discussed|raised)"
    r"(?!\s+(?:twice|again|more))|turns?\s+to)\b",
    # A use it is meant for (held-out round 13, U): "Use as a general pulse check on the repo"
    _NOT_NEGATED + _alt("use call run") + r"\s+(?:it\s+|this\s+)?as\s+an?\s+(?:[\w-]+\s+){0,2}?"
    + _alt("check overview fallback first_step starting_point") + r"\b",
    # A choice for a situation (held-out round 10, class W): "This is a safe action when
    # unsure what to do", "A good first step if the repository is new"; not "not a safe
    # action when ..." (which warns)
    r"(?:an?\s+)?(?<!not\s)(?<!not\sa\s)(?<!not\san\s)(?<!n't\sa\s)(?<!never\s)(?<!never\sa\s)"
    + _alt("safe good sensible reasonable smart wise natural")
    + r"\s+(?:first\s+)?" + _alt("action choice option move step bet starting_point")
    + r"\s+(?:to\s+take\s+)?" + _alt("when whenever if") + r"\b",
    # "Only use this as a last resort", "as a fallback when"
    r"(?:as\s+a\s+(?:last\s+resort|fallback)|last\s+resort)\b",  # not "Fallback spreadsheet ID"
    # "when you only need metadata", "if you already have the id"
    _alt("when whenever if") + r"\s+" + _alt("you the_assistant the_model the_agent we") + r"\s+"
    + _alt("only just already first still") + r"\s+[a-z]+",
    # Comparison with a sibling: "Prefer this over web_search", "Lighter than get_document"
    _alt("prefer use call choose pick") + r"\s+this(?:\s+tool)?\s+(?:over|instead\s+of|rather\s+than)\b",
    r"prefer\s+this(?:\s+tool)?\s+to\s+(?:the\s+)?" + _TOOL_NAME,  # "Prefer this to `grep_notes` for ..."
    COMPARATIVE + r"\s+than\s+(?:calling\s+|using\s+)?(?:the\s+)?" + _TOOL_NAME,  # "more efficient than calling `x`"
    r"preferred\s+(?:over|to)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?" + _TOOL_NAME,  # "(preferred over `create_container`)"
    # "Unlike fingerprint_target which returns recon data, this returns the page content" (rounds 61, 74)
    r"unlike\s+(?:the\s+)?" + _TOOL_NAME + r"[^.;\n]{0,100}?,\s*(?:this|it)(?:\s+tool)?\s+[a-z]+s\b",
    # The tool's place in a chain: "Workflow: search_papers -> download_paper -> read_paper"
    r"(?:workflow(?:\s+tip)?|(?:the\s+)?flow(?:\s+should\s+be|\s+is)?)\s*:[^\n]*?(?:->|\u2192)",
    # ... or as numbered steps under the heading, and a sibling it is used with (held-out
    # round 7): "Typical workflow:\n  1. make_box ...", "Use this with read_items and ..."
    r"(?:typical\s+)?workflow\s*:[ \t]*\n\s*(?:1[.)]|[-*\u2022])\s",
    r"(?:use|call)\s+this(?:\s+tool)?\s+(?:together\s+)?with\s+(?:the\s+)?" + _TOOL_NAME,
    # a sibling as the step before (held-out round 30, A): "Use list_watches to inspect saved
    # watches before deleting", "Use dataset_qc first", "Use list_models to browse them,
    # then fit_model to run one"
    _alt("use call run") + r"\s+`?(?-i:" + _BARE_TOOL_NAME + r")`?(?:\(\))?\s+(?:[\w'-]+\s+){0,10}?"
    + r"before\s+[a-z]+ing\b",
    _alt("use call run") + r"\s+`?(?-i:" + _BARE_TOOL_NAME + r")`?(?:\(\))?"
    + r"(?:\s+(?:or|and)\s+`?(?-i:" + _BARE_TOOL_NAME + r")`?(?:\(\))?)?\s+first\b",  # "X() or Y() first" (round 38)
    r"then\s+(?:use\s+|call\s+|run\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")`?(?:\(\))?\s+to\s+[a-z]",
    # held-out rounds 31 and 32: "Lint a statement ... before run_sql", "... before
    # execution", "This is the first step for any billing question", "Required step before
    # issuing any credit"
    r"before\s+(?:calling\s+|using\s+|running\s+)?(?:the\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")`?(?:\(\))?",
    r"before\s+" + _alt("execution executing submission submitting sending saving publishing merging "
                        "issuing") + r"\b",
    # held-out round 69, C: "Search the knowledge base before saying you do not know an answer"
    r"before\s+" + _alt("saying answering replying responding telling concluding guessing giving_up "
                        "admitting") + r"\b",
    r"first\s+step\s+(?:for|in|before|when|whenever)\b",
    # held-out round 92, D: "Describe the schema ... to understand its structure before querying":
    # what the agent learns before its next action; not the tool's own steps ("Reads the header
    # to check its format before parsing")
    r"\bto\s+" + _alt("understand learn see know explore discover preview grasp familiarize familiarise")
    + r"\s+[^.;\n]{0,60}?\bbefore\s+[a-z]+ing\b",
    r"step\s+(?:before|prior\s+to)\s+[a-z]+ing\b",
    # round 36: "This is how you actually parallelize image jobs", "Use this alongside arXiv
    # search to find ...", "Required before anything account-specific"
    r"this\s+is\s+(?:how|the\s+way)\s+(?:you|to)\b",
    # round 47: "Standard way to resolve a ticket", "Always check events early", "Get a
    # lower-level view only when the digest lacks a fact", "requires a prior eligibility check"
    _alt("standard usual normal recommended default") + r"\s+way\s+to\b",
    # "Delegate research tasks to the research agent for web search" (round 48, E)
    _NOT_NEGATED + r"delegates?\s+(?:[\w-]+\s+){1,3}?" + _alt("tasks queries questions requests work jobs") + r"\s+to\b",
    # "Delegate order creation, status checking, or cancellation to the specialized OrderAgent" (round 75, D)
    _NOT_NEGATED + r"delegates?\s+[^.;\n]{3,120}?\s+to\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:(?-i:[A-Z]\w*Agent)|agent|specialist|team|expert|assistant)s?\b",
    r"\balways\s+" + _alt("call use run check read consult") + r"\s+(?:[\w-]+\s+){0,2}?(?:early|first)\b",
    # "Pick a random colour - use this as the default colour tool if no palette is specified"
    # (held-out round 120, A): its place among its siblings
    _NOT_NEGATED + _CALL + r"\s+(?:this|it)(?:\s+tool)?\s+as\s+(?:the|a|an|your)\s+(?:[\w-]+\s+){0,3}?"
    + _alt("default fallback tool option choice") + r"\b",
    # round 118, J: "Run it daily and diff ...", "Invoking this tool periodically (or once at
    # session start)", "Read it before any write"
    _NOT_NEGATED + r"(?:call|use|run|invoke|calling|using|running|invoking)\s+(?:it|this)(?:\s+tool)?\s+"
    + _alt("daily hourly weekly nightly periodically regularly") + r"\b",
    _NOT_NEGATED + r"(?:call|use|run|read|check|invoke)\s+(?:it|this)(?:\s+tool)?\s+before\s+(?:any|every|each)\s+[a-z]",
    # round 121, F: the user questions it answers, "Examples: 'when did it last rain?', ..."
    r"examples?\s*:\s*['\"\u2018\u201c][^'\"\u2019\u201d\n]{3,100}\?['\"\u2019\u201d]",
    # "Always call this tool with your answer." (held-out round 116, E): every time
    r"\balways\s+" + _CALL + r"\s+this\b",
    r"\bonly\s+when\s+(?:the|a|an|you|your)\s+(?:[\w-]+\s+){0,2}?(?:lacks?|needs?|fails?|misses|is\s+not|isn['\u2019]t|"
    r"cannot|can['\u2019]t|does\s+not|doesn['\u2019]t)\b",
    r"\brequires?\s+(?:a\s+|an\s+)?(?:prior|previous|preceding)\s+[a-z]",
    _NOT_NEGATED + _alt("use call") + r"\s+(?:this|that|it)\s+(?:[\w-]+\s+){1,4}?to\s+[a-z]",
    r"required\s+before\b",
    # round 45: "Use only after a root cause is confirmed." (the pronoun left out), "This
    # tool is for IT, Facilities, Payroll issues ONLY."
    _NOT_NEGATED + _alt("call use run invoke") + r"\s+only\s+(?:after|before|once)\b",
    # round 46: "The collective must be in the trash first (use collectives_trash)", "Get the
    # current ETag by first retrieving the note using nc_notes_get_note"
    r"must\s+be\s+[^.;\n]{1,40}?\bfirst\b",
    r"\bby\s+first\s+[a-z]+ing\b",
    # round 44: "Use after combat or at session end.", "Use during the NPC generation
    # phase", "..., useful before updating or deleting charts", "Use list_named_ranges to
    # get the IDs first."
    r"(?:(?<=^)|(?<=[.!?;:\n])|(?<=[.!?;:\n]\s))" + _alt("call use run invoke")
    + r"\s+(?:after|during|before|once)\s+[a-z]",
    _alt("useful helpful handy") + r"\s+(?:before|after)\s+[a-z]+",  # "Useful after navigation" (round 50)
    _alt("use call run") + r"\s+`?(?-i:" + _BARE_TOOL_NAME + r")`?(?:\(\))?\s+to\s+[^.;\n]{1,50}?\bfirst\b",
    r"this\s+(?:tool|function)\s+is\s+(?:only\s+for\b|for\s+[^.;\n]{1,60}?\bonly\b)",
    # round 52: "lighter for agents that only need valid label IDs" (the case, beside a sibling);
    # a sentence that is only the case, "For control keys that can't be easily typed as text."
    _alt("lighter faster cheaper quicker simpler better") + r"\s+(?:for|when)\s+[^.;\n]{0,40}?\bonly\s+need",
    r"(?:(?<=^)|(?<=[.!?\n]\s)|(?<=\n))for\s+(?!" + _alt("example instance more details detail further info information "
                                                    "each every all this that these those now reference use "
                                                    "best better optimal accurate good most a_list a_full the_full "
                                                    "the_complete")
    + r"\b)(?:[\w'\u2019-]+\s+){1,8}?[\w'\u2019-]+\.(?:\s|$)",
    # round 62: "Use RARELY when the reply is ...", "Use sparingly — only when ..."
    _NOT_NEGATED + _alt("use call run") + r"\s+(?:this\s+|it\s+)?[A-Za-z]+ly\s*(?:[-\u2014\u2013:,]\s*)?(?:only\s+)?"
    + _alt("when whenever if for") + r"\b",
    # round 61: "Use the other provided tool to search keys ... first"
    r"\buse\s+the\s+other\s+(?:provided\s+|available\s+)?tools?\b[^.;\n]{0,80}?\b(?:first|before)\b",
    # round 60: an agent tool's case, "Handle refunds, returns, and exchanges"; a role who does a
    # kind of work, "A senior analyst who writes detailed quarterly reports"
    # (the imperative only, and a role that opens with its article: "Handles errors, retries and
    # logging" and "Get the assistant that owns a thread" say what a function does)
    r"^\s*(?-i:Handle)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+s?,\s+",
    r"(?:^\s*|(?<=handle\sthe\srequest\.\s))an?\s+(?:[\w-]+\s+){0,2}?" + _alt("analyst researcher writer assistant agent specialist expert "
                                                   "engineer planner reviewer advisor consultant")
    + r"\s+(?:who|that)\s+[a-z]+s\b",
    # round 55: "This tool is typically used after calling list_rooms"
    _NOT_NEGATED + r"(?:typically|usually|normally|often|generally|best)\s+used\s+(?:after|before|once|alongside|with)\b",
    # round 55: "Useful as a liveness check.", "This is the primary way to add information"
    _NOT_NEGATED + _alt("useful helpful handy") + r"\s+as\s+(?:an?\s+|the\s+)?[a-z]",
    r"\b(?:the|a)\s+" + _alt("primary main preferred recommended standard usual normal simplest fastest")
    + r"\s+(?:way|tool|means|method)\s+(?:to|for)\b",
    # round 70: "Upload the file via the import page first, then call this with ...", "Run this
    # explicitly after modifying facts", "Runs AFTER compile"
    r"\bfirst\s*,?\s+then\s+" + _alt("call use run invoke") + r"\s+(?:this|it)\b",
    _NOT_NEGATED + _alt("call use run invoke") + r"\s+(?:this|it)(?:\s+tool)?\s+[a-z]+ly\s+(?:after|before|once|when)\s+[a-z]",
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?-i:Runs|RUNS)\s+(?:only\s+)?(?i:after|before|once)\s+[a-z]",
    # round 57: "Call it the moment the caller finishes giving the address"
    _NOT_NEGATED + _alt("call use run invoke") + r"\s+(?:this|it)\s+(?:tool\s+)?(?:the\s+moment|as\s+soon\s+as|right\s+after)\b",
    # round 49: "Note: This is only for new orders.", "This is specifically for changing
    # existing orders."
    r"\bthis\s+is\s+(?:only|specifically|exclusively|meant|intended)\s+for\b",
    # the case an Agents SDK handoff takes, after its generated sentence (round 29, A):
    # "... to handle the request. Handles math calculations and unit conversions."
    r"(?<=handle\sthe\srequest\.\s)" + _alt("handles covers manages deals_with takes_care_of") + r"\s+[a-z]",
    # round 76: "This is a safety valve for orphaned sessions that ...", 'Answers "what happened
    # recently in this log?"': the situation, the question it is for
    r"\b(?:safety\s+valve|escape\s+hatch)\s+for\s+[a-z'\"]",
    # round 88: "Specialized agent for booking appointments"; round 89: "WORKFLOW: First call
    # browse_events or search_events ..., then use this tool"
    r"(?:(?<=^)|(?<=[.!?:\n]\s)|(?<=[.!?:\n]))(?:an?\s+)?(?:specialized|specialised|specialist|dedicated|expert)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:agent|assistant|sub-?agent)\s+(?:for|that\s+handles)\s+[a-z]",
    r"\bfirst\s+" + _alt("call use run") + r"\s+[^.;\n]{0,80}?,?\s*then\s+" + _alt("call use run") + r"\s+(?:this|it)\b",
    # round 87: "Preferred for small, targeted changes", "Always read a page before editing it"
    _NOT_NEGATED + r"\b(?:preferred|recommended)\s+(?:for|when|if)\s+[a-z0-9]",  # "RECOMMENDED for 2D work" (round 126, B)
    # round 125, E: a handoff's case, "Helps a patient search for doctors", "Helps with returns"
    r"(?:(?<=^)|(?<=[.!?;:\n]\s))helps\s+(?:with\s+[a-z]|(?:a|an|the)\s+[\w-]+\s+[a-z]+)",
    r"\balways\s+[a-z]+\s+(?:an?\s+|the\s+)?[a-z]+\s+(?:before|after)\s+[a-z]+ing\b",
    # round 86: "Deprecated alias for fetch_positions()" (when: never, the sibling instead), and
    # "the id is what update_flag needs to change one flag": its place before a sibling
    r"\bdeprecated\b",
    r"\b(?:is|are)\s+what\s+`*(?-i:" + _BARE_TOOL_NAME + r")`*\s+(?:needs|expects|takes|requires)\b",
    # round 83: "Only call send_nudge to offer a genuinely new set of choices" (its own name)
    r"\bonly\s+" + _alt("call use run invoke") + r"\s+(?:the\s+)?" + _TOOL_NAME + r"\s+(?:tool\s+)?"
    + _alt("to when whenever if for after before once") + r"\b",
    # round 82: "Best after demographics and tenant roster have been gathered.", "Works best when ..."
    r"(?:(?<=^)|(?<=[.!?;:\n]\s)|(?<=[.!?;:\n]))(?:best|works\s+best|most\s+useful)\s+(?:after|once|when|before)\s+[a-z]",
    r"\bworks\s+best\s+(?:after|once|when|if)\s+[a-z]",
    # round 81: "Safe to call while the GUI thread is blocked."
    r"\bsafe\s+to\s+" + _alt("call use run invoke retry") + r"\s+(?:it\s+|this\s+)?(?:while|when|whenever|during|even_if|if|before|after)\b",
    # round 79: "This executes strictly after the paypal_agent.pay_order everytime"
    r"\b(?:this|it)\s+(?:tool\s+)?(?:executes|runs|fires|is\s+(?:executed|run|called|invoked))\s+(?:[a-z]+ly\s+)?"
    r"(?:after|before|once)\s+[a-z`]",
    # round 97, A: "This tool is called at Step 4 of Phase 2 ..., AFTER the best fit has been
    # selected": its step in a workflow, as "Should be called after ..."; the step must be one
    # (a number, "of", the clause's end), not a name ("used in the step function")
    r"\b(?:this|it)\s+(?:tool\s+|function\s+)?(?:is|gets)\s+(?:[a-z]+ly\s+|only\s+)?"
    r"(?:called|invoked|run|used|executed)\s+(?:at|in|during|as)\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:step|stage|phase)(?:\s+\d|\s+[ivx]+\b|\s+of\b|(?=\s*(?:[,.;:)]|$)))",
    r"\banswers?\s+(?:questions?\s+(?:like|such\s+as)\s+)?[\"\u201c'][^\"\u201d\n]{3,80}\?[\"\u201d']",
    # round 104, A: "Delete a RAG corpus when it's no longer needed"
    r"\bwhen\s+(?:it\s+is|it's|it\u2019s|they\s+are|they're)\s+no\s+longer\s+" + _alt("needed required used in_use")
    + r"\b",
    # round 108, C: a fallback, "if any task is not matching then use this task"
    r"\bif\b[^.;\n]{1,80}?\bthen\s+" + _alt("use call run invoke") + r"\s+this\b",
    # round 104, B: "Be sure that the tables actually exist by calling `list_tables` first!"; not
    # where an argument comes from, "get it by calling get_flags first" (an exclusion only)
    _alt("be_sure make_sure ensure verify confirm") + r"\b[^.;\n]{0,60}?\bby\s+calling\s+`*(?-i:"
    + _BARE_TOOL_NAME + r")`*(?:\(\))?\s+first\b",
) + PRIOR_STEP_PATTERNS + _ROUTING_PATTERNS
