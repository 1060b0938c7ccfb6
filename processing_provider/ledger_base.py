"""What the algorithms that use the release ledger share: its parameters, the anchor and the
checks made before a release is charged.

The anchor: every release output carries the ledger head its release extended
(``ledger_seq`` and ``ledger_head`` fields); an algorithm given such a head (the
``LEDGER_HEAD`` parameter: a head, or the path of an earlier release output)
opens the ledger with it, and a ledger that no longer holds it is refused,
never started afresh.
"""

import sqlite3
import tempfile
from pathlib import Path

from qgis.core import QgsDataSourceUri, QgsProcessingException, QgsProcessingParameterFile, \
    QgsProcessingParameterString, QgsProcessingUtils, QgsVectorLayer

from ..spatial_privacy_plugin.errors import N_, Cancelled, SpatialPrivacyError
from .base import offer_new_file, tr

LEDGER_FILTER = N_("Ledger (*.sqlite *.db *.gpkg)")
ALL_FILES_FILTER = N_("All files (*)")
# The fields of a release output that anchor the ledger.
ANCHOR_FIELDS = (("ledger_seq", "int"), ("ledger_head", "string"))


def temporary_ledger_problem(path):
    """Why ``path`` cannot hold a ledger that must outlive the run (None when it can).

    A ledger in Processing's temporary folder is deleted when QGIS closes, and the next run
    starts a fresh budget: the cumulative ceiling would never bind.
    """
    if not path:
        return tr("Choose the programme's ledger file (a new file starts a ledger). In a model "
                  "saved with an earlier version, where the ledger was an output of this step, add "
                  "a file input for the ledger and connect it to this step's ledger.")
    if path.strip().upper() == "TEMPORARY_OUTPUT":
        return tr("The risk budget gate needs a ledger that outlives the run, not a temporary "
                  "file: choose the programme's ledger file, or a new file in a kept folder to "
                  "start one.")
    temporary = Path(QgsProcessingUtils.tempFolder()).resolve()
    if temporary in Path(path).expanduser().resolve().parents:
        return tr("The ledger {path} is in QGIS's temporary folder, which is deleted when QGIS "
                  "closes: the next run would start a fresh budget. Choose the programme's ledger "
                  "file, or a new file in a kept folder.").format(path=path)
    return None


def heads_of_release_output(path, feedback):
    """The ledger heads an earlier release output carries in its ledger_seq/ledger_head fields."""
    from ..spatial_privacy_plugin.ledger.store import Head, parse_head
    from .io.layers import read_attributes

    layer = QgsVectorLayer(path, "release", "ogr")
    if not layer.isValid():
        raise QgsProcessingException(tr("The earlier release output {path} cannot be opened: give "
                                        "a ledger head (entry:hash) or the file of a DP grid or "
                                        "risk budget gate record.").format(path=path))
    names = layer.fields().names()
    if "ledger_head" not in names:
        raise QgsProcessingException(tr("The earlier release output {path} carries no ledger head "
                                        "(no ledger_head field): give the output of the DP grid "
                                        "or of the risk budget gate, or the head itself "
                                        "(entry:hash).").format(path=path))
    fields = [name for name, _ in ANCHOR_FIELDS if name in names]
    columns = read_attributes(layer, fields, feedback)
    heads = set()
    for seq, digest in zip(columns.get("ledger_seq", [None] * len(columns["ledger_head"])),
                           columns["ledger_head"]):
        if digest is None:
            raise QgsProcessingException(tr("The earlier release output {path} has a record "
                                            "without a ledger head: it is not as the release "
                                            "wrote it.").format(path=path))
        head = parse_head(str(digest))
        heads.add(Head(int(seq), head.hash) if seq is not None else head)
    if not heads:
        raise QgsProcessingException(tr("The earlier release output {path} has no record, so no "
                                        "ledger head.").format(path=path))
    return sorted(heads, key=str)


