"""The base class every Spatial Privacy algorithm shares.

Subclasses state their frozen id, group, parameters and a ``process`` method;
the base supplies identity, help, icon, translation, the policy parameters
and the translation of engine errors into ``QgsProcessingException``.

The scientific engine (numpy, pandas, scipy) is imported inside ``process``, not
at module level, so that QGIS still loads the plugin where pandas or scipy is
missing and the algorithm can say how to install it.
"""

import importlib.util
import sqlite3
from pathlib import Path

from qgis.core import Qgis, QgsProcessingAlgorithm, QgsProcessingException, \
    QgsProcessingFeatureSourceDefinition, QgsProcessingParameterDefinition, \
    QgsProcessingParameterFile, QgsProcessingParameterNumber
from qgis.PyQt.QtCore import QUrl
from qgis.PyQt.QtGui import QIcon

from ..spatial_privacy_plugin.errors import N_, Cancelled, SpatialPrivacyError
from ..spatial_privacy_plugin.policy import effective_policy, load_policy
from .destinations import destination_text, output_files, output_place, postgres_uri, \
    refuse_destroying_outputs
from .partial_files import remove_stale_partials, rollback_journal
from .staged_outputs import final_destination, raised_by_gdal, stage_outputs
from .output_marks import MARK_OPTION, mark_postgres_table
from .source_problems import source_problem
from .translation import local_figure, tr, user_language  # noqa: F401 (modules import them from here)

HERE = Path(__file__).resolve().parent
REQUIRED_MODULES = ("numpy", "pandas", "scipy")
# Outputs a model reads as variables and qgis_process prints as JSON values.
SCALAR_OUTPUT_TYPES = ("outputNumber", "outputBoolean", "outputString")


def help_page_url(name):
    """The shipped page of an algorithm or example model (scripts/build_help_pages.py) in
    QGIS's language, else English."""
    pages = HERE / "help" / "pages"
    page = pages / f"{name}_{user_language()}.html"
    if not page.exists():
        page = pages / f"{name}.html"
    return QUrl.fromLocalFile(str(page)).toString()


def advanced_flag():
    """The flag that folds a parameter into the dialog's collapsed Advanced group.

    QGIS 3.36 moved the parameter flags into the enum ProcessingParameterFlag of
    ``Qgis``; the older spelling still resolves on 3.40 but need not on 4.x, and
    the newer one does not exist on 3.22.
    """
    flags = getattr(Qgis, "ProcessingParameterFlag", None)
    return flags.Advanced if flags is not None \
        else QgsProcessingParameterDefinition.Flag.FlagAdvanced


def no_threading_flag():
    """The algorithm flag that runs it in the main thread (QGIS 3.36 moved the algorithm flags
    into the enum ProcessingAlgorithmFlag of ``Qgis``; 3.22 has only the older spelling)."""
    flags = getattr(Qgis, "ProcessingAlgorithmFlag", None)
    return flags.NoThreading if flags is not None else QgsProcessingAlgorithm.Flag.FlagNoThreading


def offer_new_file(definition):
    """Give ``definition``, a file input the run may create, a save dialog in the algorithm
    dialog (new_file_widget.NewFileWrapper, named by its path: Processing's GUI imports it)."""
    metadata = definition.metadata()
    metadata["widget_wrapper"] = {"class": f"{__package__}.new_file_widget.NewFileWrapper"}
    definition.setMetadata(metadata)
    return definition


def mark_advanced(definition):
    definition.setFlags(definition.flags() | advanced_flag())
    return definition


def is_advanced(definition):
    return bool(definition.flags() & advanced_flag())


def missing_modules():
    return [name for name in REQUIRED_MODULES if importlib.util.find_spec(name) is None]


def install_hint(missing):
    return tr("Spatial Privacy needs the Python packages {modules}. On Debian or Ubuntu: "
              "sudo apt install {packages}; elsewhere install them into QGIS's Python "
              "(OSGeo4W Shell: python -m pip install {modules}).").format(
        modules=", ".join(missing), packages=" ".join(f"python3-{name}" for name in missing))


GROUPS = {
    # Frozen group ids; the names are translated when shown.
    "grids": N_("Grids and suppression"),
    "gates": N_("Release gates"),
    "adversary": N_("Adversary simulation"),
    "risk": N_("Disclosure risk"),
    "examples": N_("Example models"),
}


