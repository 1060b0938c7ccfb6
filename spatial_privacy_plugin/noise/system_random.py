"""Uniform integers from the operating system's randomness, for the noise of a DP release.

``SystemIntegers`` reads the operating system's cryptographic generator
(``os.urandom``: getrandom(2) on Linux, BCryptGenRandom on Windows) in blocks
of 256 KiB, read as 64-bit words by numpy. A uniform integer in {0, …, m − 1}
is a word masked to the bits of m − 1 (``w & (2^b − 1)``, b the bit length of
m − 1), kept when it is below m and redrawn otherwise: every value then has
probability exactly 1/m, and a draw is kept with probability above 1/2. It
offers the one method of ``numpy.random.Generator`` that the exact samplers
use (``integers``), so they run unchanged on either.

``dp_random(seed)``: this source for a release; only a seed given on purpose
(tests, figures) gives a numpy Generator instead, which is never the
protection of a release.
"""

import os

import numpy as np

WORD_BYTES = 8
BLOCK_WORDS = 1 << 15  # 256 KiB from the operating system per read


class SystemIntegers:
    """Uniform integers drawn from ``os.urandom`` (see the module docstring)."""

    def __init__(self):
        self._words = np.empty(0, dtype=np.uint64)
        self._next = 0

    def _take(self, n):
        """n uniform 64-bit words, read from the operating system a block at a time."""
        if self._next + n > len(self._words):
            rest = self._words[self._next:]
            fresh = max(BLOCK_WORDS, n - len(rest))
            read = np.frombuffer(os.urandom(fresh * WORD_BYTES), dtype=np.uint64)
            self._words = np.concatenate([rest, read])
            self._next = 0
        words = self._words[self._next:self._next + n]
        self._next += n
        return words

    def integers(self, low, high, size, dtype=np.int64):
        """``size`` uniform integers in {low, …, high − 1} (``high`` an int or an array of
        ``size`` ints, high − low from 1 to 2**63 − 1), as ``Generator.integers`` returns them."""
        span = (np.asarray(high, dtype=np.int64) - np.int64(low)).astype(np.uint64)
        mask = span - np.uint64(1)
        for shift in (1, 2, 4, 8, 16, 32):  # all ones from the highest bit of m − 1 down
            mask |= mask >> np.uint64(shift)
        out = np.empty(size, dtype=np.uint64)
        pending = np.arange(size)
        while len(pending):
            bound, bits = (span, mask) if span.ndim == 0 else (span[pending], mask[pending])
            drawn = self._take(len(pending)) & bits
            kept = drawn < bound
            out[pending[kept]] = drawn[kept]
            pending = pending[~kept]
        return (out.astype(np.int64) + np.int64(low)).astype(dtype, copy=False)


def dp_random(seed_text=None):
    """The uniform integers of a DP release: the operating system's (``SystemIntegers``), or,
    only for a seed given on purpose, a numpy Generator seeded by its SHA-256."""
    from ..risk.masking import mask_generator

    if seed_text is None or str(seed_text) == "":
        return SystemIntegers()
    return mask_generator(seed_text)
