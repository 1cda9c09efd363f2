"""`pytest --toollint`: one item per tool of the project, failing with its findings.

Loaded by pytest in every run of an environment that has toollint (the `pytest11` entry
point), so it imports nothing of the engine and changes nothing until `--toollint` or the
ini option `toollint = true` turns it on.

Which paths are linted: the files and folders named on pytest's command line, else the
rootdir (not `testpaths`: tools live beside the code, not in tests/). An argument that
names a test (`tests/test_x.py::test_y`) is left to pytest; one that names a toollint item
(`src/tools.py::toollint[search]`) is served by this plugin, so pytest never imports the
module to look for it. Nothing of the project is imported: the engine reads source only.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import List, Optional, Set

import pytest

MARK = "toollint"
_KEY = pytest.StashKey["_State"]()


class _State:
    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.report = None  # attribution.Report, made on first use
        self.served: Set[Path] = set()  # files whose collector pytest already has


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("toollint")
    group.addoption("--toollint", action="store_true", default=False,
                    help="add one item per LLM tool definition, failing with its toollint findings")
    parser.addini("toollint", type="bool", default=False, help="run toollint as with --toollint")


def pytest_configure(config: pytest.Config) -> None:
    if not (config.getoption("toollint") or config.getini("toollint") or _configured(config)):
        return
    config.addinivalue_line("markers", f"{MARK}: a toollint item (one per tool, one per file)")
    config.stash[_KEY] = _State(config)


def _configured(config: pytest.Config) -> bool:
    """`[tool.toollint] pytest = true` in the rootdir's pyproject.toml: read with the TOML
    parser alone, since every pytest run of an environment with toollint asks."""
    path = config.rootpath / "pyproject.toml"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return False
    if "pytest" not in text or "toollint" not in text:
        return False
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        table = tomllib.loads(text).get("tool", {}).get("toollint", {})
    except tomllib.TOMLDecodeError:
        return False  # `toollint check` reports the broken file; pytest is not the place
    return table.get("pytest") is True


def _state(config: pytest.Config) -> Optional[_State]:
    return config.stash.get(_KEY, None)


def _report(state: _State):
    if state.report is None:
        from toollint.config.settings import ConfigError

        try:
            state.report = _lint(state.config)
        except ConfigError as exc:
            raise pytest.UsageError(f"toollint: {exc}") from None
        except Exception as exc:  # a bug of ours: one line, as `toollint check` says it
            raise pytest.UsageError(f"toollint: internal error: {type(exc).__name__}: {exc}; "
                                    "rerun `toollint check --verbose` and report it") from None
    return state.report


def _lint(config: pytest.Config):
    from toollint.config import load as config_load
    from toollint.engine.pool import default_jobs
    from toollint.pytest_plugin.attribution import Report, lint
    from toollint.rulekit.registry import rule_names

    paths = _paths(config)
    if not paths:
        return Report({}, [])
    settings = config_load.load(config_load.find_config(paths), isolated=False, overrides={}, rules=rule_names())
    # an xdist worker runs beside others and execnet's threads: no process pool of its own
    jobs = 1 if hasattr(config, "workerinput") else default_jobs()
    return lint(paths, settings, jobs)


def _explicit_args(config: pytest.Config) -> bool:
    """Whether pytest's arguments were typed by the user (not testpaths, not the cwd)."""
    kinds = getattr(pytest.Config, "ArgsSource", None)  # pytest 7.3+
    if kinds is not None:
        return config.args_source == kinds.ARGS
    return config.args not in (list(config.getini("testpaths")), [str(config.invocation_params.dir)])


def _paths(config: pytest.Config) -> List[str]:
    if not _explicit_args(config) or config.option.pyargs:
        return [str(config.rootpath)]
    out: List[str] = []
    for arg in config.args:
        path, *parts = arg.split("::")
        if parts and not parts[0].startswith(MARK):
            continue  # names a test of the user's, not a toollint item
        full = _absolute(Path(config.invocation_params.dir, path))
        if full.exists():
            out.append(str(full))
    return out


def _only_item_ids(config: pytest.Config) -> bool:
    return _explicit_args(config) and all(
        arg.split("::")[1:2] and arg.split("::")[1].startswith(MARK) for arg in config.args)


def _names_toollint_item(config: pytest.Config, path: Path) -> bool:
    for arg in config.args:
        head, *parts = arg.split("::")
        if parts and parts[0].startswith(MARK) and _absolute(Path(config.invocation_params.dir, head)) == path:
            return True
    return False


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: Path, parent):
    """A module named on the command line for its toollint items gets this plugin's
    collector instead of an import: named by an item's id, or a tool module that holds no
    test (pytest imports any .py file it is given, test file or not)."""
    state = _state(parent.config)
    if state is None:
        return None
    path = _absolute(module_path)
    if not _names_toollint_item(parent.config, path) and not (
            str(path) in _report(state).entries and _not_a_test_module(parent.config, path)):
        return None
    state.served.add(path)
    return ToollintFile.from_parent(parent, path=module_path)


def _absolute(path: Path) -> Path:
    # normalised, not resolved: node ids are relative to the rootdir as pytest spelled it
    return Path(os.path.abspath(path))


_TEST_DEF = re.compile(rb"^[ \t]*(?:async[ \t]+def|def)[ \t]+test|^[ \t]*class[ \t]+Test", re.M)


def _not_a_test_module(config: pytest.Config, path: Path) -> bool:
    import fnmatch

    # pytest's python_files: a pattern without a slash matches the file's name
    if any(fnmatch.fnmatch(path.name if "/" not in p else path.as_posix(), p if "/" not in p else "*" + p)
           for p in config.getini("python_files")):
        return False
    try:
        return _TEST_DEF.search(path.read_bytes()) is None
    except OSError:
        return False


@pytest.hookimpl(hookwrapper=True)  # old-style: pytest 7.0's pluggy knows no wrapper=True
def pytest_make_collect_report(collector: pytest.Collector):
    outcome = yield
    state = _state(collector.config)
    report = outcome.get_result()
    if state is None or not isinstance(collector, pytest.Session) or not report.passed:
        return
    if _only_item_ids(collector.config):
        return  # the named items' files are served; other files were not asked for
    for path in sorted(_report(state).entries):
        if Path(path) not in state.served:
            report.result.append(ToollintFile.from_parent(collector, path=Path(path)))


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    state = _state(config)
    if state is not None and state.report is not None:
        for warning in state.report.warnings:
            terminalreporter.write_line(f"toollint: warning: {warning}")


class ToollintFile(pytest.File):
    def collect(self):
        state = _state(self.config)
        entries = _report(state).entries.get(str(_absolute(self.path)), []) if state else []
        for entry in entries:
            # the id given whole: pytest (9.2) parses a stored id's `[...]` as parameters, and
            # an id built from the name alone would never equal it (--lf would miss the item)
            item = ToollintItem.from_parent(self, name=entry.name, nodeid=f"{self.nodeid}::{entry.name}")
            item.entry = entry
            item.add_marker(MARK)
            yield item


class ToollintFailure(Exception):
    pass


class ToollintItem(pytest.Item):
    entry = None  # attribution.Entry

    def runtest(self) -> None:
        if self.entry is not None and self.entry.findings:
            raise ToollintFailure(self.entry)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ToollintFailure):
            from toollint.pytest_plugin.attribution import failure_text

            return failure_text(self.entry.findings, str(self.config.rootpath))
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, (self.entry.line - 1 if self.entry else None), self.name


__all__ = ["ToollintFile", "ToollintItem", "pytest_addoption", "pytest_configure"]
