import os
import sys

# `python -m toollint` puts the working folder first on sys.path, and that folder is usually
# the project being linted: its textwrap.py or pygments/ would be imported, and run, in
# place of the real ones. toollint never runs what it reads, so the entry goes.
if sys.path and os.path.abspath(sys.path[0] or os.curdir) == os.getcwd():
    del sys.path[0]

from toollint.commands.cli import main  # noqa: E402

if __name__ == "__main__":  # a spawned pool worker imports this module as __mp_main__
    raise SystemExit(main())
