"""Record keys, cell keys and the perturbed counts of the cell key method.

Each person has a record key, uniform in [0, 1): a persistent field of the
data, or HMAC-SHA-256(secret, person id) mapped to [0, 1). The cell key of a
cell is the fractional part of the sum of the record keys of the distinct
people in it, so the same set of people gets the same cell key, hence the
same noise, in every run, layer, extent, resolution and month. The noise is
the p-table entry (row min(n, last row)) whose interval holds the cell key.

Keys are held as 53-bit integers (``k = floor(key * 2**53)``) and summed
modulo 2**53, which is exact and independent of the order of the people: a
floating-point sum could differ in its last bit between two layers of the
same people and select another noise.
"""

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import N_, InputError
from ..counting.cells import count_cells, run_starts

KEY_BITS = 53
KEY_SCALE = float(2 ** KEY_BITS)
KEY_MASK = (1 << KEY_BITS) - 1
SECRET_BYTES = 32  # 256 random bits
FINGERPRINT_LABEL = b"spatial privacy cell key fingerprint v1"
HMAC_BLOCK = 64  # bytes: SHA-256's block, the HMAC key length
DIGEST_WORDS = 4  # 64-bit words in a SHA-256 digest; a record key is the top of the first
HALF_BITS = 26  # sums of 27-bit halves stay exact in float64 up to 2**26 people per cell


def create_key_file(path):
    """Write a new secret key file (256 random bits from the operating system, as hex text),
    readable by its owner only. An existing file is never overwritten."""
    secret = secrets.token_bytes(SECRET_BYTES)
    path = Path(path)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as error:
        raise InputError(N_("Cannot create the key file {path}: {reason}. Choose a folder you can "
                            "write to."), path=str(path), reason=error.strerror or str(error)) from error
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(secret.hex() + "\n")
    return secret


def read_key_file(path):
    """The secret of a key file written by ``create_key_file`` (64 hex digits)."""
    try:
        text = Path(path).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(N_("Cannot read the key file {path}: {reason}."), path=str(path),
                         reason=getattr(error, "strerror", None) or str(error)) from error
    try:
        secret = bytes.fromhex(text)
    except ValueError:
        secret = b""
    if len(secret) != SECRET_BYTES:
        raise InputError(N_("The key file {path} does not hold a key of 256 bits (64 hexadecimal "
                            "digits). Give the key file of the programme, or a path with no file "
                            "to create a new key (which changes every cell's noise)."),
                         path=str(path))
    return secret


def load_or_create_key(path):
    """(secret, created): the key file's secret, creating the file when it does not exist."""
    if Path(path).exists():
        return read_key_file(path), False
    return create_key_file(path), True


def key_fingerprint(secret):
    """A short public id of a key (HMAC of a fixed label): tells keys apart, reveals nothing."""
    return hmac.new(secret, FINGERPRINT_LABEL, hashlib.sha256).hexdigest()[:16]


