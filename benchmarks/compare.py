"""Does this checkout print what another revision prints? The check for refactors.

    python benchmarks/compare.py REV [--stdlib] [--files 600] [--keep]

REV (a commit, tag or branch) is installed, without dependencies, into a temporary
folder from a `git worktree` of it, and run with that folder first on PYTHONPATH; this
checkout runs as installed in the current interpreter. Both run the same commands on
the same trees, each as a fresh process, and every output (stdout, stderr with the
revision's paths folded, exit code) must be byte-identical:

  trees     examples/, every tests/projects/* scenario, the framework recordings'
            sources (tests/data/frameworks/sources), the benchmark tree
            (benchmarks/generate.py --files N), and with --stdlib the interpreter's
            standard library
  commands  `check --no-cache --exit-zero` in the concise, full and json formats, and
            `dump` (openai-chat and mcp shapes)

Exit 0 when every pair matches, 1 with a unified diff of the first differences.
"""
from __future__ import annotations

import argparse
import difflib
import os
import subprocess
import sys
import sysconfig
import tempfile
from typing import List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

COMMANDS = (
    ("check", "--no-cache", "--exit-zero", "--color", "never"),
    ("check", "--no-cache", "--exit-zero", "--color", "never", "--output-format", "full"),
    ("check", "--no-cache", "--exit-zero", "--output-format", "json"),
    ("dump", "--shape", "openai-chat"),
    ("dump", "--shape", "mcp"),
)


def _install(rev: str, scratch: str) -> str:
    tree = os.path.join(scratch, "tree")
    target = os.path.join(scratch, "site")
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "-q", tree, rev], check=True)
    try:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--target", target, tree], check=True, stdout=subprocess.DEVNULL)
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", tree], check=True)
    return target


def _run(args: Tuple[str, ...], cwd: str, pythonpath: str) -> Tuple[int, str, str]:
    env = dict(os.environ, NO_COLOR="1", TOOLLINT_CACHE_DIR=os.devnull)
    env.pop("FORCE_COLOR", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    else:
        env.pop("PYTHONPATH", None)
    proc = subprocess.run([sys.executable, "-m", "toollint", *args, "."], cwd=cwd, env=env,
                          capture_output=True, text=True, errors="replace")
    # Rule pages are linked by where each side is installed: fold both to one name.
    rules = os.path.join(pythonpath, "toollint", "rules") if pythonpath else os.path.join(ROOT, "rules")
    return proc.returncode, proc.stdout.replace(rules, "<rules>"), proc.stderr.replace(rules, "<rules>")


def _trees(scratch: str, files: int, stdlib: bool) -> List[str]:
    trees = [os.path.join(ROOT, "examples"), os.path.join(ROOT, "tests", "data", "frameworks", "sources")]
    projects = os.path.join(ROOT, "tests", "projects")
    trees += sorted(os.path.join(projects, d) for d in os.listdir(projects)
                    if os.path.isdir(os.path.join(projects, d)))
    bench = os.path.join(scratch, "bench")
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), bench, "--files", str(files)],
                   check=True, stdout=subprocess.DEVNULL)
    trees.append(bench)
    if stdlib:
        trees.append(sysconfig.get_paths()["stdlib"])
    return trees


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev")
    parser.add_argument("--stdlib", action="store_true", help="also the standard library (minutes)")
    parser.add_argument("--files", type=int, default=600, help="size of the generated benchmark tree")
    args = parser.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="toollint-compare-") as scratch:
        old = _install(args.rev, scratch)
        for tree in _trees(scratch, args.files, args.stdlib):
            for command in COMMANDS:
                before = _run(command, tree, old)
                after = _run(command, tree, "")
                label = f"{os.path.relpath(tree, ROOT) if tree.startswith(ROOT) else tree}: {' '.join(command)}"
                if before == after:
                    print(f"same  {label}")
                    continue
                failures += 1
                print(f"DIFF  {label} (exit {before[0]} -> {after[0]})")
                for name, a, b in (("stdout", before[1], after[1]), ("stderr", before[2], after[2])):
                    diff = list(difflib.unified_diff(a.splitlines(), b.splitlines(), f"{args.rev} {name}",
                                                     f"this checkout {name}", lineterm="", n=1))
                    print("\n".join(diff[:40]))
    print(f"{failures} difference(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
