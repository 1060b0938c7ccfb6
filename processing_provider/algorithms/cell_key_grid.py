"""spatialprivacy:cellkeygrid — every cell published with cell key noise, consistent across releases."""

from qgis.core import QgsProcessing, QgsProcessingException, QgsProcessingMultiStepFeedback, \
    QgsProcessingOutputNumber, QgsProcessingOutputString, QgsProcessingParameterDistance, \
    QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterField, QgsProcessingParameterFile, QgsProcessingParameterNumber, \
    QgsProcessingUtils, QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_
from ..base import offer_new_file, tr
from ..grid_base import PointGridAlgorithm
from ..source_problems import empty_file

CELL_FIELDS = (("cell_id", "string"), ("col", "int"), ("row", "int"), ("resolution_m", "double"))
# What a cell key release publishes: never the original count, the cell key or a record key.
RELEASE_FIELDS = (("n_persons", "int"), ("method", "string"), ("ptable_hash", "string"),
                  ("key_fingerprint", "string"), ("counting_unit", "string"),
                  ("policy_hash", "string"))
UTILITY_FIELDS = (("resolution_m", "double"), ("cells", "int"), ("mae", "double"),
                  ("mse", "double"), ("mse_large", "double"), ("mean_error_large", "double"),
                  ("max_abs_error", "double"), ("worst_window_mae", "double"),
                  ("hellinger", "double"), ("morans_i_before", "double"),
                  ("morans_i_after", "double"), ("share_changed", "double"),
                  ("ptable_hash", "string"), ("key_fingerprint", "string"),
                  ("policy_hash", "string"))
AUDIT_FIELDS = (("cell_id", "string"), ("n_published", "int"), ("lower", "double"),
                ("upper", "double"), ("width", "double"), ("below_p", "bool"), ("pinned", "bool"))
KEY_FILTER = N_("Key files (*.key);;All files (*)")
# Noise without a p-table, D or V, nor a cell key policy to take them from.
DEFAULT_D, DEFAULT_V, DEFAULT_JS = 3, 2.0, 0


def ptable_from_source(source, feedback):
    """A p-table read from a table or CSV layer in the ptable format or ONS's, validated."""
    import pandas as pd

    from ...spatial_privacy_plugin.noise.ptable import COLUMNS, ONS_COLUMNS, ptable_from_any_frame
    from ..io.layers import read_attributes

    present = source.fields().names()
    names = [name for name in COLUMNS + ONS_COLUMNS if name in present]
    if not {"i", "j", "p"} <= set(names) and not set(ONS_COLUMNS) <= set(names):
        raise QgsProcessingException(tr(
            "The p-table lacks the columns i, j and p: give a table in the ptable format (i, j, p, "
            "v, p_int_lb, p_int_ub), e.g. the output of the perturbation table algorithm, or in "
            "ONS's format (pcv, ckey, pvalue)."))
    columns = read_attributes(source, names, feedback)
    return ptable_from_any_frame(pd.DataFrame(columns), source.sourceName())


class PointKeys:
    """The cell keys of points read into QGIS: a 53-bit record key per person code."""

    def __init__(self, data, table, keys):
        self.data, self.table, self.keys = data, table, keys

    def perturbed(self, resolution):
        from ...spatial_privacy_plugin.noise.cellkey import perturbed_cells

        data = self.data
        return perturbed_cells(data.x, data.y, data.person_codes, data.key_codes, data.origin,
                               resolution, self.keys, self.table)

    def everyone(self):
        """The cell key of everyone (the grand total's)."""
        from ...spatial_privacy_plugin.noise.cellkey import key_of_everyone

        return key_of_everyone(self.keys)


def comparison_record_keys(data, path, feedback):
    """The record keys of the people read, for a comparison (never a release): from the
    programme's key file, or from a one-off random key that is never written."""
    import secrets

    from ...spatial_privacy_plugin.noise import cellkey

    if path:
        secret = cellkey.read_key_file(path)
    else:
        secret = secrets.token_bytes(cellkey.SECRET_BYTES)
        feedback.pushInfo(tr("The cell key comparison uses a one-off random key (never "
                             "written): its figures vary a little from run to run."))
    ids = cellkey.person_ids_by_code(data.person_codes, data.columns[data.person_field])
    return cellkey.hmac_record_keys(secret, ids)


