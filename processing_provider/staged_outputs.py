"""Every file output of a run written under a hidden name and put in place only when all of
them are complete and read back.

Before anything is written (so before a release is charged to a ledger), the
folder of every file output is checked: it exists, it can be written, it has
room, and a file the output replaces can be replaced. An output given as a
plain file path is then written into a hidden folder made beside it
(``.<random>.<pid>.partial``) under its own name, so its layer keeps its name
and what is written beside it (a shapefile's parts, a style, plotly.js) goes
with it. When the algorithm returns, every output written is read back (a
GeoPackage's integrity checked, a layer opened) and the disk must not have
filled up; only then is every file moved to its destination folder. A failure
anywhere removes the hidden folders: a failed run leaves nothing behind, not
even outputs of the same run written before the one that failed. A run killed
mid-way leaves its hidden folder, which the next run beside it removes
(partial_files).

Messages are raised as the engine's ``InputError`` (an untranslated template),
which the base algorithm translates: this module imports nothing of the base.
"""

import errno
import gc
import os
import re
import secrets
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from qgis.core import QgsProcessingContext, QgsProcessingOutputLayerDefinition, \
    QgsProcessingUtils, QgsProperty

from ..spatial_privacy_plugin.errors import Cancelled, N_, InputError
from .destinations import FILE_OUTPUT_TYPES, LAYER_OUTPUT_TYPES, output_destinations
from .partial_files import HIDDEN_TABLE_PART, read_back, rollback_journal
from .staging.hidden_tables import drop_all, hidden_table, remove_stale_tables, rename_all, \
    unreadable, written

# Room a folder must have for each output written into it; and what the disk must still have
# when the run ends (a writer that does not report a full disk leaves it full).
MIN_FREE_BYTES = 1 << 20
MIN_LEFT_BYTES = 16 << 10
SQLITE_SUFFIXES = (".gpkg", ".sqlite", ".db")
SIDECARS = ("-wal", "-shm", "-journal")  # SQLite's files beside a database
SHARED_FILES = "plotly-*.min.js"  # written once beside the charts of a folder (html_chart)
DISK_FULL = (errno.ENOSPC, errno.EDQUOT)
NOT_WRITABLE = (errno.EACCES, errno.EPERM, errno.EROFS)
_HIDDEN_FOLDER = re.compile(r"[\\/]\.[0-9a-f]{8}\.\d+\.partial(?=[\\/])")


def final_destination(text):
    """Where an output written at ``text`` (a path, a layer source, a table) goes once complete:
    the same with the hidden folder and the hidden part of a table's name left out."""
    return HIDDEN_TABLE_PART.sub("", _HIDDEN_FOLDER.sub("", text))


@dataclass(frozen=True)
class Output:
    """A file output: its parameter, where it goes and where it is written first (its file
    name until the hidden folder exists; None: in place, a layer added to an existing file)."""

    name: str
    final: Path
    staged: Path
    layer: bool


