"""The k-anonymity gate's branch for perturbed releases (the cell key method).

A release whose ``method`` field says ``cell key`` publishes every cell with
bounded noise, so the k threshold does not apply to it; it is judged by the
rules of ``spatial_privacy_plugin.noise.perturbed`` instead (the policy allows the
method, the approved p-table and its minimums, no count in 1..JS).
"""

import dataclasses

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
    if not result.problems:
        result = dataclasses.replace(result, problems=cell_key_audit_problems(
            gate, parameters, context, source, columns[count_field], policy, feedback))
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


def _grid_cells(gate, layer, count_field, feedback):
    """(col, row, attribute labels, published counts, cell size) of a cell key grid layer."""
    from ..grid_base import attribute_labels
    from ..io.layers import read_attributes

    missing = [name for name in ("col", "row", "resolution_m", count_field)
               if name not in layer.fields().names()]
    if missing:
        raise QgsProcessingException(tr(
            "The cell key release '{layer}' lacks the field(s) {fields}: give the layers as the "
            "cell key grid wrote them.").format(layer=layer.sourceName(), fields=", ".join(missing)))
    keys = gate.breakdown_fields(layer, None)
    columns = read_attributes(layer, ["col", "row", "resolution_m", count_field] + keys, feedback)
    sizes = {float(size) for size in columns["resolution_m"]}
    if len(sizes) != 1:
        raise QgsProcessingException(tr(
            "The cell key release '{layer}' mixes cell sizes ({sizes}): give one grid per "
            "layer.").format(layer=layer.sourceName(), sizes=", ".join(map(str, sorted(sizes)))))
    labels = attribute_labels([columns[name] for name in keys]) or [""] * len(columns["col"])
    return (columns["col"], columns["row"], labels, columns[count_field], sizes.pop())


def cell_key_audit_problems(gate, parameters, context, source, counts, policy, feedback):
    """The attacker's audit of a cell key release beside what is published with it (coarser cell
    key grids as audit layers, the perturbed number of people): the grid's own audit rule
    (``perturbed.cell_key_disclosures``). Nothing to audit without them."""
    import numpy as np

    from ...spatial_privacy_plugin.noise.cellkey_audit import attacker_intervals, parent_totals
    from ...spatial_privacy_plugin.noise.perturbed import CELL_KEY_DISCLOSED, approved_ptable, \
        cell_key_disclosures
    from ...spatial_privacy_plugin.problems import problem

    layers = gate.parameterAsLayerList(parameters, gate.AUDIT_LAYERS, context)
    stated = gate.optional_number(parameters, gate.PERSONS_TOTAL, context)
    if not layers and stated is None:
        return []
    table = approved_ptable(policy)
    count_field = gate.parameterAsString(parameters, gate.AUDIT_COUNT_FIELD, context) or "n_persons"
    col, row, labels, _, size = _grid_cells(gate, source, gate.parameterAsString(
        parameters, gate.COUNT_FIELD, context), feedback)
    published = np.array([int(value) for value in counts], dtype=np.int64)
    codes = {label: code for code, label in enumerate(sorted(set(labels)))}
    key = np.array([codes[label] for label in labels], dtype=np.int64)
    totals = []
    for layer in layers:
        p_col, p_row, p_labels, p_counts, p_size = _grid_cells(gate, layer, count_field, feedback)
        factor = p_size / size
        if factor < 2 or abs(factor - round(factor)) > 1e-9:
            raise QgsProcessingException(tr(
                "The audit layer '{layer}' has cells of {size:g} m, not a whole multiple (2 or "
                "more) of this release's {cell:g} m: give the coarser cell key grids published "
                "beside it, on the same origin.").format(layer=layer.sourceName(), size=p_size,
                                                         cell=size))
        p_key = np.array([codes.get(label, -1) for label in p_labels], dtype=np.int64)
        totals += parent_totals(np.asarray(col), np.asarray(row), key, np.asarray(p_col),
                                np.asarray(p_row), p_key, [int(value) for value in p_counts],
                                int(round(factor)))
    if stated is not None:
        totals.append((np.arange(len(published)), int(stated)))  # published with its noise
    # Emitted cells are non-empty to the attacker (a published 0 may be a small count's noise);
    # a study-area release's true zeros make the audit stricter than the grid's, never weaker.
    lower, upper = attacker_intervals(table, published, totals,
                                      gate.counts_add_up(parameters, context), 1)
    width = policy.get("ckm_min_width")
    disclosed = cell_key_disclosures(lower, upper, policy.k, width)
    feedback.pushInfo(tr("Audit of the cell key release (an attacker who knows D and the "
                         "p-table) against {count} published total(s): {pinned} cell(s) pinned.")
                      .format(count=len(totals), pinned=int(disclosed.sum())))
    if not disclosed.any():
        return []
    names = [f"col {c}, row {r}" for c, r in zip(np.asarray(col)[disclosed],
                                                  np.asarray(row)[disclosed])]
    what = tr("a single value") if width is None else tr(
        "an interval narrower than ckm_min_width = {width:g}").format(width=width)
    return [problem(CELL_KEY_DISCLOSED, count=int(disclosed.sum()), what=what,
                    below=policy.k - 1, cells="; ".join(names[:5]))]
