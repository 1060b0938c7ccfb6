"""The release ledger: one SQLite file, append-only, hash-chained, safe for concurrent writers.

Every entry carries the SHA-256 of the entry before it (``previous_hash``)
and of its own content (``entry_hash``), so an edited or deleted entry breaks
the chain. Appends run inside ``BEGIN IMMEDIATE`` transactions: a crash or a
``kill -9`` mid-append leaves the entry either fully written or absent (SQLite's
journal), and two writers are serialised, each seeing the other's entry before
it checks the budget. Nothing here updates or deletes an entry.

The chain detects edits made without recomputing every later hash. What it
cannot see alone (the last entries deleted with their sequence, every entry
deleted, the table dropped, the file replaced, every hash recomputed) the
anchor sees: each release output carries the head its release extended
(``Head``: entry number and hash), and a ledger opened with such heads refuses
to be read unless it still holds them.
"""

import hashlib
import json
import math
import numbers
import os
import sqlite3
import tempfile
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from ..errors import N_, InputError
from .names import name_key

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
LEDGER_COLUMNS = ("seq",) + CONTENT + ("entry_hash",)
REAL_COLUMNS = frozenset(("worst_p_reid", "pooled_p_reid", "cumulative_p_reid",
                          "per_release_ceiling", "cumulative_ceiling"))


class LedgerError(InputError):
    """A ledger that cannot be trusted: corrupt, or with a broken chain."""


def entry_hash(entry):
    """SHA-256 of an entry's content (canonical JSON: sorted keys, exact floats)."""
    content = {name: entry.get(name) for name in CONTENT}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


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


class Head(NamedTuple):
    """A ledger's head as a release output carries it: the entry number and its hash."""

    seq: int  # None when only the hash is known
    hash: str

    def __str__(self):
        return self.hash if self.seq is None else f"{self.seq}:{self.hash}"


def head_of(entries):
    """The head of verified entries (entry 0 and the genesis hash when there are none)."""
    return Head(len(entries), entries[-1]["entry_hash"] if entries else GENESIS)


def parse_head(text):
    """A head written as ``entry:hash`` (a release output's ledger_seq and ledger_head), or as
    the hash alone."""
    raw = str(text).strip()
    seq, _, digest = raw.rpartition(":")
    digest = digest.strip().lower()
    if len(digest) != 64 or any(char not in "0123456789abcdef" for char in digest) or \
            (seq and not (seq.strip().isascii() and seq.strip().isdigit())):
        raise InputError(N_("The ledger head {head!r} is not an entry number and a SHA-256 hash "
                            "(e.g. 12:3f5a…, as a release output gives them in its ledger_seq "
                            "and ledger_head fields)."), head=raw[:80])
    return Head(int(seq) if seq else None, digest)


def check_heads(entries, heads, path):
    """Refuse verified entries that do not hold every head an earlier release extended."""
    for head in heads:
        if head.seq is None:
            found = head.hash == GENESIS or any(entry["entry_hash"] == head.hash
                                                for entry in entries)
        else:
            found = (head.seq == 0 and head.hash == GENESIS) or (
                0 < head.seq <= len(entries) and entries[head.seq - 1]["entry_hash"] == head.hash)
        if not found:
            raise LedgerError(N_("The ledger {path} does not hold the entry {head} that an earlier "
                                 "release extended (it holds {count} entry(ies)): entries were "
                                 "deleted, the ledger was replaced, emptied or rewritten, or it is "
                                 "not this programme's ledger. Every gate that uses it is blocked; "
                                 "nothing starts a fresh budget. Restore it from a backup and "
                                 "investigate."),
                              path=path, head=str(head)[:80], count=len(entries))


