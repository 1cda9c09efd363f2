"""Configuration, suppression and output options, end to end through `toollint check`."""
from __future__ import annotations

import json

from lintcase import parse_findings as findings, toollint, write_tree

# Two defects: a label description (TL102, line 4) on a multi-line string that ends on
# line 6, and a name with a space (TL301, line 3).
TOOLS = '''
TOOLS = [
    {
        "name": "get order",
        "description": (
            "Get order."
        ),
        "input_schema": {"type": "object", "properties": {}},
    },
]
'''


def codes(result):
    return [(p, line, code) for p, line, _, code, _ in findings(result.stdout)]


def test_pyproject_config_is_found_walking_up_and_cli_wins(tmp_path):
    write_tree(tmp_path, {
        "pyproject.toml": '[tool.toollint]\nignore = ["TL301"]\n',
        "src/agent/tools.py": TOOLS,
    })
    result = toollint("check", "src/agent", cwd=tmp_path)
    assert codes(result) == [("src/agent/tools.py", 5, "TL102")]
    result = toollint("check", "src/agent", "--extend-select", "TL301", cwd=tmp_path)
    assert codes(result) == [("src/agent/tools.py", 3, "TL301"), ("src/agent/tools.py", 5, "TL102")]
    result = toollint("check", "src/agent", "--isolated", cwd=tmp_path)
    assert len(codes(result)) == 2


def test_select_prefix_and_longest_ignore_wins(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOLS})
    assert codes(toollint("check", ".", "--select", "TL1", cwd=tmp_path)) == [("tools.py", 5, "TL102")]
    assert codes(toollint("check", ".", "--select", "TL1,TL3", "--ignore", "TL102", cwd=tmp_path)) == [
        ("tools.py", 3, "TL301")
    ]
    assert codes(toollint("check", ".", "--select", "invalid-tool-name", cwd=tmp_path)) == [("tools.py", 3, "TL301")]


def test_config_errors_exit_2_with_one_line(tmp_path):
    cases = {
        "[tool.toollint]\nselekt = ['TL1']\n": "selekt",
        "[tool.toollint]\nmax-tools-per-turn = 'twenty'\n": "max-tools-per-turn",
        "[tool.toollint]\nselect = ['TL999']\n": "TL999",
        "[tool.toollint]\ntrigger-phrases = ['(unclosed']\n": "trigger-phrases",
        "[tool.toollint\n": "pyproject.toml",
    }
    write_tree(tmp_path, {"tools.py": TOOLS})
    for text, needle in cases.items():
        (tmp_path / "pyproject.toml").write_text(text)
        result = toollint("check", ".", cwd=tmp_path)
        assert result.returncode == 2, text
        assert result.stdout == ""
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and needle in lines[0], (text, result.stderr)
        assert "Traceback" not in result.stderr


def test_unknown_code_on_the_command_line_is_a_usage_error(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOLS})
    result = toollint("check", ".", "--select", "TL9", cwd=tmp_path)
    assert result.returncode == 2 and "TL9" in result.stderr


def test_noqa_on_reported_line_and_on_last_line_of_expression(tmp_path):
    src = TOOLS.replace('"name": "get order",', '"name": "get order",  # noqa: TL301')
    src = src.replace('            "Get order."\n        ),', '            "Get order."\n        ),  # NOQA:TL102')
    write_tree(tmp_path, {"tools.py": src})
    result = toollint("check", ".", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "")
    result = toollint("check", ".", "--ignore-noqa", cwd=tmp_path)
    assert len(codes(result)) == 2


def test_noqa_leaves_other_linters_codes_and_wrong_codes_do_not_suppress(tmp_path):
    src = TOOLS.replace('"name": "get order",', '"name": "get order",  # noqa: E501, TL3011')
    write_tree(tmp_path, {"tools.py": src})
    assert ("tools.py", 3, "TL301") in codes(toollint("check", ".", cwd=tmp_path))


