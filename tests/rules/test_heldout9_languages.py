"""TL107 and the language gate on what a framework wraps around a docstring (held-out
round 9, issue 18, class C), written here in the shape of pydantic-ai tutorial tools:
pydantic-ai wraps a docstring with a ``Returns:`` section in <summary>/<returns> tags, and
those tags are neither the description's words nor its language."""
from __future__ import annotations

from toollint.rulekit.text import NEAR_DUPLICATE, looks_english, similarity

_AGENT = '''
from pydantic_ai import Agent, RunContext

agent = Agent("openai:gpt-4o")


@agent.tool
def flip_coin(ctx: RunContext[None], times: int = 1) -> str:
    """
    {first}

    Args:
        times: {arg}

    Returns:
        {ret}
    """
    return "heads"


@agent.tool_plain
def multiply(a: float, b: float) -> float:
    """
    {second}

    Args:
        a: {arg}
        b: {arg}

    Returns:
        {ret}
    """
    return a * b
'''


def test_chinese_docstrings_with_returns_are_not_compared(lint):
    src = _AGENT.format(first="抛硬币。", second="计算两个数的乘积。", arg="次数", ret="结果")
    # no TL107 through the tags alone, and no TL102: the text is not English
    assert lint({"agent.py": src}, select=["TL102", "TL103", "TL107"]) == []


def test_english_near_duplicates_with_returns_still_fire(lint):
    text = "Multiply two numbers and return the product of both numbers."
    src = _AGENT.format(first=text, second=text.replace("both", "the two"), arg="A number.", ret="The product.")
    assert lint({"agent.py": src}, select=["TL107"]) == [("agent.py", 22, "TL107")]


def test_english_tools_with_returns_are_compared_on_their_own_words(lint):
    src = _AGENT.format(first="Flip a coin a number of times when the user asks for a toss.",
                        second="Multiply two numbers when the user asks for a product.",
                        arg="A number.", ret="The outcome.")
    assert lint({"agent.py": src}, select=["TL107"]) == []


def test_markup_is_neither_language_nor_shared_words():
    wrapped = "<summary>{}</summary>\n<returns>\n<description>{}</description>\n</returns>"
    a, b = wrapped.format("掷骰子。", "点数"), wrapped.format("执行基本算术运算。", "运算结果")
    assert not looks_english(a)
    assert similarity(a, b) == 0.0
    english_a = wrapped.format("Get the user.", "The user.")
    english_b = wrapped.format("Delete the user.", "The status.")
    assert looks_english(english_a)
    assert similarity(english_a, english_b) < 0.5


def test_words_of_another_script_tell_tools_apart():
    assert similarity("Get the GitHub 仓库 list", "Get the GitHub 用户 list") < NEAR_DUPLICATE
    assert similarity("Get the GitHub 仓库 list", "Fetch the GitHub 仓库 list") == 1.0
    assert similarity("查询用户信息", "更新用户信息") < NEAR_DUPLICATE


def test_spanish_with_acronyms_and_a_returns_heading_is_not_english():
    # held-out round 18: "IS" (a tax's acronym) and the heading "Returns:" were counted as English
    assert not looks_english("Obtiene datos sobre normativa fiscal: IVA, IS, IRPF.\n\n"
                             "Returns:\n    Resumen de la normativa vigente")
    assert not looks_english("Obtiene listado de facturas vencidas")
    # English with acronyms and headings stays English
    assert looks_english("Get the VAT rate of a country. Use this when the user asks about IS or VAT.\n\n"
                         "Returns:\n    The rate as a number.")
    assert looks_english("DO NOT CALL THIS FOR REFUNDS")


def test_letters_across_a_slash_are_no_foreign_word():
    # held-out round 103, M3: the "O" of "I/O-bound" was Portuguese's article, and the
    # description went unjudged by TL102-TL104
    assert looks_english("Handle entries using threads (I/O-bound)")
    assert looks_english("Run an A/B test on two prompts")
    assert not looks_english("Busca o cliente pelo nome e/ou e-mail")


def test_norwegian_and_swedish_are_not_english():
    # held-out round 108, B: "for" made a Norwegian trigger read as a missing English one
    assert not looks_english("Sender en melding til en kontakt. Bruk dette for alle endelige svar til brukeren.")
    assert not looks_english("Skicka ett meddelande till alla användare och vänta")
    assert looks_english("Send a message to all users. Use this till the user says stop.")


