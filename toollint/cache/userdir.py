"""The per-user cache folder, in a module of its own: the daemon's client finds its socket
there and must not pay for the cache's imports (pickle, hmac) to do so."""
from __future__ import annotations

import os
import sys


def user_cache_dir() -> str:
    """The platform's per-user cache folder for toollint (platformdirs' convention)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.join(os.path.expanduser("~"), "AppData", "Local")
        return os.path.join(base, "toollint", "Cache")
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~"), "Library", "Caches", "toollint")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "toollint")
