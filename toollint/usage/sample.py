"""The sample: every turn the payload files and the fetched responses show, deduplicated,
counted as it is read (tally.py) so nothing of a turn is kept."""
from __future__ import annotations

import os
from typing import Dict, List, Optional, Sequence

from toollint.usage.fetch import fetch_ids
from toollint.usage.parallel import read_files
from toollint.usage.progress import Progress
from toollint.usage.read import Sample, read_file, take
from toollint.usage.sources import STDIN, STDIN_NAME


def _name(path: str) -> str:
    return STDIN_NAME if path == STDIN else path


def read_sample(files: Sequence[str], ids_file: Optional[str] = None, *, timeout: float = 30.0,
                jobs: int = 1) -> Sample:
    """Every turn the payload files (and the fetched responses) show, deduplicated by response
    id. Inputs are read in the order of their names, so the copy of a response kept is the
    first by location and the result is the same whatever order they were named in.
    Raises ConfigError for a file with no usable payload. jobs > 1 parses the files in
    that many processes (parallel.py), with the same result."""
    from toollint.config.settings import ConfigError

    sample = Sample()
    errors: Dict[str, str] = {}
    fetched = None
    if ids_file is not None:
        for path in files:  # a missing file is reported before any request is made
            if path != STDIN and not os.path.isfile(path):
                read_file(path, Sample())
        fetched = fetch_ids(ids_file, sample, timeout)
    ordered = sorted(set(files) | ({ids_file} if ids_file is not None else set()), key=_name)
    # The fetched responses take their place in name order among the files.
    at = ordered.index(ids_file) if ids_file is not None else len(ordered)
    progress = Progress([p for p in ordered if p != ids_file])
    try:
        _read(ordered, at, ids_file, fetched, jobs, sample, errors, progress)
    finally:
        progress.close()
    if errors:
        order: List[str] = sorted(set(files), key=_name) + ([ids_file] if ids_file in errors else [])
        raise ConfigError("; ".join(errors[p] for p in order if p in errors))
    return sample


def _read(ordered, at, ids_file, fetched, jobs, sample, errors, progress) -> None:
    read_files(ordered[:at], jobs, sample, errors, progress)
    if ids_file is not None:
        sample.files.append(ids_file)
        if not sum(take(ids_file, line, record, sample) for line, record in fetched or ()):
            counts = sample.problems.kind_counts(ids_file)
            errors[ids_file] = f"{ids_file}: no usable payload ({counts or 'nothing fetched'})"
        read_files(ordered[at + 1:], jobs, sample, errors, progress)
