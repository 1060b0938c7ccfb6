"""Independent pieces of work (a sweep's resolutions, a join's steps) on a few threads.

numpy, pandas and scipy's k-d trees release the GIL in their loops, so the
pieces run side by side.
"""

import concurrent.futures
import os

from .errors import N_, InputError

# Pieces of work run at once by default: each resolution in flight holds a
# few arrays the size of the input (about 0.5 GB for 10 million points).
MAX_THREADS = 4
THREADS_VARIABLE = "SPATIAL_PRIVACY_THREADS"


def thread_count():
    """Threads for independent pieces of work: the environment variable
    SPATIAL_PRIVACY_THREADS when set, else the machine's cores up to MAX_THREADS."""
    setting = os.environ.get(THREADS_VARIABLE, "").strip()
    if not setting:
        return max(1, min(os.cpu_count() or 1, MAX_THREADS))
    if not setting.isdigit() or int(setting) < 1:
        raise InputError(N_("The environment variable {name} must be a whole number of threads "
                            "(1 or more), got '{value}'."), name=THREADS_VARIABLE, value=setting)
    return int(setting)


def in_parallel(function, items, progress=None):
    """``[function(item) for item in items]`` on ``thread_count()`` threads;
    ``progress(done, total)`` is called from this thread."""
    workers = max(1, min(len(items), thread_count()))
    if workers == 1:
        results = []
        for item in items:
            results.append(function(item))
            if progress is not None:
                progress(len(results), len(items))
        return results
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(function, item) for item in items]
        for done, _ in enumerate(concurrent.futures.as_completed(futures), start=1):
            if progress is not None:
                progress(done, len(items))
        return [future.result() for future in futures]