class PTableParameters:
    """The p-table of an algorithm: a table in the ptable format, or D, V and JS."""

    PTABLE = "PTABLE"
    D = "D"
    V = "V"
    JS = "JS"

    def read_ptable(self, parameters, context, feedback, policy):
        """The p-table given as a table or CSV, else the policy's approved one, else built from
        D, V and JS (each, when not given, the policy's minimum or the plugin's default)."""
        from ...spatial_privacy_plugin.noise.perturbed import approved_ptable
        from ...spatial_privacy_plugin.noise.ptable import create_ptable

        source = self.parameterAsSource(parameters, self.PTABLE, context)
        if source is None and parameters.get(self.PTABLE) not in (None, ""):
            raise QgsProcessingException(empty_file(parameters[self.PTABLE], self.PTABLE) or tr(
                "The p-table {path} cannot be opened as a table.").format(
                path=parameters.get(self.PTABLE)))
        given = [self.optional_number(parameters, name, context) for name in (self.D, self.V,
                                                                              self.JS)]
        if source is not None:
            # JS = 0 was the default once: saved models hold it beside their p-table.
            if given[0] is not None or given[1] is not None or given[2] not in (None, 0):
                raise QgsProcessingException(tr(
                    "Give a p-table or D, V and JS, not both: the p-table already fixes the "
                    "noise."))
            return ptable_from_source(source, feedback)
        if all(value is None for value in given):
            approved = approved_ptable(policy)
            if approved is not None:
                feedback.pushInfo(tr("The p-table is the one the policy approves."))
                return approved
        d = self.whole_number(parameters, self.D, context) if given[0] is not None else \
            int(policy.get("ckm_min_d", DEFAULT_D))
        v = given[1] if given[1] is not None else float(policy.get("ckm_min_v", DEFAULT_V))
        js = self.whole_number(parameters, self.JS, context) if given[2] is not None else \
            int(policy.get("ckm_min_js", DEFAULT_JS))
        if any(value is None for value in given):
            feedback.pushInfo(tr("The p-table is built from D = {d:g}, V = {v:g}, JS = {js:g} "
                                 "(where not given: the policy's minimums, else the plugin's "
                                 "defaults).").format(d=d, v=v, js=js))
        return create_ptable(d, v, js)


