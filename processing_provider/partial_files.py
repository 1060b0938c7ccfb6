"""The hidden files a GeoPackage is built in before it is renamed to its output, and the state
a finished GeoPackage is left in.

A hidden file is named by a hash of the output's name and the writing
process's id (``.<hash>.<pid>.partial.gpkg``): short whatever the output's
name (a file name has at most 255 bytes), and told apart from another run's.
A run killed mid-way leaves its hidden file (and the hidden folder its outputs
are written in: staged_outputs); the next run writing beside it removes those
of processes that no longer run. A finished GeoPackage is left
in rollback-journal mode: a GeoPackage in WAL mode is changed by any later
reader with write access, and cannot be read in a read-only folder without
GDAL printing an error.

Hidden tables (staging.hidden_tables) are named here too:
``_sp_partial_<random>_<pid>_<host>_<name>``, the host a hash of its name, as a database may
be written from several machines.

Plain Python and sqlite3, no QGIS.
"""

import hashlib
import os
import re
import secrets
import shutil
import socket
import sqlite3
from pathlib import Path

# Hidden files of this module, and of earlier versions (``.<output's stem>.<pid>…``); hidden
# folders of staged_outputs (``.<random>.<pid>.partial``).
_PARTIAL = re.compile(r"^\..+\.(\d+)\.partial(\.gpkg(-journal|-wal|-shm)?)?$")
_STILL_ACTIVE = 259  # Windows' exit code of a process that has not ended
HIDDEN_TABLE_PREFIX = "_sp_partial_"
# The part of a hidden table's name before the output's own name: a random part, the writing
# process's id and a hash of its host's name (a killed run is recognised on its own host only).
HIDDEN_TABLE_PART = re.compile(r"_sp_partial_[0-9a-f]{6}_(\d+)_([0-9a-f]{4})_")
HOST = hashlib.sha256(socket.gethostname().encode("utf-8")).hexdigest()[:4]


def partial_path(path):
    """The hidden file beside ``path`` this process builds it in."""
    digest = hashlib.sha256(path.name.encode("utf-8")).hexdigest()[:16]
    return path.with_name(f".{digest}.{os.getpid()}.partial.gpkg")


def process_running(pid):
    """Whether a process with this id runs (on Windows without signalling it: os.kill would
    end it)."""
    if pid == os.getpid():
        return True
    if os.name == "nt":
        import ctypes

        kernel = ctypes.windll.kernel32
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel.CloseHandle(handle)
        return code.value == _STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def remove_stale_partials(folder):
    """Remove the hidden files and folders in ``folder`` left by runs of processes that no
    longer run (killed mid-way). Returns the names removed."""
    removed = []
    for path in sorted(Path(folder).glob(".*.partial*")):
        match = _PARTIAL.match(path.name)
        if match is None:
            continue
        if process_running(int(match.group(1))):
            continue
        try:
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
        except OSError:
            continue  # another run removed it first, or the folder is read-only
        removed.append(path.name)
    return removed


def rollback_journal(path):
    """Leave the GeoPackage ``path`` in rollback-journal (DELETE) mode where it is in WAL mode.
    Returns whether it was switched; False also where another connection holds it."""
    if not Path(path).is_file():
        return False
    try:  # read-write, never creating a file
        connection = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=rw", uri=True,
                                     timeout=1.0)
    except sqlite3.Error:
        return False
    try:
        if connection.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            return False
        return connection.execute("PRAGMA journal_mode = DELETE").fetchone()[0].lower() == \
            "delete"
    except sqlite3.Error:
        return False
    finally:
        connection.close()


def read_back(path, *queries):
    """What SQLite says of the file ``path`` opened read-only: its quick_check verdict ("ok"
    where whole), then the first row of each of ``queries`` (a tuple, or None). Raises
    sqlite3.Error where the file cannot be read."""
    connection = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
        return (verdict, *(connection.execute(*query).fetchone() for query in queries))
    finally:
        connection.close()


def hidden_table_name(final, limit=None):
    """A hidden name this process writes the table ``final`` as: the hidden part, then
    ``final`` (the whole cut to ``limit`` bytes)."""
    name = f"{HIDDEN_TABLE_PREFIX}{secrets.token_hex(3)}_{os.getpid()}_{HOST}_{final}"
    if limit is not None:
        name = name.encode("utf-8")[:limit].decode("utf-8", "ignore")
    return name


def stale_table(name):
    """Whether ``name`` is a hidden table of a process of this host that no longer runs."""
    match = HIDDEN_TABLE_PART.match(name)
    return match is not None and match.group(2) == HOST and \
        not process_running(int(match.group(1)))
