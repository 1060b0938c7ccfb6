"""The release ledger: one SQLite file, append-only, hash-chained, safe for concurrent writers.

Every entry carries the SHA-256 of the entry before it (``previous_hash``)
and of its own content (``entry_hash``), so an edited or deleted entry breaks
the chain. Appends run inside ``BEGIN IMMEDIATE`` transactions: a crash or a
``kill -9`` mid-append leaves the entry either fully written or absent (SQLite's
journal), and two writers are serialised, each seeing the other's entry before
it checks the budget. Nothing here updates or deletes an entry.

The chain detects edits made without recomputing every later hash; archive
the head hash (reported with every append) elsewhere for stronger assurance.
"""

import hashlib
import json
import math
import numbers
import sqlite3
import unicodedata
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

from ..errors import N_, InputError

GENESIS = "0" * 64
ENTRY_RELEASE = "release"
ENTRY_REASSESSMENT = "reassessment"
ENTRY_DP_RELEASE = "dp_release"  # a differentially private release: its ε or ρ in ``details``
# The hashed content of an entry, in this order; seq and entry_hash are not part of it.
CONTENT = ("entry_type", "dataset", "release_id", "recorded_utc", "worst_zone", "worst_p_reid",
           "pooled_p_reid", "cumulative_p_reid", "per_release_ceiling", "cumulative_ceiling",
           "gate_basis", "policy_hash", "zones_hash", "plugin_version", "details", "previous_hash")
SCHEMA = """
CREATE TABLE IF NOT EXISTS ledger (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_type TEXT NOT NULL,
    dataset TEXT NOT NULL,
    release_id TEXT NOT NULL,
    recorded_utc TEXT NOT NULL,
    worst_zone TEXT,
    worst_p_reid REAL,
    pooled_p_reid REAL,
    cumulative_p_reid REAL,
    per_release_ceiling REAL,
    cumulative_ceiling REAL,
    gate_basis TEXT,
    policy_hash TEXT,
    zones_hash TEXT,
    plugin_version TEXT,
    details TEXT,
    previous_hash TEXT NOT NULL,
    entry_hash TEXT NOT NULL
)
"""
BUSY_TIMEOUT_S = 60.0
# Columns stored as REAL; every other content column is TEXT. A value is
# normalised to its column's type before it is hashed, so that the entry read
# back hashes as it did when written (SQLite would store an integer given for
# a TEXT column as text, and its hash would then no longer match).
REAL_COLUMNS = frozenset(("worst_p_reid", "pooled_p_reid", "cumulative_p_reid",
                          "per_release_ceiling", "cumulative_ceiling"))


class LedgerError(InputError):
    """A ledger that cannot be trusted: corrupt, or with a broken chain."""


def entry_hash(entry):
    """SHA-256 of an entry's content (canonical JSON: sorted keys, exact floats)."""
    content = {name: entry.get(name) for name in CONTENT}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def name_key(name):
    """The form in which dataset names and release ids are compared (not stored).

    Zero-width and other format characters are removed, then Unicode NFKC
    (full-width letters become ASCII), case folding and trimming: "mob",
    "Mob ", "MOB", "mob\u200b" and full-width "ｍｏｂ" are one dataset.
    """
    text = "".join(char for char in str(name) if unicodedata.category(char) != "Cf")
    text = unicodedata.normalize("NFKC", text)
    return unicodedata.normalize("NFKC", text.casefold()).strip()


def normalised_content(values):
    """The content of an entry with every value in its column's type; refuses any other type."""
    content = {}
    for name in CONTENT:
        value = values.get(name)
        if value is not None and name in REAL_COLUMNS:
            if isinstance(value, bool) or not isinstance(value, numbers.Real) or \
                    not math.isfinite(float(value)):
                raise LedgerError(N_("The ledger field {field} takes a finite number, got {value!r}: "
                                     "nothing was recorded."), field=name, value=value)
            value = float(value)
        elif value is not None and not isinstance(value, str):
            raise LedgerError(N_("The ledger field {field} takes text, got {value!r} ({kind}): "
                                 "nothing was recorded. Give it as text (a zones hash is the "
                                 "SHA-256 text the zone risk algorithm writes)."),
                              field=name, value=value, kind=type(value).__name__)
        content[name] = value
    return content


def releases_of(entries, dataset):
    """The release entries of a dataset, its name compared by ``name_key``."""
    key = name_key(dataset)
    return [entry for entry in entries
            if entry["entry_type"] == ENTRY_RELEASE and name_key(entry["dataset"]) == key]


def duplicate_release_id(entries, dataset, release_id):
    """(template, params) of the problem when a release of the dataset, of any kind (zone risk
    or DP), already has this id (compared by ``name_key``), else None: an id names one release."""
    key, wanted = name_key(dataset), name_key(release_id)
    same_id = [entry["release_id"] for entry in entries
               if entry["entry_type"] in (ENTRY_RELEASE, ENTRY_DP_RELEASE)
               and name_key(entry["dataset"]) == key and name_key(entry["release_id"]) == wanted]
    if not same_id:
        return None
    return (N_("The release id {release} is already in the ledger for this dataset (as "
               "{recorded}): give every release its own id."),
            {"release": release_id, "recorded": same_id[0]})


