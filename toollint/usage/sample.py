"""The sample: every turn the payload files and the fetched responses show, deduplicated."""
from __future__ import annotations

from typing import List, Optional, Sequence

from toollint.usage.fetch import fetch_ids
from toollint.usage.read import Sample, dedupe, kind_counts, read_file, take


def read_sample(files: Sequence[str], ids_file: Optional[str] = None, *, timeout: float = 30.0) -> Sample:
    """Every turn the payload files (and the fetched responses) show, deduplicated by response
    id. Files are read in sorted order and everything after is order-free, so the result is
    the same whatever order they were named in. Raises ConfigError for a file with no
    usable payload."""
    from toollint.config.settings import ConfigError

    sample = Sample()
    errors: List[str] = []
    for path in sorted(set(files)):
        sample.files.append(path)
        error = read_file(path, sample)
        if error is not None:
            errors.append(error)
    if ids_file is not None:
        fetched = fetch_ids(ids_file, sample, timeout)
        sample.files.append(ids_file)
        if not sum(take(ids_file, line, record, sample) for line, record in fetched):
            kinds = [p for p in sample.problems if p.where.path == ids_file]
            counts = kind_counts(kinds) or "nothing fetched"
            errors.append(f"{ids_file}: no usable payload ({counts})")
    if errors:
        raise ConfigError("; ".join(errors))
    dedupe(sample)
    return sample
