"""The k-anonymity gate's branch for perturbed releases (the cell key method).

A release whose ``method`` field says ``cell key`` publishes every cell with
bounded noise, so the k threshold does not apply to it; it is judged by the
rules of ``spatial_privacy_plugin.noise.perturbed`` instead (the policy allows the
method, the approved p-table and its minimums, no count in 1..JS).
"""

from qgis.core import QgsProcessingException, QgsWkbTypes

from ..base import tr


def perturbed_release_gate(gate, parameters, context, feedback, policy, source, count_field):
    """The gate's results for a cell key release (raising when it fails), or None for any other
    layer, which the gate then checks against k as usual."""
    from ...spatial_privacy_plugin.noise.perturbed import METHOD_FIELD, RELEASE_FIELDS, \
        evaluate_cell_key_release, is_cell_key_release
    from ..io.layers import copy_features, read_attributes

    names = source.fields().names()
    if METHOD_FIELD not in names:
        return None
    methods = read_attributes(source, [METHOD_FIELD], feedback)[METHOD_FIELD]
    if not is_cell_key_release(methods):
        return None
    missing = [name for name in RELEASE_FIELDS + (count_field,) if name not in names]
    if missing:
        raise QgsProcessingException(tr(
            "k-anonymity gate FAILED: this cell key release lacks the field(s) {fields}; give the "
            "layer as the cell key grid wrote it.").format(fields=", ".join(missing)))
    if not source.fields().field(count_field).isNumeric():
        raise QgsProcessingException(tr(
            "The count field '{field}' is not numeric ({type}): the gate needs counts of "
            "people. Choose a numeric field, or convert it with the field calculator in a "
            "copy.").format(field=count_field, type=source.fields().field(count_field).typeName()))
    columns = read_attributes(source, [count_field, "ptable_hash", "key_fingerprint"], feedback)
    result = evaluate_cell_key_release(columns[count_field], methods, columns["ptable_hash"],
                                       columns["key_fingerprint"], policy)
    if result.problems:
        raise QgsProcessingException(tr("k-anonymity gate FAILED (cell key release, policy "
                                        "{hash}): {problems}").format(
            hash=policy.policy_hash[:12],
            problems=" ".join(problem.message(tr) for problem in result.problems)))
    feedback.pushInfo(tr("k-anonymity gate passed a cell key release: {checked} published "
                         "record(s) perturbed with the approved p-table; the k threshold does not "
                         "apply to perturbed counts.").format(checked=result.cells_checked))
    sink, destination = gate.parameterAsSink(parameters, gate.OUTPUT, context, source.fields(),
                                             source.wkbType(), source.sourceCrs())
    copy_features(source, sink, feedback)
    del sink  # closes a file output so that its style can be stored in it
    if QgsWkbTypes.geometryType(source.wkbType()) == QgsWkbTypes.GeometryType.PolygonGeometry:
        from ..presentation.styles import apply_style, count_renderer
        counts = [value for value in columns[count_field] if value is not None]
        largest = float(max(counts)) if counts else None
        apply_style(lambda: count_renderer(1, count_field, status_field=None, largest=largest,
                                           zeros=True, withheld=False, perturbed=True),
                    destination, context)
    return {gate.OUTPUT: destination, gate.PASSED: True, gate.MIN_COUNT: result.min_count,
            gate.CELLS_CHECKED: result.cells_checked, gate.K: policy.k,
            gate.MIN_INTERVAL_WIDTH: None, gate.MIN_L_DIVERSITY: None, gate.MAX_T_DISTANCE: None}