class CellKeyGrid(PTableParameters, PointGridAlgorithm):
    ALGORITHM_ID = "cellkeygrid"
    DISPLAY_NAME = N_("Cell key grid (perturbed counts)")
    SHORT_DESCRIPTION = N_("Square cells with the number of distinct people in each, every cell "
                           "published with small, bounded, unbiased noise that is the same for the "
                           "same people in every release (the cell key method).")
    TAGS = N_("privacy,disclosure,cell key method,ckm,perturbation,noise,grid,census grid")
    ADVANCED = ("RECORD_KEY_FIELD", "D", "V", "JS", "ORIGIN", "KEY_FIELDS", "STUDY_AREA",
                "AUDIT_PARENT_FACTOR")

    RECORD_KEY_FIELD = "RECORD_KEY_FIELD"
    KEY_FILE = "KEY_FILE"
    RESOLUTION = "RESOLUTION"
    STUDY_AREA = "STUDY_AREA"
    OUTPUT = "OUTPUT"
    UTILITY = "UTILITY"
    AUDIT = "AUDIT"
    AUDIT_PARENT_FACTOR = "AUDIT_PARENT_FACTOR"
    CELLS = "CELLS"
    CELLS_BELOW_P = "CELLS_BELOW_P"
    CELLS_PINNED = "CELLS_PINNED"
    KEY_FINGERPRINT = "KEY_FINGERPRINT"
    PTABLE_HASH = "PTABLE_HASH"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.add_point_parameters()
        self.addParameter(QgsProcessingParameterField(
            self.RECORD_KEY_FIELD, tr("Record key field (empty: keys from the key file)"),
            parentLayerParameterName=self.INPUT, optional=True))
        self.addParameter(offer_new_file(QgsProcessingParameterFile(
            self.KEY_FILE, tr("Secret key file (one of it or a record key; never publish)"),
            QgsProcessingParameterFile.Behavior.File,
            optional=True, fileFilter=tr(KEY_FILTER))))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.PTABLE, tr("p-table (empty: the policy's, or built from D, V, JS)"),
            [QgsProcessing.SourceType.TypeVector], optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            self.D, tr("D: largest noise (empty: policy minimum or 3; secret)"),
            QgsProcessingParameterNumber.Type.Integer, optional=True, minValue=1))
        self.addParameter(QgsProcessingParameterNumber(
            self.V, tr("V: noise variance (empty: policy minimum or 2)"),
            QgsProcessingParameterNumber.Type.Double, optional=True, minValue=0.0))
        self.addParameter(QgsProcessingParameterNumber(
            self.JS, tr("JS: counts 1..JS blocked (empty: policy minimum or 0)"),
            QgsProcessingParameterNumber.Type.Integer, optional=True, minValue=0))
        self.addParameter(QgsProcessingParameterDistance(
            self.RESOLUTION, tr("Cell size (metres)"), defaultValue=1000.0,
            parentParameterName=self.INPUT, minValue=0.0))
        self.add_grid_parameters()
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.STUDY_AREA, tr("Study area (empty cells inside it are published as 0)"),
            [QgsProcessing.SourceType.TypeVectorPolygon], optional=True))
        self.addParameter(QgsProcessingParameterFile(
            self.POLICY, tr("Policy file (TOML or JSON)"), QgsProcessingParameterFile.Behavior.File,
            fileFilter=tr("Policy files (*.toml *.json)")))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Perturbed grid"), QgsProcessing.SourceType.TypeVectorPolygon))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.UTILITY, tr("Utility (errors against the true counts; data holder only)"),
            QgsProcessing.SourceType.TypeVector, optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.AUDIT, tr("Audit: the attacker's intervals (data holder only)"),
            QgsProcessing.SourceType.TypeVector, optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterNumber(
            self.AUDIT_PARENT_FACTOR, tr("Audit: published parent cells, in cells wide"),
            QgsProcessingParameterNumber.Type.Integer, optional=True, minValue=2))
        self.addOutput(QgsProcessingOutputNumber(self.CELLS, tr("Published cells")))
        self.addOutput(QgsProcessingOutputNumber(
            self.CELLS_BELOW_P, tr("Cells whose attacker interval is narrower than p")))
        self.addOutput(QgsProcessingOutputNumber(
            self.CELLS_PINNED, tr("Cells an attacker pins while they could hold 1..k-1 (the "
                                  "gate fails these)")))
        self.addOutput(QgsProcessingOutputString(self.KEY_FINGERPRINT, tr("Key fingerprint")))
        self.addOutput(QgsProcessingOutputString(self.PTABLE_HASH, tr("p-table hash")))

    def person_keys(self, parameters, context, data, table, feedback):
        """(what gives the groups of a cell size their cell keys, perturbed with ``table``:
        PointKeys, or postgis_keyed.CellKeyCounts when the database counts; key fingerprint)."""
        from ...spatial_privacy_plugin.noise import cellkey
        from ..io.postgis import CountedInput
        from ..io.postgis_keyed import CellKeyCounts

        counted = isinstance(data, CountedInput)
        field = self.parameterAsString(parameters, self.RECORD_KEY_FIELD, context)
        if field:
            if counted:
                keyed = CellKeyCounts(data, table, record_field=field)
                keyed.check_record_keys()
            else:
                keyed = PointKeys(data, table, cellkey.field_record_keys(
                    data.columns[field], data.person_codes, field))
            fingerprint = cellkey.key_fingerprint(b"record key field " + field.encode("utf-8"))
            feedback.pushInfo(tr("Record keys from the field '{field}'.").format(field=field))
            return keyed, fingerprint
        path = self.parameterAsFile(parameters, self.KEY_FILE, context)
        secret, created = cellkey.load_or_create_key(path)
        if created:
            feedback.pushWarning(tr(
                "A new secret key was created in {path} (256 random bits). Keep it secret and "
                "safe, and give the same file to every release of the programme: another key "
                "gives every cell other noise, and releases under two keys can be differenced.")
                .format(path=path))
        if counted:  # the ids come from the database, the secret stays here
            return CellKeyCounts(data, table, secret=secret), cellkey.key_fingerprint(secret)
        ids = cellkey.person_ids_by_code(data.person_codes, data.columns[data.person_field])
        return PointKeys(data, table, cellkey.hmac_record_keys(secret, ids)), \
            cellkey.key_fingerprint(secret)

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.noise.perturbed import refuse_unapproved
        from .perturbation_table import report_ptable
        from ..io.postgis import CountedInput
        from ..io.postgis_keyed import cell_key_counted_input

        policy = self.policy_from_parameters(parameters, context)
        table = self.read_ptable(parameters, context, feedback, policy)
        refuse_unapproved(table, policy)
        report_ptable(table, feedback)
        resolution = self.cell_size(parameters, context)
        record_field = self.parameterAsString(parameters, self.RECORD_KEY_FIELD, context)
        key_path = self.parameterAsFile(parameters, self.KEY_FILE, context)
        if not record_field and not key_path:
            raise QgsProcessingException(tr(
                "Give the programme's secret key file (a new path creates one) or a record key "
                "field: the noise of each cell comes from its people's keys."))
        if key_path and not record_field:
            temporary = QgsProcessingUtils.tempFolder()
            if key_path.strip().upper() == "TEMPORARY_OUTPUT" or key_path.startswith(temporary):
                raise QgsProcessingException(tr(
                    "The key file must outlive the run (every release of the programme uses the "
                    "same key): choose a path outside QGIS's temporary folder."))
        steps = QgsProcessingMultiStepFeedback(2, feedback)
        data = cell_key_counted_input(self, parameters, context, steps, resolution,
                                      record_field) or \
            self.read_grid_input(parameters, context, steps, resolution,
                                 [record_field] if record_field else ())
        try:
            return self.publish(parameters, context, steps, data, policy, table, resolution)
        finally:
            if isinstance(data, CountedInput):
                data.finish(feedback)

    def publish(self, parameters, context, feedback, data, policy, table, resolution):
        """The perturbed grid of the points read (GridInput) or counted in the database
        (postgis.CountedInput), its utility and audit tables."""
        import numpy as np

        from ...spatial_privacy_plugin.release import grid
        from ..io.bulk_write import write_grid
        from ..io.layers import make_fields, square_cells, write_features
        from ..presentation.styles import apply_style, count_renderer

        study_area = self.study_area(parameters, context, data)
        key_fields = [data.fields.field(name) for name in data.key_columns]
        reserved = {name for name, _ in CELL_FIELDS + RELEASE_FIELDS}
        clashing = [field.name() for field in key_fields if field.name() in reserved]
        if clashing:
            raise QgsProcessingException(tr(
                "The attribute field(s) {fields} share a name with an output field; rename them in "
                "a copy of the layer first.").format(fields=", ".join(clashing)))
        # Every refusal comes before this point: a refused run creates no key file either.
        keyed, fingerprint = self.person_keys(parameters, context, data, table, feedback)
        feedback.setCurrentStep(1)
        cells = keyed.perturbed(resolution)
        col, row, first_row, key = cells.col, cells.row, cells.first_row, cells.key
        original, published = cells.n_persons, cells.published
        if study_area is not None:
            from ...spatial_privacy_plugin.release.grid_release import empty_cells
            empty_col, empty_row, _ = empty_cells(data.origin, resolution, study_area, (),
                                                       col, row)
            col, row = np.concatenate([col, empty_col]), np.concatenate([row, empty_row])
            first_row = np.concatenate([first_row, np.full(len(empty_col), -1)])
            zeros = np.zeros(len(empty_col), dtype=np.int64)
            key = np.concatenate([key, zeros])  # no attribute fields with a study area
            original = np.concatenate([original, zeros])
            published = np.concatenate([published, zeros])
            feedback.pushInfo(tr("{count} empty cells inside the study area are published as "
                                 "0.").format(count=len(empty_col)))

        ids = grid.cell_ids(resolution, col, row)
        key_values = [[values[index] if index >= 0 else None for index in first_row.tolist()]
                      for values in data.key_columns.values()]
        fields = make_fields(CELL_FIELDS + tuple(key_fields) + RELEASE_FIELDS)
        count = len(ids)
        columns = [ids, col, row, [resolution] * count, *key_values, published,
                   ["cell key"] * count, [table.ptable_hash] * count, [fingerprint] * count,
                   [policy.counting_unit] * count, [policy.policy_hash] * count]
        destination = write_grid(self, parameters, self.OUTPUT, context, feedback, fields,
                                 data.crs, columns, data.origin, resolution, col, row)
        if destination is None:
            sink, destination = self.parameterAsSink(
                parameters, self.OUTPUT, context, fields, QgsWkbTypes.Type.Polygon, data.crs)
            write_features(sink, fields, columns, square_cells(data.origin, resolution, col, row),
                           feedback)
            del sink  # closes a file output so that its style can be stored in it
        largest = float(published.max()) if count else None
        apply_style(lambda: count_renderer(1, status_field=None, largest=largest, zeros=True,
                                           withheld=False, perturbed=True), destination, context)
        results = {self.OUTPUT: destination, self.CELLS: count,
                   self.KEY_FINGERPRINT: fingerprint, self.PTABLE_HASH: table.ptable_hash}
        results.update(self.write_utility(parameters, context, data, table, policy, fingerprint,
                                          resolution, col, row, original, published))
        results.update(self.write_audit(parameters, context, data, table, policy, keyed, ids,
                                        key_fields, key_values, (col, row, key, published),
                                        resolution, study_area is not None, feedback))
        feedback.pushInfo(tr("{count} cells published with cell key noise (key {fingerprint}). "
                             "Publish neither D nor the key file; the p-table hash identifies the "
                             "noise rule.").format(count=count, fingerprint=fingerprint))
        return results

    def study_area(self, parameters, context, data):
        from ..io.polygons import read_polygons

        source = self.parameterAsSource(parameters, self.STUDY_AREA, context)
        if source is None:
            return None
        if data.key_columns:
            raise QgsProcessingException(tr(
                "True zeros need a grid without published attribute fields: an empty cell x "
                "attribute combination is not a structural zero."))
        area, _ = read_polygons(source, data.crs, context)
        if not area:
            raise QgsProcessingException(tr("The study area has no polygon."))
        return area

    def write_utility(self, parameters, context, data, table, policy, fingerprint, resolution,
                      col, row, original, published):
        import pandas as pd

        from ...spatial_privacy_plugin.noise.cellkey_audit import utility
        from ..io.layers import make_fields, write_features

        fields = make_fields(UTILITY_FIELDS)
        sink, destination = self.parameterAsSink(parameters, self.UTILITY, context, fields,
                                                 QgsWkbTypes.Type.NoGeometry)
        if sink is None:
            return {}
        # Per geographic cell (attribute combinations added up), as a map reader sees it.
        cells = pd.DataFrame({"col": col, "row": row, "n": original, "published": published})
        cells = cells.groupby(["col", "row"], as_index=False, sort=False).sum()
        figures = utility(cells["col"].to_numpy(), cells["row"].to_numpy(), cells["n"].to_numpy(),
                          cells["published"].to_numpy(), table.largest_i - 1)
        values = [resolution] + [figures[name] for name, _ in UTILITY_FIELDS[1:12]] + \
            [table.ptable_hash, fingerprint, policy.policy_hash]
        write_features(sink, fields, [[value] for value in values])
        return {self.UTILITY: destination}

    def write_audit(self, parameters, context, data, table, policy, keyed, ids, key_fields,
                    key_values, cells, resolution, with_zeros, feedback):
        """The attacker's intervals (knowing D and the p-table) from the published cells (``cells``:
        col, row, key code, published count), the perturbed grand total and, with
        AUDIT_PARENT_FACTOR, the perturbed parent cells; CELLS_BELOW_P counts those narrower
        than the policy's p."""
        from ...spatial_privacy_plugin.noise.cellkey_audit import attacker_intervals, \
            release_totals
        from ...spatial_privacy_plugin.noise.perturbed import cell_key_disclosures
        from ..io.layers import make_fields, write_features

        published = cells[3]
        people = data.people
        # The grand total, perturbed with the cell key of everyone, as it would be published.
        grand_total = None if policy.population_total_secret else (people.n, keyed.everyone())
        factor = self.optional_number(parameters, self.AUDIT_PARENT_FACTOR, context)
        parents = None
        if factor is not None:
            # The coarser grid as this algorithm would publish it: same key, p-table and origin.
            parents = keyed.perturbed(resolution * int(factor))
            feedback.pushInfo(tr("The audit holds the {count} parent cells of {size:g} m "
                                 "published beside the grid.").format(
                count=len(parents.published), size=resolution * int(factor)))
        totals = release_totals(table, cells, grand_total, parents, factor)
        lower, upper = attacker_intervals(table, published, totals, people.one_point,
                                          0 if with_zeros else 1)
        width = upper - lower
        below = width < policy.protection_level
        pinned = cell_key_disclosures(lower, upper, policy.k, policy.get("ckm_min_width"))
        feedback.pushInfo(tr("Audit (an attacker who knows D and the p-table): {count} cell(s) "
                             "have an interval narrower than p = {p:g}; {pinned} that could hold "
                             "1..k - 1 are pinned (the gate fails those).").format(
            count=int(below.sum()), p=policy.protection_level, pinned=int(pinned.sum())))
        if pinned.any():
            feedback.reportError(tr("This cell key release, beside the totals audited with it, "
                                    "pins {pinned} cell(s) that could hold 1..k - 1: the gate "
                                    "will fail it.").format(pinned=int(pinned.sum())))
        results = {self.CELLS_BELOW_P: int(below.sum()), self.CELLS_PINNED: int(pinned.sum())}
        fields = make_fields(AUDIT_FIELDS + tuple(key_fields))
        sink, destination = self.parameterAsSink(parameters, self.AUDIT, context, fields,
                                                 QgsWkbTypes.Type.NoGeometry)
        if sink is not None:
            write_features(sink, fields, [ids, published, lower, upper, width, below, pinned,
                                          *key_values])
            results[self.AUDIT] = destination
        return results
