"""The release: what a grid publishes, how it is protected, and the gate that judges it.

``totals`` states what a grid publishes besides its counts (labels, parent and
grand totals) as the attacker's equalities; ``suppression``,
``grid_release`` and ``sliver_*`` choose what to withhold; ``series`` keeps
suppression consistent across releases; ``sweep`` and ``strata`` compare cell
sizes; ``linked_totals`` withholds totals as cells; ``gate`` is the k-gate's engine and
``diversity`` its l-diversity check; ``grid`` gathers the public names.
"""
