"""The rule pages in rules/*.md are tests: every python block is linted.

Each ```python block of a page is written to `example.py` in a fresh folder and checked
with that page's rule selected (plus any other code the block's own annotations name).
A trailing `# error: [TL102]` / `# error: [TL103, TL104]` comment marks a line where a
finding is reported; the set of (line, code) findings must equal the annotated set
exactly. So an "Example" block must carry at least one annotation and fire there, and a
"Use instead:" block carries none and must stay quiet.

The TL4xx pages' blocks need logged payloads beside them: tests/rules/test_usage_docs.py runs them.
"""
from __future__ import annotations

import os
import re
from typing import Dict, List, NamedTuple, Set, Tuple

import pytest

import toollint.rules
from toollint.config.settings import Settings
from toollint.rulekit.registry import all_rules, doc_path

RULES_DIR = os.path.dirname(os.path.abspath(toollint.rules.__file__))

REQUIRED_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead:")
OPTIONAL_SECTIONS = ("Fix", "Options", "Notes")
SECTION_ORDER = REQUIRED_SECTIONS + OPTIONAL_SECTIONS

_HEADING = re.compile(r"^# (?P<code>TL\d{3}) (?P<name>[a-z0-9]+(?:-[a-z0-9]+)*)$")
_SECTION = re.compile(r"^## (?P<title>.+?)\s*$")
_FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w+-]*)\s*$")
_ANNOTATION = re.compile(r"#\s*error:\s*\[(?P<codes>[^\]]*)\]\s*$")
_CODE = re.compile(r"^TL\d{3}$")

# Cases that document correct behaviour the engine does not have yet: id -> reason.
# Strict xfail, so the day the engine is fixed the test says so.
KNOWN_ENGINE_BUGS: Dict[str, str] = {}


class Block(NamedTuple):
    page: str  # file name, e.g. tl102_description_reads_like_signature.md
    code: str  # the page's rule code
    section: str  # the "## " section the block sits in
    index: int  # 1-based, per page and section
    first_line: int  # line of the page the block's first source line is on
    source: str
    lang: str = "python"


def _pages() -> List[str]:
    return sorted(f for f in os.listdir(RULES_DIR) if re.match(r"tl\d{3}_\w+\.md$", f))


def _read(page: str) -> str:
    with open(os.path.join(RULES_DIR, page), encoding="utf-8") as f:
        return f.read()


def _heading(text: str) -> Tuple[str, str]:
    first = text.split("\n", 1)[0]
    m = _HEADING.match(first)
    assert m, f"first line must be '# TLNNN rule-name', got {first!r}"
    return m.group("code"), m.group("name")


def _sections(text: str) -> List[str]:
    """Titles of the "## " sections, outside code fences, in order."""
    out: List[str] = []
    in_fence = False
    for line in text.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence:
            m = _SECTION.match(line)
            if m:
                out.append(m.group("title"))
    return out


