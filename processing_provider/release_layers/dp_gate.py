"""The k-anonymity gate's check of a differentially private release (``method`` = dp).

A DP grid publishes small and zero counts on purpose: its protection is the noise, so the
gate checks the release's ε and mechanism against the policy instead of k. The gate calls
``check_dp_release`` first; it returns None for any layer that is not a DP release.
"""

from qgis.core import QgsProcessingException

from ..base import tr

DP_FIELDS = ("method", "epsilon", "mechanism", "policy_hash")


def is_dp_release(source):
    """True when the layer carries a ``method`` field holding 'dp' in at least one record."""
    if source is None or source.fields().lookupField("method") < 0:
        return False
    from qgis.core import QgsFeatureRequest

    request = QgsFeatureRequest().setFilterExpression("\"method\" = 'dp'").setLimit(1)
    request.setFlags(QgsFeatureRequest.Flag.NoGeometry)
    return any(True for _ in source.getFeatures(request))


def check_dp_release(algorithm, parameters, context, feedback):
    """Gate a DP release (raise when it fails) and pass it through; None when it is none."""
    from ...spatial_privacy_plugin.ledger.dp_budget import dp_budget_policy, evaluate_dp_gate
    from ...spatial_privacy_plugin.policy import load_policy
    from ..io.layers import copy_features, read_attributes

    source = algorithm.parameterAsSource(parameters, algorithm.INPUT, context)
    if not is_dp_release(source):
        return None
    count_field = algorithm.parameterAsString(parameters, algorithm.COUNT_FIELD, context)
    missing = [name for name in DP_FIELDS + (count_field,) if source.fields().lookupField(name) < 0]
    if missing:
        raise QgsProcessingException(tr(
            "The DP release lacks the field(s) {fields}: give the layer as the differentially "
            "private grid wrote it.").format(fields=", ".join(missing)))
    path = algorithm.parameterAsFile(parameters, algorithm.POLICY, context)
    budget = dp_budget_policy(load_policy(path) if path else None)
    columns = read_attributes(source, list(dict.fromkeys(DP_FIELDS + (count_field,))), feedback)
    result = evaluate_dp_gate(columns["method"], columns[count_field], columns["epsilon"],
                              columns["mechanism"], columns["policy_hash"], budget)
    if not result.passed:
        raise QgsProcessingException(tr("k-anonymity gate FAILED for a DP release (policy {hash}): "
                                        "{problems}").format(
            hash=budget.policy_hash[:12],
            problems=" ".join(tr(template).format(**values) for template, values in result.problems)))
    feedback.pushInfo(tr("DP release: {records} record(s) at ε = {epsilon:g} ({mechanism}) within "
                         "the policy's epsilon_budget {budget:g}. Its protection is the noise, not "
                         "k: small and zero counts are published on purpose.").format(
        records=result.records, epsilon=result.epsilon, mechanism=result.mechanism,
        budget=budget.epsilon_budget))
    sink, destination = algorithm.parameterAsSink(parameters, algorithm.OUTPUT, context,
                                                  source.fields(), source.wkbType(),
                                                  source.sourceCrs())
    copy_features(source, sink, feedback)
    del sink
    return {algorithm.OUTPUT: destination, algorithm.PASSED: True,
            algorithm.MIN_COUNT: result.min_count, algorithm.CELLS_CHECKED: result.records,
            algorithm.K: None, algorithm.MIN_INTERVAL_WIDTH: None, algorithm.MIN_L_DIVERSITY: None,
            algorithm.MAX_T_DISTANCE: None}


def report_remaining_epsilon(ledger, feedback):
    """Log, for every dataset with DP releases in the ledger, the ε spent and what remains of the
    budget recorded with its latest release (the re-assessment's report)."""
    from ...spatial_privacy_plugin.ledger.dp_budget import remaining_by_dataset

    for dataset, releases, spent, budget, remaining in remaining_by_dataset(ledger.read_entries()):
        feedback.pushInfo(tr("DP releases of {dataset}: {releases}, ε spent {spent:.4g} of "
                             "{budget:g}, {remaining:.4g} remaining. (A DP guarantee does not "
                             "weaken with new auxiliary data; only further releases spend "
                             "it.)").format(dataset=dataset, releases=releases, spent=spent,
                                            budget=budget, remaining=remaining))