def canonical_id(value):
    """The text of a person id that the HMAC reads: 42, 42.0 and numpy's 42 are all '42'."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return repr(value)
    return str(value)


def canonical_ids(ids):
    """``canonical_id`` of every id; whole-number arrays are converted in one pass."""
    values = ids if isinstance(ids, np.ndarray) else np.asarray(ids, dtype=object)
    if values.dtype.kind in "iu":
        return list(map(str, values.tolist()))
    if values.dtype.kind == "f" and np.isfinite(values).all() and (values == np.round(values)).all() \
            and np.abs(values).max(initial=0) < 2 ** 53:
        return list(map(str, values.astype(np.int64).tolist()))
    return [canonical_id(value) for value in values.tolist()]


def hmac_record_keys(secret, ids):
    """53-bit record keys (uint64) of the given person ids (one per distinct person): the first
    53 bits of HMAC-SHA-256(secret, canonical id text)."""
    # HMAC(K, m) = H((K ^ opad) || H((K ^ ipad) || m)) (RFC 2104). The two padded-key blocks
    # are hashed once; each id then costs two copies of those states, about a third of
    # copying an hmac object per id (millions of people). Python's hashing holds the
    # interpreter lock for inputs this short, so the loop is as lean as it can be: ids
    # encoded by map() in C, whole digests joined and their first 8 bytes read by numpy.
    key = secret if len(secret) <= HMAC_BLOCK else hashlib.sha256(secret).digest()
    key = key.ljust(HMAC_BLOCK, b"\0")
    inner = hashlib.sha256(bytes(byte ^ 0x36 for byte in key)).copy
    outer = hashlib.sha256(bytes(byte ^ 0x5C for byte in key)).copy
    digests = []
    append = digests.append
    for message in map(str.encode, canonical_ids(ids)):
        inner_mac = inner()
        inner_mac.update(message)
        outer_mac = outer()
        outer_mac.update(inner_mac.digest())
        append(outer_mac.digest())
    words = np.frombuffer(b"".join(digests), dtype=">u8")[::DIGEST_WORDS]
    return words.astype(np.uint64) >> np.uint64(64 - KEY_BITS)


def person_ids_by_code(person_codes, id_values):
    """The id of each person code (code c at position c), from the rows' id column: the id on
    the first row of each person."""
    values = id_values if isinstance(id_values, np.ndarray) else np.asarray(id_values, dtype=object)
    if not len(person_codes):
        return values[:0]
    # Codes numbered in order of first appearance (as counting.encode_person_ids gives them):
    # a person's first row is where the running largest code grows, found without sorting.
    largest = np.maximum.accumulate(person_codes)
    first = np.flatnonzero(np.concatenate(([True], largest[1:] > largest[:-1])))
    if not np.array_equal(person_codes[first], np.arange(len(first))):
        codes, first = np.unique(person_codes, return_index=True)
        first = first[np.argsort(codes)]
    return values[first]


def field_record_keys(values, person_codes, field_name):
    """53-bit record keys per person code from a persistent key field in [0, 1) (one per row).

    NULL keys, keys outside [0, 1) and a person with two different keys are refused.
    """
    if isinstance(values, np.ndarray) and values.dtype == np.float64:
        keys = values  # as the Arrow reader gives a column without NULLs: no copy
    else:
        keys = pd.to_numeric(pd.Series(values), errors="coerce").to_numpy(dtype=float)
    bad = ~((keys >= 0) & (keys < 1))  # NaN compares false
    if bad.any():
        raise bad_record_keys(int(bad.sum()), field_name)
    scaled = (keys * KEY_SCALE).astype(np.uint64)  # truncation: the floor of keys >= 0
    n_persons = int(person_codes.max()) + 1 if len(person_codes) else 0
    by_person = np.zeros(n_persons, dtype=np.uint64)
    by_person[person_codes] = scaled
    if (by_person[person_codes] != scaled).any():
        raise differing_record_keys(field_name)
    return by_person


def bad_record_keys(count, field_name):
    """The refusal of ``count`` records whose key is NULL, not a number or outside [0, 1)."""
    return InputError(N_("{count} record(s) have a record key in '{field}' that is NULL, not a "
                         "number or outside [0, 1). Give every person a key in [0, 1), or "
                         "leave the record key field empty to use a key file."),
                      count=count, field=field_name)


def differing_record_keys(field_name):
    """The refusal of people whose records hold different keys (as 53-bit integers)."""
    return InputError(N_("Some people have different record keys in '{field}' on different "
                         "records: a person's key must be the same everywhere, or the same "
                         "people would not get the same noise."), field=field_name)


def key_of_sum(total):
    """The cell key of people whose 53-bit record keys add up to ``total`` (a whole number,
    or an array of them below 2**64): its fractional part, as the engine holds it."""
    if isinstance(total, np.ndarray):
        return (total.astype(np.uint64) & np.uint64(KEY_MASK)).astype(float) / KEY_SCALE
    return float((int(total) & KEY_MASK) / KEY_SCALE)


def key_of_everyone(person_keys):
    """The cell key of all the people whose 53-bit record keys are given (the grand total's):
    their sum modulo 2**64 in numpy keeps it modulo 2**53 exactly."""
    return key_of_sum(int(np.asarray(person_keys, dtype=np.uint64).sum(dtype=np.uint64)))


def cell_keys(group_of_row, person_codes, person_keys, n_groups):
    """Cell key of each group: frac(sum of the record keys of its distinct people), exactly."""
    group_bits = max(int(n_groups - 1).bit_length(), 1)
    pairs = np.left_shift(person_codes.astype(np.int64), group_bits) | group_of_row
    # Person-major codes of rows that come person by person are nearly sorted: timsort takes
    # them in close to linear time (as counting.count_cells_by_code does), quicksort does not.
    pairs.sort(kind="stable")
    pairs = pairs[run_starts(pairs)]
    return pair_cell_keys(pairs & ((1 << group_bits) - 1), pairs >> group_bits, person_keys,
                          n_groups)


def pair_cell_keys(pair_group, pair_person, person_keys, n_groups):
    """Cell key of each group from its distinct (person, group) pairs, exactly: the 53-bit
    keys are added in two halves, each sum exact in float64."""
    keys = person_keys[pair_person]
    high = np.bincount(pair_group, weights=(keys >> np.uint64(HALF_BITS)).astype(float),
                       minlength=n_groups)
    keys &= np.uint64((1 << HALF_BITS) - 1)
    low = np.bincount(pair_group, weights=keys.astype(float), minlength=n_groups)
    return key_of_sum((high.astype(np.uint64) << np.uint64(HALF_BITS)) + low.astype(np.uint64))


@dataclass(frozen=True)
class PerturbedCells:
    """Non-empty groups (cell × key combination) with their original and perturbed counts.

    ``n_persons`` and ``cell_key`` are for the data holder's utility and audit only.
    """

    col: np.ndarray
    row: np.ndarray
    key: np.ndarray
    first_row: np.ndarray
    n_persons: np.ndarray
    cell_key: np.ndarray
    published: np.ndarray


def perturbed_cells(x, y, person_codes, key_codes, origin, resolution, person_keys, table):
    """Count distinct people per cell × key combination and perturb each count with the p-table."""
    # The counting's own distinct (person, cell) pairs: no second sort of every row.
    counts = count_cells(x, y, person_codes, key_codes, origin, resolution, with_pairs=True)
    keys = pair_cell_keys(counts.pair_group, counts.pair_person, person_keys,
                          len(counts.n_persons))
    return perturbed_groups(counts, keys, table)


def perturbed_groups(counts, keys, table):
    """PerturbedCells of counted groups (counting.CellCounts, from the points or from a
    database) and their cell keys."""
    published = counts.n_persons + table.noise(counts.n_persons, keys)
    return PerturbedCells(counts.col, counts.row, counts.key, counts.first_row,
                          counts.n_persons, keys, published)


def perturb_counts(counts, keys, table):
    """Published counts n + v for given counts and cell keys."""
    counts = np.asarray(counts, dtype=np.int64)
    return counts + table.noise(counts, keys)



def expected_noise_moments(table, count):
    """(mean, variance) of the noise of a count under the p-table (uniform cell keys)."""
    row = table.frame[table.frame["i"] == int(table.row_of([count])[0])]
    mean = float((row["p"] * row["v"]).sum())
    return mean, float((row["p"] * row["v"] ** 2).sum() - mean * mean)
