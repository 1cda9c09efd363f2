import functools
import re

from toollint.rulekit.rule import Rule
from toollint.rulekit.tellapart import (
    filled_from_one_template, names_tell_apart, negation_tells_apart, opposites_tell_apart, quantity_tells_apart,
)
from toollint.rulekit.text import NEAR_DUPLICATE, description_similarity
from toollint.rulekit.turn import offered_together, seen_in_turn

from toollint.rules.tl102_description_reads_like_signature import judged_description


def _mentions(text, name) -> bool:
    """Whether the text names the tool `name` as a word of its own."""
    return name in text and _mention(name)(text) is not None


@functools.lru_cache(maxsize=4096)
def _mention(name):
    # compiled only for a text that holds the name, once per name: a large project has
    # more tool names than `re`'s own cache holds (512) (issue 22)
    return re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])").search


def _converse(a: str, b: str) -> bool:
    """Names of the two directions of one conversion: `x_to_y` and `y_to_x`."""
    left, right = a.lower().split("_to_"), b.lower().split("_to_")
    return len(left) == 2 and left == right[::-1]


def _position(tool):
    s = tool.description.span
    return (s.path, s.line, s.col)


class OverlappingDescriptions(Rule):
    code = "TL107"
    name = "overlapping-descriptions"
    summary = "Two tools' descriptions are near-duplicates and neither points to the other"

    def check_group(self, group, ctx):
        # One tool per name: the same tool in an OpenAI and an Anthropic list, or its strict
        # and non-strict variants, is not two tools competing for one turn.
        first = {}
        for tool in group.tools:
            if tool.name.value is None or tool.name.value in first or not seen_in_turn(tool, group):
                continue  # a constant sent alone has no neighbour in its turn
            text = judged_description(tool, group)
            if text is not None:
                first[tool.name.value] = (tool, text)
        tools = sorted(first.values(), key=lambda pair: _position(pair[0]))
        for i, (later, later_text) in enumerate(tools):
            for earlier, earlier_text in tools[:i]:
                a, b = earlier.name.value, later.name.value
                if not offered_together(earlier, later, group) or _mentions(earlier_text, b) \
                        or _mentions(later_text, a):
                    continue  # pointing to each other, or never offered in one turn
                if _converse(a, b):
                    continue  # `hex_to_rgb` / `rgb_to_hex`: the direction is what the model picks by (round 41)
                score = description_similarity(earlier_text, later_text)
                if (score < NEAR_DUPLICATE or filled_from_one_template(earlier_text, later_text, a, b)
                        or names_tell_apart(earlier_text, later_text, a, b)
                        or quantity_tells_apart(earlier_text, later_text)
                        or opposites_tell_apart(earlier_text, later_text)
                        or negation_tells_apart(earlier_text, later_text)):
                    continue
                where = earlier.description.span
                at = f"line {where.line}" + ("" if where.path == later.description.span.path
                                             else f" of {where.path}")
                # below near-identity the texts do differ somewhere; "cannot" would overstate it
                confusion = "cannot tell them apart" if score >= 0.95 else "may confuse them"
                yield self.report(later.description.span, f"description of '{b}' nearly repeats that of "
                                  f"'{a}' ({at}; similarity {score:.2f}): the model {confusion}; "
                                  f"say what each does that the other does not and point to the other "
                                  f"(\"for ..., use {a} instead\")")
