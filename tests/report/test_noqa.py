from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toollint.model import Finding, Span
from toollint.report.noqa import Directives, LineDirective, apply, parse

PATH = "pkg/tools.py"


def finding(code: str, line: int, noqa_line: int = 0, path: str = PATH) -> Finding:
    return Finding(code, "some-rule", f"{code} fired", Span(path, line, 5, line, 9), noqa_line)


def one(text: str) -> Directives:
    return parse([(1, text)], source=f"x = 1  {text}\n")


# --- inline parsing --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "# noqa",
        "# NOQA",
        "#noqa",
        "# NoQa",
        "#   noqa",
        "# noqa # because the model needs it",
        "# noqa#because",
        "# noqa because reasons",
        "# noqa E501",  # no colon: blanket, as ruff and flake8 read it
    ],
)
def test_blanket(text):
    d = one(text)
    assert d.lines == {1: None}
    assert d.warnings == ()


@pytest.mark.parametrize(
    "text, codes",
    [
        ("# noqa: TL104, TL203", {"TL104", "TL203"}),
        ("# noqa:TL102,TL104", {"TL102", "TL104"}),
        ("# noqa: TL102 TL104", {"TL102", "TL104"}),
        ("# NOQA: TL101", {"TL101"}),
        ("#noqa:TL101", {"TL101"}),
        ("# noqa : TL101", {"TL101"}),
        ("# noqa: TL101 the model needs it", {"TL101"}),
        ("# noqa: TL101 # the model needs it", {"TL101"}),
        ("# noqa: TL101#reason", {"TL101"}),
        ("# noqa: TL101, TL101", {"TL101"}),
        ("# noqa:\tTL101,\tTL102", {"TL101", "TL102"}),
        ("# noqa: TL101 , TL102", {"TL101", "TL102"}),
    ],
)
def test_codes(text, codes):
    d = one(text)
    assert d.lines == {1: frozenset(codes)}
    assert d.warnings == ()


def test_other_linters_codes_are_ignored_not_errors():
    assert one("# noqa: E501, TL102").lines == {1: frozenset({"TL102"})}
    assert one("# noqa: E501, TL102").warnings == ()
    d = one("# noqa: E501")
    assert d.lines == {} and d.warnings == ()
    assert one("# noqa: RUF100,F401 TL104").lines == {1: frozenset({"TL104"})}


def test_directive_after_other_comment_text():
    assert one("# type: ignore # noqa: TL101").lines == {1: frozenset({"TL101"})}
    assert one("# pragma: no cover # noqa").lines == {1: None}
    assert one("##noqa: TL101").lines == {1: frozenset({"TL101"})}


def test_noqa_word_not_after_hash_is_not_a_directive():
    assert one("# we do not noqa this").lines == {}
    assert one("# this mentions noqa: TL101").lines == {}
    assert one("# toollint: noqa").lines == {}  # file level only, never inline


def test_first_directive_in_a_comment_wins():
    assert one("# noqa: TL101 # noqa: TL102").lines == {1: frozenset({"TL101"})}


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("# noqa:", "expected a comma-separated list of codes"),
        ("# noqa: ", "expected a comma-separated list of codes"),
        ("# noqa: ,", "expected a comma-separated list of codes"),
        ("# noqa:,", "expected a comma-separated list of codes"),
        ("# noqa: tl101", "expected a comma-separated list of codes"),
        ("# noqa: missing-description", "expected a comma-separated list of codes"),
        ("#noqaTL101", "expected `:`"),
        ("# noqa; TL101", "expected `:`"),
        ("# noqa-TL101", "expected `:`"),
        ("# noqa: TL101abc", "uppercase letters followed by digits"),
        ("# noqa: TL101;TL102", "uppercase letters followed by digits"),
        ("# noqa: TL101TLx", "uppercase letters followed by digits"),
    ],
)
def test_malformed_warns_and_suppresses_nothing(text, fragment):
    d = one(text)
    assert d.lines == {}
    assert len(d.warnings) == 1
    line, message = d.warnings[0]
    assert line == 1 and "invalid `# noqa` directive" in message and fragment in message
    kept, unused = apply([finding("TL101", 1)], d, path=PATH, report_unused=True)
    assert kept == [finding("TL101", 1)] and unused == []


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("# noqa: TL101,,TL102", "between commas"),
        ("# noqa: ,TL101, TL102", "between commas"),
        ("# noqa: TL101TL102", "comma or space"),
    ],
)
def test_recoverable_lexing_warns_but_applies(text, fragment):
    d = one(text)
    assert d.lines == {1: frozenset({"TL101", "TL102"})}
    assert len(d.warnings) == 1 and fragment in d.warnings[0][1]


