"""Writing fixed sources: atomically (a temporary file in the same folder, then rename),
keeping the file's mode, and never through a symlink that leads out of the project."""
from __future__ import annotations

import os
import stat
import tempfile
from typing import Optional


def refusal(path: str, root: str) -> Optional[str]:
    """Why `path` must not be written, or None."""
    real = os.path.realpath(path)
    if real != os.path.abspath(path):
        top = os.path.realpath(root)
        if os.path.commonpath([real, top]) != top:
            return f"{path}: not fixed: a symlink to {real}, outside the project"
    if not os.path.isfile(real):
        return f"{path}: not fixed: not a regular file"
    return None


def write_atomic(path: str, data: bytes) -> None:
    """Replace the file `path` resolves to with `data`; a symlink stays a symlink."""
    real = os.path.realpath(path)
    mode = stat.S_IMODE(os.stat(real).st_mode)
    folder, name = os.path.split(real)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".toollint-fix")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, real)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
