from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from toollint.config.settings import DEFAULT_EXCLUDE, ConfigError, Settings
from toollint.config.load import VALID_KEYS, find_config, load, parse_code_list, parse_per_file_ignores
from toollint.config.select import RuleSelection

RULES = {
    "TL001": "syntax-error",
    "TL002": "unresolved-definition",
    "TL003": "unused-noqa",
    "TL101": "missing-description",
    "TL102": "description-reads-like-signature",
    "TL103": "missing-trigger-clause",
    "TL104": "missing-exclusion-clause",
    "TL201": "invalid-input-schema",
    "TL203": "nullable-required",
    "TL301": "invalid-tool-name",
    "TL307": "crowded-turn",
}
OPT_IN = {"TL002", "TL003"}
DEFAULT_ON = frozenset(RULES) - OPT_IN


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def pyproject(folder: Path, body: str) -> Path:
    return write(folder / "pyproject.toml", "[tool.toollint]\n" + textwrap.dedent(body))


def load_file(path, **overrides) -> Settings:
    return load(str(path), isolated=False, overrides=overrides, rules=RULES)


def cli(**overrides) -> Settings:
    return load(None, isolated=False, overrides=overrides, rules=RULES)


def config_error(path, **overrides) -> str:
    with pytest.raises(ConfigError) as info:
        load(None if path is None else str(path), isolated=False, overrides=overrides, rules=RULES)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def selected(settings: Settings) -> set:
    return set(RuleSelection(settings, RULES, DEFAULT_ON).enabled)


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