def test_chinese_with_an_identifier_in_parentheses_is_not_english():
    # held-out round 19: the Latin letters are a state change, not prose
    assert not looks_english("完成任务(in_progress→completed)")
    assert looks_english("Complete the task (in_progress→completed).")


def test_english_with_a_clause_in_chinese_is_not_judged_as_english():
    # held-out round 53, B: the parenthetical says "only searches the local file system"
    assert not looks_english("Search file contents with a pattern (仅本地文件系统内搜索). Use this to find a symbol.")
    # a short value in another script is an example, not a clause
    assert looks_english("Translate a city name, e.g. '北京', into English. Use this when the user names a city.")
    assert looks_english('Search past chats. Use this when the user asks "我们之前讨论的..." or "what did we say?".')


def test_a_short_spanish_label_whose_only_english_word_is_a_is_not_english():
    # held-out round 58, C: "a" is a preposition in Spanish too
    assert not looks_english("Asigna agentes a un caso")
    assert looks_english("Create a ticket")
    assert looks_english("Send a message to a user")
    # ... and letters glued to digits are units and names, not French or Spanish words
    assert looks_english("Create a new D64 disk image")
    assert looks_english("Get prices over a window (24h, 7d, 30d, 1y). Requires a CoinMarketCap API key.")


# held-out round 78, A (19 findings): agno tools of one agent, most docstrings Portuguese with
# "de"/"uma", a few too short to hold a function word of any language
_PT = '''
from agno.agent import Agent
from agno.tools import tool


@tool
def lista_reunioes(dias: int = 7) -> dict:
    """Lista reuniões próximas"""
    return {}


@tool
def atualiza_registro(registro_id: str) -> dict:
    """Atualiza registro existente

    Args:
        registro_id: ID do registro
    """
    return {}


@tool
def agenda_reuniao(data: str) -> dict:
    """Agenda uma reunião com o lead na data escolhida pelo cliente."""
    return {}


@tool
def busca_contato(nome: str) -> dict:
    """Busca o contato de um lead pelo nome informado na conversa."""
    return {}


agent = Agent(name="agenda", tools=[lista_reunioes, atualiza_registro, agenda_reuniao, busca_contato])
'''


def test_a_short_label_among_portuguese_descriptions_is_portuguese(lint):
    assert lint({"agent.py": _PT}, select=["TL102", "TL103", "TL104", "TL208"]) == []


def test_the_same_short_label_among_english_descriptions_is_judged(lint):
    src = (_PT.replace("Agenda uma reunião com o lead na data escolhida pelo cliente.",
                       "Book a meeting with the lead on the date the customer chose.")
           .replace("Busca o contato de um lead pelo nome informado na conversa.",
                    "Find a lead's contact by the name given in the conversation."))
    found = lint({"agent.py": src}, select=["TL102"])
    # "Lista reuniões próximas" is foreign by its accents alone; "Atualiza registro existente" is a label
    assert [(line, code) for _, line, code in found] == [(13, "TL102")]


def test_a_text_with_no_function_word_has_no_language_of_its_own():
    from toollint.rulekit.text import english_among, language

    assert language("Cancela lembrete(s)") is None and language("Lista carpetas.") is None
    assert language("Lista reuniões próximas") is False  # accented, and no English word
    assert language("Get user unread emails") is True  # an English verb first (held-out round 74)
    # "a" and "as" are Portuguese articles too (held-out round 78, A)
    assert language("Busca as últimas 100 mensagens do Supabase") is False
    assert language("Classifica a temperatura do lead") is None
    assert language("A list of files") is True and language("Search as admin") is True
    assert language("Agenda uma reunião com o lead.") is False and language("Get the user.") is True
    portuguese = ("Agenda uma reunião com o lead.", "Busca o contato de um lead.", "Get the user.")
    assert not english_among("Cancela lembrete(s)", lambda: portuguese)
    assert english_among("Get user.", lambda: 1 / 0)  # its verb is English: the neighbours are never read
    assert english_among("Lista carpetas.", lambda: ("Get the user.", "Agenda uma reunião com o lead.", "Find the file."))
    assert language("Fetches the unread emails") is True and language("Queries tickets") is True