def test_blanket_followed_by_tl_code_warns():
    d = one("# noqa TL102")
    assert d.lines == {1: None}
    assert len(d.warnings) == 1 and "`# noqa: TL102`" in d.warnings[0][1]
    assert one("# noqa TLDR it is fine").warnings == ()


def test_codes_are_exact():
    d = one("# noqa: TL104, TL1")
    kept, _ = apply([finding("TL1041", 1), finding("TL101", 1), finding("TL104", 1)], d, path=PATH)
    assert [f.code for f in kept] == ["TL1041", "TL101"]
    kept, _ = apply([finding("TL104", 1)], one("# noqa: TL1041"), path=PATH)
    assert [f.code for f in kept] == ["TL104"]


def test_directive_columns():
    d = parse([(3, "# type: ignore # noqa: TL101, TL102")], source="\n\nx = 1  # type: ignore # noqa: TL101, TL102\n")
    (ld,) = d.inline
    # `x = 1  ` is 7 characters; the `# noqa` starts 15 characters into the comment.
    assert ld == LineDirective(line=3, col=23, end_col=43, codes=("TL101", "TL102"))
    # The caller's column wins over the one found in the source.
    d = parse([(3, 10, "# noqa")])
    assert d.inline == (LineDirective(3, 10, 16, None),)


def test_column_under_non_ascii_prefix():
    src = 'd = "日本語"  # noqa: TL101\n'
    (ld,) = parse([(1, "# noqa: TL101")], source=src).inline
    assert src[ld.col - 1 : ld.end_col - 1] == "# noqa: TL101"


# --- file level ------------------------------------------------------------------------


def test_file_level_all():
    src = "# toollint: noqa\nx = 1\n"
    d = parse([(1, "# toollint: noqa")], source=src)
    assert d.file_all and d.file_codes == frozenset() and d.lines == {}
    kept, unused = apply([finding("TL101", 2), finding("TL301", 9)], d, path=PATH, report_unused=True)
    assert kept == [] and unused == []


@pytest.mark.parametrize(
    "text",
    ["# toollint: noqa: TL104, TL203", "# TOOLLINT: NOQA: TL104 TL203", "#toollint:noqa:TL104,TL203, E501"],
)
def test_file_level_codes(text):
    src = f"{text}\nx = 1\n"
    d = parse([(1, text)], source=src)
    assert not d.file_all and d.file_codes == frozenset({"TL104", "TL203"})
    kept, _ = apply([finding("TL104", 2), finding("TL203", 5), finding("TL101", 2)], d, path=PATH)
    assert [f.code for f in kept] == ["TL101"]


def test_file_level_case_insensitive_words():
    for text in ("# Toollint: NoQA", "# TOOLLINT : noqa", "#toollint:noqa", "# toollint: noqa # why"):
        assert parse([(1, text)], source=text + "\n").file_all, text


def test_file_level_indented_own_line_counts():
    src = "def f():\n    # toollint: noqa\n    pass\n"
    assert parse([(2, "# toollint: noqa")], source=src).file_all


def test_trailing_file_level_is_not_file_level():
    src = "x = 1  # toollint: noqa\ny = 2  # toollint: noqa: TL104\n"
    d = parse([(1, "# toollint: noqa"), (2, "# toollint: noqa: TL104")], source=src)
    assert not d.file_all and d.file_codes == frozenset() and d.lines == {}
    assert [w[0] for w in d.warnings] == [1, 2]
    assert all("own" in w[1] for w in d.warnings)
    kept, _ = apply([finding("TL101", 1), finding("TL104", 2)], d, path=PATH)
    assert len(kept) == 2


