"""The risk budget: a release gated on its worst zone, a programme gated on its cumulative risk.

Release-level risk is the worst zone, ``ρ̂_release = max_z ρ̂_z`` (or the
largest lower bound of the zones' intervals when the policy gates on lower
bounds); the record-weighted mean is reported beside it to show the gap.
Across the releases of one dataset, under an independence approximation,
``ρ̂_cum = 1 − Π_i (1 − ρ̂_i)``. The approximation understates the risk when
releases of the same population are correlated.
"""

import hashlib
import json
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .errors import N_, InputError, PolicyError
from .policy import GATE_ON_CHOICES, GATE_ON_ESTIMATE, refuse_conflicts

DEFAULT_WARN_AT = 0.75


@dataclass(frozen=True)
class BudgetPolicy:
    per_release_ceiling: float
    cumulative_ceiling: float
    warn_at: float
    gate_on: str
    policy_hash: str


def budget_policy(policy=None, per_release_ceiling=None, cumulative_ceiling=None, warn_at=None,
                  gate_on=None):
    """The budget's ceilings from a policy file and loose values; loose values may only repeat it."""
    loose = {"per_release_ceiling": per_release_ceiling, "cumulative_ceiling": cumulative_ceiling,
             "warn_at": warn_at, "gate_on": gate_on}
    if policy is not None:
        values = {name: policy.get(name) for name in loose}
        refuse_conflicts(policy, [(name, given, values[name]) for name, given in loose.items()])
        values = {name: given if values[name] is None else values[name]
                  for name, given in loose.items()}
        policy_hash = policy.policy_hash
    else:
        values = dict(loose)
        policy_hash = None
    values["warn_at"] = DEFAULT_WARN_AT if values["warn_at"] is None else values["warn_at"]
    values["gate_on"] = GATE_ON_ESTIMATE if values["gate_on"] is None else values["gate_on"]
    for name in ("per_release_ceiling", "cumulative_ceiling", "warn_at"):
        value = values[name]
        if value is None:
            raise PolicyError(N_("Give {name} (in the policy file or as a value): a risk budget "
                                 "without it cannot be checked."), name=name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                not math.isfinite(value) or not 0.0 < value <= 1.0:
            raise PolicyError(N_("{name} must be a probability in (0, 1], got {value!r}."),
                              name=name, value=value)
    if values["gate_on"] not in GATE_ON_CHOICES:
        raise PolicyError(N_("gate_on must be \"estimate\" or \"lower bound\", got {value!r}."),
                          value=values["gate_on"])
    if policy_hash is None:
        normalised = json.dumps(values, sort_keys=True, separators=(",", ":"))
        policy_hash = hashlib.sha256(normalised.encode("utf-8")).hexdigest()
    return BudgetPolicy(float(values["per_release_ceiling"]), float(values["cumulative_ceiling"]),
                        float(values["warn_at"]), values["gate_on"], policy_hash)


def cumulative_risk(risks):
    """1 − Π (1 − ρ̂_i): the chance at least one release re-identifies, if they were independent."""
    return float(1.0 - np.prod(1.0 - np.asarray(risks, dtype=float)))


@dataclass(frozen=True)
class ZoneSummary:
    worst_zone: str
    worst: float  # the figure gated on (estimate or lower bound) of the worst zone
    worst_estimate: float
    pooled: float
    zones_hash: str  # None when the table carries none
    n_zones: int


def summarise_zones(zone_ids, p_reid, n_records, p_reid_low=None, zones_hash=None,
                    gate_on=GATE_ON_ESTIMATE):
    """The worst zone and the pooled mean; missing evidence is refused, never passed."""
    table = pd.DataFrame({"zone_id": list(zone_ids),
                          "p_reid": pd.to_numeric(pd.Series(list(p_reid), dtype=object), errors="coerce"),
                          "n_records": pd.to_numeric(pd.Series(list(n_records), dtype=object),
                                                     errors="coerce")})
    if table.empty:
        raise InputError(N_("The per-zone risk table is empty: missing evidence never passes the "
                            "risk budget."))
    missing = table["p_reid"].isna() | table["n_records"].isna()
    if missing.any():
        raise InputError(N_("{count} zone(s) have no risk estimate or record count (e.g. {zone}): "
                            "missing evidence never passes the risk budget. Re-run the zone risk "
                            "with records in every zone, or drop such zones from the release."),
                         count=int(missing.sum()), zone=str(table.loc[missing, "zone_id"].iloc[0]))
    if ((table["p_reid"] < 0) | (table["p_reid"] > 1)).any():
        raise InputError(N_("Every p_reid must be a probability between 0 and 1."))
    if gate_on == GATE_ON_ESTIMATE:
        gated = table["p_reid"]
    else:
        if p_reid_low is None:
            raise InputError(N_("The policy gates on the interval's lower bound, but the table has "
                                "no p_reid_low field."))
        gated = pd.to_numeric(pd.Series(list(p_reid_low), dtype=object), errors="coerce")
        if gated.isna().any():
            raise InputError(N_("{count} zone(s) have no p_reid_low: missing evidence never passes "
                                "the risk budget."), count=int(gated.isna().sum()))
    hashes = {value for value in (zones_hash or []) if value}
    if len(hashes) > 1:
        raise InputError(N_("The per-zone table carries {count} different zones hashes: it mixes "
                            "zone layers."), count=len(hashes))
    worst = int(np.argmax(gated.to_numpy()))
    pooled = float((table["p_reid"] * table["n_records"]).sum() / max(table["n_records"].sum(), 1))
    return ZoneSummary(str(table["zone_id"].iloc[worst]), float(gated.iloc[worst]),
                       float(table["p_reid"].iloc[worst]), pooled,
                       hashes.pop() if hashes else None, len(table))


@dataclass(frozen=True)
class BudgetDecision:
    passed: bool
    problems: tuple  # (template, params) pairs, untranslated
    warning: bool
    cumulative: float
    headroom: float
    prior_releases: int


def evaluate_budget(summary, policy, prior_entries, release_id):
    """Gate one release of a dataset against its prior releases in the ledger.

    ``prior_entries``: the dataset's recorded releases (dicts with
    ``release_id``, ``worst_p_reid`` and ``zones_hash``), oldest first.
    """
    problems = []
    if summary.worst > policy.per_release_ceiling:
        problems.append((N_("The worst zone {zone} has a re-identification risk of {risk:.4f} "
                            "({basis}), above the per-release ceiling {ceiling:g} (the record-"
                            "weighted mean, {pooled:.4f}, hides it). Publish coarser there, or "
                            "withhold that zone."),
                         {"zone": summary.worst_zone, "risk": summary.worst,
                          "basis": policy.gate_on, "ceiling": policy.per_release_ceiling,
                          "pooled": summary.pooled}))
    if any(entry["release_id"] == release_id for entry in prior_entries):
        problems.append((N_("The release id {release} is already in the ledger for this dataset: "
                            "give every release its own id."), {"release": release_id}))
    earlier_hashes = {entry["zones_hash"] for entry in prior_entries}
    if prior_entries and earlier_hashes != {summary.zones_hash}:
        problems.append((N_("The zones differ from those of the dataset's earlier releases (zones "
                            "hash {now} against {before}): a programme keeps its zones fixed."),
                         {"now": (summary.zones_hash or "none")[:12],
                          "before": ", ".join(sorted((h or "none")[:12] for h in earlier_hashes))}))
    cumulative = cumulative_risk([entry["worst_p_reid"] for entry in prior_entries] + [summary.worst])
    if cumulative > policy.cumulative_ceiling:
        problems.append((N_("With {prior} earlier release(s) the cumulative risk would be "
                            "{cumulative:.4f}, above the cumulative ceiling {ceiling:g}. The "
                            "programme's budget is spent for this dataset."),
                         {"prior": len(prior_entries), "cumulative": cumulative,
                          "ceiling": policy.cumulative_ceiling}))
    warning = cumulative > policy.warn_at * policy.cumulative_ceiling
    return BudgetDecision(not problems, tuple(problems), warning, cumulative,
                          policy.cumulative_ceiling - cumulative, len(prior_entries))


def gate_release(ledger, dataset, release_id, summary, policy, record=True, plugin_version=""):
    """Check a release against the budget and, when it passes, append it, in one transaction.

    Returns (decision, ledger head hash after the call). Two concurrent
    calls are serialised, so neither can spend budget the other already used.
    """
    from .ledger import ENTRY_RELEASE, GENESIS

    if not str(dataset).strip() or not str(release_id).strip():
        raise InputError(N_("Name the dataset and the release: the ledger keeps releases per "
                            "dataset."))
    with ledger.transaction() as transaction:
        prior = transaction.releases(dataset)
        decision = evaluate_budget(summary, policy, prior, release_id)
        head = transaction.entries[-1]["entry_hash"] if transaction.entries else GENESIS
        if decision.passed and record:
            head = transaction.append(
                entry_type=ENTRY_RELEASE, dataset=dataset, release_id=release_id,
                worst_zone=summary.worst_zone, worst_p_reid=summary.worst,
                pooled_p_reid=summary.pooled, cumulative_p_reid=decision.cumulative,
                per_release_ceiling=policy.per_release_ceiling,
                cumulative_ceiling=policy.cumulative_ceiling, gate_basis=policy.gate_on,
                policy_hash=policy.policy_hash, zones_hash=summary.zones_hash,
                plugin_version=plugin_version)
    return decision, head


VERDICT_OK = N_("ok")
VERDICT_OVER = N_("over ceiling")


def reassess(ledger, dataset, release_ids, summary_for, plugin_version=""):
    """Re-run today's estimate for published releases and record the finding.

    ``summary_for(release_id, gate_basis)`` gives today's ZoneSummary of a
    release on the basis it was published under. Each re-assessment is
    appended as its own entry; release entries are never touched. Returns
    (rows, head hash); a row is (release id, published figure, today's
    figure, ceiling, verdict).
    """
    from .ledger import ENTRY_REASSESSMENT

    with ledger.transaction() as transaction:
        releases = transaction.releases(dataset)
        if release_ids:
            known = {entry["release_id"] for entry in releases}
            unknown = [release for release in release_ids if release not in known]
            if unknown:
                raise InputError(N_("The ledger has no release {release} for dataset {dataset}."),
                                 release=unknown[0], dataset=dataset)
            releases = [entry for entry in releases if entry["release_id"] in release_ids]
        if not releases:
            raise InputError(N_("The ledger has no release of dataset {dataset} to re-assess."),
                             dataset=dataset)
        rows = []
        head = None
        for entry in releases:
            today = summary_for(entry["release_id"], entry["gate_basis"])
            verdict = VERDICT_OVER if today.worst > entry["per_release_ceiling"] else VERDICT_OK
            rows.append((entry["release_id"], entry["worst_p_reid"], today.worst,
                         entry["per_release_ceiling"], verdict, today.worst_zone))
            head = transaction.append(
                entry_type=ENTRY_REASSESSMENT, dataset=dataset, release_id=entry["release_id"],
                worst_zone=today.worst_zone, worst_p_reid=today.worst, pooled_p_reid=today.pooled,
                per_release_ceiling=entry["per_release_ceiling"],
                cumulative_ceiling=entry["cumulative_ceiling"], gate_basis=entry["gate_basis"],
                policy_hash=entry["policy_hash"], zones_hash=today.zones_hash,
                plugin_version=plugin_version,
                details=json.dumps({"published_p_reid": entry["worst_p_reid"],
                                    "verdict": verdict}, sort_keys=True))
    return rows, head
