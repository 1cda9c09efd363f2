"""What extraction takes spans of, and what positions computed per top-level statement on
demand would cost instead of the whole module's (issue 22, perf30).

    python benchmarks/spans.py TREE [TREE ...] [--rounds 5]

For every file `toollint check` would parse (it passes the prefilter, it is no test), as
extraction sees it (narrowed and parsed), this reports:

  - the files extraction takes no span of at all: those a module-level laziness spares;
  - the top-level statements it takes a span of, by count and by share of the module's
    code, with and without the spans only read for their lines (the trigger-line tests
    of extract/decorated.py and extract/registration.py, import lines) and function
    signatures (recorded for every def);
  - extraction's CPU time as toollint runs it, and with a table of positions that is
    filled one top-level statement at a time, when a span inside it is first asked for
    (each statement generated from its first line, which CPython's AST gives; a node is
    mapped to its statement by one walk of the tree, skipping whitespace and operators).
    Both are timed alternately in this process, best of --rounds, and the facts of both
    are compared (they must be the same).

It measures a design, it is not one: the lazy table lives here, not in toollint.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from typing import Dict, List

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

LINE_ONLY = {"_triggered", "wanted", "import_lines"}  # callers that read a span's lines only
SIGNATURE = {"signature", "_docstring", "add"}  # extract/functions.py, for every def


def _files(trees: List[str]):
    from toollint.config.settings import Settings
    from toollint.extract.testcode import test_file
    from toollint.front.narrow import reduce_source
    from toollint.front.parse import parse, remembered
    from toollint.front.prefilter import may_define_tools, needles
    from toollint.front.read import decode
    from toollint.model import Finding

    settings = Settings()
    keys = needles(settings)
    out = []
    for tree in trees:
        for folder, dirs, names in os.walk(tree, followlinks=True):
            dirs.sort()
            for name in sorted(names):
                path = os.path.join(folder, name)
                if not name.endswith(".py") or test_file(path):
                    continue
                with open(path, "rb") as handle:
                    data = handle.read()
                if not may_define_tools(data, keys):
                    continue
                text = decode(path, data)
                if isinstance(text, Finding):
                    continue
                reduced = reduce_source(text, keys)
                module = parse(path, reduced if reduced is not None else text)
                verdict = remembered(text)
                if isinstance(module, Finding) or verdict is None or verdict.tree is None:
                    continue
                out.append((path, text, module, verdict))
    return settings, out


def _owners(module) -> Dict[int, int]:
    """id(node) -> index of its top-level statement, whitespace and operators left out."""
    from toollint.extract.walk import TRIVIA, _child_fields, _is_node

    owner: Dict[int, int] = {}
    for index, stmt in enumerate(module.body):
        stack = [stmt]
        while stack:
            node = stack.pop()
            owner[id(node)] = index
            for field in _child_fields(node):
                child = getattr(node, field)
                if _is_node(child):
                    if type(child) not in TRIVIA:
                        stack.append(child)
                elif isinstance(child, (tuple, list)):
                    stack.extend(c for c in child if type(c) not in TRIVIA)
    return owner


class LazyTable:
    """extract.positions' table, filled one top-level statement at a time."""

    def __init__(self, module, python_tree) -> None:
        import libcst as cst

        self.module, self.table, self.owner = module, {}, None
        self.index = {id(stmt): i for i, stmt in enumerate(module.body)}
        # where each statement's code generation starts: its first line (the AST's, the
        # first decorator's for a decorated def) less the comment and blank lines above it
        self.starts, at = [], 0
        for stmt in module.body:
            first = python_tree.body[at]
            at += len(stmt.body) if isinstance(stmt, cst.SimpleStatementLine) else 1
            decorators = getattr(stmt, "decorators", ())
            line = first.decorator_list[0].lineno - len(decorators[0].leading_lines) if decorators else first.lineno
            self.starts.append(line - len(stmt.leading_lines))

    def get(self, node):
        from toollint.extract.positions import _State

        raw = self.table.get(id(node))
        if raw is None:
            index = self.index.get(id(node))
            if index is None:
                if self.owner is None:
                    self.owner = _owners(self.module)
                index = self.owner[id(node)]
            state = _State(default_indent=self.module.default_indent, default_newline=self.module.default_newline,
                           provider=None)  # type: ignore[arg-type]
            state.table, state.line, state.column = self.table, self.starts[index], 0
            self.module.body[index]._codegen(state)
            raw = self.table[id(node)]
        return raw


