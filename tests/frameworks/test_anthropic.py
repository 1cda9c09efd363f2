"""Anthropic's @beta_tool: toollint.frameworks.anthropic."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, name_of, recordings


@pytest.mark.parametrize("recording", recordings("anthropic"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)
