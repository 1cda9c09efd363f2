"""Configuration errors: each names the file, the key and what would be valid."""
from __future__ import annotations

import os

import pytest

from configcase import config_error, load_file, pyproject, selected, write
from toollint.config.settings import ConfigError
from toollint.config.load import VALID_KEYS, find_config


# --- load: errors -----------------------------------------------------------------------


def test_unknown_key_names_file_key_suggestion_and_valid_keys(tmp_path):
    cfg = pyproject(tmp_path, 'selct = ["TL1"]\n')
    message = config_error(cfg)
    assert message.startswith(f"{cfg}: unknown key 'selct'")
    assert "did you mean 'select'?" in message
    for key in VALID_KEYS:
        assert key in message


def test_snake_case_key_in_config_suggests_kebab(tmp_path):
    cfg = pyproject(tmp_path, "max_tools_per_turn = 3\n")
    assert "did you mean 'max-tools-per-turn'?" in config_error(cfg)


def test_unknown_key_without_close_match(tmp_path):
    cfg = pyproject(tmp_path, "zzz = 1\n")
    message = config_error(cfg)
    assert "unknown key 'zzz'" in message and "did you mean" not in message
    assert "valid keys: select, extend-select" in message


def test_unknown_cli_option():
    message = config_error(None, colour="always")
    assert message.startswith("unknown option '--colour'") and "valid options:" in message


def test_wrong_integer_message(tmp_path):
    cfg = pyproject(tmp_path, 'max-tools-per-turn = "twenty"\n')
    assert config_error(cfg) == f"{cfg}: 'max-tools-per-turn' must be an integer, got 'twenty'"
    assert config_error(None, **{"max-tools-per-turn": "twenty"}) == (
        "'--max-tools-per-turn' must be an integer, got 'twenty'"
    )


@pytest.mark.parametrize(
    "body, fragments",
    [
        ('max-tools-per-turn = "20"', ["'max-tools-per-turn' must be an integer", "got '20'"]),
        ("max-tools-per-turn = 0", ["'max-tools-per-turn' must be an integer >= 1, got 0"]),
        ("max-tools-per-turn = true", ["'max-tools-per-turn' must be an integer, got True"]),
        ("max-tools-per-turn = 2.5", ["'max-tools-per-turn' must be an integer, got 2.5"]),
        ('select = "TL1"', ["'select' must be a list of strings, got 'TL1'"]),
        ("ignore = [1]", ["'ignore' must be a list of strings, got [1]"]),
        ('exclude = [""]', ["'exclude' must not contain an empty string"]),
        ('force-exclude = "yes"', ["'force-exclude' must be true or false, got 'yes'"]),
        (
            'output-format = "pretty"',
            ["'output-format' must be one of concise, full, json, github, sarif, gitlab; got 'pretty'"],
        ),
        ('target = "gemini"', ["'target' must be one of openai, anthropic, mcp; got 'gemini'"]),
        ('definitions = ["MY-TOOLS"]', ["'definitions' entry 'MY-TOOLS' is not a Python variable name"]),
        ('always-include = ["1ST"]', ["'always-include' entry '1ST' is not a Python variable name"]),
        ('decorators = ["my tool"]', ["'decorators' entry 'my tool' is not a decorator name"]),
        ('per-file-ignores = ["tests/*:TL1"]', ["'per-file-ignores' must be a table of glob = [codes]"]),
        (
            '[tool.toollint.per-file-ignores]\n"tests/*" = "TL1"',
            ["'per-file-ignores' entry 'tests/*' must be a list of rule codes, got 'TL1'"],
        ),
        ('[tool.toollint.per-file-ignores]\n"tests/*" = []', ["'per-file-ignores' entry 'tests/*' lists no rule codes"]),
        (
            "trigger-phrases = ['(when']",
            ["'trigger-phrases' entry '(when' is not a valid regular expression", "missing ), unterminated subpattern"],
        ),
        ("exclusion-phrases = ['[a-']", ["'exclusion-phrases' entry '[a-' is not a valid regular expression"]),
    ],
)
def test_wrong_values_name_file_key_and_choices(tmp_path, body, fragments):
    cfg = pyproject(tmp_path, body + "\n")
    message = config_error(cfg)
    assert message.startswith(f"{cfg}: ")
    for fragment in fragments:
        assert fragment in message


