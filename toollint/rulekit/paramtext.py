"""Ways a tool's text names a parameter other than by its own spelling in a sentence
(TL207): a variable of an equation, a count in capitals, a field listed in braces, a glob
over parameter names, a NumPy `Parameters` section."""
from __future__ import annotations

import functools
import re
import textwrap

from toollint.frameworks.docstrings import numpy


# An equation with an operator beside its `=`: "Solve ax² + bx + c = 0" (held-out round 77, C)
_FORMULA = re.compile(r"[\w \t.\u00b2\u00b3^*/+()-]*[+*/^\u00b2\u00b3-][\w \t.\u00b2\u00b3^*/+()-]*=[\w \t.\u00b2\u00b3^*/+()-]*"
                      r"|[\w \t.\u00b2\u00b3^*/+()-]*=[\w \t.\u00b2\u00b3^*/+()-]*[+*/^\u00b2\u00b3-][\w \t.\u00b2\u00b3^*/+()-]*")
# a backticked glob followed by "parameters": "the three ``*_key`` parameters tell ..." (held-out round 76, F)
_GLOB = re.compile(r"`+([\w*]*\*[\w*]*)`+\s+(?:parameters|arguments|params)\b")


def in_formula(text: str, name: str) -> bool:
    """A one-letter parameter is a coefficient or variable of an equation the text states."""
    if len(name) != 1 or "=" not in text:
        return False
    letter = re.compile(r"(?<![A-Za-z])" + re.escape(name) + r"(?![A-Za-z]{2})")
    return any(letter.search(m.group()) for m in _FORMULA.finditer(text))


def capital(text: str, name: str) -> bool:
    """`n` as "N" (not `a`, `i`: "A" and "I" are words)."""
    return len(name) == 1 and name.islower() and name not in "ai" and \
        re.search(r"(?<![\w.])%s(?![\w(])" % name.upper(), text) is not None


# "Array of {id, regular_price, sale_price}" (round 103, A): the item's fields, listed
_BRACED = re.compile(r"\{\s*(\w+(?:\s*,\s*\w+)+)\s*\}")


def braced(text: str, name: str) -> bool:
    return "{" in text and any(name in re.split(r"\s*,\s*", m) for m in _BRACED.findall(text))


def globbed(text: str, name: str) -> bool:
    return "*" in text and any(re.fullmatch(re.escape(g).replace(r"\*", r"\w*"), name) for g in _GLOB.findall(text))


@functools.lru_cache(maxsize=1024)
def numpy_params(text: str) -> frozenset:
    """The names a NumPy `Parameters` section documents (the MCP SDK sends it as written;
    held-out round 76, E), read as docstring_parser reads the cleaned docstring."""
    if "---" not in text:
        return frozenset()
    first, _, rest = text.partition("\n")
    return frozenset(numpy(first.strip() + "\n" + textwrap.dedent(rest)).params)
