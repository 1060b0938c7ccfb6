"""The privacy-loss budget of differentially private releases, kept in the release ledger.

Each DP release is a ledger entry of its own kind (``dp_release``), hash
chained with the risk-budget entries, carrying its mechanism, ε and (for the
discrete Gaussian) ρ in its ``details``. Per dataset the loss composes:

- pure ε-DP releases (discrete Laplace) by addition, ``ε_pure = Σ ε_i``;
- ρ-zCDP releases (discrete Gaussian) by adding ρ, ``ρ = Σ ρ_j``, stated as
  (ε, δ)-DP through ``ε(ρ, δ) = ρ + 2√(ρ ln(1/δ))`` at the policy's δ;
- the two together by basic composition: ``ε_spent = ε_pure + ε(ρ, δ)``.

A release that would take ε_spent above the policy's ``epsilon_budget`` is
refused before any noise is drawn, and nothing is recorded; one that fits is
charged (its entry committed) before any noise is drawn.
"""

import json
import math
from dataclasses import dataclass

from ..noise.dp_release import MECHANISM_GAUSSIAN, check_delta, zcdp_epsilon
from ..errors import N_, InputError, PolicyError

# Sums of ε given in decimals (0.1 + 0.2) must not be refused for a last bit of rounding.
BUDGET_TOLERANCE = 1e-9
# A δ from this up is no safeguard: the release may fail to protect someone outright with
# probability δ, which must lie well below one over the number of people.
LOOSE_DELTA = 1e-3


@dataclass(frozen=True)
class DpBudget:
    epsilon_budget: float
    delta: float  # None when the policy gives none (then only discrete Laplace releases)
    policy_hash: str


def dp_budget_policy(policy):
    """The ε budget and δ of a policy file; a policy without ``epsilon_budget`` is refused."""
    if policy is None or policy.get("epsilon_budget") is None:
        raise PolicyError(N_("A differentially private release needs a policy file with "
                             "epsilon_budget (the total ε the dataset's DP releases may spend, "
                             "e.g. epsilon_budget = 2) and, for the discrete Gaussian, delta."))
    return DpBudget(float(policy.get("epsilon_budget")),
                    None if policy.get("delta") is None else float(policy.get("delta")),
                    policy.policy_hash)


def loose_delta_notice(plan):
    """A notice (template, params) when a discrete Gaussian plan's δ is no safeguard, else None."""
    if plan.mechanism != MECHANISM_GAUSSIAN or plan.delta < LOOSE_DELTA:
        return None
    return (N_("δ = {delta:g} in the policy: the discrete Gaussian's ε holds only up to a "
               "probability δ of failing outright, and δ must lie well below one over the number "
               "of people (e.g. delta = 1e-6). At this δ the safeguard is off."),
            {"delta": plan.delta})


def dp_releases_of(entries, dataset):
    """The DP release entries of a dataset (names compared by ``ledger.name_key``)."""
    from .store import ENTRY_DP_RELEASE, name_key

    key = name_key(dataset)
    return [entry for entry in entries
            if entry["entry_type"] == ENTRY_DP_RELEASE and name_key(entry["dataset"]) == key]


def entry_loss(entry):
    """(ε of pure releases, ρ of zCDP releases) recorded in one DP entry."""
    try:
        details = json.loads(entry["details"])
        if details["mechanism"] == MECHANISM_GAUSSIAN:
            loss = (0.0, float(details["rho"]))
        else:
            loss = (float(details["epsilon"]), 0.0)
    except (TypeError, ValueError, KeyError) as error:
        raise InputError(N_("The DP entry {seq} (release {release}) of the ledger has no readable "
                            "ε: the budget cannot be computed. Restore the ledger from a backup "
                            "and investigate."), seq=entry.get("seq"),
                         release=entry.get("release_id")) from error
    if not all(math.isfinite(value) and value >= 0 for value in loss):
        raise InputError(N_("The DP entry {seq} (release {release}) of the ledger has no readable "
                            "ε: the budget cannot be computed. Restore the ledger from a backup "
                            "and investigate."), seq=entry.get("seq"),
                         release=entry.get("release_id"))
    return loss


def epsilon_spent(pure, rho, delta):
    """ε_pure + ε(ρ, δ): the (ε, δ) loss of the releases together (δ needed when ρ > 0)."""
    if rho <= 0:
        return float(pure)
    return float(pure) + zcdp_epsilon(rho, check_delta(delta))


@dataclass(frozen=True)
class DpSpend:
    """A dataset's loss so far: sums over its DP entries and the ε they amount to."""

    releases: int
    epsilon_pure: float
    rho: float
    epsilon: float