class GateFailure(QgsProcessingException):
    """A gate's failure raised once it wrote its evidence (the failing records, a
    re-assessment): the outputs written are completed and kept, then ``kept()`` runs."""

    def __init__(self, message, kept=lambda: None):
        super().__init__(message)
        self.kept = kept


class SpatialPrivacyAlgorithm(QgsProcessingAlgorithm):
    """Identity, help and policy handling shared by every algorithm."""

    ALGORITHM_ID = ""
    GROUP_ID = ""
    DISPLAY_NAME = ""
    SHORT_DESCRIPTION = ""
    TAGS = ""
    # Parameters a first run does not need: the dialog folds them into Advanced.
    ADVANCED = ()
    # A run that charges a ledger keeps an output completed after its charge even when a cancel
    # comes as it finishes (ledger_base.charged says what a cancel before completion leaves).
    CHARGES_LEDGER = False

    RHO = "RHO"
    POLICY = "POLICY"
    PROTECTION_LEVEL = "PROTECTION_LEVEL"

    def addParameter(self, definition, createOutput=True):  # noqa: N802,N803 (QGIS's names)
        if definition.name() in self.ADVANCED:
            mark_advanced(definition)
        return super().addParameter(definition, createOutput)

    def createInstance(self):
        return type(self)()

    def parameterAsSink(self, parameters, name, context, *args, **kwargs):  # noqa: N802
        """QGIS's sink, its table marked as this plugin's output (output_marks), so that a
        later run may replace it and no run replaces a user's table."""
        destination = destination_text(self, parameters, name, context) or ""
        place = output_place(destination)
        if place is not None and place[0].store.lower().endswith(".gpkg"):
            kwargs["layerOptions"] = list(kwargs.get("layerOptions", [])) + [MARK_OPTION]
        sink, identifier = super().parameterAsSink(parameters, name, context, *args, **kwargs)
        uri = postgres_uri(destination)
        if sink is not None and uri is not None and uri.table():
            mark_postgres_table(uri)
        return sink, identifier

    def name(self):
        return self.ALGORITHM_ID

    def displayName(self):
        return tr(self.DISPLAY_NAME)

    def group(self):
        return tr(GROUPS[self.GROUP_ID])

    def groupId(self):
        return self.GROUP_ID

    def tags(self):
        return [tag.strip() for tag in tr(self.TAGS).split(",") if tag.strip()]

    def shortDescription(self):
        return tr(self.SHORT_DESCRIPTION)

    def shortHelpString(self):
        language = user_language()
        for name in (f"{self.ALGORITHM_ID}_{language}.html", f"{self.ALGORITHM_ID}.html"):
            path = HERE / "help" / name
            if path.exists():
                return path.read_text(encoding="utf-8")
        return self.shortDescription()

    def helpUrl(self):
        return help_page_url(self.ALGORITHM_ID)

    def icon(self):
        return QIcon(str(HERE / "icons" / f"{self.ALGORITHM_ID}.svg"))

    def svgIconPath(self):
        return str(HERE / "icons" / f"{self.ALGORITHM_ID}.svg")

    def tr(self, text):
        return tr(text)

    def canExecute(self):
        missing = missing_modules()
        return (not missing, install_hint(missing) if missing else "")

    # Policy: rho from a policy file or a loose value, never both in conflict.
    def add_policy_parameters(self):
        self.addParameter(QgsProcessingParameterNumber(
            self.RHO, tr("Disclosure ceiling ρ (k = ⌈1/ρ⌉; empty: the policy file's)"),
            QgsProcessingParameterNumber.Type.Double, optional=True, minValue=0.0, maxValue=1.0))
        self.addParameter(QgsProcessingParameterFile(
            self.POLICY, tr("Policy file (TOML or JSON)"),
            QgsProcessingParameterFile.Behavior.File, optional=True,
            fileFilter=tr("Policy files (*.toml *.json)")))

    def field_names(self, parameters, name, context):
        """The fields chosen in a multiple field parameter."""
        as_strings = getattr(self, "parameterAsStrings", None)  # QGIS >= 3.32
        if as_strings is not None:
            return list(as_strings(parameters, name, context))
        return list(self.parameterAsFields(parameters, name, context))

    def plain_layer(self, parameters, name, context):
        """The layer behind a source parameter when nothing narrows it, else None.

        A selection, a feature limit or a filter must go through QGIS's own
        iteration; only a whole layer may be read straight from its file.
        """
        value = parameters.get(name)
        if isinstance(value, QgsProcessingFeatureSourceDefinition) and (
                value.selectedFeaturesOnly or value.featureLimit != -1
                or getattr(value, "filterExpression", "")):
            return None
        return self.parameterAsVectorLayer(parameters, name, context)

    def optional_number(self, parameters, name, context):
        """A number parameter's value, or None when the user left it empty."""
        if parameters.get(name) in (None, ""):
            return None
        return self.parameterAsDouble(parameters, name, context)

    def whole_number(self, parameters, name, context):
        """An integer parameter's value; a fraction or NaN, which QGIS would round or wrap into
        another number, is refused."""
        import math

        value = self.parameterAsDouble(parameters, name, context)
        if not math.isfinite(value) or not float(value).is_integer():
            raise QgsProcessingException(tr("{name} must be a whole number, got {value}: it is "
                                            "never rounded for you.").format(
                name=name, value=parameters.get(name)))
        return int(value)

    def file_output(self, parameters, name, context):
        """The path of a file output ('' when not asked for), refused when its folder does not
        exist: checked before anything is written, so a refused run writes nothing."""
        path = self.parameterAsFileOutput(parameters, name, context)
        if path and not Path(path).parent.is_dir():
            raise QgsProcessingException(tr(
                "The folder {folder} of the output file {path} does not exist: create it, or "
                "choose a file in an existing folder. Nothing was written.").format(
                folder=str(Path(path).parent), path=path))
        return path

    def add_protection_parameter(self):
        self.addParameter(QgsProcessingParameterNumber(
            self.PROTECTION_LEVEL,
            tr("Protection level p (empty: the policy's, else ⌈k/2⌉)"),
            QgsProcessingParameterNumber.Type.Double, optional=True, minValue=0.0))

    def policy_from_parameters(self, parameters, context, tolerance=None):
        """The effective policy: file and loose values, refusing any contradiction."""
        path = self.parameterAsFile(parameters, self.POLICY, context)
        policy = load_policy(path) if path else None
        protection = (self.optional_number(parameters, self.PROTECTION_LEVEL, context)
                      if self.parameterDefinition(self.PROTECTION_LEVEL) is not None else None)
        return effective_policy(policy, self.optional_number(parameters, self.RHO, context),
                                tolerance, protection)

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS's name)
        problem = source_problem(self.parameterDefinitions(), parameters, context)
        if problem:
            return False, problem
        # QGIS 3.22 rejects a mandatory field parameter left out even where it has a default
        # (processing.run, qgis_process): it takes its default, as every other parameter does.
        parameters = dict(parameters)
        for definition in self.parameterDefinitions():
            if definition.type() == "field" and definition.name() not in parameters and \
                    definition.defaultValue() is not None:
                parameters[definition.name()] = definition.defaultValue()
        return super().checkParameterValues(parameters, context)

    def processAlgorithm(self, parameters, context, feedback):
        missing = missing_modules()
        if missing:
            raise QgsProcessingException(install_hint(missing))
        staged = None
        try:
            parameters = refuse_destroying_outputs(self, parameters, context)
            files = output_files(self, parameters, context)
            remove_stale_partials_beside(files, feedback)
            # Every destination checked before anything is written or charged.
            parameters, staged = stage_outputs(self, parameters, context)
            report_stale_tables(staged.removed_tables, feedback)
            try:
                results = self.process(parameters, context, feedback)
                if feedback is not None and feedback.isCanceled() and not self.CHARGES_LEDGER:
                    raise Cancelled()  # pressed as the run finished: its outputs are not kept
            except (OSError, sqlite3.Error) as error:
                raise staged.failure(error) from error
            except RuntimeError as error:
                if not raised_by_gdal(error):
                    raise
                raise staged.failure(error) from error
            except GateFailure as failure:  # its evidence is kept
                self.keep_evidence(staged, parameters, context, failure)
            except QgsProcessingException as error:  # naming an output where it was to go
                raise QgsProcessingException(final_destination(str(error))) from None
            results = self.completed(staged, parameters, context, results,
                                     None if self.CHARGES_LEDGER or feedback is None
                                     else feedback.isCanceled)
            for path in files:
                if path.suffix.lower() == ".gpkg":
                    rollback_journal(path)
        except SpatialPrivacyError as error:
            raise QgsProcessingException(error_message(error)) from error
        except Cancelled:
            raise QgsProcessingException(tr("Cancelled: no output was completed.")) from None
        finally:
            if staged is not None:
                staged.discard()
        return self.plain_results(results)

    def completed(self, staged, parameters, context, results, is_canceled=None):
        """The results once every output is read back and in place (``is_canceled`` asked
        before they move); a failure is said with what the run did before it
        (completion_failed)."""
        try:
            return staged.complete(results, is_canceled)
        except (OSError, sqlite3.Error) as error:
            message = error_message(staged.failure(error))
        except SpatialPrivacyError as error:
            message = error_message(error)
        raise QgsProcessingException(self.completion_failed(parameters, context, results, message))

    def keep_evidence(self, staged, parameters, context, failure):
        """Complete and keep what a failed gate wrote, then raise its failure (with the reason
        its evidence could not be kept, if so)."""
        message = final_destination(str(failure))
        try:
            self.completed(staged, parameters, context, {})
        except QgsProcessingException as error:
            raise QgsProcessingException(f"{message} {error}") from None
        failure.kept()
        raise QgsProcessingException(message) from None

    def completion_failed(self, parameters, context, results, message):
        """The message of a run whose outputs failed after the algorithm returned (an algorithm
        that charged a ledger says so)."""
        return message

    def plain_results(self, results):
        """Every scalar output as a plain Python int, float, str or bool (NaN as None).

        A numpy number would reach model variables and qgis_process --json as an
        empty PyQt_PyObject; layers and file outputs pass unchanged.
        """
        from .values import python_value

        scalar = {output.name() for output in self.outputDefinitions()
                  if output.type() in SCALAR_OUTPUT_TYPES}
        return {name: python_value(value) if name in scalar else value
                for name, value in results.items()}

    def process(self, parameters, context, feedback):
        raise NotImplementedError


