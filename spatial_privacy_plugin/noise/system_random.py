"""Uniform integers from the operating system's randomness, for the noise of a DP release.

``SystemIntegers`` reads the operating system's cryptographic generator
(``os.urandom``: getrandom(2) on Linux, BCryptGenRandom on Windows) in blocks
of 256 KiB, read by numpy as 32-bit words (ranges below 2**32) or 64-bit
words. A uniform integer in {0, …, m − 1} is a word masked to the bits of
m − 1 (``w & (2^b − 1)``, b the bit length of m − 1), kept when it is below m
and redrawn otherwise: every value then has probability exactly 1/m, and a
draw is kept with probability at least 1/2 (1/4 past 2**53, where the float
that finds b may round up). It
offers the one method of ``numpy.random.Generator`` that the exact samplers
use (``integers``), so they run unchanged on either.

``dp_random(seed)``: this source for a release; only a seed given on purpose
(tests, figures) gives a numpy Generator instead, which is never the
protection of a release.
"""

import os

import numpy as np

BLOCK_BYTES = 1 << 18  # 256 KiB from the operating system per read
NARROW = 2 ** 32  # ranges below this take 32-bit words, larger ones 64-bit words


class SystemIntegers:
    """Uniform integers drawn from ``os.urandom`` (see the module docstring)."""

    def __init__(self):
        self._bytes = b""
        self._next = 0

    def _take(self, n, dtype):
        """n uniform words of ``dtype`` (uint32 or uint64), read from the operating system a
        block at a time (the words are read-only views of the block)."""
        size = n * np.dtype(dtype).itemsize
        if self._next + size > len(self._bytes):
            rest = self._bytes[self._next:]
            self._bytes = rest + os.urandom(max(BLOCK_BYTES, size - len(rest)))
            self._next = 0
        words = np.frombuffer(self._bytes, dtype=dtype, count=n, offset=self._next)
        self._next += size
        return words

    def integers(self, low, high, size, dtype=np.int64):
        """``size`` uniform integers in {low, …, high − 1} (``high`` an int or an array of
        ``size`` ints, high − low from 1 to 2**62), as ``Generator.integers`` returns them."""
        span = (np.asarray(high, dtype=np.int64) - np.int64(low)).astype(np.uint64)
        word = np.uint32 if span.max(initial=0) < NARROW else np.uint64
        span = span.astype(word)
        # All ones down from the highest bit of m − 1 (frexp's exponent is its bit length,
        # or one more where the float rounds up: a wider mask, still exact, kept >= 1/4).
        _, bits = np.frexp((span - word(1)).astype(float))
        mask = ((np.uint64(1) << bits.astype(np.uint64)) - np.uint64(1)).astype(word)
        drawn = self._take(size, word) & mask
        redo = np.flatnonzero(drawn >= span)
        while len(redo):
            bound, ones = (span, mask) if span.ndim == 0 else (span[redo], mask[redo])
            again = self._take(len(redo), word) & ones
            kept = again < bound
            drawn[redo[kept]] = again[kept]
            redo = redo[~kept]
        return (drawn.astype(np.int64) + np.int64(low)).astype(dtype, copy=False)


def dp_random(seed_text=None):
    """The uniform integers of a DP release: the operating system's (``SystemIntegers``), or,
    only for a seed given on purpose, a numpy Generator seeded by its SHA-256."""
    from ..risk.masking import mask_generator

    if seed_text is None or str(seed_text) == "":
        return SystemIntegers()
    return mask_generator(seed_text)
