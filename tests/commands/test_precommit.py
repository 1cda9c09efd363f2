"""toollint as users run it outside a plain `check`: the real pre-commit (the shipped hook,
`try-repo` and an installed git hook) and editors (`--stdin-filename`).

pre-commit builds the hook's environment with pip from this checkout. So that the tests
need no network, pip gets `--no-index` and a wheelhouse holding what this test environment
already has: toollint's dependencies as installed here, repacked as wheels, and the
setuptools wheel that virtualenv ships (the build backend). toollint itself is built from
source by pip, as for every user of the hook.
"""
from __future__ import annotations

import base64
import csv
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Dict, List

import pytest

from gitrepo import (HANDLERS, PYPROJECT, ROUTER, clean_env, clean_env_changes, git, new_repo, tools_module,
                     write)
import inproc
import yaml

ROOT = Path(__file__).resolve().parents[2]  # the checkout under test
MANIFEST = ROOT / ".pre-commit-hooks.yaml"



AGENT = {
    "pyproject.toml": PYPROJECT,
    "agent/__init__.py": "",
    "agent/tools.py": tools_module("lookup_order", "issue_refund"),
    "agent/router.py": ROUTER,
    "agent/handlers.py": HANDLERS,
}


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def finding(path: str, text: str, needle: str, code: str, under: str = "") -> "re.Pattern[str]":
    """A finding line; with `under`, the path may be printed absolute or relative to it."""
    spelled = f"(?:{re.escape(under.rstrip('/') + '/')})?{re.escape(path)}" if under else re.escape(path)
    return re.compile(rf"^{spelled}:{line_of(text, needle)}:\d+: {code} ", re.M)


def toollint(cwd: Path, *args: str, stdin=None) -> subprocess.CompletedProcess:
    """The hook's command through the CLI's main() in this process (tests/inproc.py)."""
    return inproc.toollint(*args, cwd=cwd, stdin=stdin, env=clean_env_changes())


def toollint_process(cwd: Path, *args: str, stdin=None) -> subprocess.CompletedProcess:
    """The same in a real `python -m toollint`, where a pipe is stdin."""
    return subprocess.run([sys.executable, "-m", "toollint", *args], cwd=cwd, env=clean_env(),
                          input=stdin, capture_output=True, text=True, timeout=120)


# ---------------------------------------------------------------------------------------
# The manifest.

