"""OpenAI swarm: toollint.frameworks.swarm."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("swarm"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_swarm_functions_become_tools_spanned_on_the_def():
    found = extract('''
        from swarm import Agent

        def transfer_to_sales(context_variables, reason: str):
            """Hand the user to sales."""

        def refund(order_id: int, amount: float = 0.0):
            pass

        agent = Agent(name="Triage", functions=[transfer_to_sales, refund])
    ''')
    assert [t.name.value for t in found] == ["transfer_to_sales", "refund"]
    assert found[0].function.span.line == 3
    assert list(props(found[0])) == ["reason"]  # context_variables is swarm's own
    assert found[1].description.value == ""
    assert schema(found[1])["required"] == ["order_id"]


def test_postponed_annotations_are_all_strings():
    tool, = extract('''
        from __future__ import annotations
        from swarm import Agent

        def count(n: int):
            """Count."""

        agent = Agent(functions=[count])
    ''')
    assert props(tool)["n"] == {"type": "string"}


def test_functions_passed_elsewhere_are_not_tools():
    assert extract('''
        from swarm import Agent, Swarm

        def on_done(result: str):
            """Log."""

        def helper(x: int):
            """Help."""

        runner = Swarm()
        agent = Agent(name="A", functions=[])
        hooks = dict(functions=[on_done])
        run = runner.run(agent=agent, messages=[], callbacks=[on_done, helper])
        mapped = map(helper, [1, 2])
    ''') == []


def test_functions_appended_to_an_agent():
    found = extract('''
        from swarm import Agent

        def transfer_back(context_variables):
            """Back to triage."""

        def refund(order_id: int):
            """Refund."""

        def helper(x: int):
            """Not a tool."""

        sales = Agent(name="Sales", functions=[])
        sales.functions.append(transfer_back)
        sales.functions.extend([refund])
        other = Agent(name="Other")
        other.functions = [helper]
        helpers = []
        helpers.append(helper)
        sales.instructions.append(helper)
    ''')
    assert [t.name.value for t in found] == ["transfer_back", "refund", "helper"]
