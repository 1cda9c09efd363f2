"""The prefilter's third stage: prose (comments, docstrings, messages) does not pass a
file, and a needle in code passes it whatever strings and comments surround it."""
from __future__ import annotations

import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

from toollint.config.settings import Settings
from toollint.front.prefilter import may_define_tools, needles, without_prose

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))
import generate  # noqa: E402

CORPORA = [REPO / "examples", REPO / "tests" / "projects", REPO / "tests" / "data" / "frameworks" / "sources"]


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A small generated monorepo, whose ordinary modules say "tool" in prose."""
    root = tmp_path_factory.mktemp("mono")
    generate.generate(str(root), files=100, tool_share=0.25, seed=7)
    return root


@pytest.mark.parametrize("source", [
    b"# The admin tool calls this.\ndef f(): pass\n",
    b'"""Tools of the billing service; see the handoff notes."""\n',
    b'"""Tool."""\nx = 1\n',
    b'def f():\n    """Return the tool\'s output (its parameters= are checked)."""\n',
    b'logger.info("tool %s finished", name)\n',
    b"msg = 'the Tool said: input_schema missing'  # TOOLS\n",
    b"x = f'{name} tool'\n",
    b"self.toolbar = None\nself.tooltip = 'x'\n",
    b"import functools\nbar = QToolBar(); bar.setToolTip(x); Toolbar(); QToolButton()\n",
    b'x = """a\n# tool\n"""\n',
])
def test_prose_alone_does_not_pass_the_prefilter(source):
    keys = needles(Settings())
    assert not may_define_tools(source, keys)


@pytest.mark.parametrize("source", [
    b"# don't \"quote\" me\n@tool\ndef f(): ...\n",
    b'"""It\'s \'\'\' and "x" here."""\nTOOLS = []\n',
    b"x = '#'; TOOLS = []\n",
    b'x = "a \\" b"; TOOLS = []\n',
    b'x = "a \\\n b"; TOOLS = []\n',
    b"x = r'a\\' b'; TOOLS = []\n",
    b'x = 1 if"a b"in y else TOOLS\n',
    b'SPEC = {"name": "x", "parameters": {}}\n',
    b"SPEC = {'name': 'x', 'input_schema': {}}\n",
    b'x = f"{d["a b"]}"; TOOLS = []\n',
    b'x = f"{d[\'k\']} done" + g(tools=[f])\n',
    b'x = rb"a b" + Br"c d"; y = U"e f"; z = mcp.tool\n',
    b'"""unterminated\nTOOLS = []\n',
    b'x = "unterminated\nTOOLS = []\n',
    b"x = {'a b': 1}\nagent = Agent(handoffs=[other])\n",
    b"def f(x: 'Tool') -> None: ...\n",
    b"self.toolbar = None\n@tool\ndef f(): ...\n",
    b"bar = QToolBar()\nclass Search(BaseTool): ...\n",
    b'\'\'\'doc\'\'\' ; TOOL_HANDLERS = {}\n',
])
def test_a_needle_in_code_passes_whatever_strings_and_comments_surround_it(source):
    keys = needles(Settings())
    assert may_define_tools(source, keys), without_prose(source)


@pytest.mark.slow  # tokenizes every corpus: ~0.9 s
def test_stripping_prose_keeps_every_name_python_reads_as_code(tree):
    """Every NAME token the tokenize module finds outside f-strings survives the stripping,
    over every example, scenario, framework source and generated file: the second stage
    can only remove what Python reads as a comment or a string."""
    checked = 0
    for path in sorted(p for root in (*CORPORA, tree) for p in Path(root).rglob("*.py")):
        data = path.read_bytes()
        try:
            tokens = list(tokenize.tokenize(io.BytesIO(data).readline))
        except (tokenize.TokenError, SyntaxError):
            continue
        words = set(re.findall(rb"\w+", without_prose(data)))
        depth = 0  # inside an f-string (3.12 tokenizes its fields)
        for tok in tokens:
            name = tokenize.tok_name[tok.type]
            depth += (name == "FSTRING_START") - (name == "FSTRING_END")
            if tok.type == tokenize.NAME and not depth and tok.string.isascii():
                assert tok.string.encode() in words, (path, tok.start, tok.string)
                checked += 1
    assert checked > 10_000


def test_the_generated_trees_prose_passes_no_file(tree):
    """The benchmark tree's ordinary modules say "tool" and "handoff" in comments and
    docstrings, and some have a `self.toolbar`; only the agents' modules pass."""
    keys = needles(Settings())
    prose = passing = 0
    for path in sorted(Path(tree).rglob("*.py")):
        data = path.read_bytes()
        if "agents" in path.parts:
            continue
        prose += b" tool" in data or b"handoff" in data or b"Tool" in data
        passing += may_define_tools(data, keys)
    assert prose > 5 and passing == 0
