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

from ..errors import N_, InputError, PolicyError
from ..policy import GATE_ON_CHOICES, GATE_ON_ESTIMATE, refuse_conflicts, \
    refuse_contradictory_ceilings

DEFAULT_WARN_AT = 0.75
# The settings of a budget that a release records; a looser one needs a new policy file.
SETTINGS = ("per_release_ceiling", "cumulative_ceiling", "warn_at", "gate_on")


@dataclass(frozen=True)
class BudgetPolicy:
    per_release_ceiling: float
    cumulative_ceiling: float
    warn_at: float
    gate_on: str
    policy_hash: str
    notices: tuple = ()  # (template, params) pairs: safeguards that are off, untranslated
    from_file: frozenset = frozenset()  # the settings (SETTINGS) that the policy file sets


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
        from_file = frozenset(name for name in loose if policy.get(name) is not None)
    else:
        values = dict(loose)
        policy_hash = None
        from_file = frozenset()
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
    refuse_contradictory_ceilings(values["per_release_ceiling"], values["cumulative_ceiling"],
                                  policy.source if policy is not None else "")
    if policy_hash is None:
        normalised = json.dumps(values, sort_keys=True, separators=(",", ":"))
        policy_hash = hashlib.sha256(normalised.encode("utf-8")).hexdigest()
    return BudgetPolicy(float(values["per_release_ceiling"]), float(values["cumulative_ceiling"]),
                        float(values["warn_at"]), values["gate_on"], policy_hash,
                        _safeguards_off(values, policy is None), from_file)


def _safeguards_off(values, without_file):
    """Notices of ceilings that limit nothing, and of ceilings that no policy file records."""
    notices = [(N_("{name} = 1 sets no limit: the gate passes every release on it, whatever its "
                   "risk. The safeguard is off; give the programme's ceiling."), {"name": name})
               for name in ("per_release_ceiling", "cumulative_ceiling") if values[name] >= 1.0]
    if without_file:
        notices.append((N_("No policy file: the ceilings (per-release {per_release:g}, cumulative "
                           "{cumulative:g}) are this run's own values, and the next run may give "
                           "others without a trace. Give the programme's policy file, so that a "
                           "change of ceiling leaves a diff."),
                        {"per_release": values["per_release_ceiling"],
                         "cumulative": values["cumulative_ceiling"]}))
    return tuple(notices)


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


def _numbers(values):
    return pd.to_numeric(pd.Series(list(values), dtype=object), errors="coerce")


def _refuse_outside_unit_interval(table, column, rows):
    """Refuse a risk outside [0, 1] in ``column``, naming the first zone that has one."""
    if rows.any():
        first = table.loc[rows].iloc[0]
        raise InputError(N_("{count} zone(s) have a {field} outside [0, 1] (zone {zone}: {value!r}): "
                            "a re-identification risk is a probability. Re-run the zone risk "
                            "algorithm, or correct the table."),
                         count=int(rows.sum()), field=column, zone=str(first["zone_id"]),
                         value=float(first[column]))


