"""Independent pieces of work (a sweep's resolutions, a join's steps) on a few threads.

numpy, pandas and scipy's k-d trees release the GIL in their loops, so the
pieces run side by side.
"""

import concurrent.futures
import os
import threading

from .errors import N_, Cancelled, InputError

# Pieces of work run at once by default: each resolution in flight holds a
# few arrays the size of the input (about 0.5 GB for 10 million points).
MAX_THREADS = 4
THREADS_VARIABLE = "SPATIAL_PRIVACY_THREADS"
# How often the caller hears of pieces still running (a cancel must take effect within 2 s).
POLL_SECONDS = 0.25


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


def in_parallel(function, items, progress=None, poll=None):
    """``[function(item) for item in items]`` on ``thread_count()`` threads.

    The pieces run on a pool even with one thread, so that this thread stays
    free to report: ``progress(done, total)`` is called from it as each piece
    finishes, and ``poll()`` every ``POLL_SECONDS`` while they run (to report
    what the pieces record of their own progress). The first piece that raises
    (e.g. ``Cancelled``) stops the rest from starting, and its error is raised
    once the running pieces have stopped.
    """
    workers = max(1, min(len(items), thread_count()))
    failed = threading.Event()

    def piece(item):
        if failed.is_set():
            return None  # never read: the error is raised instead
        try:
            return function(item)
        except BaseException:
            failed.set()
            raise

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers)
    try:
        futures = [pool.submit(piece, item) for item in items]
        pending, done = set(futures), 0
        while pending:
            finished, pending = concurrent.futures.wait(
                pending, timeout=POLL_SECONDS, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in finished:
                future.result()  # raises the piece's error here
            if poll is not None:
                poll()
            for _ in finished:
                done += 1
                if progress is not None:
                    progress(done, len(items))
        return [future.result() for future in futures]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def cancellable(function, is_canceled):
    """``function()``, run on a thread of its own while this one asks ``is_canceled`` every
    ``POLL_SECONDS``: a cancel raises ``Cancelled`` here at once, for work that cannot be
    interrupted (a solver's single call). The abandoned call runs on to its end in the
    background and its result is dropped; it writes nothing."""
    if is_canceled is None:
        return function()
    if is_canceled():
        raise Cancelled()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    try:
        future = pool.submit(function)
        while True:
            try:
                return future.result(timeout=POLL_SECONDS)
            except concurrent.futures.TimeoutError:
                if is_canceled():
                    raise Cancelled() from None
    finally:
        pool.shutdown(wait=False)