def error_message(error):
    """The translated message of an engine error; the parameters it names in ``translate``
    are templates, translated too."""
    nested = error.params.get("translate", ())
    return tr(error.template).format(**{name: tr(value) if name in nested else value
                                        for name, value in error.params.items()})


def remove_stale_partials_beside(files, feedback):
    """Remove the hidden partial files that killed runs left beside the outputs, saying so."""
    for folder in sorted({path.parent for path in files}):
        removed = remove_stale_partials(folder)
        if removed and feedback is not None:
            feedback.pushInfo(tr("Removed {count} hidden partial file(s) in {folder} that runs "
                                 "ended before finishing had left: {names}.").format(
                count=len(removed), folder=folder, names=", ".join(removed)))


def report_stale_tables(removed, feedback):
    """Say which hidden tables of killed runs were dropped where the run writes."""
    for database, names in removed:
        if feedback is not None:
            feedback.pushInfo(tr("Removed {count} hidden partial table(s) in {database} that "
                                 "runs ended before finishing had left: {names}.").format(
                count=len(names), database=database, names=", ".join(names)))


def report_tolerance(withheld, cells, tolerance, feedback):
    """Say what share of the cells is withheld against the policy's tolerance (the sweep's
    measure: every withheld cell, complements included), and warn above it."""
    from ..spatial_privacy_plugin.formatting import percent

    share = withheld / cells if cells else 0.0
    if share <= tolerance:
        feedback.pushInfo(tr("{share} of the cells withheld, within the policy's tolerance of "
                             "{tolerance}.").format(share=percent(share),
                                                   tolerance=percent(tolerance)))
        return
    feedback.pushWarning(tr(
        "{share} of the cells withheld, above the policy's tolerance of {tolerance}: the resolution "
        "sweep does not recommend this cell size (the tolerance guides the choice of a size; it "
        "blocks nothing). Prefer a coarser size (the sweep recommends one); never lower "
        "k.").format(share=percent(share), tolerance=percent(tolerance)))
