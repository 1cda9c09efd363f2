"""The pytest plugin (`pytest --toollint`): one test item per tool, from the static engine.

attribution.py turns one engine run into items (which tool each finding belongs to);
plugin.py is what pytest loads through the `pytest11` entry point, inert unless asked for.
"""
