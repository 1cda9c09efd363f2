"""toollint's benchmark: one command, ratios against baselines measured in the same run.

    python benchmarks/run.py [--files 2000] [--rounds 3] [--json out.json]
                             [--tree DIR] [--fixit CMD] [--flake8 CMD]

It generates the synthetic monorepo (benchmarks/generate.py) into a temporary folder
unless --tree names one, then runs every measurement once per round, interleaved, so
that a machine that speeds up or slows down during the run (other jobs, thermal limits)
moves the baselines and toollint alike; it reports medians, and each target of issues 7
and 22 as a ratio of two medians from this run, in CPU time where the target says so
(CPU time moves least when other jobs share the machine).

What is measured, each as a fresh process (wall time; the CPU time and peak RSS of the
process and its children come from os.wait4):
  floor      (a) an interpreter that walks the tree, reads every .py file and runs the
                 prefilter on it (toollint.prefilter, the same test toollint runs)
  parse      (b) in one process: (a), then `import libcst` and libcst.parse_module of the
                 files that hold tool definitions (found beforehand, untimed, by toollint's
                 extraction: a registry, a decorated or registered tool, a loose one); (b)
                 is the time of that import and parsing, and the whole process (its CPU
                 time) is issue 22's floor for a cold run
  cold -j1   `toollint check TREE --no-cache --exit-zero -j 1`   (c)
  cold -j2   the same with -j 2                                   (c)
  warm       `toollint check TREE --exit-zero`, cache primed, tree unchanged       (d)
  warm-edit  the same after one tool module changed (its facts and the run's result
             must be recomputed; the other files' facts come from the cache)
  fixit, flake8  on the same tree, when installed (--fixit/--flake8 CMD, else PATH)  (e)
  1 file, 20 files  `toollint check FILES` as pre-commit runs it after an edit: the
             named files changed since the last run, the cache holds the rest      (f)
  import libcst  `python -c "import libcst"`                                       (f)
  spin one, two  a CPU loop in one process, then in two at once: how much faster two
             processes run than one on this machine, the ceiling of any -j2 speed-up
             (a machine whose two CPUs are hyperthreads or shared gives far less than 2x)
  prefilter phase  toollint reading every discovered file and running its prefilter,
             timed inside one process, against `grep -rlE` with the same needles over
             the tree; discovery (walking, excludes) and the digests are timed apart
Fixit and flake8 run in the first round only (--slow-rounds N for more): Fixit takes
minutes on the default tree, and its ratio is far from the limit.
Peak memory: the largest ru_maxrss of any one toollint process (the pool's workers are
separate processes, each reported alone), and the same cold run on the tree with as
many again files that fail the prefilter, which must not use more memory.

Outputs of every toollint configuration are compared: cold -j1, cold -j2 and warm must
print the same bytes, or the benchmark says so and exits 1.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import generate  # noqa: E402
from subjects import find_tool, machine as describe_machine, needle_regex, snapshot, tool_holders  # noqa: E402

# The targets of issues 7 and 22: (label, measure, how it is computed, limit, kind); a
# name is a median wall time, cpu_NAME its median CPU time
TARGETS = (
    ("cold -j1 CPU within 1.5x of the floor", "cpu_cold_j1 / cpu_parse_proc", 1.5, "max"),
    ("cold -j1 wall within 1.5x of the floor", "cold_j1 / parse_proc", 1.5, "max"),
    ("-j2 at least 1.7x faster than -j1", "cold_j1 / cold_j2", 1.7, "min"),
    ("-j2 speed-up / this machine's ceiling >= 0.85", "cold_j1 / cold_j2 / ceiling", 0.85, "min"),
    ("prefilter passes <= 2x the files with tools", "passing / holders", 2.0, "max"),
    ("warm within 1.5x of (a)", "warm / floor", 1.5, "max"),
    ("1 file CPU within 1.5x of import libcst", "cpu_one_file / cpu_import_libcst", 1.5, "max"),
    ("prefilter phase within 2x of grep -rlE", "prefilter_phase / grep", 2.0, "max"),
    ("at least 10x faster than Fixit", "fixit / cold_j2", 10.0, "min"),
    ("peak memory under 300 MB", "peak_rss_mb", 300.0, "max"),
    ("memory flat in failing files", "peak_rss_more_failing_mb - peak_rss_mb", 10.0, "max"),
)


# --- helper processes (this file runs itself with --phase) --------------------------------


def _py_files(tree: str) -> List[str]:
    out = []
    for folder, dirs, files in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        out.extend(os.path.join(folder, f) for f in sorted(files) if f.endswith(".py"))
    return out


def _phase(name: str, tree: str) -> None:
    if name == "spin":  # pure CPU, no I/O: what this machine gives one process, or two at once
        total = 0
        for i in range(3_000_000):
            total += i
        return
    from toollint.config.settings import Settings
    from toollint.front.prefilter import may_define_tools, needles

    keys = needles(Settings())
    start = time.perf_counter()
    passing = []
    for path in _py_files(tree):
        with open(path, "rb") as handle:
            data = handle.read()
        if may_define_tools(data, keys):
            passing.append(data)
    out: Dict[str, float] = {"read_prefilter": time.perf_counter() - start, "passing": len(passing)}
    if name == "parse":
        holders = os.environ.get("TOOLLINT_BENCH_HOLDERS")
        if holders:  # the files that hold tools, else every passing one
            with open(holders, encoding="utf-8") as handle:
                paths = handle.read().split("\n")
            passing = []
            for path in filter(None, paths):
                with open(path, "rb") as handle:
                    passing.append(handle.read())
        out["parsed"] = len(passing)
        start = time.perf_counter()
        import libcst

        out["import_libcst"] = time.perf_counter() - start
        start = time.perf_counter()
        for data in passing:
            try:
                libcst.parse_module(data)
            except Exception:
                pass
        out["parse"] = time.perf_counter() - start
    elif name == "scan":
        # toollint's own code for each step before parsing, timed step by step
        from toollint.engine import scan as engine
        from toollint.cache.store import digest
        from toollint.front.discover import discover
        from toollint.front.read import read_source

        settings = Settings(root=tree)
        start = time.perf_counter()
        found = discover([tree], settings)
        out["discover"] = time.perf_counter() - start
        start = time.perf_counter()
        kept = []
        for path in found:
            data = read_source(path)
            if isinstance(data, bytes) and may_define_tools(data, keys):
                kept.append(data)
        out["prefilter_phase"] = time.perf_counter() - start
        start = time.perf_counter()
        for data in kept:
            digest(data)
        out["digest"] = time.perf_counter() - start
        start = time.perf_counter()
        scan = engine.scan([tree], settings, None, False)
        out["scan"] = time.perf_counter() - start
        out["passing"] = len(scan.passing)
    print(json.dumps(out))


# --- measuring -----------------------------------------------------------------------------


class Sample:
    def __init__(self, wall: float, cpu: float, rss_kb: int, stdout: bytes, inner: Optional[dict]) -> None:
        self.wall, self.cpu, self.rss_kb, self.stdout, self.inner = wall, cpu, rss_kb, stdout, inner


def _spawn(cmd: Sequence[str], cwd: Optional[str] = None, env: Optional[dict] = None) -> Sample:
    start = time.perf_counter()
    proc = subprocess.Popen(list(cmd), cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read() if proc.stdout else b""
    if proc.stdout:
        proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status
    inner = None
    if out.startswith(b"{"):
        try:
            inner = json.loads(out)
        except ValueError:
            inner = None
    # wait4 reports the process and the children it reaped: CPU adds up, ru_maxrss is the
    # largest single process (KB on Linux)
    return Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, out, inner)


def _spawn_pair(cmd: Sequence[str], env: Optional[dict] = None) -> Sample:
    """Two copies of `cmd` at once: the wall time until both are done."""
    start = time.perf_counter()
    procs = [subprocess.Popen(list(cmd), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for _ in range(2)]
    cpu, rss = 0.0, 0
    for proc in procs:
        _, _, usage = os.wait4(proc.pid, 0)
        cpu += usage.ru_utime + usage.ru_stime
        rss = max(rss, usage.ru_maxrss)
    return Sample(time.perf_counter() - start, cpu, rss, b"", None)


def _edit(path: str, text: str, marker: str) -> None:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text + f"\n# {marker}\n")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="toollint's benchmark (see the module docstring)")
    parser.add_argument("--tree", help="benchmark this tree instead of generating one")
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", metavar="FILE", help="also write the results here")
    parser.add_argument("--fixit", metavar="CMD", help="Fixit command (default: `fixit` on PATH)")
    parser.add_argument("--flake8", metavar="CMD", help="flake8 command (default: `flake8` on PATH)")
    parser.add_argument("--slow-rounds", type=int, default=1,
                        help="rounds that also run Fixit and flake8 (default 1: Fixit takes minutes)")
    parser.add_argument("--skip-memory-scaling", action="store_true")
    parser.add_argument("--ref", help="measure this git commit of toollint (e.g. HEAD) instead of the working tree")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="run the installed toollint in place instead of a copy taken at the start")
    parser.add_argument("--phase", nargs=2, metavar=("NAME", "TREE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.phase:
        _phase(*args.phase)
        return 0

    work = tempfile.mkdtemp(prefix="toollint-bench-")
    try:
        return _bench(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _bench(args, work: str) -> int:
    py = sys.executable
    machine = describe_machine()
    tree = args.tree
    info: Dict[str, object] = {}
    if tree is None:
        tree = os.path.join(work, "tree")
        info = generate.generate(tree, files=args.files, seed=args.seed)
    tree = os.path.abspath(tree)
    files = _py_files(tree)
    env = dict(os.environ)
    env.pop("TOOLLINT_NO_CACHE", None)
    env["TOOLLINT_CACHE_DIR"] = os.path.join(work, "cache")  # never the tree's own folder
    env["XDG_CACHE_HOME"] = os.path.join(work, "xdg")  # a fresh per-user key, kept private
    if not args.no_snapshot:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [snapshot(work, args.ref), env.get("PYTHONPATH")]))
    tl = [py, "-m", "toollint", "check"]
    tool_files = [f for f in files if os.sep + "agents" + os.sep in f and f.endswith(("tools.py", "agent.py"))]
    if len(tool_files) < 2:
        raise SystemExit("the tree has fewer than two agent modules: use --files 100 or more")
    edited = tool_files[0]
    edited_text = open(edited, encoding="utf-8").read()
    one = [tool_files[1]]
    twenty = sorted(tool_files[2:4] + [f for f in files if os.sep + "services" + os.sep in f][:18])
    originals = {p: open(p, encoding="utf-8").read() for p in one + twenty}
    fixit = find_tool(args.fixit, "fixit", "fixit")
    flake8 = find_tool(args.flake8, "flake8", "flake8")
    grep = shutil.which("grep")
    regex = needle_regex()
    holders = tool_holders(tree)
    holders_file = os.path.join(work, "holders.txt")
    with open(holders_file, "w", encoding="utf-8") as handle:
        handle.write("\n".join(holders))
    parse_env = dict(env, TOOLLINT_BENCH_HOLDERS=holders_file)

    def toollint(extra: Sequence[str], paths: Sequence[str] = (tree,)) -> Sample:
        return _spawn(tl + list(paths) + ["--exit-zero", "-q"] + list(extra), cwd=tree, env=env)

    def pre_commit(paths: List[str], tag: str) -> Sample:
        for p in paths:
            _edit(p, originals[p], tag)
        try:
            return toollint([], paths)
        finally:
            for p in paths:
                with open(p, "w", encoding="utf-8", newline="") as handle:
                    handle.write(originals[p])

    measures = {
        "floor": lambda r: _spawn([py, __file__, "--phase", "floor", tree], env=env),
        "parse_proc": lambda r: _spawn([py, __file__, "--phase", "parse", tree], env=parse_env),
        "scan_proc": lambda r: _spawn([py, __file__, "--phase", "scan", tree], env=env),
        "cold_j1": lambda r: toollint(["--no-cache", "-j", "1"]),
        "cold_j2": lambda r: toollint(["--no-cache", "-j", "2"]),
        "warm": lambda r: toollint([]),
        "warm_edit": None,  # below: needs an edit and a restore
        "one_file": lambda r: pre_commit(one, f"bench round {r} one"),
        "twenty_files": lambda r: pre_commit(twenty, f"bench round {r} twenty"),
        "import_libcst": lambda r: _spawn([py, "-c", "import libcst"], env=env),
        "python": lambda r: _spawn([py, "-c", "pass"], env=env),
        "spin_one": lambda r: _spawn([py, __file__, "--phase", "spin", tree], env=env),
        "spin_two": lambda r: _spawn_pair([py, __file__, "--phase", "spin", tree], env=env),
    }
    if grep:
        measures["grep"] = lambda r: _spawn([grep, "-rlE", "--include=*.py", regex, tree], env=env)
    if fixit:
        measures["fixit"] = lambda r: _spawn(fixit + ["lint", tree], cwd=tree, env=env)
    if flake8:
        measures["flake8"] = lambda r: _spawn(flake8 + [tree], cwd=tree, env=env)

    def warm_edit(r: int) -> Sample:
        _edit(edited, edited_text, f"bench round {r}")
        try:
            return toollint([])
        finally:
            with open(edited, "w", encoding="utf-8", newline="") as handle:
                handle.write(edited_text)
            toollint([])  # the unchanged tree's result back in the cache, untimed

    measures["warm_edit"] = warm_edit

    print(f"tree: {tree} ({len(files)} files{', generated ' + json.dumps(info) if info else ''}; "
          f"{len(holders)} hold tool definitions)", flush=True)
    print(f"machine: {json.dumps(machine)}", flush=True)
    print("priming the cache...", flush=True)
    reference = toollint([]).stdout
    toollint([])
    samples: Dict[str, List[Sample]] = {k: [] for k in measures}
    outputs: Dict[str, set] = {"cold_j1": set(), "cold_j2": set(), "warm": set()}
    for r in range(args.rounds):
        for name, fn in measures.items():
            if name in ("fixit", "flake8") and r >= args.slow_rounds:
                continue
            s = fn(r)
            samples[name].append(s)
            if name in outputs:
                outputs[name].add(hashlib.sha256(s.stdout).hexdigest())
            print(f"  round {r + 1}/{args.rounds} {name:14s} {s.wall:8.3f} s wall {s.cpu:8.3f} s cpu "
                  f"{s.rss_kb / 1024:7.1f} MB", flush=True)

    med = {k: statistics.median(s.wall for s in v) for k, v in samples.items() if v}
    cpu = {k: statistics.median(s.cpu for s in v) for k, v in samples.items() if v}
    inner = lambda name, key: statistics.median(s.inner[key] for s in samples[name] if s.inner)  # noqa: E731
    med["parse"] = inner("parse_proc", "parse") + inner("parse_proc", "import_libcst")
    med["prefilter_phase"] = inner("scan_proc", "prefilter_phase")
    med["discover"] = inner("scan_proc", "discover")
    med["scan"] = inner("scan_proc", "scan")
    passing = int(samples["floor"][0].inner["passing"]) if samples["floor"][0].inner else -1
    rss = {k: max(s.rss_kb for s in v) / 1024 for k, v in samples.items() if v}
    med["peak_rss_mb"] = max(rss["cold_j1"], rss["cold_j2"], rss["warm"])

    if not args.skip_memory_scaling:
        more = os.path.join(work, "more")
        shutil.copytree(tree, more, ignore=shutil.ignore_patterns(".toollint_cache"))
        extra = generate.add_failing(more, len(files), seed=args.seed + 1)
        base = _spawn(tl + [tree, "--no-cache", "-j", "1", "--exit-zero", "-q"], cwd=tree, env=env)
        grown = _spawn(tl + [more, "--no-cache", "-j", "1", "--exit-zero", "-q"], cwd=more, env=env)
        med["peak_rss_more_failing_mb"] = med["peak_rss_mb"] + (grown.rss_kb - base.rss_kb) / 1024
        info["memory_scaling"] = {"extra_failing_files": extra, "rss_mb": base.rss_kb / 1024,
                                  "rss_more_failing_mb": grown.rss_kb / 1024}

    same = all(len(v) == 1 for v in outputs.values()) and len(set().union(*outputs.values())) == 1
    same = same and hashlib.sha256(reference).hexdigest() in outputs["warm"]
    med["holders"] = len(holders)
    if med.get("spin_two"):
        med["ceiling"] = 2 * med["spin_one"] / med["spin_two"]
    results = _report(med, cpu, rss, passing, fixit is not None, same)
    doc = {"machine": machine, "tree": info, "files": len(files), "passing_prefilter": passing,
           "holding_tools": len(holders),
           "rounds": args.rounds, "median_wall_s": med, "median_cpu_s": cpu, "max_rss_mb": rss,
           "targets": results, "outputs_identical": same,
           "two_process_ceiling": 2 * med["spin_one"] / med["spin_two"] if med.get("spin_two") else None}
    try:
        doc["machine"]["loadavg_at_end"] = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        pass
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(doc, handle, indent=2, sort_keys=True)
    return 0 if same else 1


def _report(med: Dict[str, float], cpu: Dict[str, float], rss: Dict[str, float], passing: int,
            have_fixit: bool, same: bool) -> List[dict]:
    print()
    print(f"{'measurement':34s} {'median wall':>12s} {'median cpu':>11s} {'max RSS':>9s}")
    labels = [("floor", "(a) read + prefilter (process)"), ("parse", "(b) import libcst + parse holders"),
              ("parse_proc", "(a)+(b) the floor (process)"),
              ("cold_j1", "(c) toollint cold -j1"), ("cold_j2", "(c) toollint cold -j2"),
              ("warm", "(d) toollint warm, unchanged"), ("warm_edit", "(d) toollint warm, 1 file edited"),
              ("fixit", "(e) fixit lint"), ("flake8", "(e) flake8"),
              ("one_file", "(f) toollint, 1 edited file"), ("twenty_files", "(f) toollint, 20 edited files"),
              ("import_libcst", "(f) python -c 'import libcst'"), ("python", "    python -c pass"),
              ("discover", "discovery (toollint.discover)"),
              ("prefilter_phase", "prefilter phase: read + test"), ("grep", "grep -rlE, same needles"),
              ("scan", "discovery + prefilter + digests")]
    for key, label in labels:
        if key in med:
            c = f"{cpu[key]:10.3f}s" if key in cpu else " " * 11
            m = f"{rss[key]:7.1f}MB" if key in rss else ""
            print(f"{label:34s} {med[key]:11.3f}s {c} {m}")
    print(f"files passing the prefilter: {passing}; holding tool definitions: {med.get('holders')}")
    if "spin_one" in med and "spin_two" in med:
        # the best any -j2 can do here: a CPU loop run twice at once against once alone
        print(f"this machine runs two CPU-bound processes {2 * med['spin_one'] / med['spin_two']:.2f}x "
              f"faster than one (the ceiling of the -j2 target)")
    print()
    print(f"{'target':48s} {'ratio':>8s} {'limit':>7s}  verdict")
    out = []
    env = dict(med, passing=passing, **{f"cpu_{k}": v for k, v in cpu.items()})
    for label, expr, limit, kind in TARGETS:
        if "fixit" in expr and not have_fixit:
            print(f"{label:48s} {'-':>8s} {limit:7.2f}  not measured (Fixit not installed)")
            out.append({"target": label, "expr": expr, "limit": limit, "value": None, "met": None})
            continue
        try:
            value = eval(expr, {}, env)  # the expressions are the constants above
        except (KeyError, NameError, ZeroDivisionError):
            value = None
        if value is None:
            print(f"{label:48s} {'-':>8s} {limit:7.2f}  not measured")
            out.append({"target": label, "expr": expr, "limit": limit, "value": None, "met": None})
            continue
        met = value <= limit if kind == "max" else value >= limit
        by = (limit / value if kind == "max" else value / limit) if value else float("inf")
        verdict = f"met ({by:.2f}x margin)" if met else f"NOT met (off by {1 / by:.2f}x)"
        print(f"{label:48s} {value:8.2f} {limit:7.2f}  {verdict}    [{expr}]")
        out.append({"target": label, "expr": expr, "limit": limit, "value": value, "met": met})
    print()
    print("outputs of cold -j1, cold -j2 and warm identical:", "yes" if same else "NO")
    return out


if __name__ == "__main__":
    sys.exit(main())
