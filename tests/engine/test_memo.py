"""The rules' remembered answers (toollint/rulekit/memo.py): what a run stores, and that an
answer from the cache is the one the question gives."""
from __future__ import annotations

from toollint.rulekit import memo, phrases


def test_a_run_that_learns_nothing_writes_nothing_and_one_that_does_keeps_its_own_first():
    memo.begin({})
    assert phrases.has_trigger("Use this when the user asks about an order.")
    first = memo.end()
    assert first is not None and list(first.values()) == [True]
    memo.begin(first)
    assert phrases.has_trigger("Use this when the user asks about an order.")
    assert memo.end() is None
    memo.begin(first)
    assert not phrases.has_exclusion("Search the orders.")
    second = memo.end()
    assert second is not None and list(second.values()) == [False, True]  # this run's, then the last's


def test_a_remembered_answer_is_the_answer():
    texts = ["Search the orders. Do not use it for refunds.", "Look up a city.", "Call this after the order "
             "is shipped.", "Only for admins.", "For refunds, use issue_refund."]
    extra = ("\\bwhenever\\b",)
    cold = [(phrases._has_trigger(t, extra), phrases._has_exclusion(t, extra)) for t in texts]
    memo.begin({})
    assert [(phrases.has_trigger(t, extra), phrases.has_exclusion(t, extra)) for t in texts] == cold
    stored = memo.end()
    memo.begin(stored)
    assert [(phrases.has_trigger(t, extra), phrases.has_exclusion(t, extra)) for t in texts] == cold
    assert memo.end() is None
    # the user's phrases are part of the question
    assert memo._key("has_trigger", ("a", "b")) != memo._key("has_trigger", ("a b",))
