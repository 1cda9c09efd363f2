"""What the benchmark measures and where: the toollint under test (a snapshot), the
machine, the other tools, and the files that hold tools (the floor parses those).

Split from run.py, which runs the measurements."""
from __future__ import annotations

import compileall
import datetime
import os
import platform
import shutil
import subprocess
import sys
from typing import Dict, List, Optional


def find_tool(explicit: Optional[str], name: str, module: str) -> Optional[List[str]]:
    if explicit:
        return explicit.split()
    found = shutil.which(name)
    if found:
        return [found]
    try:
        import importlib.util

        if importlib.util.find_spec(module) is not None:
            return [sys.executable, "-m", module]
    except (ImportError, ValueError):
        pass
    return None


def tool_holders(tree: str) -> List[str]:
    """The files that hold tool definitions, as toollint's extraction sees them (the
    installed toollint, in this process, untimed)."""
    from toollint.config.settings import Settings
    from toollint.engine.scan import extract_file, scan

    settings = Settings(root=tree)
    found = scan([tree], settings, None, False)
    out = []
    for path, data, _ in found.passing:
        facts = extract_file(path, "m", False, settings, data=data, prefilter=False)
        if facts is None or facts.error is not None:
            continue
        real = [r for r in facts.registries if not r.kind.startswith("maybe-")]
        if real or facts.decorated or facts.pending or facts.by_reference or facts.loose_tools:
            out.append(path)
    return out


def needle_regex() -> str:
    from toollint.config.settings import Settings
    from toollint.front.prefilter import needles

    return "|".join(k.decode().replace("(", r"\(") for k in needles(Settings()))


def machine() -> Dict[str, str]:
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        load = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "?"
    return {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "nproc": str(os.cpu_count()), "python": platform.python_version(), "cpu": cpu,
            "platform": platform.platform(), "loadavg_at_start": load}


def snapshot(work: str, ref: Optional[str]) -> str:
    """A copy of the toollint under test (package and rules) for every process to import:
    the cache keys on toollint's own source, so an edit to the working tree while the
    benchmark runs would otherwise turn warm runs cold halfway through. With `ref`, the
    copy is that commit of the repository toollint is installed from (`--ref HEAD`
    leaves out uncommitted work)."""
    import toollint
    import toollint.rules

    dest = os.path.join(work, "snapshot")
    package = os.path.dirname(os.path.abspath(toollint.__file__))
    rules = os.path.dirname(os.path.abspath(toollint.rules.__file__))
    if ref is not None:
        repo = subprocess.run(["git", "-C", package, "rev-parse", "--show-toplevel"], capture_output=True,
                              text=True, check=True).stdout.strip()
        export = os.path.join(work, "export")
        os.makedirs(export)
        archive = subprocess.run(["git", "-C", repo, "archive", ref, os.path.relpath(package, repo),
                                  os.path.relpath(rules, repo)], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", export], input=archive, check=True)
        package = os.path.join(export, os.path.relpath(package, repo))
        rules = os.path.join(export, os.path.relpath(rules, repo))
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(package, os.path.join(dest, "toollint"), ignore=ignore)
    if not os.path.isdir(os.path.join(dest, "toollint", "rules")):
        shutil.copytree(rules, os.path.join(dest, "toollint", "rules"), ignore=ignore)
    # Bytecode, as `pip install` writes it: start-up is then an installed toollint's, even
    # where PYTHONDONTWRITEBYTECODE keeps the interpreter from caching it.
    compileall.compile_dir(dest, quiet=1)
    return dest
