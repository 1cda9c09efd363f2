"""browser-use: toollint.frameworks.browser_use."""
from __future__ import annotations

import pytest

from frameworkcase import check_recording, extract, name_of, recordings
from toollint.model import Unresolved


@pytest.mark.parametrize("recording", recordings("browser-use"), ids=name_of)
def test_matches_the_recordings(recording):
    check_recording(recording)


def test_a_param_model_leaves_the_schema_unresolved():
    found = extract('''
        from pydantic import BaseModel
        from browser_use import Controller

        controller = Controller()

        class Job(BaseModel):
            title: str

        @controller.action("Save a job to the list.", param_model=Job)
        async def save_job(params: Job):
            ...

        @other.action("Not browser-use.")
        async def elsewhere(x: str):
            ...
    ''')
    assert [(t.name.value, t.description.value) for t in found] == [("save_job", "Save a job to the list.")]
    assert isinstance(found[0].schema, Unresolved)
