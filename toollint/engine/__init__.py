"""The engine: `run` lints paths, `build` makes the linked Project (see core.py)."""