def _kilobytes(size):
    return int(size // 1024)


def _planned(algorithm, parameters, context):
    """(the run's file outputs, before any hidden folder exists; {parameter: HiddenTable} of
    its outputs kept in a database)."""
    planned, tables = [], {}
    for definition, text, (place, whole_file) in output_destinations(
            algorithm, parameters, context, LAYER_OUTPUT_TYPES + FILE_OUTPUT_TYPES):
        kind = definition.type()
        table = hidden_table(text, place) if kind in LAYER_OUTPUT_TYPES else None
        if table is not None:
            tables[definition.name()] = table
        if place.store.startswith("postgres|"):
            continue
        in_place = not whole_file or "|" in text
        given = Path(place.store) if in_place else Path(text).expanduser().absolute()
        planned.append(Output(definition.name(), given.parent.resolve() / given.name,
                              None if in_place else given.name, kind in LAYER_OUTPUT_TYPES))
    return planned, tables


def _check_destinations(planned):
    """Refuse a destination that does not exist, cannot be replaced or lacks room."""
    per_folder = {}
    for output in planned:
        per_folder.setdefault(output.final.parent, []).append(output)
    for folder, outputs in per_folder.items():
        path = outputs[0].final
        if not folder.is_dir():
            raise InputError(N_("The folder {folder} of the output {path} does not exist: create "
                                "it, or choose a file in an existing folder. The output cannot be "
                                "written there; nothing was written."), folder=folder, path=path)
        locked = [output.final for output in outputs if output.final.exists() and
                  not os.access(output.final, os.W_OK)]
        if locked or not os.access(folder, os.W_OK | os.X_OK):
            raise InputError(N_("The output {path} cannot be written: {what} is read-only or not "
                                "yours. Choose a folder you can write to. Nothing was written, "
                                "and nothing was charged to a ledger."),
                             path=(locked or [path])[0], what=locked[0] if locked else folder)
        free = shutil.disk_usage(folder).free
        needed = MIN_FREE_BYTES * len(outputs)
        if free < needed:
            raise InputError(N_("The output {path} cannot be written: its disk has {free} kB free "
                                "in {folder}, and a run needs at least {needed} kB there for its "
                                "{count} output(s). Free space on that disk, or choose a folder on "
                                "another one. Nothing was written, and nothing was charged to a "
                                "ledger."), path=path, free=_kilobytes(free), folder=folder,
                             needed=_kilobytes(needed), count=len(outputs))


def _hidden_folder(folder):
    """Make the hidden folder beside the outputs of ``folder``, holding links to the files the
    run would otherwise write again there (plotly.js)."""
    stage = folder / f".{secrets.token_hex(4)}.{os.getpid()}.partial"  # as _HIDDEN_FOLDER
    try:
        stage.mkdir(mode=0o700)
    except OSError as error:
        raise InputError(N_("The folder {folder} cannot be written ({reason}): choose a folder "
                            "you can write to. Nothing was written, and nothing was charged to a "
                            "ledger."), folder=folder, reason=error.strerror or error) from None
    for shared in folder.glob(SHARED_FILES):
        try:
            os.link(shared, stage / shared.name)
        except OSError:
            pass  # written again into the hidden folder
    return stage


def stage_outputs(algorithm, parameters, context):
    """(the parameters to run with, their StagedOutputs): every destination checked, every
    output given as a plain path directed into a hidden folder beside it, and every output
    kept in a database to a hidden table there (where those killed runs left are dropped)."""
    planned, tables = _planned(algorithm, parameters, context)
    _check_destinations(planned)
    staged = StagedOutputs()
    staged.removed_tables = remove_stale_tables(list(tables.values()))
    changed = {}
    for name, table in tables.items():
        staged.tables.append(table)
        value = parameters.get(name)
        changed[name] = _staged_definition(algorithm, name, value, table.written, table.loaded,
                                           context) \
            if isinstance(value, QgsProcessingOutputLayerDefinition) else table.written
    for output in planned:
        if output.staged is None:
            staged.outputs.append(output)
            continue
        folder = output.final.parent
        if folder not in staged.stages:
            staged.stages[folder] = _hidden_folder(folder)
        path = staged.stages[folder] / output.staged
        staged.outputs.append(Output(output.name, output.final, path, output.layer))
        value = parameters.get(output.name)
        if isinstance(value, QgsProcessingOutputLayerDefinition):
            final = output.final if output.final.suffix else \
                output.final.with_name(output.final.name + ".gpkg")
            changed[output.name] = _staged_definition(algorithm, output.name, value, str(path),
                                                      str(final), context)
        else:
            changed[output.name] = str(path)
    return dict(parameters, **changed), staged


def _staged_definition(algorithm, name, definition, written, loaded, context):
    """The layer output ``name`` written at ``written``; QGIS is to load ``loaded``, where it
    goes, not ``written`` (a post-processor, which QGIS owns, cannot be moved from one name to
    another)."""
    staged = QgsProcessingOutputLayerDefinition(definition)
    staged.sink = QgsProperty.fromValue(written)
    project = definition.destinationProject
    if project is not None:
        staged.destinationProject = None
        context.addLayerToLoadOnCompletion(loaded, QgsProcessingContext.LayerDetails(
            definition.destinationName or algorithm.parameterDefinition(name).description(),
            project, name, QgsProcessingUtils.LayerHint.Vector))
    return staged


def _written(path):
    """The file an output written at ``path`` is (QGIS adds .gpkg to a name without an
    extension), or None."""
    for candidate in (path, path.with_name(path.name + ".gpkg")):
        if candidate.is_file():
            return candidate
    return None


def _unreadable(path, layer):
    """Why the written file ``path`` cannot be read back, or None."""
    if path.suffix.lower() in SQLITE_SUFFIXES:
        rollback_journal(path)
        try:
            verdict, = read_back(path)
        except sqlite3.Error as error:
            return str(error)
        if verdict != "ok":
            return verdict
    if path.stat().st_size == 0:
        return N_("the file is empty (0 bytes)")
    if layer:
        from osgeo import gdal

        gdal.PushErrorHandler("CPLQuietErrorHandler")
        try:
            dataset = gdal.OpenEx(str(path), gdal.OF_VECTOR | gdal.OF_READONLY)
        except RuntimeError:
            dataset = None
        finally:
            gdal.PopErrorHandler()
        if dataset is None or dataset.GetLayerCount() == 0:
            return N_("it holds no layer")
    return None


def raised_by_gdal(error):
    """Whether ``error`` (a RuntimeError) comes from GDAL's Python bindings, which raise it for
    a failed write where their exceptions are on (QGIS 3.40's are)."""
    trace, last = error.__traceback__, ""
    while trace is not None:
        last, trace = trace.tb_frame.f_code.co_filename, trace.tb_next
    return f"{os.sep}osgeo{os.sep}" in last


def _cause(error):
    """(what went wrong, the way out) of a failed write, as templates."""
    number = getattr(error, "errno", None)
    text = str(error).lower()
    if number in DISK_FULL or "disk is full" in text:
        return N_("the disk is full"), N_("Free space on that disk, or choose a folder on another "
                                          "one.")
    if number in NOT_WRITABLE or "readonly" in text or "read-only" in text:
        return N_("it is read-only or not yours"), N_("Choose a folder you can write to.")
    return None, N_("Check the file and its folder, then run again.")


class StagedOutputs:
    """The file outputs of one run and the hidden folders they are written in."""

    def __init__(self):
        self.outputs = []
        self.stages = {}  # destination folder: hidden folder
        self.tables = []  # HiddenTable of each output kept in a database
        self.removed_tables = []  # (database, names) of hidden tables of killed runs dropped

    def failure(self, error):
        """One clear error for a write that failed inside the run (an OSError, an SQLite
        error): the file, the cause and the way out."""
        filename = getattr(error, "filename", None)
        files = [final_destination(str(filename))] if filename else \
            [str(output.final) for output in self.outputs]
        cause, fix = _cause(error)
        return InputError(N_("Writing {files} failed: {cause}. {fix} Nothing was written: the "
                             "run's other outputs were removed too."),
                          files=", ".join(files), cause=cause or str(error), fix=fix,
                          translate=("cause", "fix") if cause else ("fix",))

    def complete(self, results, is_canceled=None):
        """Read back every output written, then move them all to their destinations. Returns
        the results naming the destinations. ``is_canceled``: asked once the outputs are read
        back, before any is moved (a cancel pressed while they were checked keeps none)."""
        if self.tables or any(output.staged is not None for output in self.outputs):
            # A writer still referenced closes its file or table (not for memory outputs alone:
            # a collection took 68 ms a run in a test process).
            gc.collect()
        claimed = [value for value in results.values() if isinstance(value, str)]
        for output in self.outputs:
            if output.staged is None:
                continue
            path = _written(output.staged)
            if path is None:
                if any(str(output.staged) in value for value in claimed):
                    raise InputError(N_("The output {path} was not written (no file was made). "
                                        "Nothing was written."), path=output.final)
                continue
            reason = _unreadable(path, output.layer)
            if reason is not None:
                raise InputError(N_("The output {path} was written but cannot be read back "
                                    "({reason}). Nothing was written: free space on its disk (or "
                                    "check it), then run again."),
                                 path=final_destination(str(path)), reason=reason,
                                 translate=("reason",))
        for folder, stage in self.stages.items():
            free = shutil.disk_usage(stage).free
            if free < MIN_LEFT_BYTES:
                raise InputError(N_("The disk of {folder} filled up while the run wrote its "
                                    "outputs ({free} kB left): they may be incomplete, so none "
                                    "was kept. Free space on that disk, or choose a folder on "
                                    "another one."), folder=folder, free=_kilobytes(free))
        self._read_back_tables(claimed)
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        rename_all(self.tables)
        for folder, stage in self.stages.items():
            for item in sorted(stage.iterdir()):
                target = folder / item.name
                if target.exists() and os.path.samefile(item, target):
                    continue
                for suffix in SIDECARS:  # an older file's journal would apply to the new one
                    sidecar = target.with_name(target.name + suffix)
                    if not (stage / sidecar.name).exists() and sidecar.exists():
                        sidecar.unlink()
                os.replace(item, target)
        final = {name: final_destination(self._table_value(value)) if isinstance(value, str)
                 else value for name, value in results.items()}
        self.discard()
        return final

    def _read_back_tables(self, claimed):
        """Refuse a hidden table the results name that was not written or cannot be read
        back."""
        for table in self.tables:
            if not written(table):
                if any(table.written == value or table.hidden in value for value in claimed):
                    raise InputError(N_("The output {path} was not written (no table was made). "
                                        "Nothing was written."), path=table.shown)
                continue
            reason = unreadable(table)
            if reason is not None:
                raise InputError(N_("The output {path} was written but cannot be read back "
                                    "({reason}). Nothing was written: check the database, then "
                                    "run again."), path=table.shown, reason=reason,
                                 translate=("reason",))

    def _table_value(self, value):
        for table in self.tables:
            value = table.final_value(value)
        return value

    def discard(self):
        """Remove the hidden folders and what they hold, and the hidden tables not renamed."""
        if self.tables or any(any(stage.iterdir()) for stage in self.stages.values()
                              if stage.is_dir()):
            # A writer still referenced closes its file or table. Not once all is in place: a
            # collection of a large run's objects takes a moment a cancel is no longer heard in.
            gc.collect()
        drop_all(self.tables)
        self.tables = []
        for stage in self.stages.values():
            shutil.rmtree(stage, ignore_errors=True)
        self.stages = {}