def test_string_continuation_line_starting_with_hash_is_not_own_line():
    # Line 2 starts with `#` only because it continues a string; its real comment trails.
    src = 'x = """\n# doc """  # toollint: noqa\n'
    d = parse([(2, "# toollint: noqa")], source=src)
    assert not d.file_all
    assert len(d.warnings) == 1


def test_own_line_from_column_predicate_or_set():
    src = "x = 1  # toollint: noqa\n"
    assert not parse([(1, 8, "# toollint: noqa")], source=src).file_all
    assert parse([(1, 1, "# toollint: noqa")], source="# toollint: noqa\n").file_all
    assert parse([(1, "# toollint: noqa")], own_line=lambda n: n == 1).file_all
    assert not parse([(1, "# toollint: noqa")], own_line=lambda n: False).file_all
    assert parse([(4, "# toollint: noqa")], own_line={4}).file_all
    assert not parse([(4, "# toollint: noqa")], own_line=set()).file_all


def test_file_level_malformed():
    d = parse([(1, "# toollint: noqa:")], source="# toollint: noqa:\n")
    assert not d.file_all and d.file_codes == frozenset()
    assert len(d.warnings) == 1 and "invalid `# toollint: noqa` directive" in d.warnings[0][1]


def test_file_level_and_inline_in_one_comment():
    text = "# toollint: noqa: TL104 # noqa: TL101"
    d = parse([(1, text)], source=text + "\n")
    assert d.file_codes == frozenset({"TL104"})
    assert d.lines == {1: frozenset({"TL101"})}


def test_file_level_codes_merge_across_comments():
    src = "# toollint: noqa: TL104\n# toollint: noqa: TL203\n"
    d = parse([(1, "# toollint: noqa: TL104"), (2, "# toollint: noqa: TL203")], source=src)
    assert d.file_codes == frozenset({"TL104", "TL203"})


# --- apply -----------------------------------------------------------------------------


def test_suppressed_on_reported_line_or_noqa_line():
    src = 'T = {\n    "description": """x\n    y""",  # noqa: TL102\n}\n'
    d = parse([(3, "# noqa: TL102")], source=src)
    on_noqa_line = finding("TL102", 2, noqa_line=3)
    on_line = finding("TL102", 3)
    elsewhere = finding("TL102", 2, noqa_line=2)
    other_code = finding("TL101", 2, noqa_line=3)
    kept, _ = apply([on_noqa_line, on_line, elsewhere, other_code], d, path=PATH)
    assert kept == [elsewhere, other_code]


def test_blanket_suppresses_any_code():
    kept, _ = apply([finding("TL101", 1), finding("TL305", 1), finding("TL101", 2)], one("# noqa"), path=PATH)
    assert kept == [finding("TL101", 2)]


def test_findings_of_other_files_pass_through():
    f = finding("TL101", 1, path="other.py")
    kept, _ = apply([f], one("# noqa"), path=PATH)
    assert kept == [f]
    kept, _ = apply([f], parse([(1, "# toollint: noqa")], own_line={1}), path=PATH)
    assert kept == [f]


def test_ignore_noqa_keeps_everything():
    d = parse([(1, "# toollint: noqa"), (2, "# noqa")], own_line={1})
    fs = [finding("TL101", 1), finding("TL101", 2)]
    assert apply(fs, d, path=PATH, ignore_noqa=True, report_unused=True) == (fs, [])
    d = parse([(1, "# toollint: noqa: TL101"), (2, "# noqa: TL101")], own_line={1})
    assert apply(fs, d, path=PATH, ignore_noqa=True) == (fs, [])


def test_order_of_kept_findings_is_preserved():
    fs = [finding("TL101", n) for n in (5, 1, 3)]
    kept, _ = apply(fs, parse([(3, "# noqa")]), path=PATH)
    assert kept == [fs[0], fs[1]]


# --- unused noqa (TL003) --------------------------------------------------------------