def summarise_zones(zone_ids, p_reid, n_records, p_reid_low=None, zones_hash=None,
                    gate_on=GATE_ON_ESTIMATE, p_reid_high=None):
    """The worst zone and the pooled mean; missing evidence is refused, never passed.

    Every zone needs its own id (no NULL, no duplicate), a count of records
    that is a whole number >= 0 and risks that are probabilities with
    ``p_reid_low <= p_reid <= p_reid_high`` where those bounds are given.
    """
    table = pd.DataFrame({"zone_id": list(zone_ids), "p_reid": _numbers(p_reid),
                          "n_records": _numbers(n_records)})
    if table.empty:
        raise InputError(N_("The per-zone risk table is empty: missing evidence never passes the "
                            "risk budget."))
    no_id = table["zone_id"].map(lambda value: value is None or value != value
                                 or not str(value).strip())
    if no_id.any():
        raise InputError(N_("{count} zone(s) have no zone_id: every zone of the per-zone risk table "
                            "needs its own id. Re-run the zone risk algorithm on zones that all "
                            "have one."), count=int(no_id.sum()))
    ids = table["zone_id"].map(str)
    duplicated = ids[ids.duplicated()]
    if len(duplicated):
        raise InputError(N_("The zone id {zone} appears {count} times in the per-zone risk table: "
                            "each zone must appear once (a table mixing releases or zone layers "
                            "cannot be gated). Give one row per zone."),
                         zone=duplicated.iloc[0], count=int((ids == duplicated.iloc[0]).sum()))
    missing = table["p_reid"].isna() | table["n_records"].isna()
    if missing.any():
        raise InputError(N_("{count} zone(s) have no risk estimate or record count (e.g. {zone}): "
                            "missing evidence never passes the risk budget. Re-run the zone risk "
                            "with records in every zone, or drop such zones from the release."),
                         count=int(missing.sum()), zone=str(table.loc[missing, "zone_id"].iloc[0]))
    bad_count = (table["n_records"] < 0) | (table["n_records"] != np.floor(table["n_records"])) | \
        ~np.isfinite(table["n_records"])
    if bad_count.any():
        first = table.loc[bad_count].iloc[0]
        raise InputError(N_("{count} zone(s) have an n_records that is not a whole number of 0 or "
                            "more (zone {zone}: {value!r}): it counts records. Re-run the zone risk "
                            "algorithm, or correct the table."),
                         count=int(bad_count.sum()), zone=str(first["zone_id"]),
                         value=float(first["n_records"]))
    _refuse_outside_unit_interval(table, "p_reid", (table["p_reid"] < 0) | (table["p_reid"] > 1))
    for column, values, wrong_side, template in (
            ("p_reid_low", p_reid_low, lambda bound: bound > table["p_reid"],
             N_("{count} zone(s) have a p_reid_low above their p_reid (zone {zone}: {bound!r} "
                "against {estimate!r}): an interval must hold its estimate. Re-run the zone risk "
                "algorithm, or correct the table.")),
            ("p_reid_high", p_reid_high, lambda bound: bound < table["p_reid"],
             N_("{count} zone(s) have a p_reid_high below their p_reid (zone {zone}: {bound!r} "
                "against {estimate!r}): an interval must hold its estimate. Re-run the zone risk "
                "algorithm, or correct the table."))):
        if values is None:
            continue
        table[column] = _numbers(values)
        _refuse_outside_unit_interval(table, column, (table[column] < 0) | (table[column] > 1))
        wrong = wrong_side(table[column]).fillna(False).astype(bool)
        if wrong.any():
            first = table.loc[wrong].iloc[0]
            raise InputError(template, count=int(wrong.sum()), zone=str(first["zone_id"]),
                             bound=float(first[column]), estimate=float(first["p_reid"]))
    if gate_on == GATE_ON_ESTIMATE:
        gated = table["p_reid"]
    else:
        if p_reid_low is None:
            raise InputError(N_("The policy gates on the interval's lower bound, but the table has "
                                "no p_reid_low field."))
        gated = table["p_reid_low"]
        if gated.isna().any():
            raise InputError(N_("{count} zone(s) have no p_reid_low: missing evidence never passes "
                                "the risk budget."), count=int(gated.isna().sum()))
    given_hashes = [value for value in (zones_hash or []) if value is not None and value != ""]
    wrong_type = [value for value in given_hashes if not isinstance(value, str)]
    if wrong_type:
        raise InputError(N_("The zones_hash field holds {value!r}, not text: it must be the SHA-256 "
                            "text the zone risk algorithm writes. Re-run the zone risk algorithm, or "
                            "make the field a text field."), value=wrong_type[0])
    hashes = set(given_hashes)
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
    notices: tuple = ()  # (template, params) pairs to warn about, untranslated


def _ceilings_changed(policy, prior_entries):
    """A notice when the ceilings differ from those of the dataset's last release, else None."""
    if not prior_entries:
        return None
    last = prior_entries[-1]
    before = (last["per_release_ceiling"], last["cumulative_ceiling"])
    now = (policy.per_release_ceiling, policy.cumulative_ceiling)
    if all(old is not None and math.isclose(old, new, rel_tol=1e-12) for old, new in zip(before, now)):
        return None
    return (N_("The ceilings changed since release {release}: per-release {old_release} -> "
               "{new_release}, cumulative {old_cumulative} -> {new_cumulative} (policy {old_hash} "
               "then, {new_hash} now). Make sure the change of policy was approved and is "
               "documented; earlier releases keep the ceilings they were published under."),
            {"release": last["release_id"], "old_release": before[0], "new_release": now[0],
             "old_cumulative": before[1], "new_cumulative": now[1],
             "old_hash": last["policy_hash"] or "none", "new_hash": policy.policy_hash})


