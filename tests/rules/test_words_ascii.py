"""words_any_script reads an ASCII text with a plain pattern, and compiles the one with
Chinese and Japanese ranges only for a text that needs it: the words are the same."""
from __future__ import annotations

from toollint.rulekit import words

TEXTS = [
    "Search the orders by customer_id. Do not use it for refunds!",
    "<summary>Look up a city</summary> (e.g. 'Paris', 42 km; x-y_z)",
    "\u212a marks a Kelvin sign, which lower-cases to ASCII",
    "查询用户 by id; 検索する",
    "caf\u00e9 cr\u00e8me, na\u00efve",
    "",
]


def test_the_ascii_pattern_finds_the_words_the_full_one_does():
    for text in TEXTS:
        lowered = words.MARKUP.sub(" ", text).lower()
        full = words._any_word().findall(lowered)
        if lowered.isascii():
            assert words._ASCII_WORD.findall(lowered) == full, text
        expected = []
        for w in full:
            if words._cjk().match(w):
                expected.extend([w] if len(w) == 1 else [w[i:i + 2] for i in range(len(w) - 1)])
            else:
                expected.append(w)
        assert words.words_any_script(text) == expected, text
    assert words.starts_cjk("查") and not words.starts_cjk("q") and not words.starts_cjk("\u00e9")
