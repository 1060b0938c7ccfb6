"""A ledger append that a crash interrupts: the hot journal a later run finds beside it."""

import subprocess
import sys

# Appends rows with a one-page cache (so SQLite writes the ledger file mid-transaction), then
# the process kills itself before committing: the journal beside the ledger is hot.
INTERRUPTED_APPEND = """
import os, signal, sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA cache_size = 1")
connection.execute("BEGIN IMMEDIATE")
for _ in range(200):
    connection.execute("INSERT INTO ledger (entry_type, dataset, release_id, recorded_utc, "
                       "previous_hash, entry_hash) VALUES ('release', 'd', 'x', 't', ?, 'h')",
                       ("p" * 2000,))
os.kill(os.getpid(), signal.SIGKILL)
"""


def interrupt_an_append(path):
    """Start appending to the ledger at ``path`` in a process that dies before it commits."""
    subprocess.run([sys.executable, "-c", INTERRUPTED_APPEND, str(path)], check=False)