def _blocks(page: str, langs: Tuple[str, ...] = ("python", "py")) -> List[Block]:
    text = _read(page)
    code = _HEADING.match(text.split("\n", 1)[0])
    page_code = code.group("code") if code else page[:5].upper()
    blocks: List[Block] = []
    counts: Dict[str, int] = {}
    section = ""
    lang = None
    indent = ""
    start = 0
    body: List[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        fence = _FENCE.match(line)
        if lang is None:
            if fence:  # a fence inside a list item is indented; so is its body
                lang, indent, start, body = fence.group("lang"), fence.group("indent"), number + 1, []
            else:
                m = _SECTION.match(line)
                if m:
                    section = m.group("title")
        elif fence and not fence.group("lang"):
            if lang in langs:
                counts[section] = counts.get(section, 0) + 1
                blocks.append(Block(page, page_code, section, counts[section], start, "\n".join(body) + "\n", lang))
            lang = None
        else:
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
    assert lang is None, f"{page}: unclosed code fence opened at line {start - 1}"
    return blocks


def _slug(section: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-") or "top"


def _case_id(block: Block) -> str:
    return f"{block.code.lower()}-{_slug(block.section)}-{block.index}"


def _annotations(source: str) -> Set[Tuple[int, str]]:
    expected: Set[Tuple[int, str]] = set()
    for number, line in enumerate(source.splitlines(), 1):
        m = _ANNOTATION.search(line)
        if not m:
            continue
        codes = [c.strip() for c in m.group("codes").split(",") if c.strip()]
        assert codes, f"line {number}: empty '# error: []' annotation"
        for c in codes:
            assert _CODE.match(c), f"line {number}: {c!r} is not a rule code"
            expected.add((number, c))
    return expected


def _cases():
    out = []
    for page in _pages():
        if page.startswith("tl4"):
            continue  # `toollint usage` findings need logged payloads: tests/rules/test_usage_docs.py
        for block in _blocks(page):
            case_id = _case_id(block)
            marks = ()
            if case_id in KNOWN_ENGINE_BUGS:
                marks = (pytest.mark.xfail(reason=KNOWN_ENGINE_BUGS[case_id], strict=True),)
            out.append(pytest.param(block, id=case_id, marks=marks))
    return out


CASES = _cases()


def test_pages_have_python_blocks():
    assert CASES, f"no python blocks found in {RULES_DIR}/*.md"


@pytest.mark.parametrize("block", CASES)
def test_rule_doc_example(block: Block, tmp_path):
    from toollint.engine.core import run

    expected = _annotations(block.source)
    if block.section == "Example":
        assert expected, f"{block.page}: an Example block needs a '# error: [{block.code}]' annotation"
    if block.section.startswith("Use instead"):
        assert not expected, f"{block.page}: a 'Use instead:' block must not fire"
    codes = tuple(sorted({block.code} | {c for _, c in expected}))

    path = tmp_path / "example.py"
    path.write_text(block.source, encoding="utf-8")
    settings = Settings(select=codes, root=str(tmp_path))
    if block.code == "TL003":
        # unused-noqa judges directives against the rules that ran: run the default set
        settings = Settings(extend_select=codes, root=str(tmp_path))
    result = run([str(path)], settings, cache=False)  # the rule's verdict, not the cache's
    found = {(f.span.line, f.code) for f in result.findings}
    assert all(os.path.basename(f.span.path) == "example.py" for f in result.findings)

    where = f"{block.page} line {block.first_line}"
    messages = "\n".join(f"  {f.span.line}:{f.span.col} {f.code} {f.message}" for f in result.findings)
    assert found == expected, (
        f"{where}: findings differ from the '# error:' annotations\n"
        f"  missing: {sorted(expected - found)}\n  unexpected: {sorted(found - expected)}\n{messages}"
    )


@pytest.mark.parametrize("code", sorted(all_rules()))
def test_every_rule_has_a_page(code):
    rule = all_rules()[code]
    path = doc_path(code)
    assert os.path.isfile(path), f"{code} {rule.name}: no page at {path}"
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert _heading(text) == (code, rule.name)

    sections = _sections(text)
    for title in REQUIRED_SECTIONS:
        assert title in sections, f"{path}: missing section '## {title}'"
    unknown = [s for s in sections if s not in SECTION_ORDER]
    assert not unknown, f"{path}: unknown sections {unknown}; allowed: {list(SECTION_ORDER)}"
    assert len(set(sections)) == len(sections), f"{path}: a section appears twice: {sections}"
    assert sections == sorted(sections, key=SECTION_ORDER.index), (
        f"{path}: sections out of order: {sections}; expected the order {list(SECTION_ORDER)}"
    )

    blocks = [b for b in _blocks(os.path.basename(path))]
    for title in ("Example", "Use instead:"):
        assert any(b.section == title for b in blocks), f"{path}: '## {title}' has no ```python block"


def test_every_page_belongs_to_a_rule():
    """No orphan page: each tlNNN_name.md sits next to tlNNN_name.py and documents a known rule."""
    rules = all_rules()
    for page in _pages():
        stem = page[: -len(".md")]
        assert os.path.isfile(os.path.join(RULES_DIR, stem + ".py")), f"{page}: no {stem}.py beside it"
        code, name = _heading(_read(page))
        assert code in rules, f"{page}: {code} is not a rule"
        assert os.path.basename(doc_path(code)) == page


def test_every_rule_module_has_a_page():
    for module in sorted(os.listdir(RULES_DIR)):
        if re.match(r"tl\d{3}_\w+\.py$", module):
            page = module[: -len(".py")] + ".md"
            assert os.path.isfile(os.path.join(RULES_DIR, page)), f"rules/{module}: no rules/{page}"
