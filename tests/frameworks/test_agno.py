"""agno: toollint.frameworks.agno."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema


@pytest.mark.parametrize("recording", recordings("agno"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)
