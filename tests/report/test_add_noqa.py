"""`toollint check --add-noqa`, end to end through the CLI: the directives it writes, the
bytes it keeps, and what it refuses to edit."""
from __future__ import annotations

import os
import stat

from lintcase import parse_findings
from inproc import toollint

NO_DESC = '{"name": "%s", "input_schema": {"type": "object"}},'  # TL101 on its line
BAD_NAME = '{"name": "%s ticket", "description": "%s", "input_schema": {"type": "object"}},'  # TL301
GOOD_DESC = "Look up one order. Use this when the customer names an order; not for refunds."


def module(*entries: str, eol: str = "\n") -> str:
    lines = ['"""Tool definitions."""', "", "TOOLS = ["] + ["    " + e for e in entries] + ["]", ""]
    return eol.join(lines)


def add_noqa(tmp_path, *paths, args=()):
    return toollint("check", "--no-cache", "--select", "TL101,TL301", "--add-noqa", *args,
                    *(paths or ["."]), cwd=tmp_path)


def check(tmp_path, *paths):
    return toollint("check", "--no-cache", "--select", "TL101,TL301", *(paths or ["."]), cwd=tmp_path)


def test_adds_merges_and_keeps_every_other_byte(tmp_path):
    original = module(
        NO_DESC % "alpha",                                     # nothing yet
        NO_DESC % "beta" + "  # keep: an unrelated comment",    # another comment
        NO_DESC % "gamma" + "  # noqa: E501",                   # another linter's code
        (BAD_NAME % ("delta", GOOD_DESC)) + "  #noqa:TL101",    # ours, a code that no longer fires
        NO_DESC % "eps ticket" + "  # noqa: TL101 -- legacy",   # ours, fires, plus a new code
        NO_DESC % "zeta" + "  # noqa: TL101",                   # already suppressed
        eol="\r\n",
    )
    path = tmp_path / "tools.py"
    path.write_bytes(original.encode())
    result = add_noqa(tmp_path)
    assert (result.returncode, result.stdout) == (0, ""), result.stderr
    assert result.stderr == "Added 5 noqa directives to 1 file.\n"
    expected = module(
        NO_DESC % "alpha" + "  # noqa: TL101",
        NO_DESC % "beta" + "  # keep: an unrelated comment  # noqa: TL101",
        NO_DESC % "gamma" + "  # noqa: E501, TL101",
        (BAD_NAME % ("delta", GOOD_DESC)) + "  #noqa:TL101, TL301",
        NO_DESC % "eps ticket" + "  # noqa: TL101, TL301 -- legacy",
        NO_DESC % "zeta" + "  # noqa: TL101",
        eol="\r\n",
    )
    assert path.read_bytes() == expected.encode()
    # every finding is now suppressed, and a second run changes nothing
    after = check(tmp_path)
    assert (after.returncode, after.stdout) == (0, "")
    again = add_noqa(tmp_path)
    assert (again.returncode, again.stderr) == (0, "Added 0 noqa directives to 0 files.\n")
    assert path.read_bytes() == expected.encode()


def test_counts_files_and_keeps_mode_encoding_and_untouched_files(tmp_path):
    latin = ('# -*- coding: latin-1 -*-\nTOOLS = [\n    ' + NO_DESC % "lookup" + '  # caf\xe9\n]\n')
    (tmp_path / "a.py").write_bytes(latin.encode("latin-1"))
    (tmp_path / "b.py").write_text(module(NO_DESC % "one", NO_DESC % "two"), encoding="utf-8")
    clean = module(BAD_NAME.replace(" ticket", "") % ("fine", GOOD_DESC))
    (tmp_path / "c.py").write_text(clean, encoding="utf-8")
    bom = b"\xef\xbb\xbf" + module(NO_DESC % "bom", NO_DESC % "lone_cr", eol="\r").encode()
    (tmp_path / "d.py").write_bytes(bom)
    os.chmod(tmp_path / "b.py", 0o640)
    before = os.stat(tmp_path / "c.py")
    result = add_noqa(tmp_path)
    assert result.stderr == "Added 5 noqa directives to 3 files.\n", result.stderr
    assert (tmp_path / "d.py").read_bytes() == b"\xef\xbb\xbf" + module(
        NO_DESC % "bom" + "  # noqa: TL101", NO_DESC % "lone_cr" + "  # noqa: TL101", eol="\r").encode()
    data = (tmp_path / "a.py").read_bytes()
    assert data == latin.replace("# caf\xe9", "# caf\xe9  # noqa: TL101").encode("latin-1")
    assert stat.S_IMODE(os.stat(tmp_path / "b.py").st_mode) == 0o640
    after = os.stat(tmp_path / "c.py")
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)  # not rewritten
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".toollint-")]  # no temporary left


def test_a_file_with_a_syntax_error_is_never_edited(tmp_path):
    broken = module(NO_DESC % "alpha") + "def oops(:\n"
    (tmp_path / "broken.py").write_text(broken, encoding="utf-8")
    (tmp_path / "ok.py").write_text(module(NO_DESC % "beta"), encoding="utf-8")
    result = add_noqa(tmp_path)
    assert (tmp_path / "broken.py").read_text(encoding="utf-8") == broken
    assert "# noqa: TL101" in (tmp_path / "ok.py").read_text(encoding="utf-8")
    # what is left is printed as usual, and fails the run
    assert [(p, c) for p, _, _, c, _ in parse_findings(result.stdout)] == [("broken.py", "TL001")]
    assert result.returncode == 1
    assert result.stderr.endswith("Added 1 noqa directive to 1 file.\n")


