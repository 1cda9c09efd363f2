"""The output formats, one emitter per module. A new format is a new module with an
Emitter subclass, registered here; its position sets its place in `FORMATS`."""
from __future__ import annotations

from typing import Dict

from toollint.report.formats.base import Emitter
from toollint.report.formats.concise import Concise
from toollint.report.formats.full import Full
from toollint.report.formats.github import Github
from toollint.report.formats.gitlab import Gitlab
from toollint.report.formats.json import Json
from toollint.report.formats.sarif import Sarif

EMITTERS: Dict[str, Emitter] = {e.name: e for e in (Concise(), Full(), Json(), Github(), Sarif(), Gitlab())}
FORMATS = tuple(EMITTERS)
