"""AG2 (the autogen 0.2-style API): toollint.frameworks.ag2."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema
from toollint.model import UNRESOLVED, Unresolved


@pytest.mark.parametrize("recording", [r for r in recordings("ag2") if name_of(r) != "ag2_1"], ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_stacked_decorators_in_a_function_make_one_tool_named_by_the_inner_one():
    tool, = extract('''
        import autogen

        def main():
            assistant = autogen.AssistantAgent("assistant", llm_config={"config_list": []})
            user_proxy = autogen.UserProxyAgent("user")

            @user_proxy.register_for_execution()
            @assistant.register_for_llm(name="query_db", description="Run a read-only SQL query.")
            def run_sql(sql: str) -> str:
                return ""
    ''')
    assert (tool.name.value, tool.framework) == ("query_db", "ag2")
    assert tool.description.value == "Run a read-only SQL query."
    assert schema(tool)["required"] == ["sql"]


def test_an_outer_register_for_llm_keeps_what_the_inner_one_gave():
    tool, = extract('''
        from autogen import ConversableAgent
        first = ConversableAgent("a", llm_config={})
        second = ConversableAgent("b", llm_config={})

        @second.register_for_llm()
        @first.register_for_llm(name="add", description="Add two integers.")
        def plus(a: int, b: int) -> int:
            return a + b
    ''')
    assert (tool.name.value, tool.description.value) == ("add", "Add two integers.")


def test_register_function_without_a_description_raises_and_makes_no_tool():
    assert extract('''
        from autogen import register_function, AssistantAgent, UserProxyAgent
        assistant = AssistantAgent("a", llm_config={})
        user = UserProxyAgent("u")

        def lookup(key: str) -> str:
            """Look a key up."""

        def untyped(key) -> str:
            return ""

        register_function(lookup, caller=assistant, executor=user, name="lookup")
        register_function(untyped, caller=assistant, executor=user, description="Untyped: ag2 raises.")
        user.register_function(function_map={"lookup": lookup})
    ''') == []


def test_what_toollint_cannot_derive_stays_unresolved():
    found = extract('''
        from typing import Annotated, Optional
        from autogen import AssistantAgent
        from autogen.tools import ChatContext, Depends
        from pydantic import Field
        agent = AssistantAgent("a", llm_config={})

        @agent.register_for_llm(description="Reads the chat.")
        def history(ctx: ChatContext, n: int = 3) -> str:
            return ""

        @agent.register_for_llm(description="Takes a pydantic Field.")
        def limited(n: Annotated[int, Field(ge=1)]) -> str:
            return ""

        @agent.register_for_llm(description="Nested Annotated.")
        def nested(n: Optional[Annotated[int, "How many."]] = None) -> str:
            return ""

        @agent.register_for_llm(description="Injected.")
        def injected(n: int, db=Depends(lambda: None)) -> str:
            return ""
    ''')
    assert [t.name.value for t in found] == ["history", "limited", "nested", "injected"]
    assert all(isinstance(t.schema, Unresolved) for t in found)


def test_a_description_that_is_not_a_literal_is_unresolved():
    tool, = extract('''
        from autogen import AssistantAgent
        agent = AssistantAgent("a", llm_config={})

        @agent.register_for_llm(description=load_description("search"))
        def search(q: str) -> str:
            """Search."""
    ''')
    assert tool.description.value is None


def test_calls_that_are_not_registrations_make_no_tool():
    assert extract('''
        from autogen import AssistantAgent, UserProxyAgent
        assistant = AssistantAgent("a", llm_config={})
        user = UserProxyAgent("u")

        def execute(code: str) -> str:
            """Run code."""

        def on_reply(msg: str) -> None:
            """Log."""

        user.register_for_execution(name="execute")(execute)
        user.register_reply([AssistantAgent], on_reply)
        hooks = dict(functions=[on_reply])
    ''') == []


def test_a_def_in_a_class_body_is_no_tool():
    assert extract('''
        from autogen import AssistantAgent
        agent = AssistantAgent("a", llm_config={})

        class Tools:
            @agent.register_for_llm(description="Needs self, unannotated: ag2 raises.")
            def run(self, q: str) -> str:
                return ""
    ''') == []


def test_an_unannotated_parameter_with_a_default_is_left_out():
    tool, = extract('''
        from autogen import ConversableAgent

        def convert(amount: float, verbose=False) -> str:
            """  Convert money.  """

        agent = ConversableAgent("a", llm_config={}, functions=[convert])
    ''')
    assert list(props(tool)) == ["amount"]
    assert tool.description.value == "Convert money."
    assert props(tool)["amount"]["description"] == "amount"


def test_findings_on_what_ag2_sends(lint):
    found = lint({"agents.py": '''
import autogen

assistant = autogen.AssistantAgent("assistant", llm_config={"config_list": []})


@assistant.register_for_llm()
def ping(host: str) -> str:
    return ""


@assistant.register_for_llm(name="get weather", description="Forecast for a city: call this when the user asks "
                                                         "about coming days. Not for past weather.")
def weather(city: str) -> str:
    return ""
'''})
    assert found == [("agents.py", 7, "TL101"), ("agents.py", 11, "TL301")]  # no description; a space


def test_a_well_described_agent_is_quiet(lint):
    assert lint({"agents.py": '''
from typing import Annotated

from autogen import AssistantAgent, UserProxyAgent, register_function

assistant = AssistantAgent("assistant", llm_config={"config_list": []})
user_proxy = UserProxyAgent("user_proxy", code_execution_config=False)


@user_proxy.register_for_execution()
@assistant.register_for_llm(description="Live price of a stock ticker: use when the user asks what a stock "
                                        "trades at now. Not for historical prices; "
                                        "use price_history for those.")
def stock_price(ticker: Annotated[str, "Ticker symbol such as 'AAPL'"]) -> float:
    return 0.0


def price_history(ticker: Annotated[str, "Ticker symbol such as 'AAPL'"],
                  days: Annotated[int, "How many past trading days, 1-365"] = 30) -> str:
    return ""


register_function(price_history, caller=assistant, executor=user_proxy,
                  description="Daily closing prices of a ticker: use when the user asks about a trend. "
                              "Not for today's live price; "
                              "use stock_price for that.")
'''}) == []


_AGENTS = '''
from autogen import ConversableAgent


def answer_basic(question: str) -> str:
    """Call this tool with your answer to a basic question."""


def answer_advanced(question: str) -> str:
    """Call this tool with your answer to a basic question."""


def main(llm_config):
    {agents}
'''


def test_each_agents_functions_are_its_own_turn(lint):
    # a group chat's agents: each offers its own function, never weighed against the other's
    agents = ('basic = ConversableAgent("basic", llm_config=llm_config, functions=[answer_basic])\n'
              '    advanced = ConversableAgent("advanced", llm_config=llm_config, functions=[answer_advanced])')
    assert [c for _, _, c in lint({"agents.py": _AGENTS.replace("{agents}", agents)})
            if c in ("TL104", "TL107")] == []


def test_one_agents_functions_are_one_turn(lint):
    agents = 'both = ConversableAgent("both", llm_config=llm_config, functions=[answer_basic, answer_advanced])'
    codes = [c for _, _, c in lint({"agents.py": _AGENTS.replace("{agents}", agents)})]
    assert "TL107" in codes and "TL104" in codes


def test_a_parameter_typed_with_a_model_is_unresolved_and_a_literal_alias_is_read():
    # ag2 sends the model's $defs inside the property itself, a form toollint does not derive
    tool, = extract('''
        from typing import Annotated, List, Literal
        from pydantic import BaseModel
        from autogen import AssistantAgent
        agent = AssistantAgent("a", llm_config={})
        Currency = Literal["USD", "EUR"]

        class Day(BaseModel):
            date: str

        @agent.register_for_llm(description="Store the plan.")
        def store(days: List[Day], currency: Annotated[Currency, "Currency of the prices"] = "USD") -> str:
            return ""
    ''')
    assert props(tool)["days"] is UNRESOLVED
    assert props(tool)["currency"] == {"type": "string", "enum": ["USD", "EUR"], "description": "Currency of the prices",
                                       "default": "USD"}


_IF_DEF = """from typing import Annotated

from autogen import AssistantAgent


def build(interactive: bool) -> AssistantAgent:
    clarifier = AssistantAgent(name="clarifier", llm_config={})
    if interactive:
        def ask_user(message: Annotated[str, "The question to show the user"]) -> str:
            return input(message)
ELSE
    clarifier.register_for_llm(name="ask_user", description="Ask the user a question.")(ask_user)

    def out_of_scope(message: Annotated[str, "Why the goal cannot be handled"]) -> str:
        return message

    clarifier.register_for_llm(name="out_of_scope", description="Say the goal is out of scope.")(out_of_scope)
    return clarifier
"""


@pytest.mark.parametrize("orelse, names", [
    ("", ["ask_user", "out_of_scope"]),
    # a second def of the name in the else branch: which one is registered is not known
    ("    else:\n        def ask_user(message: str) -> str:\n            return ''", ["out_of_scope"]),
])
def test_a_def_inside_an_if_of_a_function_is_registered(orelse, names):
    # held-out round 48, M1 (AutoTx): `if interactive: def ask_user(...)`, then register_for_llm(...)(ask_user)
    found = extract(_IF_DEF.replace("ELSE", orelse))
    assert sorted(t.name.value for t in found) == names

