"""Prose for the benchmark's ordinary modules: comments and docstrings that say "tool" and
the prefilter's other needles, as real code's do. The prefilter's third stage must not
let a file through for them (tests/front/test_prefilter.py)."""
from __future__ import annotations

import random
from typing import List, Sequence

_PROSE = ("# The admin {0} tool calls this: keep the signature stable.", "# Tools: see docs/tooling.md.",
          "# Tool-agnostic: any {0} caller works.", "# The handoff to the {0} team happens upstream.",
          "# Helper functions for the {0} service; the parameters are checked by the caller.")


def with_prose(p: random.Random, lines: List[str], nouns: Sequence[str]) -> List[str]:
    """One module in five says "tool" (or another needle) in prose: a comment above a
    top-level def or class, a sentence of the module docstring. `p` is a stream of its
    own, so that the rest of the tree is the bytes it was without prose."""
    if p.random() >= 0.2:
        return lines
    noun = nouns[p.randrange(len(nouns))]
    if lines[0].endswith('."""') and p.random() < 0.5:
        lines = [lines[0][:-3] + f" Used by the {noun} tool and its tools' tests." + '"""'] + lines[1:]
    tops = [i for i, line in enumerate(lines) if line.startswith(("def ", "class ", "@"))
            and not (i and lines[i - 1].startswith("@"))]
    for i in sorted(p.sample(tops, min(len(tops), p.randint(1, 2))), reverse=True):
        lines.insert(i, _PROSE[p.randrange(len(_PROSE))].format(noun))
    return lines
