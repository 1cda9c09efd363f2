"""The pipeline: discover → prefilter → parse → extract → link → rules → suppress."""
from __future__ import annotations

import os
import sys
import traceback
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

from toollint.config import Settings
from toollint.discover import discover, relative
from toollint.model import Finding, ModuleFacts, Span
from toollint.parse import decode, file_error, parse, read_source
from toollint.prefilter import may_define_tools, needles


@dataclass
class Result:
    findings: List[Finding]
    sources: Dict[str, str] = field(default_factory=dict)  # path -> text, for excerpts
    warnings: List[str] = field(default_factory=list)
    files_checked: int = 0


def extract_file(path: str, module: str, is_package: bool, settings: Settings,
                 data: Optional[bytes] = None, prefilter: bool = True) -> Optional[ModuleFacts]:
    """ModuleFacts for one file, None when it cannot hold a tool. Never raises."""
    if data is None:
        got = read_source(path)
        if isinstance(got, Finding):
            return ModuleFacts(path=path, module=module, error=got)
        data = got
    if prefilter and not may_define_tools(data, needles(settings)):
        return None
    text = decode(path, data)
    if isinstance(text, Finding):
        return ModuleFacts(path=path, module=module, error=text)
    tree = parse(path, text)
    if isinstance(tree, Finding):
        return ModuleFacts(path=path, module=module, error=tree)
    try:
        from toollint.extract import extract_module

        return extract_module(path, module, is_package, tree, text, settings)
    except RecursionError:
        return ModuleFacts(path=path, module=module,
                           error=file_error(path, "cannot analyse file: it is nested too deeply"))
    except Exception as exc:  # a bug of ours must not hide the other files' findings
        error = file_error(path, f"internal error while analysing this file ({type(exc).__name__}); "
                                 "rerun with --verbose and report it")
        detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return ModuleFacts(path=path, module=module, error=error, internal_error=detail)


def _module_index(files: Iterable[str], root: str) -> Dict[str, Tuple[str, bool]]:
    """Dotted module name -> (path, is_package), also without a leading `src.`."""
    from toollint.extract import module_name

    index: Dict[str, Tuple[str, bool]] = {}
    for path in files:
        rel = relative(path, root)
        if rel.startswith("../"):
            continue
        name, is_package = module_name(rel)
        index.setdefault(name, (path, is_package))
        if name.startswith("src."):
            index.setdefault(name[4:], (path, is_package))
    return index


_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")


def project_root(files: Sequence[str], settings: Settings) -> str:
    """The folder whose modules make one project: the config file's, else the nearest folder
    above the checked files that holds a project marker, else their common folder."""
    if settings.config_path:
        return settings.root
    if not files:
        return settings.root
    common = os.path.commonpath([os.path.dirname(os.path.abspath(f)) for f in files])
    here = common
    while True:
        if any(os.path.exists(os.path.join(here, m)) for m in _MARKERS):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return common
        here = parent


def run(paths: Sequence[str], settings: Settings, *, stdin: Optional[Tuple[str, bytes]] = None,
        verbose: bool = False, ignore_noqa: bool = False, jobs: Optional[int] = None,
        cache: bool = True) -> Result:
    requested = discover(paths, settings) if paths else []
    if stdin is not None:
        requested = sorted(set(requested) | {os.path.normpath(stdin[0])})
    root = project_root(requested, settings)
    # The rest of the project is read too, so that a group split across modules is judged
    # whole even when only one of its files is checked (pre-commit passes staged files).
    context = discover([root], settings) if os.path.isdir(root) else []
    index = _module_index(sorted(set(context) | set(requested)), root)
    module_of = {path: (name, pkg) for name, (path, pkg) in index.items()}

    keys = needles(settings)
    facts: Dict[str, ModuleFacts] = {}
    errors: List[Finding] = []
    internal: List[str] = []
    requested_set = set(requested)
    for path in sorted(set(context) | requested_set):
        name, pkg = module_of.get(path, ("", False))
        data = stdin[1] if stdin is not None and path == os.path.normpath(stdin[0]) else None
        result = extract_file(path, name, pkg, settings, data=data)
        if result is None:
            continue
        if result.error is not None:
            if path in requested_set:
                errors.append(result.error)
                if verbose and result.internal_error:
                    internal.append(f"{path}: {result.internal_error}")
            continue
        facts[path] = result

    def load(module: str) -> Optional[ModuleFacts]:
        hit = index.get(module)
        if hit is None:
            return None
        path, pkg = hit
        if path in facts:
            return facts[path]
        result = extract_file(path, module, pkg, settings, prefilter=False)
        if result is None or result.error is not None:
            return None
        facts[path] = result
        return result

    from toollint.link import link

    project = link(list(facts.values()), load)
    findings = _check(project, settings, requested_set)
    findings.extend(errors)
    from toollint.suppress import suppress

    kept, warnings = suppress(findings, project, settings, requested_set, ignore_noqa=ignore_noqa)
    kept.sort(key=Finding.sort_key)
    sources: Dict[str, str] = {}
    if settings.output_format == "full":
        for path in {f.span.path for f in kept}:
            data = stdin[1] if stdin is not None and path == os.path.normpath(stdin[0]) else read_source(path)
            if isinstance(data, bytes):
                text = decode(path, data)
                if isinstance(text, str):
                    sources[path] = text
    return Result(findings=kept, sources=sources, warnings=internal + warnings, files_checked=len(requested))


def _check(project, settings: Settings, requested: Set[str]) -> List[Finding]:
    from toollint.registry import all_rules
    from toollint.rule import Context
    from toollint.select import enabled

    rules = [r for code, r in all_rules().items() if code in enabled(settings)]
    ctx = Context(settings=settings, project=project)
    out: List[Finding] = []
    for group in project.groups:
        touched = bool(group.paths & requested)
        found: List[Finding] = []
        for rule in rules:
            found.extend(rule.check_group(group, ctx))
            for tool in group.tools:
                found.extend(rule.check_tool(tool, group, ctx))
        out.extend(f for f in found if touched or f.span.path in requested)
    for rule in rules:
        out.extend(f for f in rule.check_project(project, ctx) if f.span.path in requested)
    return list(dict.fromkeys(out))
