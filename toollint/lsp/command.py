"""`toollint server`: the language server over stdio, for editors (see README "Editors")."""
from __future__ import annotations

import argparse

from toollint.config.settings import ConfigError


def add_parser(sub) -> None:
    parser = sub.add_parser("server", help="run the language server over stdio (editors; needs toollint[lsp])")
    parser.add_argument("--stdio", action="store_true", help="talk LSP over stdin/stdout (the default, and the only way)")


def run(args: argparse.Namespace) -> int:
    try:
        import pygls  # noqa: F401 - only to tell a missing extra from a bug
    except ImportError:
        raise ConfigError("`toollint server` needs pygls: pip install 'toollint[lsp]'") from None
    from toollint.lsp.server import run as serve

    return serve()
