"""Configuration: which pyproject.toml holds [tool.toollint], and the values a run gets from it
and from the command line (errors: test_config_errors.py; rule selection: test_config_selection.py)."""
from __future__ import annotations

import pytest

from configcase import DEFAULT_ON, RULES, cli, load_file, pyproject, selected, write
from toollint.config.settings import DEFAULT_EXCLUDE, ConfigError
from toollint.config.load import find_config, load


# --- find_config ------------------------------------------------------------------------


def test_find_config_walks_up_from_the_first_path(tmp_path):
    cfg = pyproject(tmp_path, 'select = ["TL1"]\n')
    target = write(tmp_path / "src" / "pkg" / "tools.py", "")
    other = tmp_path.parent  # only the first path counts
    assert find_config([str(target), str(other)]) == str(cfg)
    assert find_config([str(target.parent)]) == str(cfg)


def test_find_config_skips_pyprojects_without_the_table(tmp_path):
    outer = pyproject(tmp_path, "")
    write(tmp_path / "a" / "pyproject.toml", '[project]\nname = "x"\ndependencies = ["toollint"]\n')
    write(tmp_path / "a" / "b" / "pyproject.toml", "[tool.ruff]\nline-length = 99\n")
    assert find_config([str(tmp_path / "a" / "b" / "c.py")]) == str(outer)


def test_find_config_nearest_wins(tmp_path):
    pyproject(tmp_path, "")
    inner = pyproject(tmp_path / "sub", "")
    assert find_config([str(tmp_path / "sub" / "x.py")]) == str(inner)


def test_find_config_accepts_dotted_keys(tmp_path):
    cfg = write(tmp_path / "pyproject.toml", 'tool.toollint.select = ["TL1"]\n')
    assert find_config([str(tmp_path)]) == str(cfg)


def test_find_config_defaults_to_cwd(tmp_path, monkeypatch):
    cfg = pyproject(tmp_path, "")
    (tmp_path / "deep").mkdir()
    monkeypatch.chdir(tmp_path / "deep")
    assert find_config([]) == str(cfg)
    assert find_config(["-"]) == str(cfg)  # stdin


def test_find_config_relative_and_missing_paths(tmp_path, monkeypatch):
    cfg = pyproject(tmp_path, "")
    monkeypatch.chdir(tmp_path)
    assert find_config(["not/yet/there.py"]) == str(cfg)


def test_find_config_none_when_nothing_declares_the_table(tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.black]\n")
    (tmp_path / "sub").mkdir()
    found = find_config([str(tmp_path / "sub")])
    assert found is None or not found.startswith(str(tmp_path))


def test_find_config_refuses_a_pyproject_that_is_a_folder(tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.toollint]\nselect = ['TL1']\n")
    (tmp_path / "sub" / "pyproject.toml").mkdir(parents=True)
    with pytest.raises(ConfigError, match="is a directory"):  # not silently the parent's settings
        find_config([str(tmp_path / "sub")])


