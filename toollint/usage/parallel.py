"""`-j N`: payload files parsed in N processes, their counters merged in the order of
the file names, so the result is byte for byte what one process reports.

A response logged in two files is counted once, at its first location. A worker only
knows its own file, so when a file's response ids meet ids of earlier files, that file
is read again here, against everything read before it; logs rarely repeat responses
across files, so that costs nothing in the usual case.
"""
from __future__ import annotations

from typing import Dict, Optional, Sequence, Tuple

from toollint.usage.read import Sample, read_file
from toollint.usage.sources import STDIN


def _read_one(path: str) -> Tuple[Optional[str], Sample]:
    sample = Sample()
    return read_file(path, sample), sample


def read_files(paths: Sequence[str], jobs: int, sample: Sample, errors: Dict[str, str], progress=None) -> None:
    """Read the files (already in name order) into the sample; a file's error goes to
    errors. progress (progress.Progress) follows the reading: record by record in this
    process, file by file from the workers."""
    from concurrent.futures import ProcessPoolExecutor

    if jobs <= 1 or len(paths) <= 1:
        for path in paths:
            _merge_serial(path, sample, errors, progress)
        return
    with ProcessPoolExecutor(min(jobs, len(paths))) as pool:
        # Standard input is this process's to read.
        results = pool.map(_read_one, [p for p in paths if p != STDIN])
        for path in paths:
            if path == STDIN:
                _merge_serial(path, sample, errors, progress)
                continue
            error, part = next(results)
            if sample.tally.seen.meets(part.tally.seen):
                _merge_serial(path, sample, errors, progress)
                continue
            if progress is not None:
                progress.file_done(path)
            sample.tally.merge(part.tally)
            sample.files.extend(part.files)
            sample.problems.extend(part.problems)
            if error is not None:
                errors[path] = error


def _merge_serial(path: str, sample: Sample, errors: Dict[str, str], progress=None) -> None:
    error = read_file(path, sample, progress)
    if error is not None:
        errors[path] = error


