"""Every package of toollint is in pyproject.toml's `packages`: a folder left out is missing
from the built wheel, and an installed toollint (pre-commit's) fails on its first import
(`No module named 'toollint.model'` after model.py became a package)."""
from __future__ import annotations

import os
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_every_package_is_listed_for_the_build():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        listed = set(tomllib.load(f)["tool"]["setuptools"]["packages"])
    found = set()
    for folder, dirs, files in os.walk(os.path.join(ROOT, "toollint")):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        if "__init__.py" in files:
            found.add(os.path.relpath(folder, ROOT).replace(os.sep, "."))
    assert found - listed == set()
