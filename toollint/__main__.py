import os
import sys

# `python -m toollint` puts the working folder first on sys.path, and that folder is usually
# the project being linted: its textwrap.py or pygments/ would be imported, and run, in
# place of the real ones. toollint never runs what it reads, so the entry goes.
if sys.path and os.path.abspath(sys.path[0] or os.curdir) == os.getcwd():
    del sys.path[0]

# main, for callers in-process (tests/usage/test_usage_memory.py)
from toollint.commands.cli import entry, main  # noqa: E402,F401

if __name__ == "__main__":  # a spawned pool worker imports this module as __mp_main__
    entry()
