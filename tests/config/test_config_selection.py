"""Which rules run: select, ignore and their extend- forms from the config and the command line,
per-file-ignores, and parsing the code lists and per-file-ignores of the command line."""
from __future__ import annotations

import os

import pytest

from configcase import DEFAULT_ON, OPT_IN, RULES, cli, load_file, pyproject, selected
from toollint.config.settings import ConfigError, Settings
from toollint.config.load import parse_code_list, parse_per_file_ignores
from toollint.config.select import RuleSelection


# --- selection --------------------------------------------------------------------------


def test_select_prefix_minus_specific_ignore():
    assert selected(cli(select="TL1", ignore="TL104")) == {"TL101", "TL102", "TL103"}


def test_specific_select_beats_prefix_ignore():
    assert selected(cli(ignore="TL1", select="TL104")) == {"TL104"}
    assert selected(cli(ignore="TL1", **{"extend-select": "TL104"})) == DEFAULT_ON - {
        "TL101", "TL102", "TL103",
    }


def test_ignore_wins_a_tie():
    assert "TL104" not in selected(cli(select="TL104", ignore="TL104"))


def test_extend_select_adds_to_defaults_and_extend_ignore_removes():
    s = cli(**{"extend-select": "unused-noqa", "extend-ignore": "TL3"})
    assert selected(s) == (DEFAULT_ON | {"TL003"}) - {"TL301", "TL307"}


def test_opt_in_rules_need_their_exact_code_or_name():
    assert not OPT_IN & selected(cli(select="TL"))
    assert not OPT_IN & selected(cli(select="TL0"))
    assert selected(cli(select="TL0")) == {"TL001"}
    assert selected(cli(select="TL002")) == {"TL002"}
    assert selected(cli(select="TL, unused-noqa")) == set(DEFAULT_ON) | {"TL003"}


def test_ignored_defaults_without_select():
    assert selected(cli(ignore="TL")) == set()
    assert selected(cli(ignore="TL2,TL3")) == {"TL001", "TL101", "TL102", "TL103", "TL104"}


def test_cli_select_restarts_the_selection(tmp_path):
    cfg = pyproject(tmp_path, 'select = ["TL2"]\nignore = ["TL104"]\nextend-select = ["TL3"]\n')
    assert selected(load_file(cfg)) == {"TL201", "TL203", "TL301", "TL307"}
    s = load_file(cfg, select=("TL1",))
    assert selected(s) == {"TL101", "TL102", "TL103", "TL104"}
    assert (s.select, s.ignore, s.extend_select) == (("TL1",), (), ())


def test_cli_extend_select_beats_a_config_ignore_of_any_length(tmp_path):
    cfg = pyproject(tmp_path, 'ignore = ["TL104"]\n')
    assert "TL104" not in selected(load_file(cfg))
    assert "TL104" in selected(load_file(cfg, **{"extend-select": ("TL1",)}))


def test_cli_ignore_beats_a_more_specific_config_select(tmp_path):
    cfg = pyproject(tmp_path, 'select = ["TL104", "TL201"]\n')
    s = load_file(cfg, ignore=("TL1",))
    assert selected(s) == {"TL201"}
    assert s.select == ("TL104", "TL201") and s.ignore == ("TL1",)


def test_cli_ignore_adds_to_config_ignore(tmp_path):
    cfg = pyproject(tmp_path, 'ignore = ["TL104"]\n')
    assert selected(load_file(cfg, ignore=("TL3",))) == DEFAULT_ON - {"TL104", "TL301", "TL307"}


def test_empty_cli_select_restarts_from_defaults(tmp_path):
    cfg = pyproject(tmp_path, 'select = ["TL2"]\n')
    assert selected(load_file(cfg, select="")) == set(DEFAULT_ON)


def test_hand_built_settings_are_one_layer():
    s = Settings(select=("TL1", "unused-noqa"), ignore=("missing-exclusion-clause",))
    assert selected(s) == {"TL101", "TL102", "TL103", "TL003"}
    assert selected(Settings()) == set(DEFAULT_ON)


def test_selection_ignores_default_codes_the_catalogue_lacks():
    assert RuleSelection(Settings(), RULES, DEFAULT_ON | {"TL999"}).enabled == DEFAULT_ON


# --- per-file-ignores -------------------------------------------------------------------


def pfi(tmp_path, *pairs) -> Settings:
    return Settings(root=str(tmp_path), per_file_ignores=tuple((g, tuple(c)) for g, c in pairs))


def ignored_for_path(settings: Settings, path: str) -> frozenset:
    return RuleSelection(settings, RULES, DEFAULT_ON).ignored_for(path)


def test_globs_match_relative_to_root(tmp_path, monkeypatch):
    s = pfi(tmp_path, ("tests/*", ["TL101"]), ("examples/*.py", ["TL1"]))
    assert ignored_for_path(s, str(tmp_path / "tests" / "test_a.py")) == {"TL101"}
    assert ignored_for_path(s, str(tmp_path / "tests" / "deep" / "b.py")) == {"TL101"}  # fnmatch * spans /
    assert ignored_for_path(s, str(tmp_path / "examples" / "x.py")) == {"TL1"}
    assert ignored_for_path(s, str(tmp_path / "src" / "tests" / "a.py")) == set()
    monkeypatch.chdir(tmp_path / "..")
    rel = os.path.join(tmp_path.name, "tests", "a.py")
    assert ignored_for_path(s, rel) == {"TL101"}  # relative to cwd, matched against root