def is_file(text):
    """Whether ``text`` names an existing file; text no file system takes as a name (10,000
    characters, a NUL) names none."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


class LedgerParameters:
    """For every algorithm that uses the ledger: its ``LEDGER``, ``DATASET`` and ``RELEASE_ID``
    parameters, the ``LEDGER_HEAD`` to check it against, the dialog's refusal of a temporary
    ledger before the run (``processAlgorithm`` checks again, since a model calls no
    ``checkParameterValues``) and what a run that charged a release says when its outputs fail
    afterwards (every destination is checked by the base before anything is charged)."""

    LEDGER = "LEDGER"
    DATASET = "DATASET"
    RELEASE_ID = "RELEASE_ID"
    LEDGER_HEAD = "LEDGER_HEAD"

    def add_ledger_parameters(self):
        # An input file, not a destination: the user picks the existing ledger without an
        # overwrite prompt and is never offered a temporary file; a new path starts a ledger.
        self.addParameter(offer_new_file(QgsProcessingParameterFile(
            self.LEDGER, tr("Release ledger (a new file starts one)"),
            QgsProcessingParameterFile.Behavior.File,
            fileFilter=f"{tr(LEDGER_FILTER)};;{tr(ALL_FILES_FILTER)}")))
        self.addParameter(QgsProcessingParameterString(self.DATASET, tr("Dataset (programme name)")))
        self.addParameter(QgsProcessingParameterString(self.RELEASE_ID, tr("Release id")))
        self.add_ledger_head_parameter()

    def add_ledger_head_parameter(self):
        self.addParameter(QgsProcessingParameterString(
            self.LEDGER_HEAD, tr("Earlier release's ledger head (entry:hash, or its file)"),
            optional=True))

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS's name)
        problem = temporary_ledger_problem(self.parameterAsFile(parameters, self.LEDGER, context))
        if problem:
            return False, problem
        return super().checkParameterValues(parameters, context)

    def ledger_heads(self, parameters, context, feedback):
        """The heads given to check the ledger against (none when the parameter is empty)."""
        from ..spatial_privacy_plugin.ledger.store import parse_head

        text = self.parameterAsString(parameters, self.LEDGER_HEAD, context).strip() \
            if parameters.get(self.LEDGER_HEAD) not in (None, "") else ""
        if not text:
            return []
        if is_file(text.split("|")[0]):
            return heads_of_release_output(text, feedback)
        return [parse_head(part) for part in text.replace(",", " ").split()]

    def open_ledger(self, parameters, context, feedback, must_exist=False):
        """The ledger of the run, checked against the heads given; a temporary path is refused,
        and a path with no file yet starts a ledger (with a warning) unless heads are given."""
        from ..spatial_privacy_plugin.ledger.store import Ledger

        path = self.parameterAsFile(parameters, self.LEDGER, context)
        problem = temporary_ledger_problem(path)
        if problem:  # checked again here: a model does not call checkParameterValues
            raise QgsProcessingException(problem)
        heads = self.ledger_heads(parameters, context, feedback)
        ledger = Ledger(path, heads)
        ledger.read_entries()  # a ledger that cannot be trusted is refused before any work
        if heads:
            feedback.pushInfo(tr("The ledger holds the head(s) {heads} of earlier releases.").format(
                heads=", ".join(str(head)[:20] + "…" for head in heads)))
        if not Path(path).exists() and not must_exist:
            feedback.pushWarning(tr(
                "No ledger at {path}: a new ledger is started there, with no earlier releases. If "
                "the programme already has a ledger, give its path instead: a second ledger "
                "restarts the cumulative budget. Give the head of an earlier release "
                "(LEDGER_HEAD) to make a missing ledger an error.").format(path=path))
        return ledger

    def completion_failed(self, parameters, context, results, message):
        """A run that charged a release (its ledger head among the results, RECORD on where the
        algorithm has it) and whose outputs then failed says that the budget stays spent."""
        recorded = self.parameterDefinition("RECORD") is None or \
            self.parameterAsBoolean(parameters, "RECORD", context)
        head = results.get(self.LEDGER_HEAD)
        if not head or not recorded or not self.CHARGES_LEDGER:
            return message
        return tr("The release {release} is charged to the ledger (head {head}), but its output "
                  "could not be completed: {reason} The budget stays spent (a release that may "
                  "have escaped counts); give the next release its own id.").format(
            release=self.parameterAsString(parameters, self.RELEASE_ID, context), head=head,
            reason=message)

    def refuse_unwritable_output(self, parameters, name, context):
        """Refuse an output that cannot be written, before the release is charged (a failure
        after the charge would leave the budget spent for nothing): a file (a plain path, or
        the GeoPackage of an ``ogr:`` destination) whose folder or existing file cannot be
        written, a PostGIS table whose database cannot be reached or where it cannot be made."""
        from .destinations import POSTGRES_PREFIXES, destination_text

        destination = destination_text(self, parameters, name, context) or ""
        if not destination or destination.upper() == "TEMPORARY_OUTPUT" or \
                destination.startswith("memory:"):
            return
        prefix = next((prefix for prefix in POSTGRES_PREFIXES if destination.startswith(prefix)),
                      None)
        if prefix is not None:
            refuse_unreachable_table(QgsDataSourceUri(destination[len(prefix):]))
        elif destination.startswith("ogr:"):
            path = QgsDataSourceUri(destination[len("ogr:"):]).database()
            refuse_unwritable_file(path or destination[len("ogr:"):].split("|")[0])
        elif "://" not in destination:
            refuse_unwritable_file(destination.split("|")[0])


def refuse_unwritable_file(path):
    """Refuse an output file whose folder, or the file itself where it exists, cannot be
    written (checked by writing a temporary file beside it and opening the file for update,
    which changes neither)."""
    target = Path(path).expanduser().resolve()
    folder = target.parent
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise QgsProcessingException(tr(
            "The output folder {folder} cannot be written ({reason}): nothing was released and "
            "no budget was spent. Choose a folder you can write to.").format(
            folder=folder, reason=error.strerror or error)) from None
    try:
        if target.is_file():
            with open(target, "r+b"):
                pass
    except OSError as error:
        raise QgsProcessingException(tr(
            "The output file {path} cannot be written ({reason}): nothing was released and no "
            "budget was spent. Choose a file you can write to, or a new one.").format(
            path=target, reason=error.strerror or error)) from None


def refuse_unreachable_table(uri):
    """Refuse a PostGIS destination whose database does not answer, or whose schema does not
    exist or takes no new table from this user. The message names the server, never the
    password (QGIS's own message gives the whole connection)."""
    from qgis.core import QgsException, QgsProviderConnectionException, QgsProviderRegistry

    where = "{host}:{port}/{database}".format(host=uri.host() or uri.service() or "localhost",
                                              port=uri.port() or "5432", database=uri.database())
    schema = uri.schema()
    schema_sql = "'" + schema.replace("'", "''") + "'" if schema else "current_schema()"
    try:
        connection = QgsProviderRegistry.instance().providerMetadata("postgres").createConnection(
            uri.uri(False), {})
        # The schema is quoted as a literal above (its quotes doubled): no identifier or value
        # of the user's reaches the query unquoted.
        query = ("SELECT (n.oid IS NOT NULL)::int, "
                 "coalesce(has_schema_privilege(n.oid, 'CREATE'), false)::int, s.name "
                 f"FROM (SELECT {schema_sql}::text AS name) s "  # nosec B608
                 "LEFT JOIN pg_namespace n ON n.nspname = s.name")
        rows = connection.executeSql(query)
    except (QgsException, QgsProviderConnectionException):  # 3.22 raises the first, 3.40 the second
        raise QgsProcessingException(tr(
            "The PostGIS database {database} of the output cannot be reached (the server does "
            "not answer, or refuses the connection): nothing was released and no budget was "
            "spent. Check the connection, or write the output to a file.").format(
            database=where)) from None
    exists, can_create, name = rows[0]
    if not int(exists):
        raise QgsProcessingException(tr(
            "The output table {table} cannot be made in the PostGIS database {database}: its "
            "schema {schema} does not exist. Nothing was released and no budget was spent. "
            "Name an existing schema.").format(table=uri.table(), database=where, schema=name))
    if not int(can_create):
        raise QgsProcessingException(tr(
            "The output table {table} cannot be made in the PostGIS database {database}: the "
            "user {user} may not create tables in the schema {schema}. Nothing was released and "
            "no budget was spent. Choose a schema where you may create tables.").format(
            table=uri.table(), database=where, user=uri.username() or "?", schema=name))


def charged(head, release_id, make):
    """``make()`` the output of a release already charged to the ledger (entry ``head``); when
    it fails, say that the budget stays spent."""
    try:
        return make()
    except (QgsProcessingException, SpatialPrivacyError, Cancelled, OSError, sqlite3.Error,
            RuntimeError) as error:  # GDAL's bindings raise RuntimeError for a failed write
        if isinstance(error, SpatialPrivacyError):
            reason = tr(error.template).format(**error.params)
        elif isinstance(error, Cancelled):
            reason = tr("Cancelled.")
        else:
            reason = str(error)
        raise QgsProcessingException(tr(
            "The release {release} is charged to the ledger (entry {seq}), but its output could "
            "not be completed: {reason} The budget stays spent (a release that may have escaped "
            "counts); give the next release its own id.").format(
            release=release_id, seq=head.seq, reason=reason)) from error