def test_manifest_declares_the_hook_as_designed():
    hooks = yaml.safe_load(MANIFEST.read_text())
    assert [h["id"] for h in hooks] == ["toollint"]
    hook = hooks[0]
    assert hook["entry"] == "toollint check --force-exclude"
    assert hook["language"] == "python"
    assert hook["types"] == ["python"]
    assert hook["require_serial"] is True
    assert hook["name"] and hook["description"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", hook["minimum_pre_commit_version"])


@pytest.mark.slow
def test_pre_commit_validates_the_manifest():
    proc = subprocess.run([sys.executable, "-m", "pre_commit", "validate-manifest", str(MANIFEST)],
                          capture_output=True, text=True, env=clean_env(), timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# ---------------------------------------------------------------------------------------
# The real pre-commit, offline.

def _repack(dist, out: Path) -> None:
    """A wheel of an installed distribution, from the files its RECORD lists."""
    files = [f for f in (dist.files or []) if f.parts and f.parts[0] != ".."]  # console scripts: pip regenerates
    info = next(f.parts[0] for f in files if f.parts[0].endswith(".dist-info") and f.name == "METADATA")
    tags = [line.split(":", 1)[1].strip() for line in (dist.read_text("WHEEL") or "").splitlines()
            if line.startswith("Tag:")]
    name = re.sub(r"[-_.]+", "_", dist.metadata["Name"])
    target = out / f"{name}-{dist.version}-{tags[0] if tags else 'py3-none-any'}.whl"
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in files:
            arcname = f.as_posix()
            if "__pycache__" in f.parts or (f.parts[0] == info and f.name in (
                    "RECORD", "INSTALLER", "REQUESTED", "direct_url.json")):
                continue
            path = Path(f.locate())
            if not path.is_file():
                continue
            data = path.read_bytes()
            zf.write(path, arcname)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            writer.writerow([arcname, f"sha256={digest}", len(data)])
        writer.writerow([f"{info}/RECORD", "", ""])
        zf.writestr(f"{info}/RECORD", record.getvalue())


def _runtime_closure() -> List:
    """The installed distributions that toollint's declared dependencies pull in here."""
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    # pyproject.toml, not the installed metadata, which may predate an added dependency
    with open(ROOT / "pyproject.toml", "rb") as f:
        todo = list(tomllib.load(f)["project"]["dependencies"])
    seen: Dict[str, object] = {}
    while todo:
        req = Requirement(todo.pop())
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        key = canonicalize_name(req.name)
        if key in seen:
            continue
        dist = metadata.distribution(req.name)
        seen[key] = dist
        todo.extend(dist.requires or [])
    return list(seen.values())


@pytest.fixture(scope="session")
def precommit_env(tmp_path_factory) -> Dict[str, str]:
    """The environment in which pre-commit installs the hook without any index."""
    from virtualenv.seed.wheels.embed import BUNDLE_FOLDER

    wheels = tmp_path_factory.mktemp("wheelhouse")
    for dist in _runtime_closure():
        _repack(dist, wheels)
    for bundled in Path(BUNDLE_FOLDER).glob("setuptools-*.whl"):
        shutil.copy(bundled, wheels)
    env = clean_env(
        PRE_COMMIT_HOME=str(tmp_path_factory.mktemp("pre-commit-home")),
        PIP_CONFIG_FILE=os.devnull,  # this machine's indexes and find-links stay out too
        PIP_NO_INDEX="1",
        PIP_FIND_LINKS=str(wheels),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        VIRTUALENV_NO_PERIODIC_UPDATE="1",
    )
    for key in ("PYTHONPATH", "PYTHONHOME"):  # the hook must run what pip installed, nothing else
        env.pop(key, None)
    return env


def pre_commit(cwd: Path, env, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pre_commit", *args, "--color", "never"], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=600)


def commit(repo: Path, env, message: str) -> subprocess.CompletedProcess:
    """`git commit` with the installed hook, as a user commits."""
    return subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_try_repo_fails_on_a_defect_and_passes_once_fixed(tmp_path, precommit_env):
    repo = new_repo(tmp_path / "project")
    for rel, text in AGENT.items():
        write(repo, rel, text)
    broken = tools_module("lookup_order", "issue_refund", undescribed="issue_refund")
    write(repo, "agent/tools.py", broken)
    git(repo, "add", "-A")
    # try-repo runs the hook from this checkout's working tree: edits to tracked files are
    # included, files git does not track yet are not
    proc = pre_commit(repo, precommit_env, "try-repo", str(ROOT), "toollint", "--files", "agent/tools.py")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert finding("agent/tools.py", broken, '"issue_refund"', "TL101").search(out), out

    write(repo, "agent/tools.py", AGENT["agent/tools.py"])
    git(repo, "add", "-A")
    proc = pre_commit(repo, precommit_env, "try-repo", str(ROOT), "toollint", "--files", "agent/tools.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"^toollint\.+Passed$", proc.stdout, re.M), proc.stdout


@pytest.fixture
def hooked_repo(tmp_path, precommit_env) -> Path:
    """A repository whose .pre-commit-config.yaml uses this checkout at its HEAD commit (so
    the hook runs committed code), with the hook installed and the clean agent committed."""
    head = git(ROOT, "rev-parse", "HEAD").strip()
    repo = new_repo(tmp_path / "project")
    for rel, text in AGENT.items():
        write(repo, rel, text)
    config = {"repos": [{"repo": ROOT.as_posix(), "rev": head, "hooks": [{"id": "toollint"}]}]}
    write(repo, ".pre-commit-config.yaml", yaml.safe_dump(config, sort_keys=False))
    proc = pre_commit(repo, precommit_env, "install")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    git(repo, "add", "-A")
    proc = commit(repo, precommit_env, "a clean agent")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return repo


def staged(repo: Path) -> List[str]:
    return git(repo, "diff", "--cached", "--name-only").split()


@pytest.mark.slow
def test_commit_fails_on_a_staged_defect_and_passes_once_fixed(hooked_repo, precommit_env):
    repo = hooked_repo
    head = git(repo, "rev-parse", "HEAD")
    broken = tools_module("lookup_order", "issue_refund", undescribed="lookup_order")
    write(repo, "agent/tools.py", broken)
    git(repo, "add", "agent/tools.py")
    proc = commit(repo, precommit_env, "drop a description")
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert "toollint" in out and "Failed" in out, out
    assert finding("agent/tools.py", broken, '"lookup_order"', "TL101").search(out), out
    assert git(repo, "rev-parse", "HEAD") == head  # nothing committed

    write(repo, "agent/tools.py", AGENT["agent/tools.py"].replace("Work on one order.", "Handle one order."))
    git(repo, "add", "agent/tools.py")
    proc = commit(repo, precommit_env, "describe it again")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert git(repo, "rev-parse", "HEAD") != head


@pytest.mark.slow
def test_commit_fails_when_a_new_tool_is_in_no_category_though_the_router_is_not_staged(
        hooked_repo, precommit_env):
    repo = hooked_repo
    text = tools_module("lookup_order", "issue_refund", "cancel_order")
    write(repo, "agent/tools.py", text)
    git(repo, "add", "agent/tools.py")
    assert staged(repo) == ["agent/tools.py"]
    proc = commit(repo, precommit_env, "add cancel_order")
    out = proc.stdout + proc.stderr
    assert finding("agent/tools.py", text, '"cancel_order"', "TL305").search(out), out
    assert proc.returncode != 0


@pytest.mark.slow
def test_commit_fails_when_a_category_still_lists_a_removed_tool(hooked_repo, precommit_env):
    repo = hooked_repo
    write(repo, "agent/tools.py", tools_module("lookup_order"))
    git(repo, "add", "agent/tools.py")
    assert staged(repo) == ["agent/tools.py"]
    proc = commit(repo, precommit_env, "remove issue_refund")
    out = proc.stdout + proc.stderr
    assert finding("agent/router.py", ROUTER, '"issue_refund"', "TL306").search(out), out
    assert proc.returncode != 0


# ---------------------------------------------------------------------------------------
# What the hook runs, without pre-commit: one staged file named, its neighbours on disk.

@pytest.fixture
def agent(tmp_path) -> Path:
    for rel, text in AGENT.items():
        write(tmp_path, rel, text)
    return tmp_path


def test_hook_command_on_one_clean_file(agent):
    result = toollint(agent, "check", "--force-exclude", "agent/tools.py")
    # the group the file takes part in: its tools, judged with the router and handlers
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "Checked 1 file: 2 tools in 1 group, 0 findings.\n")


def test_hook_command_reads_the_router_it_was_not_given(agent):
    text = tools_module("lookup_order", "issue_refund", "cancel_order")
    write(agent, "agent/tools.py", text)
    result = toollint(agent, "check", "--force-exclude", "agent/tools.py")
    assert finding("agent/tools.py", text, '"cancel_order"', "TL305").search(result.stdout), result.stdout
    assert result.returncode == 1


def test_hook_command_reports_in_the_router_it_was_not_given(agent):
    write(agent, "agent/tools.py", tools_module("lookup_order"))
    result = toollint(agent, "check", "--force-exclude", "agent/tools.py")
    assert finding("agent/router.py", ROUTER, '"issue_refund"', "TL306").search(result.stdout), result.stdout
    assert result.returncode == 1


def test_hook_command_with_absolute_paths_links_the_group(agent):
    write(agent, "agent/tools.py", tools_module("lookup_order"))
    result = toollint(agent, "check", "--force-exclude", str(agent / "agent/tools.py"))
    assert finding("agent/router.py", ROUTER, '"issue_refund"', "TL306", under=str(agent)).search(result.stdout)
    assert result.returncode == 1


def test_force_exclude_skips_named_files_in_excluded_folders(agent):
    write(agent, "build/generated.py", tools_module("x", undescribed="x"))
    result = toollint(agent, "check", "--force-exclude", "build/generated.py", "agent/router.py")
    assert (result.returncode, result.stdout) == (0, ""), result.stderr


# ---------------------------------------------------------------------------------------
# Editors: the buffer on stdin, reported as the file it will be saved to.

def test_stdin_is_reported_as_the_named_file(agent):
    text = tools_module("lookup_order", "issue_refund", undescribed="issue_refund")
    result = toollint_process(agent, "check", "--stdin-filename", "agent/tools.py", "-", stdin=text)
    assert finding("agent/tools.py", text, '"issue_refund"', "TL101").search(result.stdout), result.stdout
    assert result.returncode == 1
    # the buffer, not the file on disk, is what was checked
    assert "TL101" not in toollint(agent, "check", "agent/tools.py").stdout


def test_stdin_file_need_not_exist_yet(agent):
    text = tools_module("fresh", undescribed="fresh")
    result = toollint(agent, "check", "--stdin-filename", "agent/new_tools.py", "-", stdin=text)
    assert finding("agent/new_tools.py", text, '"fresh"', "TL101").search(result.stdout), result.stdout


def test_stdin_buffer_links_with_its_neighbours_on_disk(agent):
    text = tools_module("lookup_order", "issue_refund", "cancel_order")  # unsaved: a new tool
    result = toollint(agent, "check", "--stdin-filename", "agent/tools.py", "-", stdin=text)
    assert finding("agent/tools.py", text, '"cancel_order"', "TL305").search(result.stdout), result.stdout


# Editors pass absolute names: one spelling per file, or the group would split.
def test_stdin_buffer_with_an_absolute_name_links_with_its_neighbours(agent):
    text = tools_module("lookup_order", "issue_refund", "cancel_order")
    name = str(agent / "agent/tools.py")
    result = toollint(agent, "check", "--stdin-filename", name, "-", stdin=text)
    assert finding("agent/tools.py", text, '"cancel_order"', "TL305", under=str(agent)).search(result.stdout), \
        result.stdout
    # the disk copy of the file is not read in place of the buffer
    assert result.stdout.count("TL305") == 1


# ---------------------------------------------------------------------------------------
# The README's snippet, verbatim but for where the repository is.

@pytest.mark.slow
def test_readme_snippet_works_as_written_against_a_clone_with_the_release_tag(tmp_path, precommit_env):
    """The lead tags the release commit `v<__version__>` (annotated); here a clone of this
    checkout's HEAD gets that tag, and the README's config, with only the repository URL
    replaced by the clone's path, installs and runs the hook."""
    from test_readme import REPOSITORY, yaml_block
    from toollint import __version__

    _, snippet = yaml_block("# .pre-commit-config.yaml")
    clone = tmp_path / "toollint"
    git(tmp_path, "clone", "-q", "--no-local", str(ROOT), str(clone))
    git(clone, "-c", "user.name=Test", "-c", "user.email=test@example.com",
        "tag", "-f", "-a", f"v{__version__}", "-m", f"toollint {__version__}")
    assert snippet.count(REPOSITORY) == 1
    repo = new_repo(tmp_path / "project")
    for rel, text in AGENT.items():
        write(repo, rel, text)
    broken = tools_module("lookup_order", "issue_refund", undescribed="issue_refund")
    write(repo, "agent/tools.py", broken)
    write(repo, ".pre-commit-config.yaml", snippet.replace(REPOSITORY, clone.as_posix()))
    git(repo, "add", "-A")
    proc = pre_commit(repo, precommit_env, "run", "--all-files")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1 and re.search(r"^toollint\.+Failed$", proc.stdout, re.M), out
    assert finding("agent/tools.py", broken, '"issue_refund"', "TL101").search(out), out

    write(repo, "agent/tools.py", AGENT["agent/tools.py"])
    git(repo, "add", "-A")
    proc = pre_commit(repo, precommit_env, "run", "--all-files")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"^toollint\.+Passed$", proc.stdout, re.M), proc.stdout
