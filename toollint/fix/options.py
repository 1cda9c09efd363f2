"""The fix options of `check` (--fix, --diff, --unsafe-fixes, ...) and whether a run fixes:
apart from fix/command.py, whose fix loop a run without fixes never imports (issue 22)."""
from __future__ import annotations

import argparse
from typing import Dict


def add_arguments(check: argparse.ArgumentParser) -> None:
    group = check.add_argument_group("fixes")
    group.add_argument("--fix", action="store_true", default=None, help="apply the fixes, print what remains")
    group.add_argument("--no-fix", action="store_true", help="do not fix, even with `fix = true` in the config")
    group.add_argument("--unsafe-fixes", action="store_true", default=None,
                       help="also apply (and count) the fixes that change behaviour")
    group.add_argument("--no-unsafe-fixes", action="store_true", help="undo `unsafe-fixes = true` of the config")
    group.add_argument("--fix-only", action="store_true", help="apply the fixes, report nothing else (exit 0)")
    group.add_argument("--diff", action="store_true", help="print the fixes as a unified diff, change nothing")
    group.add_argument("--show-fixes", action="store_true", help="list the fixes applied")


def overrides(args: argparse.Namespace) -> Dict[str, object]:
    out: Dict[str, object] = {}
    if getattr(args, "no_unsafe_fixes", False):
        out["unsafe-fixes"] = False
    elif getattr(args, "unsafe_fixes", None):
        out["unsafe-fixes"] = True
    return out


def wanted(args: argparse.Namespace, settings) -> bool:
    if args.diff or args.fix_only:
        return True
    if args.no_fix:
        return False
    return bool(args.fix or settings.fix)
