"""Microsoft Agent Framework (`agent_framework`): toollint.frameworks.agent_framework."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, name_of, recordings


@pytest.mark.parametrize("recording", recordings("agent-framework"), ids=name_of)
def test_matches_the_recording(recording):
    check_recording(recording)
