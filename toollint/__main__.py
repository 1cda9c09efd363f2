import os
import sys

# `python -m toollint` puts the working folder first on sys.path, and that folder is usually
# the project being linted: its textwrap.py or pygments/ would be imported, and run, in
# place of the real ones. toollint never runs what it reads, so the entry goes.
if sys.path and os.path.abspath(sys.path[0] or os.curdir) == os.getcwd():
    del sys.path[0]

# Only the entry: with a daemon listening, the run is handed over before the command
# line parser and the settings are imported (toollint/commands/entry.py).
from toollint.commands.entry import entry  # noqa: E402

if __name__ == "__main__":  # a spawned pool worker imports this module as __mp_main__
    entry()