def test_find_config_reports_a_broken_pyproject_that_may_be_ours(tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.toollint]\nselect = [\n")
    with pytest.raises(ConfigError) as info:
        find_config([str(tmp_path)])
    message = str(info.value)
    assert str(tmp_path / "pyproject.toml") in message
    assert "invalid TOML" in message and "line" in message and "column" in message


def test_find_config_skips_a_broken_pyproject_that_is_not_ours(tmp_path):
    cfg = pyproject(tmp_path, "")
    write(tmp_path / "sub" / "pyproject.toml", "[tool.black\n")
    assert find_config([str(tmp_path / "sub")]) == str(cfg)


# --- load: values -----------------------------------------------------------------------


def test_defaults_without_config(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = cli()
    assert settings.root == str(tmp_path)
    assert settings.config_path is None
    assert settings.exclude == DEFAULT_EXCLUDE
    assert settings.max_tools_per_turn == 20
    assert selected(settings) == set(DEFAULT_ON)


def test_every_key_is_read(tmp_path):
    cfg = pyproject(
        tmp_path,
        r"""
        select = ["TL1", "nullable-required"]
        extend-select = ["tl002"]
        ignore = ["TL104"]
        extend-ignore = ["TL3"]
        exclude = ["gen"]
        extend-exclude = ["vendor/*"]
        force-exclude = true
        output-format = "json"
        target = "mcp"
        max-tools-per-turn = 12
        definitions = ["MY_TOOLS"]
        handlers = ["MY_HANDLERS"]
        categories = ["MY_CATEGORIES"]
        always-include = ["CORE"]
        decorators = ["registry.tool", "@my_tool"]
        trigger-phrases = ['\bwhenever\b']
        exclusion-phrases = ['\bnever for\b']

        [tool.toollint.per-file-ignores]
        "tests/*" = ["TL101", "missing-trigger-clause"]
        """,
    )
    s = load_file(cfg)
    assert s.root == str(tmp_path)
    assert s.config_path == str(cfg)
    assert s.select == ("TL1", "TL203")  # names become codes
    assert s.extend_select == ("TL002",)  # codes are upper-cased
    assert s.ignore == ("TL104",)
    assert s.extend_ignore == ("TL3",)
    assert s.per_file_ignores == (("tests/*", ("TL101", "TL103")),)
    assert s.exclude == ("gen",)
    assert s.extend_exclude == ("vendor/*",)
    assert s.force_exclude is True
    assert s.output_format == "json"
    assert s.target == "mcp"
    assert s.max_tools_per_turn == 12
    assert s.definitions == ("MY_TOOLS",)
    assert s.handlers == ("MY_HANDLERS",)
    assert s.categories == ("MY_CATEGORIES",)
    assert s.always_include == ("CORE",)
    assert s.decorators == ("registry.tool", "my_tool")
    assert s.trigger_phrases == (r"\bwhenever\b",)
    assert s.exclusion_phrases == (r"\bnever for\b",)
    assert selected(s) == {"TL101", "TL102", "TL103", "TL203", "TL002"}


def test_isolated_ignores_the_config(tmp_path, monkeypatch):
    cfg = pyproject(tmp_path / "proj", 'select = ["TL1"]\nmax-tools-per-turn = 3\n')
    monkeypatch.chdir(tmp_path)
    s = load(str(cfg), isolated=True, overrides={}, rules=RULES)
    assert s.config_path is None and s.root == str(tmp_path)
    assert s.max_tools_per_turn == 20 and s.select == ()
    # even a broken config is not read
    write(cfg, "[[[")
    load(str(cfg), isolated=True, overrides={}, rules=RULES)


def test_cli_wins_over_config(tmp_path):
    cfg = pyproject(
        tmp_path,
        """
        output-format = "json"
        max-tools-per-turn = 12
        exclude = ["gen"]
        extend-exclude = ["vendor"]
        definitions = ["MY_TOOLS"]
        [tool.toollint.per-file-ignores]
        "tests/*" = ["TL1"]
        """,
    )
    s = load_file(
        cfg,
        **{
            "output-format": "github",
            "max-tools-per-turn": 30,
            "exclude": ("other",),
            "extend-exclude": ("more",),
            "per-file-ignores": (("examples/*", ("TL2",)),),
        },
    )
    assert s.output_format == "github"
    assert s.max_tools_per_turn == 30
    assert s.exclude == ("other",)
    assert s.extend_exclude == ("vendor", "more")  # extend-* adds, as ruff
    assert s.per_file_ignores == (("examples/*", ("TL2",)),)
    assert s.definitions == ("MY_TOOLS",)  # untouched keys keep the config value


def test_cli_overrides_accept_snake_case_none_and_raw_flag_text(tmp_path):
    cfg = pyproject(tmp_path, 'output-format = "json"\n')
    s = load_file(
        cfg,
        output_format=None,  # argparse default: not given
        max_tools_per_turn="7",
        select="TL1, missing-exclusion-clause",
        exclude="gen, build dir",
        per_file_ignores="tests/*:TL101,TL102 examples/*.py:TL1",
        trigger_phrases=r"a, b{1,2}",
    )
    assert s.output_format == "json"
    assert s.max_tools_per_turn == 7
    assert s.select == ("TL1", "TL104")
    assert s.exclude == ("gen", "build dir")
    assert s.per_file_ignores == (("tests/*", ("TL101", "TL102")), ("examples/*.py", ("TL1",)))
    assert s.trigger_phrases == ("a, b{1,2}",)


def test_explicit_pyproject_without_table_gives_defaults(tmp_path):
    cfg = write(tmp_path / "pyproject.toml", '[project]\nname = "x"\n')
    s = load_file(cfg)
    assert s.root == str(tmp_path) and s.select == ()


def test_explicit_non_pyproject_file_is_a_bare_table(tmp_path):
    cfg = write(tmp_path / "toollint.toml", 'select = ["TL1"]\n')
    assert load_file(cfg).select == ("TL1",)
    cfg = write(tmp_path / "other.toml", '[tool.toollint]\nselect = ["TL2"]\n')
    assert load_file(cfg).select == ("TL2",)


def test_code_prefixes_are_valid(tmp_path):
    cfg = pyproject(tmp_path, 'select = ["TL", "TL1", "TL10", "TL307"]\n')
    assert load_file(cfg).select == ("TL", "TL1", "TL10", "TL307")
