"""spatialprivacy:kanonymitygate — stop a model when a published cell counts fewer than k people."""

import dataclasses

from qgis.core import QgsProcessing, QgsProcessingException, QgsProcessingOutputBoolean, \
    QgsProcessingOutputNumber, QgsProcessingParameterEnum, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, \
    QgsProcessingParameterBoolean, QgsProcessingParameterMultipleLayers, \
    QgsProcessingParameterNumber, QgsProcessingParameterString, QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_
from ..base import GateFailure, SpatialPrivacyAlgorithm, report_tolerance, tr

# How the people total relates to the cells (the index is what models store).
PERSONS_TOTAL_KINDS = (N_("each person has one point: the records add up to it"),
                       N_("people may have several points: the records add up to at least it"))
# The totals columns a grid of this plugin publishes beside its cells.
TOTALS_FIELDS = ("parent_id", "parent_total", "grand_total")


class KAnonymityGate(SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "kanonymitygate"
    GROUP_ID = "gates"
    DISPLAY_NAME = N_("k-anonymity gate")
    SHORT_DESCRIPTION = N_("Blocks the release (and stops the model) when any published record "
                         "counts fewer than k people; passes the layer through unchanged otherwise.")
    TAGS = N_("privacy,disclosure,k-anonymity,gate,check,release,model")
    ADVANCED = ("AUDIT_LAYERS", "AUDIT_COUNT_FIELD", "PUBLISHED_TOTAL", "PROTECTION_LEVEL",
                "CELL_FIELD", "SENSITIVE_FIELD", "L", "T", "ORDERED", "STRATUM_FIELD",
                "PREVIOUS_RELEASES", "PERSONS_TOTAL", "PERSONS_TOTAL_KIND")

    INPUT = "INPUT"
    COUNT_FIELD = "COUNT_FIELD"
    STATUS_FIELD = "STATUS_FIELD"
    OUTPUT = "OUTPUT"
    AUDIT_LAYERS = "AUDIT_LAYERS"
    AUDIT_COUNT_FIELD = "AUDIT_COUNT_FIELD"
    PUBLISHED_TOTAL = "PUBLISHED_TOTAL"
    CELL_FIELD = "CELL_FIELD"
    SENSITIVE_FIELD = "SENSITIVE_FIELD"
    L = "L"
    T = "T"
    ORDERED = "ORDERED"
    STRATUM_FIELD = "STRATUM_FIELD"
    PREVIOUS_RELEASES = "PREVIOUS_RELEASES"
    PERSONS_TOTAL = "PERSONS_TOTAL"
    PERSONS_TOTAL_KIND = "PERSONS_TOTAL_KIND"
    MIN_L_DIVERSITY = "MIN_L_DIVERSITY"
    MAX_T_DISTANCE = "MAX_T_DISTANCE"
    PASSED = "PASSED"
    MIN_INTERVAL_WIDTH = "MIN_INTERVAL_WIDTH"
    MIN_COUNT = "MIN_COUNT"
    CELLS_CHECKED = "CELLS_CHECKED"
    K = "K"
    FAILED = "FAILED"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.INPUT, tr("Layer or table to publish"), [QgsProcessing.SourceType.TypeVector]))
        self.addParameter(QgsProcessingParameterField(
            self.COUNT_FIELD, tr("Count field (distinct people per record)"),
            parentLayerParameterName=self.INPUT, defaultValue="n_persons"))
        self.add_policy_parameters()
        self.addParameter(QgsProcessingParameterField(
            self.STATUS_FIELD,
            tr("Status field (records not marked published are withheld)"),
            parentLayerParameterName=self.INPUT, optional=True, defaultValue="status"))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Checked layer (unchanged)"), QgsProcessing.SourceType.TypeVector))
        self.addParameter(QgsProcessingParameterMultipleLayers(
            self.AUDIT_LAYERS, tr("Audit: other layers published beside this one"),
            QgsProcessing.SourceType.TypeVectorPolygon, optional=True))
        self.addParameter(QgsProcessingParameterString(
            self.AUDIT_COUNT_FIELD, tr("Audit: count field of those layers"),
            defaultValue="n_persons", optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            self.PUBLISHED_TOTAL, tr("Audit: published total over all records"),
            QgsProcessingParameterNumber.Type.Double, optional=True, minValue=0.0))
        self.add_protection_parameter()
        self.addParameter(QgsProcessingParameterField(
            self.CELL_FIELD, tr("Diversity: cell id field"),
            parentLayerParameterName=self.INPUT, optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.SENSITIVE_FIELD, tr("Diversity: sensitive attribute field"),
            parentLayerParameterName=self.INPUT, optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            self.L, tr("Diversity: least distinct sensitive values per cell (l)"),
            QgsProcessingParameterNumber.Type.Integer, optional=True, minValue=2))
        self.addParameter(QgsProcessingParameterNumber(
            self.T, tr("Diversity: largest distance to the overall distribution (t)"),
            QgsProcessingParameterNumber.Type.Double, optional=True, minValue=0.0, maxValue=1.0))
        self.addParameter(QgsProcessingParameterBoolean(
            self.ORDERED, tr("Diversity: the sensitive categories are ordered"),
            defaultValue=False))
        self.addParameter(QgsProcessingParameterField(
            self.STRATUM_FIELD, tr("Stratum field (k per stratum from the policy's stratum_rho)"),
            parentLayerParameterName=self.INPUT, optional=True))
        self.addParameter(QgsProcessingParameterMultipleLayers(
            self.PREVIOUS_RELEASES, tr("Series: earlier releases of this grid, oldest first"),
            QgsProcessing.SourceType.TypeVectorPolygon, optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            self.PERSONS_TOTAL, tr("Audit: number of people the release states"),
            QgsProcessingParameterNumber.Type.Integer, optional=True, minValue=0))
        self.addParameter(QgsProcessingParameterEnum(
            self.PERSONS_TOTAL_KIND, tr("Audit: how the records relate to that number"),
            [tr(option) for option in PERSONS_TOTAL_KINDS], defaultValue=0))
        self.addOutput(QgsProcessingOutputBoolean(self.PASSED, tr("Passed")))
        self.addOutput(QgsProcessingOutputNumber(
            self.MIN_L_DIVERSITY, tr("Fewest distinct sensitive values in a published cell")))
        self.addOutput(QgsProcessingOutputNumber(
            self.MAX_T_DISTANCE, tr("Largest t-closeness distance of a published cell")))
        self.addOutput(QgsProcessingOutputNumber(
            self.MIN_INTERVAL_WIDTH, tr("Narrowest attacker interval of a withheld record")))
        self.addOutput(QgsProcessingOutputNumber(self.MIN_COUNT, tr("Smallest published count")))
        self.addOutput(QgsProcessingOutputNumber(self.CELLS_CHECKED, tr("Published records checked")))
        self.addOutput(QgsProcessingOutputNumber(self.K, tr("k")))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.FAILED, tr("Failing records (written only when the gate fails)"),
            QgsProcessing.SourceType.TypeVector, optional=True, createByDefault=False))

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.release.gate import evaluate_gate, parse_statuses, \
            people_total_problems
        from ..release_layers.dp_gate import check_dp_release
        from ..io.layers import copy_features, read_attributes
        from ..release_layers.published_cells import check_cells

        dp_result = check_dp_release(self, parameters, context, feedback)  # ε, not k, for DP
        if dp_result is not None:
            return dp_result
        policy = self.policy_from_parameters(parameters, context)
        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        count_field = self.parameterAsString(parameters, self.COUNT_FIELD, context)
        status_field = self.parameterAsString(parameters, self.STATUS_FIELD, context)
        if parameters.get(self.STATUS_FIELD) in (None, "") and \
                status_field not in source.fields().names():
            status_field = ""  # the default names the grid's field; a layer without one has none
        if not count_field:
            raise QgsProcessingException(tr("Choose the field that holds the counts."))
        from ..release_layers.perturbed_releases import perturbed_release_gate  # cell key releases: own rules
        perturbed = perturbed_release_gate(self, parameters, context, feedback, policy, source,
                                           count_field)
        if perturbed is not None:
            return perturbed
        cell_field = self.parameterAsString(parameters, self.CELL_FIELD, context)
        sensitive_field = self.parameterAsString(parameters, self.SENSITIVE_FIELD, context)
        l_value = self.optional_number(parameters, self.L, context)
        t_value = self.optional_number(parameters, self.T, context)
        diversity = l_value is not None or t_value is not None
        if diversity and not (cell_field and sensitive_field):
            raise QgsProcessingException(tr("l-diversity and t-closeness need the cell id field and "
                                            "the sensitive attribute field."))
        stratum_field = self.parameterAsString(parameters, self.STRATUM_FIELD, context)
        names = [count_field] + [name for name in (status_field, stratum_field, cell_field)
                                 if name]
        if diversity:
            names += [cell_field, sensitive_field]
        key_fields = self.breakdown_fields(source, sensitive_field if diversity else None)
        names += key_fields + [name for name in TOTALS_FIELDS + ("cell_id",)
                               if name in source.fields().names()]
        names = list(dict.fromkeys(names))
        columns = read_attributes(source, names, feedback)
        check_cells(source, [columns[name] for name in key_fields], feedback)
        if not source.fields().field(count_field).isNumeric():
            raise QgsProcessingException(tr(
                "The count field '{field}' is not numeric ({type}): the gate needs counts of "
                "people. Choose a numeric field, or convert it with the field calculator in a "
                "copy.").format(field=count_field, type=source.fields().field(count_field).typeName()))
        withheld = parse_statuses(columns[status_field], status_field) if status_field else None
        # Thresholds come from the policy, never from the data: a stratum's k is the policy's.
        k = ([policy.k_for(stratum) for stratum in columns[stratum_field]] if stratum_field
             else policy.k)
        result = evaluate_gate(columns[count_field], k, withheld, policy.publish_zeros)
        problems = [problem.message(tr) for problem in result.problems]
        failing = dict(result.failing)
        min_width = None
        if result.passed and (self.audit_requested(parameters, context)
                              or withheld is not None and withheld.any()):
            audit = self.audit(parameters, context, source, columns, count_field,
                               columns[status_field] if status_field else None, policy, k,
                               key_fields, feedback)
            problems += [problem.message(tr) for problem in audit.problems]
            problems += [problem.message(tr) for problem in people_total_problems(
                self.people(parameters, context, policy, None), policy.k)]
            min_width = audit.min_width
            failing.update((index, reason) for index, reason in audit.failing
                           if index not in failing)
        earlier_layers = self.parameterAsLayerList(parameters, self.PREVIOUS_RELEASES, context)
        if result.passed and earlier_layers:
            audit = self.series_audit(parameters, context, policy, earlier_layers, feedback)
            problems += [problem.message(tr) for problem in audit.problems]
            if audit.min_width is not None:
                min_width = audit.min_width if min_width is None else min(min_width, audit.min_width)
        min_l = max_t = None
        if result.passed and diversity:
            from ...spatial_privacy_plugin.release.diversity import evaluate_diversity
            spread = evaluate_diversity(columns[cell_field], columns[sensitive_field],
                                        columns[count_field], withheld,
                                        None if l_value is None else int(l_value), t_value,
                                        self.parameterAsBoolean(parameters, self.ORDERED, context))
            problems += [problem.message(tr) for problem in spread.problems]
            min_l, max_t = spread.min_distinct, spread.max_distance
        if problems:
            if failing:
                problems.append(self.write_failed(parameters, context, source, columns,
                                                  cell_field, failing, feedback))
            raise GateFailure(tr("k-anonymity gate FAILED (k = {k}, policy {hash}): "
                                 "{problems}").format(
                k=policy.k, hash=policy.policy_hash[:12], problems=" ".join(problems)))
        feedback.pushInfo(tr("k-anonymity gate passed: {checked} published record(s), all with at "
                             "least k = {k} people.").format(checked=result.cells_checked, k=policy.k))
        if withheld is not None:
            report_tolerance(int(withheld.sum()), len(withheld), policy.tolerance, feedback)

        sink, destination = self.parameterAsSink(
            parameters, self.OUTPUT, context, source.fields(), source.wkbType(), source.sourceCrs())
        copy_features(source, sink, feedback)
        del sink  # closes a file output so that its style can be stored in it
        if QgsWkbTypes.geometryType(source.wkbType()) == QgsWkbTypes.GeometryType.PolygonGeometry:
            self.style_checked_grid(destination, context, columns[count_field], withheld, k,
                                    count_field, status_field)
        return {self.OUTPUT: destination, self.PASSED: True, self.MIN_COUNT: result.min_count,
                self.CELLS_CHECKED: result.cells_checked, self.K: policy.k,
                self.MIN_INTERVAL_WIDTH: min_width, self.MIN_L_DIVERSITY: min_l,
                self.MAX_T_DISTANCE: max_t}

    @staticmethod
    def style_checked_grid(destination, context, counts, withheld, k, count_field, status_field):
        """A checked grid keeps the grid's style: classes from k, withheld cells hatched."""
        from ..presentation.styles import apply_style, count_renderer
        shown = [value for index, value in enumerate(counts)
                 if value is not None and (withheld is None or not withheld[index])]
        largest = float(max(shown)) if shown else None
        first_k = min(k) if isinstance(k, list) else k
        apply_style(lambda: count_renderer(first_k, count_field, status_field or None, largest,
                                           zeros=0 in shown), destination, context)

    def write_failed(self, parameters, context, source, columns, cell_field, failing, feedback):
        """Name the first failing records and write all of them to the FAILED layer.

        The one output a refused run writes: the data holder's diagnosis (it holds the
        failing counts, so it is never published). Returns the sentence for the message.
        """
        from qgis.core import QgsFeature, QgsFeatureRequest

        from ..io.layers import add_in_batches, make_field, make_fields

        ids = columns.get(cell_field) if cell_field else columns.get("cell_id")
        if ids is None:
            feature_ids = [feature.id() for feature in source.getFeatures(
                QgsFeatureRequest().setNoAttributes().setFlags(
                    QgsFeatureRequest.Flag.NoGeometry))]
            ids = [tr("feature {id}").format(id=fid) for fid in feature_ids]
        shown = ", ".join(str(ids[index]) for index in list(failing)[:5])
        named = tr("Failing records: {records}").format(records=shown)
        if len(failing) > 5:
            named = tr("{named} and {more} more").format(named=named, more=len(failing) - 5)
        reason_field = "gate_failure"
        fields = make_fields(list(source.fields()) + [make_field(reason_field, "string")]
                             if source.fields().lookupField(reason_field) < 0
                             else list(source.fields()))
        sink, destination = self.parameterAsSink(parameters, self.FAILED, context, fields,
                                                 source.wkbType(), source.sourceCrs())
        if sink is None:
            return named + tr(" (give a file for the failing records layer to get all of "
                              "them).")

        def failing_features():
            reason_index = fields.lookupField(reason_field)
            for index, feature in enumerate(source.getFeatures()):
                if index in failing:
                    copy = QgsFeature(fields)
                    copy.setGeometry(feature.geometry())
                    attributes = feature.attributes()
                    attributes += [None] * (len(fields) - len(attributes))
                    attributes[reason_index] = tr(failing[index])
                    copy.setAttributes(attributes)
                    yield copy
        add_in_batches(sink, failing_features(), feedback)
        del sink
        if context.getMapLayer(destination) is not None or "memory:" in destination:
            # A failed run loads nothing in QGIS and drops its temporary layers.
            return named + tr(" (a temporary failing records layer is lost when the gate fails: "
                              "choose a file for it).")
        return named + tr(" (all {count} in {path}).").format(count=len(failing),
                                                             path=destination)

    def series_audit(self, parameters, context, policy, earlier_layers, feedback):
        """Audit the grid jointly with the earlier releases of its series."""
        from ..grid_base import audit_series

        layer = self.parameterAsVectorLayer(parameters, self.INPUT, context)
        if layer is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        return audit_series(layer, earlier_layers, policy,
                            self.people(parameters, context, policy, None), feedback)

    def audit_requested(self, parameters, context):
        return bool(self.parameterAsLayerList(parameters, self.AUDIT_LAYERS, context)) or \
            self.optional_number(parameters, self.PUBLISHED_TOTAL, context) is not None or \
            self.optional_number(parameters, self.PROTECTION_LEVEL, context) is not None or \
            self.optional_number(parameters, self.PERSONS_TOTAL, context) is not None

    @staticmethod
    def breakdown_fields(source, sensitive_field):
        """The fields that tell records of one cell apart: a grid's published attribute fields
        (this plugin writes them between resolution_m and n_persons), or the sensitive field."""
        names = source.fields().names()
        if "resolution_m" in names and "n_persons" in names and \
                names.index("resolution_m") < names.index("n_persons"):
            return names[names.index("resolution_m") + 1:names.index("n_persons")]
        return [sensitive_field] if sensitive_field else []

    def counts_add_up(self, parameters, context):
        """One point per person: a coarser area's count is the sum of its parts (else a count of
        distinct people, at most that sum)."""
        stored = self.stored_people(parameters, context)
        return stored[1] if stored is not None else \
            self.parameterAsEnum(parameters, self.PERSONS_TOTAL_KIND, context) == 0

    def stored_people(self, parameters, context):
        """(people, one point each) from the input's metadata when PERSONS_TOTAL is empty."""
        from ..io.release_metadata import read_people

        given = self.optional_number(parameters, self.PERSONS_TOTAL, context) is not None
        return None if given else read_people(self.parameterAsVectorLayer(parameters, self.INPUT,
                                                                           context))

    def people(self, parameters, context, policy, feedback):
        """The people total the attacker holds (grid.PeopleTotal), or None."""
        from ...spatial_privacy_plugin.counting.cells import PeopleTotal

        total = self.optional_number(parameters, self.PERSONS_TOTAL, context)
        stored = self.stored_people(parameters, context)
        if stored is not None:
            total = stored[0]
            if feedback is not None and not policy.population_total_secret:
                feedback.pushInfo(tr("The number of people, {n}, is read from the layer's "
                                     "metadata (written by the grid).").format(n=total))
        if policy.population_total_secret:
            if stored is not None:
                raise QgsProcessingException(tr(
                    "The policy keeps the number of people secret, yet the layer's metadata "
                    "states it (the grid ran under another policy): run the grid under this one."))
            if total is not None:
                raise QgsProcessingException(tr(
                    "The policy keeps the number of people secret (population_total_secret = "
                    "true), yet the gate was given one: a number that is published is no "
                    "secret. Change the policy, or leave the number of people empty."))
            return None
        if total is None:
            if feedback is not None:
                feedback.pushWarning(tr(
                    "The audit does not know the number of people in the release: an attacker "
                    "who reads it (in a table, a report, the log of the grid) may narrow withheld "
                    "cells further. Give it in 'number of people the release states', or declare "
                    "population_total_secret = true in the policy if it is never published."))
            return None
        if total < 0 or total != int(total):
            raise QgsProcessingException(tr(
                "The number of people the release states is {total:g}, not a whole number of 0 "
                "or more: give the count of distinct people.").format(total=total))
        return PeopleTotal(int(total), self.counts_add_up(parameters, context))

    def audit(self, parameters, context, source, columns, count_field, statuses, policy, k,
              key_fields, feedback):
        """Derive what the release publishes and audit every withheld record against it."""
        import numpy as np

        from ...spatial_privacy_plugin.errors import InputError
        from ...spatial_privacy_plugin.release.gate import TOTALS_BELOW_K, area_count_problems, \
            evaluate_release_audit
        from ...spatial_privacy_plugin.audit.intervals import CONTRADICTION
        from ...spatial_privacy_plugin.release.grid import STATUS_PUBLISHED, equalities_from_columns
        from ...spatial_privacy_plugin.release.totals import withheld_totals_from_columns
        from ..grid_base import attribute_labels, withheld_in_latest
        from ..release_layers.overlay import overlay, refuse_unusable_areas

        counts = columns[count_field]
        statuses = statuses if statuses is not None else [STATUS_PUBLISHED] * len(counts)
        equalities, blanks, total_names = [], [], []
        total = self.optional_number(parameters, self.PUBLISHED_TOTAL, context)
        if total is not None:
            equalities.append((np.arange(len(counts)), total))
            total_names.append(tr("the published total"))
        if any(name in columns for name in TOTALS_FIELDS):
            # The layer's own totals columns: what it says was published beside it.
            empty = [None] * len(counts)
            own = equalities_from_columns(columns.get("parent_id", empty),
                                          columns.get("parent_total", empty),
                                          columns.get("grand_total", empty),
                                          attribute_labels([columns[name] for name in key_fields]))
            equalities += own
            parent_ids = columns.get("parent_id", empty)
            total_names += [parent_ids[cells[0]] if parent_ids[cells[0]] is not None and all(
                parent_ids[cell] == parent_ids[cells[0]] for cell in cells) else tr("grand total")
                for cells, _ in own]
            if "parent_id" in columns and "parent_total" in columns:
                blanks = withheld_totals_from_columns(
                    columns["parent_id"], columns["parent_total"],
                    attribute_labels([columns[name] for name in key_fields]))
            if own:
                feedback.pushInfo(tr("Audit: {count} total(s) from the layer's own totals "
                                     "columns.").format(count=len(own)))
        layers = self.parameterAsLayerList(parameters, self.AUDIT_LAYERS, context)
        cut = None
        if layers:
            if source.wkbType() == QgsWkbTypes.Type.NoGeometry:
                raise QgsProcessingException(tr(
                    "Auditing against other layers needs the geometry of the records to publish; "
                    "the input is a table. Give the grid layer itself."))
            count_field = self.parameterAsString(parameters, self.AUDIT_COUNT_FIELD, context) \
                or "n_persons"
            for layer in layers:
                if layer.fields().lookupField(count_field) < 0:
                    raise QgsProcessingException(tr(
                        "The audit layer '{layer}' has no field '{field}': name its count field in "
                        "the audit count field.").format(layer=layer.name(), field=count_field))
                if not layer.fields().field(count_field).isNumeric():
                    raise QgsProcessingException(tr(
                        "The audit count field '{field}' of '{layer}' is {kind}, not a number: name "
                        "a numeric field of published totals, or convert it (in a copy).").format(
                        field=count_field, layer=layer.name(),
                        kind=layer.fields().field(count_field).typeName()))
                refuse_unusable_areas(layer, count_field)
            cut = overlay(source, layers, count_field, context, feedback)
            feedback.pushInfo(tr("Audit: {areas} published area count(s) from the audit layers; "
                                 "{records} record(s) in {atoms} pieces, {cells} of them cut "
                                 "by an area's border.").format(
                areas=len(cut.areas), records=len(set(cut.atom_record)), atoms=len(cut.atom_record),
                cells=cut.cut_records))
            if any(cut.atom_thin):
                feedback.pushInfo(tr("Audit: {strips} of those pieces are strips narrower than "
                                     "{width:.2g} m on the ground, between a border and the cell "
                                     "edge it follows: audited as able to hold people and again "
                                     "as empty.").format(strips=sum(cut.atom_thin),
                                                      width=cut.strip_metres))
            for note in cut.strip_notes:
                feedback.pushInfo(note)
        names = columns.get("cell_id") or list(range(len(counts)))
        people = self.people(parameters, context, policy, feedback)
        labels = attribute_labels([columns[name] for name in key_fields])
        may_be_empty = withheld_in_latest(  # a series: the grid emits such cells emptied
            self.parameterAsLayerList(parameters, self.PREVIOUS_RELEASES, context),
            columns.get("cell_id"), labels, feedback, policy.k)
        try:
            audit = evaluate_release_audit(
                counts, statuses, equalities, policy.protection_level,
                policy.k if policy.straddle_k else None, k, people, names, blanks,
                None if cut is None else (cut.atom_record, cut.atom_areas, cut.areas,
                                          cut.atom_thin),
                self.counts_add_up(parameters, context), None if cut is None else cut.record_cell,
                labels, () if cut is None else cut.withheld_areas, may_be_empty)
        except InputError as error:
            if error.template != CONTRADICTION or not self.counts_add_up(parameters, context):
                raise
            # The default reading (one point per person) is the usual cause with trips or visits.
            raise QgsProcessingException(tr(CONTRADICTION) + " " + tr(
                "The audit read every count as the sum of its parts, as where each person has "
                "one point. Counts of distinct people with several points each (trips, visits) "
                "do not add up: set '{label}' (PERSONS_TOTAL_KIND) to '{several}'.").format(
                label=tr("Audit: how the records relate to that number"),
                several=tr(PERSONS_TOTAL_KINDS[1]))) from error
        if cut is not None and cut.published_counts:
            names, values = zip(*cut.published_counts)
            audit = dataclasses.replace(audit, problems=audit.problems + area_count_problems(
                names, values, policy.k, policy.publish_zeros))
        if equalities:
            audit = dataclasses.replace(audit, problems=area_count_problems(
                total_names, [value for _, value in equalities], policy.k, policy.publish_zeros,
                TOTALS_BELOW_K) + audit.problems)
        if audit.shared_attributes:
            feedback.pushInfo(tr(
                "Audit: the counts contradict one value of the attribute fields per person, so "
                "the records of one cell are audited as possibly sharing people (an attribute "
                "of each point, such as the mode of a trip); a person-level attribute would be "
                "audited as adding up."))
        if audit.min_width is not None:
            # Said with what the audit knew: the grid's own audit may know the people total.
            template = (tr("Audit, knowing the number of people: narrowest attacker interval of a "
                           "withheld record: {width:g} (p = {p:g}).") if people is not None else
                        tr("Audit, without the number of people: narrowest attacker interval of "
                           "a withheld record: {width:g} (p = {p:g})."))
            feedback.pushInfo(template.format(width=audit.min_width, p=policy.protection_level))
        return audit
