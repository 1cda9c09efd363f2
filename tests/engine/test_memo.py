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


def test_answers_found_in_forked_rule_workers_are_stored(tmp_path):
    """A cold `-j 2` run judges its groups in forked workers: their answers come back with
    their findings and are stored, so a pre-commit run after it compiles none of phrases'
    big patterns."""
    import os
    import subprocess
    import sys

    root = tmp_path / "p"
    root.mkdir()
    (root / "pyproject.toml").write_text("")
    for g in range(3):
        tools = ", ".join(f'{{"name": "t{g}_{i}", "description": "Look up record {g} {i}. Use this when asked '
                          f'about record {i}.", "input_schema": {{"type": "object", "properties": {{}}}}}}'
                          for i in range(30))
        (root / f"m{g}.py").write_text(f"TOOLS = [{tools}]\n")
    env = dict(os.environ, TOOLLINT_CACHE_DIR=str(tmp_path / "cache"), XDG_CACHE_HOME=str(tmp_path / "xdg"))
    env.pop("TOOLLINT_NO_CACHE", None)
    code = ("import sys\nfrom toollint.commands.cli import main\nfrom toollint.engine import pool\n"
            "from toollint.rulekit import phrases\nseen = []\nreal = pool.run_chunks\n"
            "pool.run_chunks = lambda work, *a, **k: seen.append(work.__name__) or real(work, *a, **k)\n"
            "rc = main(sys.argv[1:])\n"
            "print(seen, phrases._trigger.cache_info().currsize, rc)")
    cold = subprocess.run([sys.executable, "-c", code, "check", "-q", "-j", "2", "."], cwd=root,
                          capture_output=True, text=True, env=env)
    assert cold.stdout.splitlines()[-1].startswith("['_check_groups'] 0"), cold.stdout + cold.stderr
    (root / "m1.py").write_text((root / "m1.py").read_text() + "# edited\n")
    warm = subprocess.run([sys.executable, "-c", code, "check", "-q", "m1.py"], cwd=root,
                          capture_output=True, text=True, env=env)
    assert warm.stdout.splitlines()[-1].split()[-2:] == ["0", "1"], warm.stdout + warm.stderr
