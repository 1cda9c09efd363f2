"""Time and peak memory of `toollint usage` over generated logs, against a json.loads floor.

    python benchmarks/usage.py [--records 10000 100000] [--million] [--tools 20] [--modes floor usage] [--keep DIR]

Generates N logged OpenAI Responses objects (each declaring --tools tools, a few called)
as JSON Lines, then runs in fresh processes, one after the other:

  floor    read the file line by line and json.loads each line, nothing kept
  usage    toollint's streaming path: read_sample (parse, extract, deduplicate, count)
           and analyse, as `toollint usage --responses FILE` runs them
  duckdb   the reference query in DuckDB, as `--engine duckdb` runs it (skipped
           when duckdb is not installed); its memory is per batch of records, not
           per input

Each child reports its wall time and peak resident memory (ru_maxrss); the ratios
usage / floor are printed per size. A process running nothing but the imports is
measured too, so memory beyond the interpreter is visible.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from typing import Dict, List

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

_CHILD = r'''
import json, resource, sys, time
mode, path = sys.argv[1], sys.argv[2]
start = time.perf_counter()
if mode == "floor":
    with open(path, "rb", buffering=1 << 20) as handle:
        for line in handle:
            json.loads(line.decode("utf-8"))
elif mode == "usage":
    from toollint.usage.analysis import analyse
    from toollint.usage.sample import read_sample
    report = analyse(read_sample([path]))
    assert report.turns > 0
elif mode == "duckdb":
    from toollint.usage.warehouse import run_duckdb
    assert run_duckdb([path])
else:
    from toollint.usage.analysis import analyse
    from toollint.usage.sample import read_sample
elapsed = time.perf_counter() - start
used = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": elapsed, "cpu": used.ru_utime + used.ru_stime, "max_rss_mb": used.ru_maxrss / 1024}))
'''


def _tool(i: int) -> Dict[str, object]:
    return {"type": "function", "name": f"tool_{i:02d}", "strict": True,
            "description": f"Does thing number {i}. Use this when the user asks for thing {i} by name or by id.",
            "parameters": {"type": "object", "additionalProperties": False, "required": ["query", "limit"],
                           "properties": {"query": {"type": "string", "description": "What to look for."},
                                          "limit": {"type": "integer", "description": "At most this many."}}}}


def generate(path: str, records: int, tools: int) -> int:
    rng = random.Random(records)
    defs = [_tool(i) for i in range(tools)]
    with open(path, "w", encoding="utf-8") as out:
        for n in range(records):
            called = [f"tool_{i:02d}" for i in range(tools // 2) if rng.random() < 0.1]
            output = [{"type": "message", "role": "assistant", "id": f"msg_{n}",
                       "content": [{"type": "output_text", "text": "Here is what I found. " * 8}]}]
            output += [{"type": "function_call", "call_id": f"call_{n}_{c}", "name": c,
                        "arguments": "{\"query\": \"x\", \"limit\": 5}"} for c in called]
            record = {"id": f"resp_{n:012d}", "object": "response", "status": "completed", "model": "gpt-4.1",
                      "tools": defs, "tool_choice": "auto", "output": output,
                      "usage": {"input_tokens": 2000, "output_tokens": 100}}
            out.write(json.dumps(record) + "\n")
    return os.path.getsize(path)


def measure(mode: str, path: str) -> Dict[str, float]:
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", _CHILD, mode, path], capture_output=True, text=True, env=env,
                          check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: List[str] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--million", action="store_true", help="also 1,000,000 records (about 7 GB of JSON Lines)")
    parser.add_argument("--tools", type=int, default=20)
    parser.add_argument("--keep", metavar="DIR", help="write the logs here and keep them")
    parser.add_argument("--modes", nargs="+", choices=("floor", "usage", "duckdb"),
                        help="what to run (default: all three, duckdb when installed)")
    args = parser.parse_args(argv)
    sizes = args.records + ([1_000_000] if args.million else [])
    folder = args.keep or tempfile.mkdtemp(prefix="toollint-usage-bench-")
    os.makedirs(folder, exist_ok=True)
    base = measure("imports", os.devnull)
    print(f"interpreter and imports: {base['max_rss_mb']:.0f} MB")
    # Not imported here: Linux keeps a parent's peak RSS across exec, so whatever this
    # process holds would show in every child's figure.
    from importlib.util import find_spec

    modes = ("floor", "usage", "duckdb") if find_spec("duckdb") else ("floor", "usage")
    modes = tuple(m for m in modes if m in (args.modes or modes))
    if not {"floor", "usage"} <= set(modes):
        parser.error("--modes needs floor and usage (the ratio is between them)")
    print(f"{'records':>9}  {'MB':>6}  " + "  ".join(f"{m + ' s':>9}  {m + ' cpu':>9}  {m + ' MB':>9}" for m in modes)
          + "  usage/floor wall  cpu  usage MB beyond imports")
    for n in sizes:
        path = os.path.join(folder, f"logs-{n}.jsonl")
        size = generate(path, n, args.tools)
        got = {m: measure(m, path) for m in modes}
        cells = "  ".join(f"{got[m]['seconds']:>9.2f}  {got[m]['cpu']:>9.2f}  {got[m]['max_rss_mb']:>9.0f}"
                          for m in modes)
        print(f"{n:>9,}  {size / 1e6:>6.0f}  {cells}  {got['usage']['seconds'] / got['floor']['seconds']:>16.2f}  "
              f"{got['usage']['cpu'] / got['floor']['cpu']:>3.2f}  "
              f"{got['usage']['max_rss_mb'] - base['max_rss_mb']:>23.0f}", flush=True)
        if not args.keep:
            os.unlink(path)
    if not args.keep:
        os.rmdir(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
