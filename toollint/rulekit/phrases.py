"""Trigger and exclusion clauses (TL103, TL104); the sibling tools a description points to are
rulekit/pointers.py's.

Pure functions over strings (stdlib ``re`` only). The detectors match liberally,
because for them "found" is the quiet answer. The phrase sets were built from the
built-in tool descriptions agent frameworks ship (see tests/rules/test_phrase_corpus.py for
the shapes, with their verdicts).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, Pattern, Sequence, Tuple

from toollint.rulekit import memo

from toollint.rulekit.phrasebase import (
    _BARE_TOOL_NAME, _CALL, _NOT_NEGATED, _ROUTING_PATTERNS, _SELF, _TOOL_NAME, _alt,
)
from toollint.rulekit.pointers import mentioned_tools

# ---------------------------------------------------------------------------------
# has_trigger / has_exclusion

# Every alternative starts at a word boundary: the combined pattern leads with one
# ``\b`` so that the scan rejects mid-word positions before trying a dozen branches.
_TRIGGER_PATTERNS = (
    # "Call this tool when", "Use this to", "Use it to", "Run this when", "use this first"
    _NOT_NEGATED + _alt("call use invoke run trigger select choose pick employ") + r"\s+" + _SELF
    + r"\s+(?:only\s+|also\s+|too\s+|as\s+well\s+)?"  # "you can use it as well for math" (round 11)
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
           "needed invaluable tailored")
    + r"\s+(?:only\s+)?" + _alt("for when if whenever") + r"\b",
    # "Useful to search the internet about a topic" (crewAI's and LangChain's idiom; not
    # "designed to", which says what the tool does)
    _NOT_NEGATED + _alt("useful helpful") + r"\s+to\s+[a-z]+",
    # "when the user asks", "If a customer wants", "whenever users"
    _alt("when whenever if once after") + r"\s+(?:(?:the|a|an|your)\s+)?"
    + _alt("user customer caller client human person visitor requester member employee "
           "operator admin patient buyer shopper student people") + r"s?\b",
    # "when you need to", "if the assistant has", "once you know its id" (held-out round 6)
    _alt("when whenever if once") + r"\s+" + _alt("you the_assistant the_model the_agent we") + r"\s+"
    + _alt("need want have know must should are get receive cannot can't don't do_not would") + r"\b",
    _alt("when whenever if") + r"\s+" + _alt("asked requested prompted needed necessary") + r"\b",
    # "Trigger: ...", "When to use: ...", "Use cases:"
    r"(?:triggers?|when\s+to\s+(?:use|call|invoke)(?:\s+(?:it|this(?:\s+tool)?))?|use\s+cases?|use\s+it\s+for)\s*:",
    r"when\s+to\s+(?:use|call|invoke)[ \t]*(?:\n|$)",  # a heading of its own: "## When to call"
    r"when\s+to\s+(?:use|call|invoke)(?:\*\*|__)?[ \t]*(?:[-:\u2013\u2014][ \t]|\n|$)",  # "**When to call** - Any time"
    # "the right tool for", "the tool to use when"
    _alt("right best go-to correct preferred primary main") + r"\s+tool\s+(?:for|when|to)\b",
    r"tool\s+to\s+(?:use|call)\b",
    # "Client should call this on connection to verify compatibility" (held-out round 17, jupyter)
    r"(?:should|must)\s+(?:always\s+)?(?:call|use|run|invoke)\s+this\s+(?:tool\s+)?"
    + _alt("on upon at after before when whenever once") + r"\b",
    # "For billing questions, call this." / "... use this tool."
    _NOT_NEGATED + _CALL + r"\s+this(?:\s+(?:tool|function))?(?=\s*(?:[.;!]|$))",
    # Session timing: "Call at the start of every session", "Start here", "call first"
    _NOT_NEGATED + _alt("call use run invoke") + r"\s+(?:" + _SELF + r"\s+)?(?:first\s+)?"
    + r"(?:first\b|at\s+the\s+(?:start|beginning|end)\s+of\b)",
    r"at\s+the\s+(?:start|beginning|end)\s+of\s+(?:every|each|a|any|the)\s+(?:new\s+)?"
    + _alt("session conversation chat task project turn interaction run workflow") + r"s?\b",
    r"start\s+here\b",
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
           "starting calling using running planning committing deploying acting")
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
    r"(?:" + _alt("lighter faster cheaper quicker simpler smaller narrower broader better")
    + r"|more\s+[a-z]+)\s+than\s+(?:calling\s+|using\s+)?(?:the\s+)?" + _TOOL_NAME,  # "more efficient than calling `x`"
    r"preferred\s+(?:over|to)\s+(?:the\s+)?" + _TOOL_NAME,  # "(preferred over `create_container`)"
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
    r"first\s+step\s+(?:for|in|before|when|whenever)\b",
    r"step\s+(?:before|prior\s+to)\s+[a-z]+ing\b",
    # round 36: "This is how you actually parallelize image jobs", "Use this alongside arXiv
    # search to find ...", "Required before anything account-specific"
    r"this\s+is\s+(?:how|the\s+way)\s+(?:you|to)\b",
    # round 47: "Standard way to resolve a ticket", "Always check events early", "Get a
    # lower-level view only when the digest lacks a fact", "requires a prior eligibility check"
    _alt("standard usual normal recommended default") + r"\s+way\s+to\b",
    # "Delegate research tasks to the research agent for web search" (round 48, E)
    _NOT_NEGATED + r"delegates?\s+(?:[\w-]+\s+){1,3}?" + _alt("tasks queries questions requests work jobs") + r"\s+to\b",
    r"\balways\s+" + _alt("call use run check read consult") + r"\s+(?:[\w-]+\s+){0,2}?(?:early|first)\b",
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
    # the case an Agents SDK handoff takes, after its generated sentence (round 29, A):
    # "... to handle the request. Handles math calculations and unit conversions."
    r"(?<=handle\sthe\srequest\.\s)" + _alt("handles covers manages deals_with takes_care_of") + r"\s+[a-z]",
) + _ROUTING_PATTERNS


# The two big patterns are compiled on first use (0.02 s together): a pre-commit run
# finds every answer in the memo and never needs them.
@lru_cache(maxsize=None)
def _trigger() -> Pattern[str]:
    return re.compile(r"\b(?:%s)" % "|".join("(?:%s)" % p for p in _TRIGGER_PATTERNS), re.IGNORECASE)


# Pointers without a cue word ("For refunds, use issue_refund.") are left to
# mentioned_tools, which has_exclusion consults last.
_NEGATION = r"(?:not|cannot|never|avoid|%sn['\u2019]t)" % _alt(
    "do does did should must could would ca wo is are was were need"
)
_GOVERNS_TOOL = (
    r"(?=\s*(?:[.;,:!)\u2014\u2013]|$)|\s+(?:the\s+(?:\w+\s+)?(?:tool|function|endpoint)\b|"
    + _TOOL_NAME + "|"
    + _alt("this it me here for when whenever if unless to in on with as during while before after "
           "until directly again yet more than outside without twice repeatedly unless except "
           "alone by") + r"\b))"
)
_EXCLUSION_PATTERNS = (
    # "Do not call", "Don't use", "Never call this", "Avoid calling", "should not be used"
    # The verb must govern the tool, not an argument: "Do not use relative paths" is not one.
    _NEGATION + r"\s+(?:to\s+)?(?:be\s+)?"
    + _alt("call calling called use using used invoke invoking invoked run running pick "
           "picking select selecting choose choosing rely relying") + _GOVERNS_TOOL,
    # "not for", "Not suitable for", "is not intended for"
    r"not\s+" + _alt("for suitable appropriate intended designed meant to_be when if the_right "
                     "the_tool a_replacement needed necessary recommended supported available")
    + r"\b",
    # Bare "prefer" is argument guidance ("Prefer short queries"); "prefer X" is mentioned_tools'.
    _alt("instead rather_than in_place_of unless deprecated out_of_scope handled_by covered_by "
         "last_resort") + r"\b",
    r"except\s+(?:when|if|for|to|in)\b",
    # "only do this if the user insists", "Excludes title/description", "first get_dashboard
    # to fetch all cards" (held-out round 19, B-D)
    r"only\s+do\s+(?:this|it|so)\s+(?:if|when|after|once|for)\b|\bexcludes\s+[\w/-]+",
    r"\bfirst\s+(?:call\s+|use\s+|run\s+)?(?:the\s+)?(?-i:" + _BARE_TOOL_NAME + r")\b",
    # "by its id (from list_my_schedules)"; "Fetch only historical data" (held-out round 22)
    r"(?<=\()(?:from|via|see|using)\s+(?:the\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")`?\s*\)",
    r"(?:(?<=^)|(?<=[.!?]\s))" + _alt("fetch fetches get gets return returns list lists read reads search searches "
                                         "show shows find finds") + r"\s+only\s+[a-z]",
    r"(?:handles|covers)\s+(?:those|these|them|that)\b",
    # "only for", "only when", "only be used", "for internal use only"
    r"only\s+(?:be\s+)?"
    + _alt("for when if whenever after before once call use used called invoke run to in with "
           "within on available work works applies") + r"\b",
    _alt("call use invoke run used called intended meant usage")
    + r"\s+(?:this\s+|it\s+)?(?:tool\s+|function\s+)?only\b",
    # "Does not handle refunds", "can't modify"
    r"(?:does\s+not|doesn['\u2019]t|cannot|can['\u2019]t|won['\u2019]t|will\s+not|is\s+not|isn['\u2019]t)\s+"
    + _alt("handle support cover apply work include return search modify accept process "
           "create delete update change find list send have obtain fetch retrieve") + r"\b",
    # "Word documents are not yet supported", "PDF files only;"
    # "Chart generation is not permitted" (a scope limit; held-out round 6)
    r"not\s+(?:yet\s+|currently\s+)?" + _alt("supported implemented available handled permitted allowed") + r"\b",
    r"(?:is|are)\s+unsupported\b",
    r"only(?=\s*(?:[;:()\]\u2014\u2013]|\.(?:\s|$)|$))",  # "PDF files only;", "append-only:", "roots only ("
    # "formatting preferences only, not account data", "metadata only and is not rate
    # limited", "Only files in the upload folder can be deleted" (held-out round 15, C)
    r"only\s*,\s*not\b|only\s+(?:and|but)\s|(?<=[a-z]-)only\b",  # "append-only", as "Read-only." is
    r"only\s+(?:[\w'-]+\s+){1,6}?(?:can|may)\s+be\s+[a-z]+(?:ed|en)\b",
    # a tool switched off sends the model elsewhere, as "deprecated" does
    r"(?:temporarily|currently)\s+(?:unavailable|disabled|offline)\b|decommissioned\b|as\s+an?\s+alternative\b",
    # a sibling it is set against: "Unlike fetch_case_file, this ..."
    r"unlike\s+(?:the\s+)?" + _TOOL_NAME,
    # the sibling that does what this one does not (held-out round 17, A, C, E): "NOT this
    # tool", "(this tool cannot)", "not settable here", "add tables via edit_page",
    # "Plain reading -> read_doc", "skip the call when already detached"
    r"not\s+this\s+(?:tool|function)\b|this\s+(?:tool|function)\s+(?:cannot|can['\u2019]t|can\s+not|does\s+not|"
    r"doesn['\u2019]t|won['\u2019]t|will\s+not)\b|not\s+[a-z]+able\s+here\b",
    _alt("add create set change make update edit move place do") + r"\s+(?:[\w-]+\s+){0,3}?"
    + r"(?:via|with|using|through)\s+(?:the\s+)?(?-i:" + _BARE_TOOL_NAME + r")",
    r"(?<=[\w)])\s*(?:->|\u2192)\s*`?(?-i:" + _BARE_TOOL_NAME + r")",
    r"skip\s+(?:the|this)\s+(?:call|tool)\s+(?:when|if|unless)\b",
    r"\b(?:it|this\s+tool)\s+(?!returns\b)[a-z]+s\s+nothing\b",  # "; it books nothing"
    r"[;,]\s*it\s+(?:cannot|can['\u2019]t|never)\s+[a-z]+",  # "Read a file; it cannot write"
    r"\bbefore\s+(?:the\s+)?(?-i:" + _BARE_TOOL_NAME + r")",
    # what it leaves alone (held-out round 16, A): "Nothing else — no events", "no other
    # field is touched"
    r"nothing\s+else\b",
    # "(no web search, no deep reasoning)", "File must be within the working directory"
    # (held-out round 21)
    r"\bno\s+[\w-]+(?:\s+[\w-]+)?,\s+no\s+[\w-]+",
    r"must\s+(?:be|resolve|lie|stay|remain)\s+(?:within|inside|under)\b",
    # "Dotfiles are rejected by default", "Only SELECT queries are allowed" (rounds 31, 32)
    # "Only role, mime, title, and position are patchable" (round 36, H); "information that
    # doesn't fit in profile or preferences" (round 35, A)
    r"only\s+(?:[\w-]+,?\s+){1,8}?(?:are|is)\s+" + _alt("patchable editable updatable changeable modifiable "
                                                     "writable settable") + r"\b",
    r"(?:does\s+not|doesn['\u2019]t|do\s+not|don['\u2019]t)\s+fit\s+(?:in|into|with)\b",
    # "All notes must belong to the same notebook" (held-out round 42, B)
    r"all\s+(?:[\w-]+\s+){1,2}?must\s+(?:be|belong|have|share|come)\b",
    # other tools named by their kind, for a case (round 30): "Use section tools for
    # targeted reading."
    r"use\s+(?:the\s+)?(?!this\b|it\b|these\b)[a-z][\w-]*\s+tools\s+(?:for|to|when|if)\b",
    # round 46: "For more complex queries, use the specific search tools", "call the
    # individual tools when you only need one", "use this when the parsed view from
    # nc_mail_get_message is not enough", "Doing this through nc_update_todo requires ..."
    _alt("use call") + r"\s+(?:the\s+)?(?:[a-z][\w-]*\s+){1,2}?tools\b(?=\s*[.;,)]|\s+(?:when|if|instead)\b)",
    r"\buse\s+this\s+(?:only\s+)?(?:when|if)\s+[^.;\n]{0,80}?(?-i:" + _BARE_TOOL_NAME + r")[^.;\n]{0,60}?"
    r"(?:\bnot\b|n['\u2019]t\b)",
    r"\bdoing\s+this\s+(?:through|via|with)\s+`?(?-i:" + _BARE_TOOL_NAME + r")",
    # "Only the comment's author can delete it", "You must be the owner of the share",
    # "A one-to-one conversation cannot take additional participants"
    # (of the tool's own action: "it", or passive; not "Only the owner can edit protected ranges",
    # which says what the result does)
    r"\bonly\s+(?:the\s+|an?\s+)?(?:[\w'\u2019-]+\s+){1,4}?(?:can|may)\s+(?:be\s+[a-z]+ed\b|[a-z]+\s+(?:it|them)\b)",
    r"\byou\s+must\s+(?:be|own|have\s+created)\b",
    # round 50: "This tool can only read files, not directories", "Use BrowserSnapshot for
    # structured data" (a sibling named in PascalCase), "facts not in the knowledge base"
    r"\bcan\s+only\s+[a-z]+\b",
    # round 49: "For partial closure, you'll need to use limit orders", "coins in circulation
    # excluding staking rewards"
    r"\byou(?:['\u2019]ll|\s+will)?\s+need\s+to\s+use\s+[a-z]",
    r"\bexcluding\s+[a-z]",
    r"\buse\s+(?-i:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)\s+(?:for|to|when|if)\b",
    r"\bnot\s+in\s+(?:the|your|our|my)\s+[\w-]+",
    # round 48: "you should use the matching parsing tool", "it does NOT version existing files"
    r"(?:should|must)\s+use\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}?tools?\b",
    r"\b(?:it|this\s+tool)\s+(?-i:does\s+NOT|will\s+NOT)\s+[a-z]+",  # not "if it doesn't exist"
    # round 47: "aggregations that recall() can't express", "Call this AFTER reading a filing
    # with fetch_filing", "Only safe actions (scheduling, tagging) can be auto-executed"
    r"\b[a-z_]\w*\(\)\s+(?:can['\u2019]t|cannot|can\s+not|doesn['\u2019]t|does\s+not|won['\u2019]t)\b",
    r"\bafter\s+[a-z]+ing\s+(?:[\w-]+\s+){0,3}?(?:with|via|using|through)\s+`?(?-i:" + _BARE_TOOL_NAME + r")",
    r"\bonly\s+(?:the\s+|an?\s+)?(?:[\w'\u2019-]+\s+){1,4}?\([^)\n]{0,60}\)\s+(?:can|may)\s+(?:be\s+)?[a-z]+",
    r"\b(?:cannot|can['\u2019]t|can\s+not)\s+(?:take|accept|hold|contain|include)\b",
    # a precondition of the action (round 43, B): "The data stream must have a matching
    # index template before creation."
    r"must\s+(?:already\s+)?(?:have|exist)\b[^.;\n]{0,60}?\bbefore\s+[a-z]",
    # "Lightweight search returning only NCT IDs and minimal metadata" (held-out round 34, A)
    r"returning\s+only\s+[a-z]",
    # plural inputs only: "title='' is rejected" is about an argument, not the tool
    r"are\s+(?:always\s+)?" + _alt("rejected refused disallowed blocked forbidden") + r"\b",
    r"only\s+(?:[\w-]+\s+){1,3}?(?:are|is)\s+" + _alt("allowed accepted supported permitted") + r"\b",
    # held-out round 24: "do not file for cosmetic issues", "Don't flag on a single message",
    # "Only needed for standalone questions — record_payment already returns it", "must
    # have linked their account first using link_account"
    r"(?:do\s+not|don['\u2019]t|never)\s+[a-z]+\s+(?:for|when|if|on|unless)\b",
    r"only\s+(?:needed|required|necessary|useful|relevant)\s+(?:for|when|if)\b",
    r"(?-i:" + _BARE_TOOL_NAME + r")\s+already\s+" + _alt("returns gives provides includes does shows") + r"\b",
    r"first\s+(?:using|via|with|through)\s+(?:the\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")",
    # "NOTE: create_config must be run first", "Called by create_config" (held-out round 26)
    r"(?-i:" + _BARE_TOOL_NAME + r")(?:\(\))?\s+must\s+be\s+" + _alt("run called used invoked") + r"\s+first\b",
    r"(?:automatically\s+)?" + _alt("called invoked run") + r"\s+by\s+(?:the\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")",
    r"no\s+other\s+(?:[\w-]+\s+){0,2}?(?:is|are|gets?|will\s+be)\s+"
    + _alt("touched changed modified affected updated deleted written altered") + r"\b",
    # "Only searches your local collection", "only returns the first page"
    r"only\s+" + _alt("searches returns works supports lists reads handles accepts includes covers applies "
                     "affects operates shows finds fetches retrieves queries sees knows contains checks "
                     "scans indexes matches sends deletes updates modifies changes") + r"\b",
    # "This tool only triggers deploys", "WHAT THIS TOOL DOES NOT DO:"
    r"this\s+(?:tool|function)\s+only\s+[a-z]+s\b",
    r"what\s+(?:this\s+tool|this\s+function|it)\s+(?:does\s+not|doesn['\u2019]t)\s+do\b",
    # a sibling to call first, in backticks: "If unknown, first use `find_component_id`"
    r"first\s+(?:use|call|run)\s+(?:the\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")",
    # "Returns thread ids and snippets, not full message content"
    # ... and "This searches the company manuals, not general knowledge", "highlights - not
    # full statements", "only save useful facts, not trivial details" (held-out round 44)
    r"(?:[,;]|\s[-\u2013\u2014])\s*not\s+(?:just|only|full|the\s+full|whole|entire|individual|raw|general|trivial|"
    r"complete)\b",
    # "general questions that are not about math" (round 29, B); "A narrower alternative to
    # dump_catalog when you only need one table" (round 30, B)
    r"(?:that|which)\s+(?:are\s+not|is\s+not|aren['\u2019]t|isn['\u2019]t)\s+"
    + _alt("about related_to regarding concerning from part_of covered_by") + r"\b",  # "items that aren't from recipes"
    r"alternative\s+to\s+(?:the\s+)?" + _TOOL_NAME + r"\s+(?:when|if|for)\b",
    # round 29: "(only 'UTC' supported)", "(use if the main feed fails)": what it is limited
    # to, a fallback for a sibling
    r"only\s+(?:'[^'\n]{1,30}'|\"[^\"\n]{1,30}\"|[\w.-]+)\s+(?:is\s+|are\s+)?supported\b",
    r"(?:use|call)\s+(?:this\s+|it\s+)?(?:only\s+)?(?:if|when)\s+(?:the\s+)?(?:[\w-]+\s+){1,3}?"
    + _alt("fails failed errors is_down is_unavailable times_out") + r"\b",
    # A sibling named as a step before or after: "Use this after calling get_index"
    r"(?:after|before)\s+(?:calling|using|running|invoking)\s+(?:the\s+)?" + _TOOL_NAME,
    # "Use this before make_box when you want to overwrite" (held-out round 7)
    r"(?:use|call|run)(?:\s+this(?:\s+tool)?)?\s+(?:only\s+)?(?:after|before)\s+(?-i:" + _BARE_TOOL_NAME + r")",
    # A sibling named with its purpose: "Use search_papers to find new ones."
    # (bare names only: "Use `limit` to cap the page" names a parameter)
    # "Use write_file with the path to add content", "Reach for get_board when you need those"
    # ... or two: "use get_addresses and select_address to change it"
    # "check list_spaces first", "Call list_rooms() first" (held-out rounds 17, 18)
    r"(?:use|call|run|check|consult|query|reach\s+for|switch\s+to|fall\s+back\s+to)\s+(?:the\s+)?(?-i:"
    + _BARE_TOOL_NAME + r")(?:\(\))?(?:\s+(?:and|or|then)\s+(?-i:" + _BARE_TOOL_NAME
    + r")(?:\(\))?)?\s+(?:tools?\s+)?(?:to|first|before|if|when|with|for)\b",
    # "(use trash_collective)", "Fetch cards separately via get_cards", "using get_note tool",
    # "Use :func:`attach_note` if ..."
    r"(?<=\()(?:use|call)\s+(?:the\s+)?(?-i:" + _BARE_TOOL_NAME + r")\s*\)",
    r"separately\s+(?:via|with|using|through)\s+(?:the\s+)?(?-i:" + _BARE_TOOL_NAME + r")",
    r"(?:using|via|with)\s+(?:the\s+)?(?-i:" + _BARE_TOOL_NAME + r")\s+tool\b",
    r"(?:use|call)\s+:(?:func|meth):`",
    # The sibling that gives the input, as a step before (held-out round 11, class S): "look
    # it up with get_books first", "(e.g. from a previous get_books call)"
    r"look\s+(?:it|them|this|one|that)\s+up\s+(?:with|via|using|in)\s+(?:the\s+)?(?-i:" + _BARE_TOOL_NAME + r")",
    r"(?:from|by)\s+(?:a|an|the)\s+(?:previous|prior|earlier|preceding)\s+(?-i:" + _BARE_TOOL_NAME
    + r")\s+(?:call|run|result)\b",
    # "use `search_users` for that"
    r"(?:use|call|try)\s+(?:the\s+)?" + _TOOL_NAME + r"\s+(?:tool\s+)?for\s+(?:that|those|these|them)\b",
)


@lru_cache(maxsize=None)
def _exclusion() -> Pattern[str]:
    return re.compile(r"\b(?:%s)" % "|".join("(?:%s)" % p for p in _EXCLUSION_PATTERNS), re.IGNORECASE)


_EXTRA_CACHE: Dict[Tuple[str, ...], Tuple[Pattern[str], ...]] = {}


def _extra(phrases: Sequence[str]) -> Tuple[Pattern[str], ...]:
    key = tuple(phrases)
    compiled = _EXTRA_CACHE.get(key)
    if compiled is None:
        compiled = tuple(re.compile(p, re.IGNORECASE) for p in key)
        if len(_EXTRA_CACHE) < 64:  # one config per run; the bound only guards misuse
            _EXTRA_CACHE[key] = compiled
    return compiled


def _any_extra(text: str, phrases: Sequence[str]) -> bool:
    return bool(phrases) and any(p.search(text) for p in _extra(phrases))


_EMPHASIS = re.compile(r"\*{1,2}([^*\n]+?)\*{1,2}")


_RST_CODE = re.compile(r"``([^`\n]+)``")
# a line wrapped inside a sentence: "Do not confuse with\n    ``list_table_links``, which ..."
_WRAPPED = re.compile(r"(?<=[^\s.!?:;])[ \t]*\n[ \t]*(?=[a-z`(])")


def _plain(text: str) -> str:
    """Markdown emphasis left out: "only *one* key" is "only one key" (held-out round 22);
    RST's ``code`` as Markdown's `code`, and a sentence wrapped over lines as one line
    (held-out round 52, C: sibling names in markup, at the start of a wrapped line)."""
    if "*" in text:
        text = _EMPHASIS.sub(r"\1", text)
    if "``" in text:
        text = _RST_CODE.sub(r"`\1`", text)
    return _WRAPPED.sub(" ", text) if "\n" in text else text


def has_trigger(description: str, extra_phrases: Sequence[str] = ()) -> bool:
    """Whether the text says *when* to call the tool, anywhere in it (TL103).

    Negated forms ("Do not use this when ...") are exclusions, not triggers.
    ``extra_phrases`` are user regexes, searched case-insensitively.
    """
    if not description:
        return False
    return memo.recall("has_trigger", (description, *extra_phrases), lambda: _has_trigger(description, extra_phrases))


def _has_trigger(description: str, extra_phrases: Sequence[str]) -> bool:
    description = _plain(description)
    return bool(_trigger().search(_uncoded(description))) or _event_trigger(description) \
        or _any_extra(description, extra_phrases)


# The event the call waits for, in the action's own sentence: "Find replacement flights
# when a segment is delayed or cancelled", "Import the asset after the generation task is
# completed". A sentence about the result ("Returns null when the key is missing", "Fails
# if the file is locked") describes behaviour, not when to call.
_EVENT = re.compile(
    r"\b(?:when|whenever|after|once)\s+(?:(?:the|a|an|your|its|their|each|every|any)\s+)?(?:[a-z]+\s+){0,3}"
    r"(?:is|are|has|have|was|were|gets|get)\s+(?:been\s+|being\s+)?(?:not\s+)?(?:yet\s+)?"
    # "Search the web when relevant URLs are not yet known" (held-out round 39)
    r"(?:[a-z]+ed|done|finished|complete|over|known|unknown|given|missing|unavailable)\b",
    re.IGNORECASE)
_RESULT_SENTENCE = re.compile(
    r"^\W*(?:it\s+|this\s+(?:tool\s+)?)?(?:returns?|raises?|fails?|throws?|errors?|yields?|outputs?|responds?|"
    r"reports?|will|may|might|can|if|note)\b", re.IGNORECASE)


def _event_trigger(description: str) -> bool:
    """Only in the first sentence, the one that names the action: later sentences with an
    event ("The cache is refreshed when the list is updated") describe what happens."""
    first = re.split(r"(?<=[.!?])\s+|\n\s*\n", description.strip(), maxsplit=1)[0]
    return bool(_EVENT.search(first)) and not _RESULT_SENTENCE.match(first)


def has_exclusion(description: str, extra_phrases: Sequence[str] = ()) -> bool:
    """Whether the text says when *not* to call the tool, or restricts it (TL104).

    A restriction ("only for admins", "unless ...") and a pointer to a sibling tool
    ("For refunds, use issue_refund.") count as exclusions.
    """
    if not description:
        return False
    return memo.recall("has_exclusion", (description, *extra_phrases),
                       lambda: _has_exclusion(description, extra_phrases))


def _has_exclusion(description: str, extra_phrases: Sequence[str]) -> bool:
    plain = _plain(description)
    return (
        bool(_exclusion().search(_uncoded(plain)))
        or _any_extra(plain, extra_phrases)
        or bool(mentioned_tools(plain))  # which reads `name` itself: a backticked word is a name
    )


# a name as tools are named (snake_case, camelCase), not a plain word: "Use `first` and
# `after` to paginate" names parameters; Sphinx's :func:`x` too
_CODE_NAME = re.compile(r"(?::\w+:)?`([A-Za-z][A-Za-z0-9]*(?:_[\w.\-]*|[a-z0-9][A-Z][\w.\-]*)(?:\(\))?)`")


def _uncoded(text: str) -> str:
    """`get_pipe` as get_pipe, for the phrase patterns: "Use `get_pipe` to find ..." is
    "Use get_pipe to find ..." (held-out round 52, C)."""
    return _CODE_NAME.sub(r"\1", text) if "`" in text else text