def test_malformed_noqa_warns_and_suppresses_nothing(tmp_path):
    src = TOOLS.replace('"name": "get order",', '"name": "get order",  # noqa:')
    write_tree(tmp_path, {"tools.py": src})
    result = toollint("check", ".", cwd=tmp_path)
    assert ("tools.py", 3, "TL301") in codes(result)
    assert "tools.py:3" in result.stderr and "noqa" in result.stderr


def test_file_level_noqa(tmp_path):
    write_tree(tmp_path, {"a.py": "# toollint: noqa\n" + TOOLS, "b.py": "# toollint: noqa: TL301\n" + TOOLS})
    assert codes(toollint("check", ".", cwd=tmp_path)) == [("b.py", 7, "TL102")]


def test_unused_noqa_is_opt_in(tmp_path):
    src = TOOLS.replace('"input_schema": {"type": "object", "properties": {}},',
                        '"input_schema": {"type": "object", "properties": {}},  # noqa: TL203')
    write_tree(tmp_path, {"tools.py": src})
    assert ("tools.py", 7, "TL003") not in codes(toollint("check", ".", cwd=tmp_path))
    assert ("tools.py", 7, "TL003") in codes(toollint("check", ".", "--extend-select", "TL003", cwd=tmp_path))


def test_per_file_ignores_from_config_and_command_line(tmp_path):
    write_tree(tmp_path, {
        "pyproject.toml": '[tool.toollint]\nper-file-ignores = { "legacy/*" = ["TL1"] }\n',
        "legacy/tools.py": TOOLS,
        "new/tools.py": TOOLS,
    })
    got = codes(toollint("check", ".", cwd=tmp_path))
    assert ("legacy/tools.py", 5, "TL102") not in got and ("new/tools.py", 5, "TL102") in got
    got = codes(toollint("check", ".", "--per-file-ignores", "new/*:TL301", cwd=tmp_path))
    assert ("new/tools.py", 3, "TL301") not in got and ("legacy/tools.py", 3, "TL301") in got


def test_json_output_gives_the_noqa_line(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOLS})
    result = toollint("check", ".", "--output-format", "json", cwd=tmp_path)
    assert result.returncode == 1
    data = json.loads(result.stdout)
    by_code = {item["code"]: item for item in data}
    assert by_code["TL102"]["location"] == {"row": 5, "column": 13}
    assert by_code["TL102"]["noqa_row"] == 6  # the closing parenthesis of the description
    assert by_code["TL102"]["name"] == "description-reads-like-signature"


def test_statistics_count_and_exit_zero(tmp_path):
    write_tree(tmp_path, {"a.py": TOOLS, "b.py": TOOLS})
    stats = toollint("check", ".", "--statistics", cwd=tmp_path)
    assert stats.returncode == 1
    rows = [line.split() for line in stats.stdout.splitlines()]
    assert rows == [["2", "TL102", "description-reads-like-signature"], ["2", "TL301", "invalid-tool-name"]]
    counted = toollint("check", ".", "--count", "--exit-zero", cwd=tmp_path)
    assert counted.returncode == 0
    assert counted.stdout.splitlines()[-1] == "4"


def test_show_source_has_caret_under_the_column(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOLS})
    result = toollint("check", ".", "--show-source", "--select", "TL301", "--color", "never", cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert lines[0].startswith("tools.py:3:17: TL301")
    assert lines[1] == '        "name": "get order",'
    assert lines[2] == " " * 16 + "^" * len('"get order"')
    assert "\x1b[" not in result.stdout


def test_color_follows_flag_and_no_color(tmp_path):
    write_tree(tmp_path, {"tools.py": TOOLS})
    assert "\x1b[" in toollint("check", ".", "--show-source", "--color", "always", cwd=tmp_path).stdout
    assert "\x1b[" not in toollint("check", ".", "--show-source", cwd=tmp_path).stdout  # NO_COLOR=1, not a tty


def test_rule_command(tmp_path):
    result = toollint("rule", "TL305")
    assert result.returncode == 0 and result.stdout.startswith("# TL305 unreachable-tool")
    assert "# error:" not in result.stdout
    listing = toollint("rule", "--all")
    assert "TL102" in listing.stdout and "description-reads-like-signature" in listing.stdout
    assert toollint("rule", "TL999").returncode == 2
