"""The pre-commit benchmark: one edited file in a warm project, and one small file beside
a 3 MB tool module, as ratios against floors measured in the same run (issue 22).

    python benchmarks/precommit.py [--files 2000] [--rounds 3] [--json out.json]

Every measurement is a fresh process, timed in wall and CPU seconds (os.wait4 reports the
process and its children; ru_maxrss is the largest single process), once per round and
interleaved, so that a machine that speeds up or slows down moves floors and toollint
alike; medians are reported.

  import_libcst   `python -c "import libcst"`: the floor of a run that must parse a file
  python          `python -c pass`
  one_tool        `toollint check FILE`, FILE a tool module of the benchmark tree
                  (benchmarks/generate.py) edited since the cache was primed
  one_plain       the same for an edited module that holds no tool (must not import libcst)
  unchanged       the whole tree again, nothing edited since the last run (its findings
                  are reused)
  beside_cold     `toollint check small.py --no-cache -j 1`, small.py a small tool module
                  beside a generated 3 MB tool module in the same folder (never committed:
                  it is written into the temporary folder)
  beside_warm     the same with the cache primed and small.py edited
  one_tool_daemon one_tool with `toollint daemon` running: the CPU is the command's and that
                  of the daemon's run for it (the daemon counts what its children used)

Targets: one_tool within 1.5x of import_libcst, with or without the daemon; beside_warm
under 1 s and 300 MB.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional, Sequence, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import generate  # noqa: E402
from run import Sample, _spawn  # noqa: E402
from subjects import machine as _machine, snapshot as _snapshot  # noqa: E402

TARGETS = (
    ("1 edited tool file, daemon running, within 1.5x of import libcst (CPU)",
     "cpu['one_tool_daemon'] / cpu['import_libcst']", 1.5),
    ("1 edited tool file, daemon running, within 1.5x of import libcst (wall)",
     "wall['one_tool_daemon'] / wall['import_libcst']", 1.5),
    ("1 edited tool file within 1.5x of import libcst (CPU)", "cpu['one_tool'] / cpu['import_libcst']", 1.5),
    ("1 edited tool file within 1.5x of import libcst (wall)", "wall['one_tool'] / wall['import_libcst']", 1.5),
    ("small file beside 3 MB module, warm, under 1 s (wall)", "wall['beside_warm']", 1.0),
    ("small file beside 3 MB module, warm, under 1 s (CPU)", "cpu['beside_warm']", 1.0),
    ("small file beside 3 MB module, warm, under 300 MB", "rss['beside_warm']", 300.0),
)

_SMALL = '''"""A small agent beside a big generated one."""

TOOLS = [
    {
        "name": "lookup_weather",
        "description": "Look up the weather of a city. Use this when the user asks about the weather. "
                       "Do not call it for forecasts; use forecast_weather instead.",
        "input_schema": {"type": "object", "properties": {"city": {"type": "string",
                         "description": "The city, such as 'Paris'."}}, "required": ["city"]},
    },
]
'''


def big_module(size: int, seed: int = 0) -> str:
    """A tool module of about `size` bytes: lists of generated Anthropic tools and their
    handlers, as a generated SDK module holds."""
    import random

    w = generate._Writer(random.Random(seed))
    lines: List[str] = ['"""Generated tools."""', "from typing import Any, Dict", ""]
    chunk = 0
    while sum(len(line) + 1 for line in lines) < size:
        used: set = set()
        specs = [w.tool_spec(used) for _ in range(20)]
        for spec in specs:
            spec["name"] = f"{spec['name']}_{chunk}"
        lines += w.anthropic_list(f"TOOLS_{chunk}", specs) + [""]
        for spec in specs:
            lines += w.handler(spec, dict_style=True)
        chunk += 1
    return "\n".join(lines) + "\n"


def _edit(path: str, text: str, marker: str) -> None:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text + f"\n# {marker}\n")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="toollint's pre-commit benchmark (see the module docstring)")
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--big-mb", type=float, default=3.0)
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--ref", help="measure this git commit of toollint instead of the working tree")
    args = parser.parse_args(argv)
    work = tempfile.mkdtemp(prefix="toollint-precommit-")
    try:
        return _bench(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _trees(args, work: str) -> Tuple[str, str, str]:
    """(the benchmark tree, the project of the 3 MB module, the small file beside it)."""
    tree = os.path.join(work, "tree")
    generate.generate(tree, files=args.files)
    beside = os.path.join(work, "beside")
    os.makedirs(os.path.join(beside, "app"))
    with open(os.path.join(beside, "pyproject.toml"), "w") as handle:
        handle.write('[project]\nname = "beside"\n')
    with open(os.path.join(beside, "app", "generated_tools.py"), "w") as handle:
        handle.write(big_module(int(args.big_mb * 1_000_000)))
    small = os.path.join(beside, "app", "small.py")
    with open(small, "w") as handle:
        handle.write(_SMALL)
    return tree, beside, small


def _bench(args, work: str) -> int:
    py = sys.executable
    tree, beside, small = _trees(args, work)
    env = dict(os.environ)
    env.pop("TOOLLINT_NO_CACHE", None)
    env["TOOLLINT_CACHE_DIR"] = os.path.join(work, "cache")
    env["XDG_CACHE_HOME"] = os.path.join(work, "xdg")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_snapshot(work, args.ref), env.get("PYTHONPATH")]))
    with_daemon = {k: v for k, v in env.items() if k != "TOOLLINT_NO_DAEMON"}
    env["TOOLLINT_NO_DAEMON"] = "1"  # only one_tool_daemon is handed to the daemon
    tl = [py, "-m", "toollint", "check", "--exit-zero", "-q"]
    tools = sorted(os.path.join(folder, f) for folder, _, files in os.walk(os.path.join(tree, "agents"))
                   for f in files if f in ("tools.py", "agent.py"))
    plain = sorted(os.path.join(folder, f) for folder, _, files in os.walk(os.path.join(tree, "services"))
                   for f in files if f.endswith(".py") and f != "__init__.py")
    originals = {p: open(p, encoding="utf-8").read() for p in (tools[1], plain[0], small)}

    def edited(path: str, cwd: str, tag: str, extra: Sequence[str] = (), env: dict = env) -> Sample:
        _edit(path, originals[path], tag)
        return _spawn(tl + list(extra) + [path], cwd=cwd, env=env)

    measures = {
        "import_libcst": lambda r: _spawn([py, "-c", "import libcst"], env=env),
        "python": lambda r: _spawn([py, "-c", "pass"], env=env),
        "one_tool": lambda r: edited(tools[1], tree, f"round {r}"),
        "one_plain": lambda r: edited(plain[0], tree, f"round {r}"),
        # the first run takes in this round's edits, untimed; the second finds the tree unchanged
        "unchanged": lambda r: [_spawn(tl + ["."], cwd=tree, env=env) for _ in range(2)][1],
        "beside_cold": lambda r: _spawn(tl + ["--no-cache", "-j", "1", small], cwd=beside, env=env),
        "beside_warm": lambda r: edited(small, beside, f"round {r}"),
    }
    daemon = _start_daemon(py, with_daemon)
    if daemon is not None:
        measures["one_tool_daemon"] = lambda r: _with_daemon(
            daemon, lambda: edited(tools[1], tree, f"daemon round {r}", env=with_daemon))
    print(f"machine: {json.dumps(_machine())}", flush=True)
    print("priming the caches...", flush=True)
    for cwd in (tree, beside):
        _spawn(tl + ["."], cwd=cwd, env=env)
        _spawn(tl + ["."], cwd=cwd, env=env)
    time.sleep(2.5)  # stamps keep only files older than 2 s
    for cwd in (tree, beside):
        _spawn(tl + ["."], cwd=cwd, env=env)
    samples: Dict[str, List[Sample]] = {k: [] for k in measures}
    for r in range(args.rounds):
        for name, fn in measures.items():
            s = fn(r)
            samples[name].append(s)
            print(f"  round {r + 1}/{args.rounds} {name:14s} {s.wall:8.3f} s wall {s.cpu:8.3f} s cpu "
                  f"{s.rss_kb / 1024:7.1f} MB", flush=True)
    if daemon is not None:
        _ask(daemon, {"stop": True})
    _summary(samples, args.json)
    return 0


def _start_daemon(py: str, env: dict) -> Optional[str]:
    """The socket of the snapshot's daemon, started; None where there is none (Windows)."""
    where = subprocess.run([py, "-c", "from toollint.daemon import socket_path; print(socket_path() or '')"],
                           env=env, capture_output=True, text=True)
    path = where.stdout.strip()
    if not path:
        return None
    subprocess.run([py, "-m", "toollint", "daemon", "start", "--idle-timeout", "0"], env=env,
                   capture_output=True, check=True)
    return path