def test_glob_without_slash_matches_a_name_at_any_depth(tmp_path):
    s = pfi(tmp_path, ("__init__.py", ["TL1"]), ("test_*.py", ["TL2"]), ("fixtures", ["TL3"]))
    assert ignored_for_path(s, str(tmp_path / "pkg" / "__init__.py")) == {"TL1"}
    assert ignored_for_path(s, str(tmp_path / "a" / "b" / "test_x.py")) == {"TL2"}
    assert ignored_for_path(s, str(tmp_path / "tests" / "fixtures" / "tools.py")) == {"TL3"}
    assert ignored_for_path(s, str(tmp_path / "pkg" / "tools.py")) == set()


def test_folder_globs_cover_the_tree_below(tmp_path):
    s = pfi(tmp_path, ("src/*/legacy/", ["TL1"]), ("./docs", ["TL2"]))
    assert ignored_for_path(s, str(tmp_path / "src" / "pkg" / "legacy" / "a.py")) == {"TL1"}
    assert ignored_for_path(s, str(tmp_path / "docs" / "conf.py")) == {"TL2"}


def test_double_star_prefix_also_matches_at_root(tmp_path):
    s = pfi(tmp_path, ("**/gen/*.py", ["TL1"]))
    assert ignored_for_path(s, str(tmp_path / "gen" / "a.py")) == {"TL1"}
    assert ignored_for_path(s, str(tmp_path / "x" / "gen" / "a.py")) == {"TL1"}


def test_matches_are_case_sensitive_and_merge(tmp_path):
    s = pfi(tmp_path, ("tests/*", ["TL101"]), ("*.py", ["TL2"]))
    assert ignored_for_path(s, str(tmp_path / "tests" / "a.py")) == {"TL101", "TL2"}
    assert ignored_for_path(s, str(tmp_path / "Tests" / "a.PY")) == set()


def test_codes_for_path_drops_by_prefix(tmp_path):
    chosen = RuleSelection(pfi(tmp_path, ("tests/*", ["TL1", "TL203"])), RULES, DEFAULT_ON)
    assert chosen.codes_for(str(tmp_path / "tests" / "a.py")) == {
        "TL001", "TL201", "TL301", "TL307",
    }
    assert chosen.codes_for(str(tmp_path / "a.py")) == chosen.enabled
    assert chosen.ignores("TL101", str(tmp_path / "tests" / "a.py"))
    assert not chosen.ignores("TL201", str(tmp_path / "tests" / "a.py"))


def test_a_selection_reads_a_relative_path_against_the_current_folder(tmp_path, monkeypatch):
    # One selection serves a whole session (an editor's): a relative path it has seen
    # before names another file once the working folder changes.
    chosen = RuleSelection(pfi(tmp_path, ("tests/*", ["TL101"])), RULES, DEFAULT_ON)
    monkeypatch.chdir(tmp_path)
    assert chosen.ignored_for(os.path.join("tests", "a.py")) == {"TL101"}
    (tmp_path / "src").mkdir()
    monkeypatch.chdir(tmp_path / "src")
    assert chosen.ignored_for(os.path.join("tests", "a.py")) == set()


def test_config_per_file_ignores_are_relative_to_the_config_folder(tmp_path, monkeypatch):
    cfg = pyproject(tmp_path / "proj", '[tool.toollint.per-file-ignores]\n"tests/*" = ["missing-description"]\n')
    monkeypatch.chdir(tmp_path)
    s = load_file(cfg)
    assert ignored_for_path(s, os.path.join("proj", "tests", "t.py")) == {"TL101"}
    assert ignored_for_path(s, os.path.join("tests", "t.py")) == set()


# --- command-line parsing helpers -------------------------------------------------------


def test_parse_code_list():
    assert parse_code_list("TL101, TL102,TL2  missing-description,") == (
        "TL101", "TL102", "TL2", "missing-description",
    )
    assert parse_code_list("") == ()


def test_parse_per_file_ignores():
    assert parse_per_file_ignores("tests/*:TL101,TL102 examples/*.py:TL1") == (
        ("tests/*", ("TL101", "TL102")),
        ("examples/*.py", ("TL1",)),
    )
    assert parse_per_file_ignores("a.py b.py : TL1, missing-description\n c/*.py:TL2") == (
        ("a.py", ("TL1", "missing-description")),
        ("b.py", ("TL1", "missing-description")),
        ("c/*.py", ("TL2",)),
    )
    # a code-looking item followed by a colon is the next glob
    assert parse_per_file_ignores("x.py:TL1 tests:TL2") == (("x.py", ("TL1",)), ("tests", ("TL2",)))
    assert parse_per_file_ignores("  ") == ()


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("tests/*", "'tests/*' has no ':CODES'"),
        ("tests/*:", "'tests/*' has no rule codes"),
        ("tests/*: other.py:TL1", "'tests/*' has no rule codes"),
        (":TL1", "misplaced ':'"),
        ("a.py::TL1", "misplaced ':'"),
    ],
)
def test_parse_per_file_ignores_errors(text, fragment):
    with pytest.raises(ConfigError) as info:
        parse_per_file_ignores(text)
    message = str(info.value)
    assert message.startswith("'--per-file-ignores': ") and fragment in message
    assert "expected 'GLOB:CODES' pairs such as 'tests/*:TL101,TL102'" in message