def _recorded_settings(entry):
    """The budget settings a release entry records (warn_at only in entries whose details hold
    it; earlier entries recorded none)."""
    details = json.loads(entry["details"]) if entry["details"] else {}
    return {"per_release_ceiling": entry["per_release_ceiling"],
            "cumulative_ceiling": entry["cumulative_ceiling"], "warn_at": details.get("warn_at"),
            "gate_on": entry["gate_basis"]}


def _shown(value):
    return f"{value:g}" if isinstance(value, float) else str(value)


def _loosened(policy, prior_entries):
    """Problems: a setting looser than the one recorded with the dataset's last release, where
    no new policy file sets it (a higher ceiling or warn_at; the lower bound after the estimate).

    Only a policy file whose hash differs from the recorded one, and which sets the looser value
    itself, changes a recorded budget: loose values may repeat or tighten it, never loosen it.
    """
    if not prior_entries:
        return []
    last = prior_entries[-1]
    sanctioned = policy.from_file if policy.policy_hash != last["policy_hash"] else frozenset()
    problems = []
    for name, old in _recorded_settings(last).items():
        new = getattr(policy, name)
        if old is None or name in sanctioned:
            continue
        if name == "gate_on":
            looser = old == GATE_ON_ESTIMATE and new != GATE_ON_ESTIMATE
        else:
            looser = new > old and not math.isclose(new, old, rel_tol=1e-12)
        if looser:
            problems.append((N_("{name} = {new} is looser than {old}, which the ledger recorded "
                                "for this dataset with release {release} (policy {hash}). A value "
                                "given to the run never loosens a recorded budget: give the "
                                "recorded value or a stricter one, or change the programme's "
                                "policy file (its new hash is recorded with the release, so the "
                                "change is visible)."),
                             {"name": name, "new": _shown(new), "old": _shown(old),
                              "release": last["release_id"],
                              "hash": (last["policy_hash"] or "none")[:12]}))
    return problems


def evaluate_budget(summary, policy, entries, dataset, release_id):
    """Gate one release of a dataset against its prior releases in the ledger.

    ``entries``: the ledger's entries, oldest first; the dataset's releases
    (``ledger.releases_of``) are its prior releases. Release ids are compared
    by ``ledger.name_key`` ("R1 " is "r1") against releases of every kind, DP
    ones included.
    """
    from ..formatting import percent
    from .store import duplicate_release_id, releases_of

    prior_entries = releases_of(entries, dataset)
    problems = []
    if summary.worst > policy.per_release_ceiling:
        problems.append((N_("The worst zone {zone} has a re-identification risk of {risk} "
                            "({basis}), above the per-release ceiling {ceiling} (the record-"
                            "weighted mean, {pooled}, hides it). Publish coarser there, or "
                            "withhold that zone."),
                         {"zone": summary.worst_zone, "risk": percent(summary.worst),
                          "basis": policy.gate_on, "ceiling": percent(policy.per_release_ceiling),
                          "pooled": percent(summary.pooled)}))
    problems += _loosened(policy, prior_entries)
    duplicate = duplicate_release_id(entries, dataset, release_id)
    if duplicate is not None:
        problems.append(duplicate)
    earlier_hashes = {entry["zones_hash"] for entry in prior_entries}
    if prior_entries and earlier_hashes != {summary.zones_hash}:
        problems.append((N_("The zones differ from those of the dataset's earlier releases (zones "
                            "hash {now} against {before}): a programme keeps its zones fixed."),
                         {"now": (summary.zones_hash or "none")[:12],
                          "before": ", ".join(sorted((h or "none")[:12] for h in earlier_hashes))}))
    risks = [entry["worst_p_reid"] for entry in prior_entries] + [summary.worst]
    if not all(risk is not None and 0.0 <= risk <= 1.0 for risk in risks):
        raise InputError(N_("A release recorded in the ledger has a risk outside [0, 1]: the "
                            "cumulative budget cannot be computed. Restore the ledger from a "
                            "backup and investigate."))
    cumulative = cumulative_risk(risks)
    if cumulative > policy.cumulative_ceiling:
        problems.append((N_("With {prior} earlier release(s) the cumulative risk would be "
                            "{cumulative}, above the cumulative ceiling {ceiling}. The "
                            "programme's budget is spent for this dataset."),
                         {"prior": len(prior_entries), "cumulative": percent(cumulative),
                          "ceiling": percent(policy.cumulative_ceiling)}))
    warning = cumulative > policy.warn_at * policy.cumulative_ceiling
    notices = tuple(filter(None, [_ceilings_changed(policy, prior_entries)]))
    return BudgetDecision(not problems, tuple(problems), warning, cumulative,
                          policy.cumulative_ceiling - cumulative, len(prior_entries), notices)


