"""`dump -v` and `usage -v` show the traceback of a bug of ours, as the warning they print
asks ("rerun with --verbose"); dump had no such option."""
from __future__ import annotations

from lintcase import toollint, write_tree

SERVER = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def add(a: int) -> int:
    """Add one. Use this when asked to count."""
    return a + 1
'''


def _planted(monkeypatch):
    import toollint.extract as extract

    def boom(*args, **kwargs):
        raise ValueError("planted bug")

    monkeypatch.setattr(extract, "extract_module", boom)


def test_dump_verbose_prints_the_traceback_and_still_exits_zero(tmp_path, monkeypatch):
    write_tree(tmp_path, {"app.py": SERVER})
    _planted(monkeypatch)
    quiet = toollint("dump", ".", cwd=tmp_path)
    assert "rerun with --verbose" in quiet.stderr and "Traceback" not in quiet.stderr
    loud = toollint("dump", "-v", ".", cwd=tmp_path)
    assert loud.returncode == 0
    assert "Traceback" in loud.stderr and "ValueError: planted bug" in loud.stderr
    assert loud.stdout.strip() == "[]"