def test_a_multi_line_description_gets_the_directive_on_its_last_line(tmp_path):
    text = ('TOOLS = [\n    {\n        "name": "get_delta",\n        "description": (\n'
            '            "Get "\n            "delta."\n        ),\n'
            '        "input_schema": {"type": "object"},\n    },\n]\n')
    (tmp_path / "t.py").write_text(text, encoding="utf-8")
    result = toollint("check", "--no-cache", "--select", "TL102", "--add-noqa", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    # the finding is reported on the string's first line, suppressed on the expression's last
    assert (tmp_path / "t.py").read_text(encoding="utf-8") == text.replace("        ),\n", "        ),  # noqa: TL102\n")
    assert toollint("check", "--no-cache", "--select", "TL102", ".", cwd=tmp_path).returncode == 0


def test_a_line_a_multi_line_string_continues_gets_it_after_the_string(tmp_path):
    # the name is on a line that a triple-quoted description continues: no comment fits
    # there, and one after the closing quotes is read for it, as ruff reads it
    text = ('TOOLS = [\n    {"name": "b c", "description": """\n'
            'Look up one order. Use this when the customer names an order.\n"""},\n]\n')
    (tmp_path / "t.py").write_text(text, encoding="utf-8")
    result = add_noqa(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "t.py").read_text(encoding="utf-8") == text.replace('"""},\n', '"""},  # noqa: TL301\n')
    assert check(tmp_path).stdout == ""


def test_a_malformed_directive_is_left_alone(tmp_path):
    text = module(NO_DESC % "alpha" + "  # noqa: TL101abc")
    (tmp_path / "t.py").write_text(text, encoding="utf-8")
    result = add_noqa(tmp_path)
    assert (tmp_path / "t.py").read_text(encoding="utf-8") == text
    assert "t.py:4: no noqa directive added: the line's `# noqa` is malformed" in result.stderr
    assert result.returncode == 1


def test_through_a_symlink_the_target_is_edited(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "tools.py").write_text(module(NO_DESC % "alpha"), encoding="utf-8")
    os.symlink(tmp_path / "real" / "tools.py", tmp_path / "link.py")
    result = add_noqa(tmp_path, "link.py")
    assert result.returncode == 0, result.stderr
    assert os.path.islink(tmp_path / "link.py")
    assert "# noqa: TL101" in (tmp_path / "real" / "tools.py").read_text(encoding="utf-8")


def test_add_noqa_conflicts_are_usage_errors(tmp_path):
    (tmp_path / "t.py").write_text(module(NO_DESC % "alpha"), encoding="utf-8")
    for extra in (["--count"], ["--statistics"], ["-o", "out.txt"]):
        result = add_noqa(tmp_path, args=extra)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert result.stderr.startswith("toollint: error: --add-noqa")
    result = toollint("check", "--add-noqa", "--stdin-filename", "t.py", "-", cwd=tmp_path, stdin="x = 1\n")
    assert (result.returncode, result.stderr) == (2, "toollint: error: --add-noqa edits files in place; "
                                                     "it cannot edit stdin\n")
    assert "noqa" not in (tmp_path / "t.py").read_text(encoding="utf-8")


DOCSTRING_TOOL = '''
@mcp.tool()
def {name}(limit: int) -> str:
    """Return the tickers most discussed today, most discussed first.

    Args:
        limit: How many tickers to return, 1 to 50.
    """{after}
    return str(limit)
'''


def server(*tools) -> str:
    head = 'from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("market")\n\n'
    return head + "\n".join(DOCSTRING_TOOL.format(name=n, after=a) for n, a in tools)


def test_a_finding_inside_a_docstring_is_suppressed_after_its_closing_quotes(tmp_path):
    # TL103 is reported on the docstring's first line, where no comment can stand
    (tmp_path / "server.py").write_text(server(("get_trending", ""), ("get_rising", "")), encoding="utf-8")
    before = toollint("check", "--no-cache", "--select", "TL103", ".", cwd=tmp_path)
    assert [(line, c) for _, line, _, c, _ in parse_findings(before.stdout)] == [(8, "TL103"), (18, "TL103")]
    result = toollint("check", "--no-cache", "--select", "TL103", "--add-noqa", ".", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "Added 2 noqa directives to 1 file.\n"), result.stdout
    assert (tmp_path / "server.py").read_text(encoding="utf-8") == server(
        ("get_trending", "  # noqa: TL103"), ("get_rising", "  # noqa: TL103"))
    # suppressed, and the directives count as used (TL003 says nothing)
    after = toollint("check", "--no-cache", "--select", "TL103,TL003", ".", cwd=tmp_path)
    assert (after.returncode, after.stdout) == (0, "")


def test_a_directive_after_one_docstring_covers_nothing_outside_it(tmp_path):
    (tmp_path / "server.py").write_text(server(("get_trending", ""), ("get_rising", "  # noqa: TL103")),
                                        encoding="utf-8")
    result = toollint("check", "--no-cache", "--select", "TL103", ".", cwd=tmp_path)
    assert [(line, c) for _, line, _, c, _ in parse_findings(result.stdout)] == [(8, "TL103")]
    # another code on the closing quotes suppresses nothing
    (tmp_path / "server.py").write_text(server(("get_trending", "  # noqa: TL104")), encoding="utf-8")
    result = toollint("check", "--no-cache", "--select", "TL103", ".", cwd=tmp_path)
    assert [(line, c) for _, line, _, c, _ in parse_findings(result.stdout)] == [(8, "TL103")]
