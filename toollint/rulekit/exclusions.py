"""The phrasings that say when *not* to call a tool, or what it does not cover: TL104's
exclusion clauses, one alternative each, in the shapes real descriptions use (held-out
rounds named where a phrasing came from; tests/rules/test_phrase_corpus*.py hold sentences
with their verdicts). Compiled into one pattern by rulekit/phrases.py, as the trigger
phrasings of rulekit/triggers.py are. Pure strings, stdlib ``re`` syntax."""
from __future__ import annotations

from toollint.rulekit.phrasebase import (
    PRIOR_STEP_PATTERNS, SET_AGAINST, SET_AGAINST_CASE, _BARE_TOOL_NAME, _TOOL_NAME, _alt,
)

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
EXCLUSION_PATTERNS = (
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
    r"only\s+(?:[\w'-]+(?:\.[\w-]+)*\s+){1,6}?(?:can|may)\s+be\s+[a-z]+(?:ed|en)\b",  # "Only NOTES.md and ..."
    # a tool switched off sends the model elsewhere, as "deprecated" does
    r"(?:temporarily|currently)\s+(?:unavailable|disabled|offline)\b|decommissioned\b|as\s+an?\s+alternative\b",
    # "Approval is intentionally unavailable here." (held-out round 73, F)
    r"(?:is|are)\s+(?:[a-z]+ly\s+)?(?:unavailable|not\s+available|unsupported|not\s+supported)\s+here\b",
    # a sibling it is set against: "Unlike fetch_case_file, this ..."
    r"unlike\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?" + _TOOL_NAME,  # "unlike the pre-compile check_limits" (round 70)
    # held-out rounds 64 and 66: "The report must exist on the server.", "The role must be
    # created first", "use the separate 'read_book_text' tool", "Use this tool when
    # 'read_book_text' returns has_more", "Update only the member's last_seen timestamp"
    r"must\s+(?:already\s+)?exist\b|must\s+(?:already\s+)?be\s+[a-z]+(?:ed|en)\s+first\b|must\s+already\s+be\b",
    _alt("use call") + r"\s+(?:the\s+)?(?:" + _alt("separate dedicated specific other") + r"\s+)?['\"`](?-i:"
    + _BARE_TOOL_NAME + r")['\"`]\s+(?:tool|function)\b",
    _alt("use call") + r"\s+(?:the\s+)?" + _alt("separate dedicated") + r"\s+(?-i:" + _BARE_TOOL_NAME + r")",
    r"when\s+['\"`]?(?-i:" + _BARE_TOOL_NAME + r")['\"`]?(?:\(\))?\s+" + _alt("returns gives reports says finds")
    + r"\b",
    r"(?:(?<=^)|(?<=[.!?]\s))" + _alt("update change modify edit set write delete remove touch replace clear reset mark")
    + r"\s+only\s+(?:the|one|a|an|its|their|this)\b",
    # a sibling as the default the tool goes beyond (held-out round 62, D): "scraping when
    # web_fetch isn't enough", "edits that are hard to express with edit_file"
    r"when\s+(?:the\s+)?" + _TOOL_NAME + r"\s+(?:tool\s+)?(?:isn['\u2019]t|is\s+not|can['\u2019]t|cannot|"
    r"doesn['\u2019]t|does\s+not|won['\u2019]t|fails)\b",
    _alt("hard difficult awkward impossible tedious") + r"\s+to\s+[a-z]+\s+(?:with|via|using|in|through)\s+"
    + r"(?:the\s+)?" + _TOOL_NAME,
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
    # what this tool refuses or leaves to something else (held-out round 52, E): "scheduler is
    # rejected by this tool", "cannot be removed via this tool", "The tool does not download
    # the file", "Only https URLs on *.pipefy.com are fetched"
    r"(?:is|are)\s+(?:always\s+)?" + _alt("rejected refused blocked not_accepted") + r"\s+by\s+this\s+(?:tool|function)\b",
    r"(?:cannot|can['\u2019]t|can\s+not)\s+be\s+[a-z]+(?:ed|en)\s+(?:via|with|using|through|by)\s+this\s+"
    r"(?:tool|function)\b",
    r"(?<!if\s)(?<!when\s)\bthe\s+(?:tool|function)\s+(?:does\s+not|doesn['\u2019]t|will\s+not|won['\u2019]t|never)\s+"
    r"[a-z]+",
    # (a verb of what it takes in, not "Only specified options are applied", argument guidance)
    r"\bonly\s+(?:[\w*`'-]+(?:\.[\w*`'-]+)*\s+){1,6}?(?:are|is)\s+(?:ever\s+)?"
    + _alt("fetched accepted supported allowed permitted handled processed searched indexed covered scanned "
           "downloaded read visited crawled") + r"\b",
    # "Prefer dedicated tools when available. Use this as a fallback when no specific tool
    # exists."; "Uses the same data as get_board but returns only the label list" (round 52, G, H)
    r"prefer\s+(?:the\s+)?" + _alt("dedicated specific specialized specialised other more_specific purpose-built")
    + r"\s+tools?\b",
    r"as\s+a\s+fallback\s+(?:when|if|for)\b",
    # "Use this for general device control when the specific control tools don't apply" (round 67, A)
    r"when\s+(?:the\s+)?(?:more\s+)?" + _alt("specific dedicated specialized specialised other") + r"\s+(?:[\w-]+\s+){0,2}?"
    + _alt("tools methods functions ones") + r"\s+(?:don['\u2019]t|do\s+not|cannot|can['\u2019]t|won['\u2019]t)\s+"
    # ... or lack the answer (round 99, C): "or when other tools don't have subjective information"
    + _alt("apply work fit cover help have provide return contain include give know answer support handle"),
    r"same\s+(?:[\w-]+\s+){0,2}?as\s+(?:the\s+)?" + _TOOL_NAME + r"\s*,?\s+but\b",
    # round 53: "(fails if already finalized)", a state it does not handle; "Use the ID with
    # load_page to load a result", the sibling for the next step
    r"\bfails?\s+(?:if|when)\s+(?:it\s+is\s+|it['\u2019]s\s+|the\s+[\w-]+\s+is\s+)?(?:already|not\s+yet|still)\b",
    r"\buse\s+(?:the|its|this|that|each|an?)\s+(?:[\w-]+\s+){1,3}?(?:with|in)\s+`?(?-i:" + _BARE_TOOL_NAME + r")`?(?:\(\))?"
    r"\s+to\s+[a-z]",
    # round 57: "do not re-audit a file you have already audited", "Do not call it again for ...",
    # "; it does not read data files", "does not read notes"
    r"(?:do\s+not|don['\u2019]t|never)\s+re-?(?-i:[a-z])[a-z]+\s+(?:[\w'-]+\s+){0,6}?(?:already|again)\b",
    r"(?:do\s+not|don['\u2019]t|never)\s+re-[a-z]+",
    r"(?:^|[;,.]\s*)(?:it\s+)?(?:does\s+not|doesn['\u2019]t)\s+(?!" + _alt("matter require need exist expire block fail "
                                                                       "wait return") + r"\b)[a-z]+\s+(?:any\s+|the\s+)?[a-z]+",
    # round 59: "It is unrelated to MinIO buckets"
    r"\b(?:is|are)\s+(?:unrelated|not\s+related)\s+to\b",
    # round 56: "Only callable after check_closure has passed."
    r"\bonly\s+(?:callable|usable|available|valid|allowed|possible)\s+(?:after|once|when|if|before|while)\b",
    # plural inputs only: "title='' is rejected" is about an argument, not the tool
    r"are\s+(?:always\s+)?" + _alt("rejected refused disallowed blocked forbidden") + r"\b",
    r"only\s+(?:[\w-]+\s+){1,3}?(?:are|is)\s+" + _alt("allowed accepted supported permitted") + r"\b",
    # held-out round 24: "do not file for cosmetic issues", "Don't flag on a single message",
    # "Only needed for standalone questions — record_payment already returns it", "must
    # have linked their account first using link_account"
    r"(?:do\s+not|don['\u2019]t|never)\s+[a-z]+\s+(?:for|when|if|on|unless)\b",
    r"only\s+(?:needed|required|necessary|useful|relevant|meaningful|applicable|valid)\s+(?:for|when|if)\b",
    # round 118, A, G, H: "ONLY '.lock'-suffixed files older than min_age; never user-created files",
    # "Copying to a different host is NOT in this tool", "(everyone's, not your own)"
    r"\bonly\s+(?:[^.;\n]|\.(?=\w)){1,60}?;\s*never\s+[a-z]",
    r"\b(?:is|are)\s+not\s+(?:in|part\s+of|covered\s+by|handled\s+by|done\s+by)\s+this\s+(?:tool|function)\b",
    r"(?<=\()[^()\n]{0,40}?,\s*not\s+(?:your|my|our|their|its|the)\s+own\)",
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
                     "scans indexes matches sends deletes updates modifies changes unlinks detaches") + r"\b",
    # round 112, B: what it leaves alone, "Reports only your own record, never anybody else's",
    # "The lessons it holds are NOT deleted, only the unit grouping", "The lesson itself is not
    # deleted"; round 109, A: "without extracting them"
    r"\b[a-z]+s\s+only\s+[^.;\n]{1,60}?,\s*(?:never|not)\s+[a-z]",
    r"\b(?:is|are)\s+not\s+[a-z]+(?:ed|en)\s*,\s*only\b",
    r"\bitself\s+(?:is|are)\s+not\s+[a-z]+(?:ed|en)\b",
    # ... not "without changing / affecting / removing": stored rounds judged "Add context without
    # changing the work item's fields" and "without affecting other memories" no exclusion
    r"\bwithout\s+" + _alt("deleting overwriting extracting downloading storing saving") + r"\b",
    # "This tool only triggers deploys", "WHAT THIS TOOL DOES NOT DO:"
    r"this\s+(?:tool|function)\s+only\s+[a-z]+s\b",
    r"what\s+(?:this\s+tool|this\s+function|it)\s+(?:does\s+not|doesn['\u2019]t)\s+do\b",
    # a sibling to call first, in backticks: "If unknown, first use `find_component_id`"
    r"first\s+(?:use|call|run)\s+(?:the\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")",
    # "Returns thread ids and snippets, not full message content"
    # ... and "This searches the company manuals, not general knowledge", "highlights - not
    # full statements", "only save useful facts, not trivial details" (held-out round 44)
    # ... "(not whole notes)" (held-out round 73, G), but not "(not just standard ones)": that one includes
    r"\s\(\s*not\s+(?:full|the\s+full|whole|entire|individual|raw|complete)\b|"
    r"(?:[,;]|\s[-\u2013\u2014])\s*not\s+(?:just|only|full|the\s+full|whole|entire|individual|raw|general|trivial|"
    r"complete)\b",
    # rounds 97 B, 99 D: the tool scoping itself by contrast with another role or kind of output,
    # "This tool is intentionally a data collector, not a classifier or renderer", "pure
    # observation, not advice", "Pure factual data, no recommendations". Only with "this tool" as
    # the subject, or "pure" and an output that advises: a bare ", not" is mostly about an
    # argument or a value ("use number, not string", "It is a string, not a number") or what
    # comes back ("Returns actual stored data, not guesses", judged a right TL104 in round 44)
    r"\bthis\s+(?:tool|function)\s+is\s+(?:[a-z]+ly\s+)?an?\s+(?:[\w-]+\s+){0,2}?[\w-]+\s*,\s*not\s+an?\s+[a-z]",
    r"\b(?:pure|purely|strictly|solely|merely)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s*[,;]\s*(?:not|no)\s+(?:[\w-]+\s+)?"
    + _alt("advice recommendations recommendation opinions opinion predictions prediction forecasts forecast "
           "interpretation interpretations analysis judgement judgment judgements judgments guidance suggestions "
           "signals commentary conclusions verdicts diagnosis diagnoses") + r"\b",
    # "general questions that are not about math" (round 29, B); "A narrower alternative to
    # dump_catalog when you only need one table" (round 30, B)
    r"(?:that|which)\s+(?:are\s+not|is\s+not|aren['\u2019]t|isn['\u2019]t)\s+"
    + _alt("about related_to regarding concerning from part_of covered_by") + r"\b",  # "items that aren't from recipes"
    # ... and so inside the trigger sentence (round 98, A): "Use this for application logs not
    # managed by systemd", "Use this for any general question that does not require web search";
    # the same words in a result ("Returns logs not managed by systemd", "List the endpoints that
    # do not require auth") say what comes back, not which case it leaves to another tool
    r"\b(?:use|call)\s+(?:this\s+|it\s+)?(?:tool\s+|function\s+)?(?:only\s+)?for\s+[^.;\n]{0,120}?"
    r"(?:\bnot\s+(?:[a-z]+ly\s+)?[a-z]+(?:ed|en)\s+(?:by|in|with|through|via)\b|\b(?:that|which)\s+(?:does\s+not|"
    r"doesn['\u2019]t|do\s+not|don['\u2019]t)\s+" + _alt("require need involve call_for") + r"\b)",
    r"alternative\s+to\s+(?:the\s+)?" + _TOOL_NAME + r"\s+(?:when|if|for)\b",
    # round 29: "(only 'UTC' supported)", "(use if the main feed fails)": what it is limited
    # to, a fallback for a sibling
    r"only\s+(?:'[^'\n]{1,30}'|\"[^\"\n]{1,30}\"|[\w.-]+)\s+(?:is\s+|are\s+)?supported\b",
    # round 76: "Only power-ups are trackable.", "This is distinct from block_on_jobs - ...",
    # "The full per-case list is NOT returned.", "For detailed diagnostics, re-run X directly";
    # round 77: "Cannot access files outside project directory"
    r"only\s+(?:[\w.-]+\s+){0,2}[\w.-]+\s+(?:is|are)\s+" + _alt("trackable tracked supported available covered included "
                                                              "indexed searchable") + r"\b",
    r"(?:distinct|different|differs)\s+from\s+(?:the\s+)?" + _TOOL_NAME,
    r"(?:is|are)\s+not\s+returned\b",
    r"for\s+(?:detailed|full|more|deeper|advanced|complete)\s+[^,.;\n]{1,50},\s*(?:re-?run|use|call|run)\b[^.;\n]{0,80}"
    r"\bdirectly\b",
    r"cannot\s+" + _alt("access read write modify touch reach see") + r"\s+[^.\n]{0,40}\boutside\b",
    # round 88: "pass the reply to `verify_security_answer`", "Table does NOT contain district data";
    # round 89: "callers should first retrieve it via get_x", "team_id comes from get_teams tool
    # output" (not "without sending it": "Test a pipeline without writing data" says what this
    # tool does, and the stored rounds judged 7 such TL104 right)
    r"\bpass\s+[^.;\n]{0,60}?\bto\s+(?:the\s+)?`*(?-i:" + _BARE_TOOL_NAME + r")`*(?!\w)",
    r"(?:does|do)\s+not\s+(?:contain|have|hold|store)\s+[a-z]",
    r"\bfirst\s+(?:retrieve|get|fetch|find|look\s+up)\s+[^.;\n]{0,30}?\b(?:via|with|using|from)\s+(?:the\s+)?`*(?-i:"
    + _BARE_TOOL_NAME + r")",
    r"\bcomes?\s+from\s+(?:the\s+)?`*(?-i:[a-z][a-z0-9]*_[a-z0-9_]*)\b",  # a tool's name, not DEFAULT_CONFIG
    # round 87: "information not found in the user's documents", "For recurring schedules, point
    # the user to the Schedules tab", "; not to create one"
    r"\bnot\s+(?:found|available|covered|contained|included|present)\s+in\s+[a-z]",
    r"(?:(?<=^)|(?<=[.!?]\s))for\s+[^,.;\n]{3,50},\s*(?:point|direct|send|refer|redirect)\s+(?:the\s+)?(?:user|customer|caller|them)\s+to\b",
    r"(?:[,;]|\s[-\u2013\u2014])\s*not\s+to\s+" + _alt("create add delete remove change edit update list search send") + r"\b",
    # round 86: "Discover ids with list_files.", "get it by calling get_flags first", "To update
    # email/phone, use the CRM web UI": the step before, or where another case goes
    # ... and round 93, F: "Get this from search_events", "Get the event_id from search results first"
    r"\b(?:discover|find|look\s+up|get)\s+(?:this|these|those|that|(?:the\s+)?(?:[a-z]+_)?(?:ids?|names?|keys?)|them|it|one)"
    r"\s+(?:with|via|using|from|by\s+calling)\s+(?:the\s+)?`*(?-i:" + _BARE_TOOL_NAME + r")",
    r"\b(?:discover|find|get|obtain|take)\s+(?:this|it|them|(?:the\s+|an?\s+)?(?:[a-z]+[_\s])?(?:ids?|names?|keys?))\s+"
    r"from\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,2}?(?:results?|output|response|listing)\s+first\b",
    r"\bby\s+calling\s+`*(?-i:" + _BARE_TOOL_NAME + r")`*\s+first\b",
    # ... "the id is what update_flag needs to change one": the sibling that does the rest
    r"\b(?:is|are)\s+what\s+`*(?-i:" + _BARE_TOOL_NAME + r")`*\s+(?:needs|expects|takes|requires)\s+to\s+[a-z]",
    r"(?:(?<=^)|(?<=[.!?:]\s)|(?<=note:\s))to\s+(?:update|change|edit|delete|create|add|remove|modify)\s+[^,.;\n]{1,40},\s*use\s+",
    # round 83: "pass the file and §N to read_paragraphs to read the full paragraphs": the next step
    r"\bpass\s+[^.;\n]{0,60}?\bto\s+(?:the\s+)?`?(?-i:" + _BARE_TOOL_NAME + r")`?\s+to\s+[a-z]",
    # round 84: "If no chart is cached you must build one first": a step before it, not this tool
    r"\bif\s+no\s+[\w-]+\s+(?:is|are|exists?|has\s+been)\b[^.;\n]{0,40}?\b(?:must|need\s+to|have\s+to|should)\s+"
    + _alt("build create generate make run fetch load add upload") + r"\s+(?:one|it|them)\s+first\b",
    # round 81: "Has no effect on externally-launched instances.", "does not affect archived ones"
    r"(?:has|have)\s+no\s+effect\s+on\s+[a-z]|(?:does|do)\s+not\s+affect\s+[a-z]",
    r"(?:use|call)\s+(?:this\s+|it\s+)?(?:only\s+)?(?:if|when)\s+(?:the\s+)?(?:[\w-]+\s+){1,3}?"
    + _alt("fails failed errors is_down is_unavailable times_out") + r"\b",
    # A sibling named as a step before or after: "Use this after calling get_index"
    r"(?:after|before)\s+(?:calling|using|running|invoking)\s+(?:the\s+)?" + _TOOL_NAME,
    # "Use this before make_box when you want to overwrite" (held-out round 7)
    r"(?:use|call|run)(?:\s+this(?:\s+tool)?)?\s+(?:only\s+|[a-z]+ly\s+)?(?:after|before)\s+(?-i:" + _BARE_TOOL_NAME + r")",
    # A sibling named with its purpose: "Use search_papers to find new ones."
    # (bare names only: "Use `limit` to cap the page" names a parameter)
    # "Use write_file with the path to add content", "Reach for get_board when you need those"
    # ... or two: "use get_addresses and select_address to change it"
    # "check list_spaces first", "Call list_rooms() first" (held-out rounds 17, 18)
    r"(?:use|call|run|check|consult|query|reach\s+for|switch\s+to|fall\s+back\s+to)\s+(?:the\s+)?(?-i:"
    + _BARE_TOOL_NAME + r")(?:\((?:\w+=[^()\n]{0,30})?\))?(?:\s+(?:and|or|then)\s+(?-i:" + _BARE_TOOL_NAME
    + r")(?:\(\))?)?"
    # ... with an alternative aside (round 93, D): "Use `list_skills` (or the catalog in the
    # prompt) to discover valid names"; not an argument's "(default 10)"
    r"(?:\s*\(\s*(?:(?:or|and|see|via|from|in|which)\b|e\.\s?g\.|i\.\s?e\.)[^()\n]{0,60}\))?"
    r"\s+(?:tools?\s+)?(?:to|first|before|if|when|with|for)\b",
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
    # round 90, A: the siblings that take the result, as examples of "other tools that require
    # a unit GUID (e.g. add_controller, add_board)"; a named tool, not a sample value
    r"\bother\s+tools?\s+(?:that|which)\s+(?:require|need|take|accept|expect|use)s?\b[^.;\n()]{0,60}?"
    r"(?:\(\s*(?:e\.\s?g\.?|eg|i\.\s?e\.?|for\s+example|such\s+as|like|including)[,:]?\s*|,?\s+(?:such\s+as|"
    r"e\.\s?g\.?,?|like|including)\s+)`?(?-i:" + _BARE_TOOL_NAME + r")",
    # round 90, E: "Force kill only automation browser processes (not personal Chrome)": what it
    # leaves alone, set beside what it takes; "(not just ...)" widens instead
    r"\bonly\s+(?!" + _alt("if when whenever once after before") + r"\b)(?:[\w'-]+\s+){1,5}?\(\s*not\s+(?!"
    + _alt("just only necessarily merely") + r"\b)[a-z]",
    # rounds 91 B, 93 E, 95 B: a sibling set against it for a case, "Safer than write_file for
    # modifying existing files", "Less accurate than full_valuation but faster" (phrasebase),
    # "Similar to search_pages but specifically for ..."
    SET_AGAINST + _TOOL_NAME + SET_AGAINST_CASE,
    # round 110, B: set against a pair of siblings it replaces, "MORE EFFICIENT than calling
    # remove_from_cart + add_to_cart separately"
    SET_AGAINST + _TOOL_NAME + r"\s*(?:\+|&|\band\b|\bplus\b|\bthen\b)\s*(?:calling\s+)?" + _TOOL_NAME,
    r"similar\s+to\s+(?:the\s+)?" + _TOOL_NAME + r"(?:\s+tool)?\s*,?\s+but\b",
    # round 120, A: "use this as the default colour tool if no palette is specified": the case
    # it is the default for, which leaves the other cases to the others
    r"\bas\s+(?:the|a)\s+default\b[^.;\n]{0,40}?\b(?:if|when|unless)\s+(?:no|none|nothing)\b",
    # round 121, G: the cases it refuses, "Cannot remove beds that are set as seed beds", "The team
    # must retain at least 2 gardeners"
    r"(?:(?<=^)|(?<=[.!?;:]\s))cannot\s+(?!be\b)[a-z]+\s+(?:[\w-]+\s+){0,3}?(?:that|which|if|when|while|unless|with|without)\b",
    r"\bmust\s+(?:retain|keep|still\s+have)\s+at\s+least\s+(?:\d+|one|two|three)\b",
    # round 124, B, D, E and 125, F: "Returns job IDs for get_job_log.", "You cannot approve your own
    # MRs.", "This controls the actual track fader, not any device parameter.", "This NEVER confirms"
    r"\breturns?\s+(?:[\w-]+\s+){0,3}?(?:ids?|keys?|tokens?|handles?|uuids?)\s+(?:for|to\s+use\s+with|used\s+by)\s+`?"
    + _TOOL_NAME,
    r"\byou\s+(?:cannot|can['\u2019]t|can\s+not)\s+[a-z]+\s+(?!(?:this|it)\b)[a-z]",  # not "You can NOT skip this"
    r"\b(?:this|it)\s+(?:tool\s+)?" + _alt("controls changes sets affects edits covers")
    + r"\s+[^.;\n]{1,50}?,\s*not\s+(?:any|the|a|an|your)\s+[a-z]",
    r"\bthis\s+(?:tool\s+|function\s+)?never\s+[a-z]+s\b",
    # round 129, D: "Use this for specific tasks like ..., where 'smart_setup_asset' might act too generally"
    r"\bwhere\s+['\"`]?" + _TOOL_NAME + r"['\"`]?\s+(?:might|may|would|could|can)\s+(?:be|act|go)\s+too\s+"
    + _alt("general generally broad broadly coarse coarsely wide") + r"\b",
    # round 118, P: "Requires a recorded run (use start_recording + step_run first)": a precondition
    # met by siblings, no time to call this one (TL103 stays: the judge found no trigger there)
    r"(?<=\()(?:use|call|run)\s+" + _TOOL_NAME + r"(?:\s*(?:\+|,|&|\band\b|\bthen\b)\s*" + _TOOL_NAME + r")*\s+first\s*\)",
    # round 115, F: "Prefer this over update_item_title when changing both": set against a sibling
    r"prefer\s+(?:this|it)(?:\s+tool)?\s+(?:over|to)\s+(?:the\s+)?" + _TOOL_NAME,
    # round 106, A: "You need to be sys tenant to get all server nodes": who may use it
    r"\b(?:you|the\s+caller|the\s+user)\s+(?:need|needs|must|has|have)\s+(?:to\s+)?be\s+(?:an?\s+|the\s+)?"
    r"(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:to|in\s+order\s+to)\s+[a-z]+",
    # round 105, A: "returns an error if called on unverified claims": the case it refuses
    r"\b(?:returns?|raises?|throws?|fails?)\s+(?:with\s+)?(?:an?\s+)?(?:error|exception)?\s*(?:if|when)\s+"
    r"(?:it\s+is\s+|it's\s+)?called\s+(?:on|for|with|before|without)\b",
) + PRIOR_STEP_PATTERNS