def spend_of(entries, dataset, delta):
    losses = [entry_loss(entry) for entry in dp_releases_of(entries, dataset)]
    pure = math.fsum(loss[0] for loss in losses)
    rho = math.fsum(loss[1] for loss in losses)
    return DpSpend(len(losses), pure, rho, epsilon_spent(pure, rho, delta))


@dataclass(frozen=True)
class DpDecision:
    passed: bool
    problems: tuple  # (template, params) pairs, untranslated
    epsilon_before: float
    epsilon_spent: float  # after this release
    epsilon_remaining: float
    prior_releases: int


def evaluate_dp_budget(plan, budget, entries, dataset, release_id):
    """Check one DP release (a ``dp_release.NoisePlan``) against the dataset's budget."""
    from .store import duplicate_release_id

    problems = []
    delta = budget.delta
    if plan.mechanism == MECHANISM_GAUSSIAN and delta is not None and plan.delta != delta:
        raise InputError(N_("The release is planned at δ = {plan}, the policy gives {policy}."),
                         plan=plan.delta, policy=delta)
    before = spend_of(entries, dataset, delta)
    duplicate = duplicate_release_id(entries, dataset, release_id)
    if duplicate is not None:
        problems.append(duplicate)
    pure = before.epsilon_pure + (0.0 if plan.rho is not None else plan.epsilon)
    rho = before.rho + (plan.rho or 0.0)
    after = epsilon_spent(pure, rho, delta)
    if after > budget.epsilon_budget * (1 + BUDGET_TOLERANCE):
        problems.append((N_("This release (ε = {epsilon:g}, {mechanism}) would bring the dataset's "
                            "spent ε from {before:.4g} to {after:.4g}, above its epsilon_budget "
                            "{budget:g}: it is refused before any noise is drawn, and nothing is "
                            "recorded. Release with a smaller ε, or not at all; raising the "
                            "budget is a change of policy."),
                         {"epsilon": plan.epsilon, "mechanism": plan.mechanism,
                          "before": before.epsilon, "after": after,
                          "budget": budget.epsilon_budget}))
    return DpDecision(not problems, tuple(problems), before.epsilon, after,
                      max(budget.epsilon_budget - after, 0.0), before.releases)


def record_dp_release(ledger, dataset, release_id, plan, budget, make_release, plugin_version=""):
    """Check the budget and charge the release's ε in one ledger transaction, then make it.

    The entry is committed before ``make_release(decision, head)`` draws any
    noise or writes any output (``head``: the release's own entry, which the
    output carries); when making the release fails, the ε stays spent (a
    release that may have escaped is spent budget). A ledger that cannot be
    written refuses the release before any noise. Two concurrent calls are
    serialised, so neither spends budget the other already used. Returns
    (decision, ledger ``Head``, what ``make_release`` returned, None when refused).
    """
    from .names import check_name
    from .store import ENTRY_DP_RELEASE, head_of

    check_name(dataset)
    check_name(release_id)
    # A first look, read only: a refusal leaves no trace, not even a new ledger file.
    entries = ledger.read_entries()
    decision = evaluate_dp_budget(plan, budget, entries, dataset, release_id)
    if not decision.passed:
        return decision, head_of(entries), None
    with ledger.transaction() as transaction:  # checked again under the write lock
        decision = evaluate_dp_budget(plan, budget, transaction.entries, dataset, release_id)
        if not decision.passed:
            return decision, transaction.head(), None
        details = {
            "mechanism": plan.mechanism, "epsilon": plan.epsilon, "rho": plan.rho,
            "delta": plan.delta if plan.rho is not None else budget.delta,
            "max_cells_per_person": plan.m,
            "levels": [{"resolution_m": level.resolution, "epsilon": level.epsilon,
                        "rho": level.rho if plan.rho is not None else None}
                       for level in plan.levels],
            "epsilon_budget": budget.epsilon_budget, "epsilon_spent": decision.epsilon_spent,
            "epsilon_remaining": decision.epsilon_remaining}
        head = transaction.append(entry_type=ENTRY_DP_RELEASE, dataset=dataset,
                                  release_id=release_id, policy_hash=budget.policy_hash,
                                  plugin_version=plugin_version,
                                  details=json.dumps(details, sort_keys=True))
    return decision, head, make_release(decision, head)