def _ask(path: str, message: dict) -> dict:
    """toollint/daemon's protocol: four bytes of length, then JSON."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(path)
        data = json.dumps(message).encode()
        sock.sendall(len(data).to_bytes(4, "big") + data)
        got = b""
        while True:
            more = sock.recv(65536)
            if not more:
                break
            got += more
            if len(got) >= 4 and len(got) >= 4 + int.from_bytes(got[:4], "big"):
                break
    return json.loads(got[4:]) if got else {}


def _with_daemon(path: str, run) -> Sample:
    """The command's sample with the CPU of the daemon's run for it added, once the daemon
    has reaped that run."""
    before = _ask(path, {"status": True})
    sample = run()
    after = _ask(path, {"status": True})
    for _ in range(200):
        if after.get("served", 0) > before.get("served", 0) and not after.get("running"):
            break
        time.sleep(0.01)
        after = _ask(path, {"status": True})
    else:
        raise RuntimeError("the daemon did not serve the run")
    return Sample(sample.wall, sample.cpu + after["cpu"] - before["cpu"], sample.rss_kb, sample.stdout, sample.inner)


def _summary(samples: Dict[str, List[Sample]], out: Optional[str]) -> None:
    wall = {k: statistics.median(s.wall for s in v) for k, v in samples.items()}
    cpu = {k: statistics.median(s.cpu for s in v) for k, v in samples.items()}
    rss = {k: max(s.rss_kb for s in v) / 1024 for k, v in samples.items()}
    print(f"\n{'measurement':16s} {'median wall':>12s} {'median cpu':>11s} {'max RSS':>9s}")
    for k in samples:
        print(f"{k:16s} {wall[k]:11.3f}s {cpu[k]:10.3f}s {rss[k]:7.1f}MB")
    print()
    results = []
    for label, expr, limit in TARGETS:
        value = eval(expr, {}, {"wall": wall, "cpu": cpu, "rss": rss})  # the constants above
        verdict = "met" if value <= limit else "NOT met"
        print(f"{label:56s} {value:8.2f} {limit:7.1f}  {verdict}")
        results.append({"target": label, "value": value, "limit": limit, "met": value <= limit})
    if out:
        with open(out, "w") as handle:
            json.dump({"machine": _machine(), "median_wall_s": wall, "median_cpu_s": cpu, "max_rss_mb": rss,
                       "targets": results}, handle, indent=2, sort_keys=True)


if __name__ == "__main__":
    sys.exit(main())