def _extract(settings, files, lazy: bool, spy=None):
    import toollint.extract as extract
    from toollint.extract.positions import closing_paren
    from toollint.model import Span

    eager_positions = extract.positions
    out = []
    for path, text, module, verdict in files:
        table = LazyTable(module, verdict.tree) if lazy else None
        if lazy:
            extract.positions = lambda tree: None
        try:
            extractor = extract._Extractor(path, "m", False, module, settings, text)
        finally:
            extract.positions = eager_positions
        extractor.verdict = verdict
        if lazy:
            def span_of(node, table=table, path=path):
                line, column, end_line, end_column = table.get(node)
                paren = closing_paren(node)
                if paren is not None:
                    end_line, end_column = table.get(paren)[2:]
                return Span(path, line, column + 1, end_line, end_column + 1)
            extractor.span_of = span_of
        if spy is not None:
            extractor.span_of = spy(extractor.span_of, module)
        out.append(extractor.run())
    return out


def measure(trees: List[str], rounds: int) -> None:
    settings, files = _files(trees)
    asked: Dict[str, Dict[int, set]] = {}

    def spy(span_of, module):
        owner = _owners(module)
        record = asked.setdefault(id(module), {})

        def spied(node):
            frame = sys._getframe(1)
            caller = frame.f_code.co_name
            if caller == "<lambda>":
                caller = frame.f_back.f_code.co_name
            record.setdefault(owner.get(id(node), -1), set()).add(caller)
            return span_of(node)
        return spied

    _extract(settings, files, False, spy)
    sizes = {id(m): [len(m.code_for_node(s)) for s in m.body] for _, _, m, _ in files}
    share: Counter = Counter()
    statements = Counter()
    for _, _, module, _ in files:
        record, size = asked.get(id(module), {}), sizes[id(module)]
        statements["all"] += len(module.body)
        share["all"] += sum(size)
        for kind, keep in (("any", lambda c: True), ("full", lambda c: c - LINE_ONLY),
                           ("full, not signatures", lambda c: c - LINE_ONLY - SIGNATURE)):
            chosen = [i for i, callers in record.items() if i >= 0 and keep(callers)]
            statements[kind] += len(chosen)
            share[kind] += sum(size[i] for i in chosen)
    print(f"{len(files)} files parsed; {sum(1 for _, _, m, _ in files if not asked.get(id(m)))} take no span")
    for kind in ("any", "full", "full, not signatures"):
        print(f"statements with a span ({kind}): {statements[kind]} of {statements['all']}, "
              f"{share[kind] / max(1, share['all']):.0%} of the code")

    eager, lazy = _extract(settings, files, False), _extract(settings, files, True)
    same = sum(repr(a) == repr(b) for a, b in zip(eager, lazy))
    print(f"facts identical, eager and lazy: {same} of {len(files)}")
    times: Dict[bool, List[float]] = {False: [], True: []}
    for _ in range(rounds):
        for mode in (False, True):
            start = time.process_time()
            _extract(settings, files, mode)
            times[mode].append(time.process_time() - start)
    best = {mode: min(values) for mode, values in times.items()}
    print(f"extraction CPU, best of {rounds}: eager {best[False]:.3f} s, per-statement lazy {best[True]:.3f} s "
          f"({best[True] / best[False]:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from toollint.front import deep

    deep.call(measure, args.trees, args.rounds)  # the stack extraction runs on in toollint


if __name__ == "__main__":
    main()