def test_unused_code_reported_at_the_directive():
    src = "x = 1\ny = 2  # noqa: TL104\n"
    d = parse([(2, "# noqa: TL104")], source=src)
    kept, unused = apply([], d, path=PATH, report_unused=True)
    assert kept == []
    assert unused == [
        Finding(
            code="TL003",
            name="unused-noqa",
            message="unused noqa directive for TL104",
            span=Span(PATH, 2, 8, 2, 21),
            noqa_line=2,
        )
    ]


def test_unused_only_the_codes_that_suppressed_nothing():
    d = one("# noqa: TL104, TL203, TL101")
    _, unused = apply([finding("TL203", 1)], d, path=PATH, report_unused=True)
    assert [u.message for u in unused] == ["unused noqa directive for TL104, TL101"]


def test_used_directive_not_reported():
    d = one("# noqa: TL104")
    assert apply([finding("TL104", 1)], d, path=PATH, report_unused=True) == ([], [])
    d = one("# noqa")
    assert apply([finding("TL104", 1)], d, path=PATH, report_unused=True) == ([], [])


def test_used_through_noqa_line_not_reported():
    d = parse([(4, "# noqa: TL102")])
    assert apply([finding("TL102", 2, noqa_line=4)], d, path=PATH, report_unused=True) == ([], [])


def test_unused_blanket():
    _, unused = apply([finding("TL101", 2)], one("# noqa"), path=PATH, report_unused=True)
    assert [(u.code, u.message, u.span.line) for u in unused] == [
        ("TL003", "unused blanket noqa directive", 1)
    ]


def test_unused_off_by_default():
    assert apply([], one("# noqa: TL104"), path=PATH) == ([], [])


def test_unused_respects_enabled_and_known():
    d = one("# noqa: TL104, TL999, TL203")
    _, unused = apply([], d, path=PATH, report_unused=True, enabled={"TL104"}, known={"TL104", "TL203"})
    assert [u.message for u in unused] == ["unused noqa directive for TL104, TL999 (unknown code)"]
    _, unused = apply([], d, path=PATH, report_unused=True, enabled={"TL101"})
    assert unused == []


def test_directive_naming_tl003_is_not_reported():
    assert apply([], one("# noqa: TL104, TL003"), path=PATH, report_unused=True) == ([], [])


def test_file_level_tl003_silences_unused():
    d = parse([(1, "# toollint: noqa: TL003"), (2, "# noqa: TL104")], own_line={1})
    assert apply([], d, path=PATH, report_unused=True) == ([], [])


def test_code_covered_by_file_level_is_not_reported_unused():
    d = parse([(1, "# toollint: noqa: TL104"), (2, "# noqa: TL104")], own_line={1})
    assert apply([finding("TL104", 2)], d, path=PATH, report_unused=True) == ([], [])


def test_other_linters_only_directive_never_reported():
    assert apply([], one("# noqa: E501"), path=PATH, report_unused=True) == ([], [])


def test_unused_sorted_by_line():
    d = parse([(9, "# noqa: TL101"), (2, "# noqa"), (5, "# noqa: TL102")])
    _, unused = apply([], d, path=PATH, report_unused=True)
    assert [u.span.line for u in unused] == [2, 5, 9]


# --- robustness ------------------------------------------------------------------------


@given(st.text(max_size=60))
def test_parse_never_raises(body):
    text = "#" + body
    d = parse([(1, text), (2, 3, text)], source=f"{text}\nx = {text}\n")
    assert isinstance(d, Directives)
    for codes in d.lines.values():
        assert codes is None or all(c.startswith("TL") for c in codes)
    apply([finding("TL101", 1)], d, path=PATH, report_unused=True)


@given(st.lists(st.sampled_from(["TL101", "TL104", "E501", "TL1", "F401"]), min_size=1, max_size=5),
       st.sampled_from([", ", ",", " ", " , "]))
def test_code_lists_round_trip(codes, sep):
    d = one("# noqa: " + sep.join(codes))
    expected = frozenset(c for c in codes if c.startswith("TL"))
    assert d.lines == ({1: expected} if expected else {})
    assert d.warnings == ()