def utc_now():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Ledger:
    """A ledger file; created with its table on first use."""

    def __init__(self, path):
        self.path = str(path)

    def _connect(self):
        try:
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            connection.row_factory = sqlite3.Row
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise LedgerError(N_("The ledger {path} cannot be opened as an SQLite database "
                                 "({reason}). Restore it from a backup; it is never rewritten."),
                              path=self.path, reason=str(error)) from error
        return connection

    @contextmanager
    def transaction(self):
        """An exclusive write transaction over a verified ledger; yields a LedgerTransaction."""
        connection = self._connect()
        try:
            connection.execute("BEGIN IMMEDIATE")
            transaction = LedgerTransaction(connection, self.path)
            transaction.entries = _verified_entries(connection, self.path)
            yield transaction
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        finally:
            connection.close()

    def entries(self):
        """Every entry, oldest first, after verifying the whole chain."""
        connection = self._connect()
        try:
            return _verified_entries(connection, self.path)
        finally:
            connection.close()

    def read_entries(self):
        """Every entry, verified, without writing anything: a read-only ledger works.

        A ledger file that does not exist yet has no entries (nothing is
        created); one without the ledger table has none either.
        """
        if not Path(self.path).exists():
            return []
        try:
            connection = sqlite3.connect(f"{Path(self.path).resolve().as_uri()}?mode=ro", uri=True,
                                         timeout=BUSY_TIMEOUT_S)
            connection.row_factory = sqlite3.Row
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as error:
            raise LedgerError(N_("The ledger {path} cannot be opened as an SQLite database "
                                 "({reason}). Restore it from a backup; it is never rewritten."),
                              path=self.path, reason=str(error)) from error
        try:
            if "ledger" not in tables:
                return []
            connection.execute("BEGIN")  # one consistent snapshot of entries and sequence
            return _verified_entries(connection, self.path)
        finally:
            connection.close()


class LedgerTransaction:
    """What a gate may do inside one transaction: read the verified entries, append one."""

    def __init__(self, connection, path):
        self.connection = connection
        self.path = path
        self.entries = []

    def releases(self, dataset):
        return releases_of(self.entries, dataset)

    def append(self, **values):
        """Append an entry chained to the last one; returns its hash."""
        entry = normalised_content(values)
        entry["recorded_utc"] = entry["recorded_utc"] or utc_now()
        entry["previous_hash"] = self.entries[-1]["entry_hash"] if self.entries else GENESIS
        entry["entry_hash"] = entry_hash(entry)
        names = list(CONTENT) + ["entry_hash"]
        # The column names are this module's constants (CONTENT); every value is bound.
        columns, places = ", ".join(names), ", ".join("?" * len(names))
        self.connection.execute(f"INSERT INTO ledger ({columns}) VALUES ({places})",  # nosec B608
                                [entry[name] for name in names])
        self.entries.append(entry)
        return entry["entry_hash"]


def _verified_entries(connection, path):
    """All entries, checking hashes, links and that none was deleted; names the first bad one."""
    try:
        rows = [dict(row) for row in connection.execute("SELECT * FROM ledger ORDER BY seq")]
        sequence = connection.execute(
            "SELECT seq FROM sqlite_sequence WHERE name = 'ledger'").fetchone()
    except sqlite3.DatabaseError as error:
        raise LedgerError(N_("The ledger {path} is corrupt ({reason}). Restore it from a backup; it "
                             "is never rewritten."), path=path, reason=str(error)) from error
    previous = GENESIS
    for position, row in enumerate(rows, start=1):
        problem = None
        if row["seq"] != position:
            problem = N_("The ledger {path} fails verification: entry {seq} (dataset {dataset}, "
                         "release {release}) follows a deleted entry. Every gate that uses it is "
                         "blocked; nothing rewrites it. Restore it from a backup and investigate.")
        elif row["previous_hash"] != previous:
            problem = N_("The ledger {path} fails verification: entry {seq} (dataset {dataset}, "
                         "release {release}) does not link to the entry before it. Every gate "
                         "that uses it is blocked; nothing rewrites it. Restore it from a backup "
                         "and investigate.")
        elif entry_hash(row) != row["entry_hash"]:
            problem = N_("The ledger {path} fails verification: entry {seq} (dataset {dataset}, "
                         "release {release}) was changed after it was written. Every gate that "
                         "uses it is blocked; nothing rewrites it. Restore it from a backup and "
                         "investigate.")
        if problem is not None:
            raise LedgerError(problem, path=path, seq=row["seq"], dataset=row["dataset"],
                              release=row["release_id"])
        previous = row["entry_hash"]
    if sequence is not None and sequence["seq"] != len(rows):
        raise LedgerError(
            N_("The ledger {path} fails verification: its last {count} entry(ies) were deleted. "
               "Every gate that uses it is blocked; restore it from a backup."),
            path=path, count=sequence["seq"] - len(rows))
    return rows