class Ledger:
    """A ledger file; a new one is put in place whole, its table in it (``create_ledger``), so
    that a file at a ledger's path without the table was a ledger or is not one.

    ``heads``: heads that earlier release outputs carry (``Head``); every read
    refuses a ledger that does not hold them, so a ledger that was deleted,
    emptied, dropped, truncated or rewritten is not taken for a fresh one.
    """

    def __init__(self, path, heads=()):
        self.path = str(path)
        self.heads = tuple(heads)

    def _open(self, read_only):
        try:
            if read_only:
                connection = sqlite3.connect(f"{Path(self.path).resolve().as_uri()}?mode=ro",
                                             uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            else:
                connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S,
                                             isolation_level=None)
                connection.execute("PRAGMA synchronous = FULL")
            connection.row_factory = sqlite3.Row
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as error:
            raise LedgerError(N_("The ledger {path} cannot be opened as an SQLite database "
                                 "({reason}). Restore it from a backup; it is never rewritten."),
                              path=self.path, reason=str(error)) from error
        return connection

    def _roll_back_interrupted_append(self):
        """Let SQLite undo an append that a crash interrupted (its journal is beside the ledger):
        an open that may write does it, restoring the ledger as last committed."""
        try:
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            try:
                connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            finally:
                connection.close()
        except sqlite3.DatabaseError as error:
            raise LedgerError(N_("The ledger {path} has beside it the journal of an append that "
                                 "was interrupted (a crash, or a run that was killed): SQLite "
                                 "undoes it at the next open that may write, and this one may not "
                                 "({reason}). No committed entry is lost, and the interrupted "
                                 "release was not recorded. Make the ledger and its folder "
                                 "writable, then run again."),
                              path=self.path, reason=str(error)) from error

    def _entries(self, connection):
        """The verified entries of an open transaction."""
        try:
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            columns = {row[1] for row in connection.execute("PRAGMA table_info(ledger)")}
        except sqlite3.DatabaseError as error:
            raise LedgerError(N_("The ledger {path} is corrupt ({reason}). Restore it from a backup; "
                                 "it is never rewritten."), path=self.path, reason=str(error)) from error
        if "ledger" not in tables:
            if tables:
                raise LedgerError(N_("The file {path} holds no ledger table: the table was dropped, "
                                     "or the file is not a ledger. Every gate that uses it is "
                                     "blocked; nothing starts a fresh budget in it. Restore the "
                                     "ledger from a backup, or give a new file to start one."),
                                  path=self.path)
            raise LedgerError(N_("The file {path} holds no ledger: it is empty, or its tables were "
                                 "dropped. It was a ledger, or it is not one (a new ledger is "
                                 "never an empty file). Every gate that uses it is blocked; "
                                 "nothing starts a fresh budget in it. Restore it from a backup, "
                                 "or choose a path where no file exists to start a new ledger."),
                              path=self.path)
        missing = [name for name in LEDGER_COLUMNS if name not in columns]
        if missing:
            raise LedgerError(N_("The ledger {path} lacks the column(s) {columns}: it was altered, "
                                 "or it is not a ledger. Every gate that uses it is blocked; "
                                 "restore it from a backup."),
                              path=self.path, columns=", ".join(missing))
        entries = _verified_entries(connection, self.path)
        check_heads(entries, self.heads, self.path)
        return entries

    @contextmanager
    def transaction(self):
        """An exclusive write transaction over a verified ledger; yields a LedgerTransaction.

        What it appends is committed when the block ends; a ledger that cannot
        be written raises LedgerError before the block's work counts for anything.
        """
        if not Path(self.path).exists():
            check_heads([], self.heads, self.path)  # never start afresh where releases exist
            create_ledger(self.path)
        connection = self._open(read_only=False)
        try:
            connection.execute("BEGIN IMMEDIATE")
            entries = self._entries(connection)
            transaction = LedgerTransaction(connection, self.path, entries)
            yield transaction
            connection.execute("COMMIT" if transaction.appended else "ROLLBACK")
        except sqlite3.Error as error:
            raise unwritable(self.path, error) from error
        finally:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            connection.close()

    def read_entries(self):
        """Every entry, verified, without writing anything: a read-only ledger works.

        A ledger file that does not exist yet has no entries (nothing is
        created), unless the ledger's heads say it has.
        """
        if not Path(self.path).exists():
            refuse_missing_folder(self.path)
            check_heads([], self.heads, self.path)
            return []
        if Path(f"{self.path}-journal").exists():
            self._roll_back_interrupted_append()
        connection = self._open(read_only=True)
        try:
            connection.execute("BEGIN")  # one consistent snapshot of entries and sequence
            return self._entries(connection)
        finally:
            connection.close()

    def head(self):
        """The head of the verified ledger (read only)."""
        return head_of(self.read_entries())


class LedgerTransaction:
    """What a gate may do inside one transaction: read the verified entries, append one."""

    def __init__(self, connection, path, entries):
        self.connection = connection
        self.path = path
        self.entries = list(entries)
        self.appended = 0

    def releases(self, dataset):
        return releases_of(self.entries, dataset)

    def head(self):
        return head_of(self.entries)

    def append(self, **values):
        """Append an entry chained to the last one; returns the new head."""
        entry = normalised_content(values)
        entry["recorded_utc"] = entry["recorded_utc"] or utc_now()
        entry["previous_hash"] = self.head().hash
        entry["entry_hash"] = entry_hash(entry)
        names = list(CONTENT) + ["entry_hash"]
        # The column names are this module's constants (CONTENT); every value is bound.
        columns, places = ", ".join(names), ", ".join("?" * len(names))
        self.connection.execute(f"INSERT INTO ledger ({columns}) VALUES ({places})",  # nosec B608
                                [entry[name] for name in names])
        self.entries.append(dict(entry, seq=len(self.entries) + 1))
        self.appended += 1
        return self.head()


def refuse_missing_folder(path):
    """Refuse a ledger path whose folder does not exist (nothing can start a ledger there)."""
    folder = Path(path).expanduser().absolute().parent
    if not folder.is_dir():
        raise LedgerError(N_("The folder {folder} of the ledger {path} does not exist: nothing was "
                             "recorded, and nothing was released. Give the programme's ledger "
                             "file, or create the folder to start a new ledger in it."),
                          folder=str(folder), path=path)


def create_ledger(path):
    """Put a new ledger, its table in it, at ``path`` whole: it is built under a hidden name beside
    it and linked into place, which fails where a file appeared meanwhile (another writer's new
    ledger, then used as it is). A file system without links gets it written in place."""
    refuse_missing_folder(path)
    target, partial = Path(path), None
    try:
        handle, partial = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                           suffix=".new")
        os.close(handle)
        connection = sqlite3.connect(partial, isolation_level=None)
        try:
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute(SCHEMA)
        finally:
            connection.close()
        try:
            os.link(partial, target)
        except FileExistsError:
            raise
        except OSError:
            with open(target, "xb") as whole:
                whole.write(Path(partial).read_bytes())
                whole.flush()
                os.fsync(whole.fileno())
    except FileExistsError:
        pass
    except (OSError, sqlite3.Error) as error:
        raise unwritable(path, error) from error
    finally:
        if partial is not None:
            Path(partial).unlink(missing_ok=True)


def unwritable(path, error):
    """The LedgerError of a ledger (or its folder) that cannot be written."""
    return LedgerError(N_("The ledger {path} cannot be written ({reason}): nothing was recorded, "
                          "and nothing was released. Make the ledger and its folder writable "
                          "(SQLite writes a journal beside it), then run again."),
                       path=path, reason=getattr(error, "strerror", None) or str(error))


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
