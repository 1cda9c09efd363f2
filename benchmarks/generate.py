"""Generate a synthetic monorepo for the benchmark: thousands of ordinary modules and a
few percent that declare LLM tools in the shapes toollint reads.

    python benchmarks/generate.py OUT_DIR [--files 2000] [--tool-share 0.05] [--seed 0]

Same arguments, same bytes: every choice comes from one seeded random.Random.

The ordinary modules are what a service monorepo holds (classes, dataclasses, helpers,
logging, comprehensions, try/except, dispatch dicts and `if action == "...":` chains),
sized like real modules (a long tail up to ~1,000 lines). Some of them trip the cheap
substring test on purpose, as real code does (`import functools`, "parameters" in a
docstring, a `toolbar` attribute), so the benchmark pays for the prefilter's false
positives too; one in five says "tool" in a comment or docstring (benchmarks/prose.py). The tool modules are agents of six kinds: one-module Anthropic registries
with handlers and a router, registries split over definitions/handlers/dispatch/router
modules (the handlers module mentions no tool at all, so only linking reaches it), OpenAI
Chat lists with an `if name == ...` dispatch, OpenAI Responses lists, `@mcp.tool()`
servers and LangChain `@tool` functions, each with 5-30 tools and some real defects.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import textwrap
from typing import Dict, List, Tuple

from prose import with_prose

_VERBS = ("search", "get", "list", "create", "update", "delete", "lookup", "cancel", "refund", "send",
          "schedule", "archive", "export", "import", "resolve", "assign", "escalate", "fetch", "sync", "close")
_NOUNS = ("orders", "invoice", "customer", "ticket", "shipment", "user", "account", "report", "payment",
          "subscription", "document", "calendar_event", "message", "product", "inventory", "coupon",
          "refund_request", "address", "note", "webhook", "team", "project", "task", "comment")
_WORDS = ("value", "item", "record", "entry", "payload", "result", "config", "state", "batch", "event",
          "request", "response", "session", "client", "cache", "index", "token", "window", "buffer", "job")
_TYPES = ("str", "int", "float", "bool", "Dict[str, Any]", "List[str]", "Optional[str]", "Optional[int]")
_STDLIB = ("os", "sys", "re", "json", "time", "uuid", "hashlib", "shutil", "base64", "random", "math",
           "string", "struct", "socket", "threading", "queue", "subprocess", "tempfile", "csv", "io")


class _Writer:
    def __init__(self, rng: random.Random, seed: int = 0) -> None:
        self.rng = rng
        # its own stream, so that the rest of the tree is the bytes it was before prose
        self.prose = random.Random(f"prose-{seed}")
        self.prose_parameters = False  # this module's docstrings say "parameters"
        self.plain = False  # no substring at all that the prefilter could stop at

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def ident(self) -> str:
        return f"{self.pick(_WORDS)}_{self.pick(_WORDS)}" if self.rng.random() < 0.5 else self.pick(_WORDS)

    # --- ordinary code ----------------------------------------------------------------

    def header(self, module: str, extra_imports: List[str]) -> List[str]:
        r = self.rng
        lines = [f'"""{module.replace("_", " ").capitalize()}: {self.pick(_WORDS)} handling for the '
                 f'{self.pick(_NOUNS)} service."""', "from __future__ import annotations", ""]
        mods = sorted(r.sample(_STDLIB, r.randint(1, 5)))
        lines += [f"import {m}" for m in mods]
        lines += ["import logging"]
        # as in real code: functools/itertools are common and contain the substring "tool"
        if r.random() < 0.14:
            lines.append("import functools")
        if r.random() < 0.08:
            lines.append("import itertools")
        lines += ["from dataclasses import dataclass, field",
                  "from typing import Any, Dict, Iterable, List, Optional", ""]
        lines += extra_imports
        lines += ["", "logger = logging.getLogger(__name__)", ""]
        for _ in range(r.randint(1, 5)):
            name = self.ident().upper()
            kind = r.random()
            if kind < 0.4:
                lines.append(f"{name} = {r.randint(1, 10000)}")
            elif kind < 0.7:
                lines.append(f'{name} = "{self.pick(_WORDS)}-{self.pick(_NOUNS)}"')
            else:
                items = ", ".join(f'"{self.pick(_WORDS)}": {r.randint(0, 99)}' for _ in range(r.randint(2, 6)))
                lines.append(f"{name} = {{{items}}}")
        lines.append("")
        return lines

    def statement(self, indent: str, depth: int, params: List[str]) -> List[str]:
        r = self.rng
        a = self.pick(params) if params else self.ident()
        b = self.ident()
        kind = r.randrange(14 if depth < 2 else 9)
        if kind == 0:
            return [f"{indent}{b} = {{}}" if r.random() < 0.5 else f"{indent}{b} = []"]
        if kind == 1:
            return [f"{indent}{b} = [{self.ident()}(x) for x in {a} if x is not None]"]
        if kind == 2:
            return [f'{indent}logger.{self.pick(("debug", "info", "warning"))}("{self.pick(_WORDS)} %s for %s", {a}, {self.ident()!r})']
        if kind == 3:
            return [f'{indent}{b} = f"{{{a}}}-{self.pick(_NOUNS)}-{{len(str({a}))}}"']
        if kind == 4:
            return [f"{indent}{b} = {self.ident()}({a}, timeout={r.randint(1, 60)}, retries={r.randint(0, 5)})"]
        if kind == 5:
            return [f'{indent}{b} = {{"status": "{self.pick(("ok", "failed", "pending"))}", "count": len({a}), '
                    f'"{self.pick(_WORDS)}": {a}}}']
        if kind == 6:
            return [f"{indent}if {a} is None:", f"{indent}    return {self.pick(('None', '{}', '[]', '0', 'False'))}"]
        if kind == 7:
            return [f"{indent}{b} = sorted({a}, key=lambda x: (x is None, str(x)))[:{r.randint(5, 100)}]"]
        if kind == 8:
            return [f"{indent}self._{b} = {a}" if "self" in params else f"{indent}{b} = {a} or {r.randint(0, 9)}"]
        inner = indent + "    "
        if kind == 9:
            body = [f"{indent}for {self.pick(_WORDS)}_ in {a}:"]
            for _ in range(r.randint(1, 3)):
                body += self.statement(inner, depth + 1, params)
            return body
        if kind == 10:
            body = [f"{indent}try:"]
            for _ in range(r.randint(1, 3)):
                body += self.statement(inner, depth + 1, params)
            body += [f"{indent}except (KeyError, ValueError) as exc:",
                     f'{inner}logger.warning("could not {self.pick(_VERBS)} {self.pick(_NOUNS)}: %s", exc)',
                     f"{inner}raise"]
            return body
        if kind == 11 and r.random() < 0.25:
            # a dispatch chain on string literals, as in about one function in twenty
            body = []
            for i, word in enumerate(r.sample(_WORDS, r.randint(2, 4))):
                body.append(f'{indent}{"if" if i == 0 else "elif"} {a} == "{word}":')
                body.append(f"{inner}return self._{word}({b})" if "self" in params else f"{inner}return {word}_{b}({a})")
            return body
        if kind in (11, 12):
            body = [f"{indent}with open({a}, encoding=\"utf-8\") as handle:"]
            body.append(f"{inner}{b} = json.load(handle)" if r.random() < 0.5 else f"{inner}{b} = handle.read().splitlines()")
            return body
        body = [f"{indent}while {a}:"]
        body += self.statement(inner, depth + 1, params)
        body.append(f"{inner}break")
        return body

    def function(self, indent: str, name: str, method: bool) -> List[str]:
        r = self.rng
        params = ["self"] if method else []
        sig = ["self"] if method else []
        for i in range(r.randint(0, 5)):
            p = f"{self.pick(_WORDS)}{i}"
            params.append(p)
            t = self.pick(_TYPES)
            if r.random() < 0.3:
                sig.append(f"{p}: {t} = None" if t.startswith("Optional") else f"{p}: {t} = {self._default(t)}")
            else:
                sig.append(f"{p}: {t}")
        sig.sort(key=lambda x: "=" in x)  # defaults last, as Python requires
        lines = []
        if method and r.random() < 0.1:
            lines.append(f"{indent}@property" if len(sig) == 1 else f"{indent}@{self.pick(('staticmethod', 'classmethod'))}")
        lines.append(f"{indent}def {name}({', '.join(sig)}) -> {self.pick(_TYPES)}:")
        inner = indent + "    "
        if r.random() < 0.7:
            doc = f"{self.pick(_VERBS).capitalize()} the {self.pick(_NOUNS)} {self.pick(_WORDS)}."
            if r.random() < 0.3 and len(params) > 1:
                word = "parameters" if self.prose_parameters and r.random() < 0.3 else "Args"
                lines.append(f'{inner}"""{doc}')
                lines.append("")
                lines.append(f"{inner}{word}:" if word == "Args" else f"{inner}The {word} are validated first:")
                for p in params[1 if method else 0:]:
                    lines.append(f"{inner}    {p}: the {self.pick(_WORDS)} to use.")
                lines.append(f'{inner}"""')
            else:
                lines.append(f'{inner}"""{doc}"""')
        for _ in range(r.randint(2, 10)):
            lines += self.statement(inner, 0, params)
        lines.append(f"{inner}return {self.pick(params) if params else 'None'}")
        lines.append("")
        return lines

    def _default(self, t: str) -> str:
        return {"str": '""', "int": "0", "float": "0.0", "bool": "False"}.get(t, "None")

    def klass(self) -> List[str]:
        r = self.rng
        name = "".join(w.capitalize() for w in self.ident().split("_")) + self.pick(("Service", "Manager", "Store", "Client"))
        lines = []
        if r.random() < 0.3:
            lines += ["@dataclass", f"class {name}:", f'    """A {self.pick(_NOUNS)} {self.pick(_WORDS)}."""', ""]
            for i in range(r.randint(2, 8)):
                t = self.pick(_TYPES)
                lines.append(f"    {self.pick(_WORDS)}{i}: {t} = {self._default(t)}" if r.random() < 0.5 else f"    {self.pick(_WORDS)}_{i}: {t}")
            lines.append("")
        else:
            base = self.pick(("", "(object)", "(Exception)", "(dict)"))
            lines += [f"class {name}{base}:", f'    """Keeps {self.pick(_NOUNS)} {self.pick(_WORDS)}s."""', ""]
            lines += ["    def __init__(self, client: Any, timeout: int = 30) -> None:",
                      "        self.client = client", "        self.timeout = timeout"]
            if r.random() < 0.2:
                # a routing dict of bound methods: looks like a handler table, is not one
                lines.append('        self._routes = {"GET": self.get, "POST": self.post, "DELETE": self.delete}')
            if r.random() < 0.02 and not self.plain:
                lines.append("        self.toolbar = None")
            lines.append("")
        for _ in range(r.randint(1, 6)):
            lines += self.function("    ", f"{self.pick(_VERBS)}_{self.pick(_WORDS)}", method=True)
        return lines

    def ordinary(self, module: str, siblings: List[str]) -> str:
        r = self.rng
        self.prose_parameters = r.random() < 0.05
        extra = []
        if siblings:
            for s in r.sample(siblings, min(len(siblings), r.randint(0, 3))):
                extra.append(f"from {s} import {self.ident()}")
        lines = self.header(module, extra)
        # a long tail of sizes: most modules are a few hundred lines, a few are large
        units = max(1, int(r.lognormvariate(1.2, 0.75)))
        for _ in range(units):
            if r.random() < 0.35:
                lines += self.klass()
            else:
                lines += self.function("", f"{self.pick(_VERBS)}_{self.pick(_NOUNS)}", method=False)
            lines.append("")
        if r.random() < 0.2:
            lines += ['if __name__ == "__main__":', f"    {self.pick(_VERBS)}_{self.pick(_NOUNS)}()"]
        return "\n".join(lines if self.plain else with_prose(self.prose, lines, _NOUNS)).rstrip() + "\n"

    def helpers(self) -> List[str]:
        """Ordinary code that shares a module with tool definitions, as in real agents."""
        lines: List[str] = []
        for _ in range(self.rng.randint(1, 5)):
            if self.rng.random() < 0.3:
                lines += self.klass()
            else:
                lines += self.function("", f"{self.pick(_VERBS)}_{self.pick(_WORDS)}", method=False)
            lines.append("")
        return lines

    # --- tool code --------------------------------------------------------------------

    def tool_spec(self, used: set) -> Dict:
        r = self.rng
        while True:
            name = f"{self.pick(_VERBS)}_{self.pick(_NOUNS)}"
            if name not in used:
                used.add(name)
                break
        props = {}
        for _ in range(r.randint(1, 5)):
            p = self.pick(("query", "order_id", "email", "limit", "status", "since", "reason", "amount_cents",
                           "customer_id", "page", "include_archived", "note", "url", "tags"))
            t = {"limit": "integer", "page": "integer", "amount_cents": "integer",
                 "include_archived": "boolean", "tags": "array"}.get(p, "string")
            prop = {"type": t}
            if r.random() < 0.85:
                prop["description"] = f"The {p.replace('_', ' ')} of the {name.split('_', 1)[1].replace('_', ' ')}."
            if t == "array":
                prop["items"] = {"type": "string"}
            if r.random() < 0.05:
                prop["type"] = [t, "null"]  # TL203 when also required
            props[p] = prop
        required = [p for p in props if r.random() < 0.6]
        noun = name.split("_", 1)[1].replace("_", " ")
        style = r.random()
        if style < 0.55:
            desc = (f"{name.split('_')[0].capitalize()} {noun} by the given criteria. "
                    f"Use this when the user asks about a {noun}. "
                    f"Do not call this to change a {noun}; use update_{name.split('_', 1)[1]} instead.")
        elif style < 0.8:
            desc = f"Use this to {name.split('_')[0]} a {noun} when the customer asks for it."
        elif style < 0.95:
            desc = f"{name.split('_')[0].capitalize()} {noun} information."  # reads like a label
        else:
            desc = ""
        return {"name": name, "description": desc, "props": props, "required": required}

    def schema(self, spec: Dict, indent: str) -> str:
        body = {"type": "object", "properties": spec["props"], "required": spec["required"]}
        text = json.dumps(body, indent=4).replace("true", "True").replace("false", "False").replace("null", "None")
        return textwrap.indent(text, indent).lstrip()

    def anthropic_list(self, var: str, specs: List[Dict]) -> List[str]:
        lines = [f"{var} = ["]
        for s in specs:
            lines += ["    {", f'        "name": "{s["name"]}",', f'        "description": {s["description"]!r},',
                      f'        "input_schema": {self.schema(s, "        ")},', "    },"]
        lines.append("]")
        return lines

    def openai_list(self, var: str, specs: List[Dict], responses: bool) -> List[str]:
        lines = [f"{var} = ["]
        for s in specs:
            if responses:
                lines += ["    {", '        "type": "function",', f'        "name": "{s["name"]}",',
                          f'        "description": {s["description"]!r},',
                          f'        "parameters": {self.schema(s, "        ")},', '        "strict": False,', "    },"]
            else:
                lines += ["    {", '        "type": "function",', '        "function": {',
                          f'            "name": "{s["name"]}",', f'            "description": {s["description"]!r},',
                          f'            "parameters": {self.schema(s, "            ")},', "        },", "    },"]
        lines.append("]")
        return lines

    def handler(self, s: Dict, dict_style: bool) -> List[str]:
        r = self.rng
        if dict_style:
            lines = [f"def {s['name']}(args: Dict[str, Any]) -> Dict[str, Any]:"]
            for p in s["props"]:
                if p in s["required"]:
                    lines.append(f'    {p} = args["{p}"]')
                else:
                    default = self.pick(("None", "0", "''"))
                    lines.append(f'    {p} = args.get("{p}", {default})')
            lines.append(f'    return {{"ok": True, "{s["name"]}": [{", ".join(s["props"])}]}}')
            return lines + ["", ""]
        params = []
        for p in s["props"]:
            if p in s["required"] and r.random() < 0.95:
                params.append(f"{p}: Any")
            else:
                params.append(f"{p}: Any = None")
        params.sort(key=lambda x: "=" in x)
        lines = [f"def {s['name']}({', '.join(params)}) -> Dict[str, Any]:",
                 f'    """{s["name"].replace("_", " ").capitalize()}."""',
                 f"    logger.info(\"{s['name']} called\")",
                 f'    return {{"ok": True, "args": [{", ".join(s["props"])}]}}', "", ""]
        return lines

    def categories(self, specs: List[Dict]) -> List[str]:
        names = [s["name"] for s in specs]
        half = max(1, len(names) // 2)
        first, second = names[:half], names[half:-1] if len(names) > 2 else names[half:]
        lines = ["TOOL_CATEGORIES = {", f'    "read": {first!r},', f'    "write": {second!r},', "}",
                 f"ALWAYS_INCLUDE = [{names[-1]!r}]"]
        return lines

    def decorated(self, specs: List[Dict], framework: str) -> str:
        if framework == "mcp":
            lines = ['"""An MCP server exposing the service over stdio."""', "from typing import Any, Optional", "",
                     "from mcp.server.fastmcp import FastMCP", "", 'mcp = FastMCP("service")', "", ""]
            deco = "@mcp.tool()"
        else:
            lines = ['"""LangChain tools for the service agent."""', "from typing import Any, Optional", "",
                     "from langchain_core.tools import tool", "", ""]
            deco = "@tool"
        for s in specs:
            params = []
            for p in s["props"]:
                t = {"integer": "int", "boolean": "bool", "array": "list[str]"}.get(
                    s["props"][p]["type"] if isinstance(s["props"][p]["type"], str) else "string", "str")
                params.append(f"{p}: {t}" if p in s["required"] else f"{p}: Optional[{t}] = None")
            params.sort(key=lambda x: "=" in x)
            lines += [deco, f"def {s['name']}({', '.join(params)}) -> dict:", f'    """{s["description"] or "TODO"}', ""]
            lines.append("    Args:")
            for p in s["props"]:
                lines.append(f"        {p}: {s['props'][p].get('description', 'see above')}")
            lines += ['    """', f'    return {{"ok": True, "args": [{", ".join(s["props"])}]}}', "", ""]
        return "\n".join(lines).rstrip() + "\n"


def _agent(w: _Writer, kind: int, pkg: str) -> Dict[str, str]:
    """The files of one agent package: path relative to the package -> source."""
    r = w.rng
    used: set = set()
    specs = [w.tool_spec(used) for _ in range(r.randint(5, 30))]
    head = ["from typing import Any, Dict, Optional", "import logging", "", "logger = logging.getLogger(__name__)", "", ""]
    if kind == 0:  # one module: definitions, handlers, dispatch and router together
        lines = ['"""Tools of the support agent, their handlers and the router."""'] + head
        lines += w.anthropic_list("TOOL_DEFINITIONS", specs) + ["", ""]
        for s in specs:
            lines += w.handler(s, dict_style=r.random() < 0.3)
        lines += ["TOOL_HANDLERS = {"] + [f'    "{s["name"]}": {s["name"]},' for s in specs[:-1]] + ["}", ""]
        lines += w.categories(specs)
        return {"tools.py": "\n".join(lines) + "\n"}
    if kind == 1:  # split over four modules; the handlers module mentions no tool at all
        defs = ['"""Definitions sent to the Messages API."""', ""] + w.anthropic_list("TOOL_DEFINITIONS", specs)
        handlers = ['"""What each action does."""'] + head
        for s in specs:
            handlers += w.handler(s, dict_style=r.random() < 0.5)
        dispatch = ['"""Dispatch table: the loop calls TOOL_HANDLERS[name](**input)."""',
                    f"from {pkg}.handlers import {', '.join(s['name'] for s in specs)}", "",
                    "TOOL_HANDLERS = {"] + [f'    "{s["name"]}": {s["name"]},' for s in specs] + ["}"]
        router = ['"""Offer each turn only the tools of its category."""', f"from {pkg}.definitions import TOOL_DEFINITIONS", ""]
        router += w.categories(specs)
        router += ["", "", "def offered(category: str) -> list:",
                   "    names = set(TOOL_CATEGORIES.get(category, ())) | set(ALWAYS_INCLUDE)",
                   '    return [t for t in TOOL_DEFINITIONS if t["name"] in names]']
        return {"definitions.py": "\n".join(defs) + "\n", "handlers.py": "\n".join(handlers) + "\n",
                "dispatch.py": "\n".join(dispatch) + "\n", "router.py": "\n".join(router) + "\n"}
    if kind in (2, 3):  # OpenAI Chat / Responses, called from a function, if-chain dispatch
        lines = ['"""The OpenAI agent loop."""', "import json"] + head
        lines += w.helpers()  # the loop's own code: prompts, retries, bookkeeping
        lines += w.openai_list("TOOLS", specs, responses=kind == 3) + ["", ""]
        for s in specs:
            lines += w.handler(s, dict_style=False)
        lines += ["def run_turn(client: Any, messages: list) -> Any:"]
        if kind == 2:
            lines += ['    response = client.chat.completions.create(model="gpt-4.1", messages=messages, tools=TOOLS)',
                      "    call = response.choices[0].message.tool_calls[0]",
                      "    name, args = call.function.name, json.loads(call.function.arguments)"]
        else:
            lines += ['    response = client.responses.create(model="gpt-4.1", input=messages, tools=TOOLS)',
                      "    call = response.output[0]", "    name, args = call.name, json.loads(call.arguments)"]
        for i, s in enumerate(specs):
            lines += [f'    {"if" if i == 0 else "elif"} name == "{s["name"]}":', f"        return {s['name']}(**args)"]
        lines += ['    raise KeyError(name)']
        return {"agent.py": "\n".join(lines) + "\n"}
    return {"server.py": w.decorated(specs, "mcp" if kind == 4 else "langchain") + "\n\n" + "\n".join(w.helpers())}


_AGENT_FILES = {0: 1, 1: 3, 2: 1, 3: 1, 4: 1, 5: 1}  # files with a needle per kind


def generate(out: str, files: int = 2000, tool_share: float = 0.05, seed: int = 0) -> Dict[str, int]:
    """Write the tree under `out`; returns counts (files, tool files, bytes)."""
    rng = random.Random(seed)
    w = _Writer(rng, seed)
    os.makedirs(out, exist_ok=True)
    written: Dict[str, str] = {"pyproject.toml": '[project]\nname = "monorepo"\nversion = "0"\n'}
    tool_target = max(1, round(files * tool_share))
    tool_files = 0
    a = 0
    while tool_files < tool_target:
        kind = a % 6
        pkg = f"agents.agent_{a:03d}"
        base = f"agents/agent_{a:03d}"
        written[f"{base}/__init__.py"] = f'"""Agent {a}."""\n'
        for rel, text in _agent(w, kind, pkg).items():
            written[f"{base}/{rel}"] = text
        tool_files += _AGENT_FILES[kind]
        a += 1
    py = sum(1 for p in written if p.endswith(".py"))
    services = max(1, (files - py) // 40)
    modules: List[Tuple[str, str]] = []
    i = 0
    while py < files:
        top = "services" if i % 3 else "libs"
        svc = f"{top}/pkg_{i % services:03d}"
        if f"{svc}/__init__.py" not in written:
            written[f"{svc}/__init__.py"] = ""
            py += 1
            if py >= files:
                break
        mod = f"{w.pick(_NOUNS)}_{w.pick(_WORDS)}_{i}"
        modules.append((f"{svc}/{mod}.py", f"{svc.replace('/', '.')}.{mod}"))
        py += 1
        i += 1
    dotted = [m for _, m in modules]
    for idx, (rel, _) in enumerate(modules):
        siblings = [dotted[j] for j in rng.sample(range(len(dotted)), min(3, len(dotted))) if j != idx]
        written[rel] = w.ordinary(os.path.basename(rel)[:-3], siblings)
    size = 0
    for rel, text in sorted(written.items()):
        path = os.path.join(out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        size += len(text.encode())
    return {"files": sum(1 for p in written if p.endswith(".py")), "agents": a, "tool_files": tool_files,
            "bytes": size}


def add_failing(out: str, files: int, seed: int = 1) -> int:
    """Add `files` ordinary modules that fail the prefilter (for the memory-scaling check)."""
    rng = random.Random(seed)
    w = _Writer(rng)
    w.plain = True
    for i in range(files):
        rel = f"extra/pkg_{i // 50:03d}/{w.pick(_NOUNS)}_{i}.py"
        path = os.path.join(out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(w.ordinary(os.path.basename(rel)[:-3], []))
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--tool-share", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps(generate(args.out, args.files, args.tool_share, args.seed)))


if __name__ == "__main__":
    main()