def gate_release(ledger, dataset, release_id, summary, policy, record=True, plugin_version="",
                 after_charge=None):
    """Check a release against the budget and, when it passes, append it, in one transaction.

    Returns (decision, ledger ``Head``: the release's own entry when recorded,
    else the head it was checked against). Two concurrent calls are
    serialised, so neither can spend budget the other already used. The entry
    is committed before anything is released: ``after_charge(decision, head)``
    (e.g. writing the release record) runs only once it is, and when it fails
    the entry stays (a release that may have escaped is spent budget). Without
    ``record`` the ledger is only read (a read-only ledger works), nothing is
    appended and ``after_charge`` runs on a passing decision.
    """
    from .names import check_name
    from .store import ENTRY_RELEASE, head_of

    check_name(dataset)
    check_name(release_id)
    # A first look, read only: a refusal leaves no trace, not even a new ledger file.
    entries = ledger.read_entries()
    decision = evaluate_budget(summary, policy, entries, dataset, release_id)
    head = head_of(entries)
    if record and decision.passed:
        with ledger.transaction() as transaction:  # checked again under the write lock
            decision = evaluate_budget(summary, policy, transaction.entries, dataset, release_id)
            head = transaction.head()
            if decision.passed:
                head = transaction.append(
                    entry_type=ENTRY_RELEASE, dataset=dataset, release_id=release_id,
                    worst_zone=summary.worst_zone, worst_p_reid=summary.worst,
                    pooled_p_reid=summary.pooled, cumulative_p_reid=decision.cumulative,
                    per_release_ceiling=policy.per_release_ceiling,
                    cumulative_ceiling=policy.cumulative_ceiling, gate_basis=policy.gate_on,
                    policy_hash=policy.policy_hash, zones_hash=summary.zones_hash,
                    plugin_version=plugin_version,
                    details=json.dumps({"warn_at": policy.warn_at}, sort_keys=True))
    if decision.passed and after_charge is not None:
        after_charge(decision, head)
    return decision, head


VERDICT_OK = N_("ok")
VERDICT_OVER = N_("over ceiling")


def _no_release(dataset):
    return InputError(N_("The ledger has no release of dataset {dataset} to re-assess."),
                      dataset=dataset)


def reassess(ledger, dataset, release_ids, summary_for, plugin_version=""):
    """Re-run today's estimate for published releases and record the finding.

    ``summary_for(release_id, gate_basis)`` gives today's ZoneSummary of a
    release on the basis it was published under. Each re-assessment is
    appended as its own entry; release entries are never touched. Returns
    (rows, ledger Head); a row is (release id, published figure, today's
    figure, ceiling, verdict).
    """
    from .names import check_name
    from .store import ENTRY_REASSESSMENT, name_key, releases_of

    check_name(dataset)
    if not releases_of(ledger.read_entries(), dataset):  # a first look: no file is created
        raise _no_release(dataset)
    with ledger.transaction() as transaction:
        releases = transaction.releases(dataset)
        if release_ids:
            known = {name_key(entry["release_id"]) for entry in releases}
            unknown = [release for release in release_ids if name_key(release) not in known]
            if unknown:
                raise InputError(N_("The ledger has no release {release} for dataset {dataset}."),
                                 release=unknown[0], dataset=dataset)
            wanted = {name_key(release) for release in release_ids}
            releases = [entry for entry in releases if name_key(entry["release_id"]) in wanted]
        if not releases:
            raise _no_release(dataset)
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