def remaining_by_dataset(entries, budget=None):
    """(dataset, DP releases, ε spent, ε budget, ε remaining) for every dataset with a DP release.

    Without ``budget`` each dataset is judged by the budget and δ recorded with its latest DP
    release (what the re-assessment reports from the ledger alone).
    """
    from .store import ENTRY_DP_RELEASE, name_key

    latest = {}
    for entry in entries:
        if entry["entry_type"] == ENTRY_DP_RELEASE:
            key = name_key(entry["dataset"])
            latest[key] = (latest.get(key, (entry["dataset"],))[0], entry)
    rows = []
    for name, entry in latest.values():
        if budget is None:
            try:
                details = json.loads(entry["details"])
                dataset_budget = DpBudget(float(details["epsilon_budget"]), details.get("delta"),
                                          entry["policy_hash"])
            except (TypeError, ValueError, KeyError) as error:
                raise InputError(N_("The DP entry {seq} (release {release}) of the ledger has no "
                                    "readable ε: the budget cannot be computed. Restore the "
                                    "ledger from a backup and investigate."),
                                 seq=entry.get("seq"), release=entry.get("release_id")) from error
        else:
            dataset_budget = budget
        spend = spend_of(entries, name, dataset_budget.delta)
        rows.append((name, spend.releases, spend.epsilon, dataset_budget.epsilon_budget,
                     max(dataset_budget.epsilon_budget - spend.epsilon, 0.0)))
    return rows


@dataclass(frozen=True)
class DpGateResult:
    passed: bool
    problems: tuple  # (template, params) pairs, untranslated
    epsilon: float  # the release's ε (None when unreadable)
    mechanism: str
    records: int
    min_count: int


def evaluate_dp_gate(methods, counts, epsilons, mechanisms, policy_hashes, budget):
    """The gate's check of a DP release: its ε and mechanism against the policy, instead of k.

    Every record must be of the release (``method`` = dp) with a whole count of 0 or more,
    one ε within the policy's epsilon_budget, one mechanism the policy supports (the
    discrete Gaussian needs delta) and the policy's hash: missing evidence never passes.
    """
    from ..noise.dp_release import MECHANISMS

    problems = []
    n = len(methods)
    if n == 0:
        problems.append((N_("The DP release has no record: missing evidence never passes."), {}))
    others = sorted({str(method) for method in methods if method != "dp"})
    if others:
        problems.append((N_("The layer mixes a DP release with records of method(s) {methods}: "
                            "check each release on its own."), {"methods": ", ".join(others)}))
    bad_counts = [value for value in counts if value is None or isinstance(value, bool)
                  or not isinstance(value, (int, float)) or value != value or value < 0
                  or int(value) != value]
    if bad_counts:
        problems.append((N_("{count} record(s) of the DP release have a count that is missing or "
                            "not a whole number of 0 or more (e.g. {value!r})."),
                         {"count": len(bad_counts), "value": bad_counts[0]}))
    distinct_epsilon = {value for value in epsilons}
    epsilon = None
    if len(distinct_epsilon) != 1 or not all(
            isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and value > 0 for value in distinct_epsilon):
        problems.append((N_("The DP release must state one positive ε in its epsilon field, found "
                            "{values}: missing evidence never passes."),
                         {"values": ", ".join(sorted(map(str, distinct_epsilon))) or "none"}))
    else:
        epsilon = float(distinct_epsilon.pop())
        if epsilon > budget.epsilon_budget * (1 + BUDGET_TOLERANCE):
            problems.append((N_("The DP release spends ε = {epsilon:g}, more than the policy's "
                                "epsilon_budget {budget:g}."),
                             {"epsilon": epsilon, "budget": budget.epsilon_budget}))
    distinct_mechanism = set(mechanisms)
    mechanism = None
    if len(distinct_mechanism) != 1 or not distinct_mechanism <= set(MECHANISMS):
        problems.append((N_("The DP release must state one mechanism ({known}) in its mechanism "
                            "field, found {values}."),
                         {"known": ", ".join(MECHANISMS),
                          "values": ", ".join(sorted(map(str, distinct_mechanism))) or "none"}))
    else:
        mechanism = distinct_mechanism.pop()
        if mechanism == MECHANISM_GAUSSIAN and budget.delta is None:
            problems.append((N_("The DP release uses the discrete Gaussian, whose ε holds at a δ, "
                                "but the policy gives no delta."), {}))
    hashes = set(policy_hashes)
    if hashes != {budget.policy_hash}:
        problems.append((N_("The DP release was made under policy {made}, the gate checks policy "
                            "{now}: check it against the policy it was released under."),
                         {"made": ", ".join(sorted(str(h)[:12] for h in hashes)) or "none",
                          "now": budget.policy_hash[:12]}))
    valid_counts = [int(value) for value in counts if value not in bad_counts]
    return DpGateResult(not problems, tuple(problems), epsilon, mechanism, n,
                        min(valid_counts) if valid_counts else None)