@pytest.mark.parametrize("key", ["select", "extend-select", "ignore", "extend-ignore"])
def test_unknown_rule_code_in_selection(tmp_path, key):
    cfg = pyproject(tmp_path, f'{key} = ["TL1", "TL109"]\n')
    message = config_error(cfg)
    assert message.startswith(f"{cfg}: '{key}' has unknown rule 'TL109'")
    assert "did you mean 'TL10" in message
    assert "TL001, TL002, TL003, TL101" in message  # the valid codes
    assert "prefix such as 'TL1'" in message and "rule name such as" in message


def test_unknown_rule_name_suggests_the_closest_name(tmp_path):
    cfg = pyproject(tmp_path, 'ignore = ["missing-descripton"]\n')
    assert "did you mean 'missing-description'?" in config_error(cfg)


def test_unknown_rule_in_per_file_ignores(tmp_path):
    cfg = pyproject(tmp_path, '[tool.toollint.per-file-ignores]\n"tests/*" = ["TL101", "XY1"]\n')
    message = config_error(cfg)
    assert message.startswith(f"{cfg}: 'per-file-ignores' entry 'tests/*' has unknown rule 'XY1'")
    assert "TL307" in message


def test_unknown_rule_on_the_command_line():
    message = config_error(None, select=("TL9",))
    assert message.startswith("'--select' has unknown rule 'TL9'")
    message = config_error(None, **{"per-file-ignores": "tests/*:TL999"})
    assert message.startswith("'--per-file-ignores' entry 'tests/*' has unknown rule 'TL999'")


def test_empty_code_is_not_a_prefix_of_everything(tmp_path):
    cfg = pyproject(tmp_path, 'select = [" "]\n')
    assert "'select' must not contain an empty string" in config_error(cfg)


def test_invalid_toml_names_line_and_column(tmp_path):
    cfg = write(tmp_path / "pyproject.toml", '[tool.toollint]\nselect = ["TL1"\nignore = 3\n')
    message = config_error(cfg)
    assert message.startswith(f"{cfg}: invalid TOML: ")
    assert "line 3, column" in message


def test_not_utf8(tmp_path):
    cfg = tmp_path / "pyproject.toml"
    cfg.write_bytes(b'[tool.toollint]\nselect = ["\xff"]\n')
    assert config_error(cfg).startswith(f"{cfg}: invalid TOML: not UTF-8")


def test_config_path_is_a_directory(tmp_path):
    folder = tmp_path / "pyproject.toml"
    folder.mkdir()
    assert config_error(folder) == f"{folder}: is a directory, expected a pyproject.toml file"


def test_config_path_missing(tmp_path):
    missing = tmp_path / "nope.toml"
    assert config_error(missing) == f"{missing}: no such file"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads anything")
def test_config_path_unreadable(tmp_path):
    cfg = pyproject(tmp_path, "")
    cfg.chmod(0)
    try:
        assert config_error(cfg).startswith(f"{cfg}: cannot read: ")
    finally:
        cfg.chmod(0o644)


def test_config_path_unreadable_even_as_root(tmp_path, monkeypatch):
    import toollint.config.load as config_module

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    cfg = pyproject(tmp_path, "")
    real_open = os.open

    def refuse_cfg(path, *args, **kwargs):  # root reads any file: refuse this one by hand
        if os.fspath(path) == str(cfg):
            refuse()
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(config_module.os, "open", refuse_cfg)
    assert config_error(cfg) == f"{cfg}: cannot read: Permission denied"
    with pytest.raises(ConfigError):
        find_config([str(tmp_path)])


def test_tool_toollint_not_a_table(tmp_path):
    cfg = write(tmp_path / "pyproject.toml", "[tool]\ntoollint = 1\n")
    assert config_error(cfg) == f"{cfg}: 'tool.toollint' must be a table, got 1"


def test_settings_are_hashable_and_picklable(tmp_path):
    import pickle

    cfg = pyproject(tmp_path, 'select = ["TL1"]\n[tool.toollint.per-file-ignores]\n"t/*" = ["TL2"]\n')
    s = load_file(cfg, ignore=("TL104",))
    assert pickle.loads(pickle.dumps(s)) == s
    assert hash(s) == hash(pickle.loads(pickle.dumps(s)))
    assert selected(pickle.loads(pickle.dumps(s))) == {"TL101", "TL102", "TL103"}
