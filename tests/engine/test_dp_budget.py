"""The ε budget of DP releases in the hash-chained ledger: composition, refusal, tampering."""

import json
import sqlite3

import pytest

from spatial_privacy_plugin.noise import dp_release
from spatial_privacy_plugin.ledger.budget import budget_policy, gate_release, summarise_zones
from spatial_privacy_plugin.ledger.dp_budget import DpBudget, dp_budget_policy, record_dp_release, \
    remaining_by_dataset, spend_of
from spatial_privacy_plugin.errors import InputError, PolicyError
from spatial_privacy_plugin.ledger.store import ENTRY_DP_RELEASE, Ledger, LedgerError
from spatial_privacy_plugin.policy import policy_from_mapping

BUDGET = DpBudget(2.0, 1e-6, "policy-hash")
SIZES = (1000.0, 2000.0)


def laplace(epsilon):
    return dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, epsilon, SIZES, 1)


def gaussian(epsilon, delta=1e-6):
    return dp_release.plan_noise(dp_release.MECHANISM_GAUSSIAN, epsilon, SIZES, 1, delta)


class Release:
    """A stand-in for drawing noise and writing the output: counts its calls."""

    def __init__(self):
        self.calls = 0

    def __call__(self, decision, head):
        self.calls += 1
        return "written"


def test_budget_2_takes_releases_of_1_and_1_and_refuses_the_third_before_any_noise(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    release = Release()
    for number, spent in ((1, 1.0), (2, 2.0)):
        decision, head, result = record_dp_release(ledger, "mobility", f"r{number}", laplace(1.0),
                                                   BUDGET, release)
        assert decision.passed and result == "written"
        assert decision.epsilon_spent == pytest.approx(spent)
        assert decision.epsilon_remaining == pytest.approx(2.0 - spent)
    entries_before = ledger.read_entries()
    decision, head, result = record_dp_release(ledger, "mobility", "r3", laplace(1.0), BUDGET,
                                               release)
    assert not decision.passed and result is None
    assert release.calls == 2  # the refused release never drew its noise
    assert ledger.read_entries() == entries_before  # and nothing was recorded
    assert head == (2, entries_before[-1]["entry_hash"])
    assert "epsilon_budget" in decision.problems[0][0]
    # Another dataset has its own budget; a smaller release still fits nowhere here.
    assert record_dp_release(ledger, "clinics", "r1", laplace(1.5), BUDGET, release)[0].passed
    assert not record_dp_release(ledger, "Mobility ", "r4", laplace(0.01), BUDGET, release)[0].passed


def test_decimal_epsilons_that_add_up_to_the_budget_pass(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    budget = DpBudget(0.3, None, "h")
    for number, epsilon in enumerate((0.1, 0.2)):
        assert record_dp_release(ledger, "d", f"r{number}", laplace(epsilon), budget,
                                 Release())[0].passed


def test_zcdp_releases_compose_by_adding_rho(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    plans = [gaussian(1.0) for _ in range(3)]
    for number, plan in enumerate(plans):
        decision = record_dp_release(ledger, "d", f"g{number}", plan, BUDGET, Release())[0]
        rho = sum(p.rho for p in plans[:number + 1])
        assert decision.epsilon_spent == pytest.approx(dp_release.zcdp_epsilon(rho, 1e-6))
        assert decision.passed  # three releases at ε = 1 fit a budget of 2 under zCDP
    assert decision.epsilon_spent < 2.0 < 3.0
    spend = spend_of(ledger.read_entries(), "d", 1e-6)
    assert spend.rho == pytest.approx(3 * plans[0].rho) and spend.epsilon_pure == 0.0
    # A pure-ε release adds its ε to the zCDP figure (basic composition).
    decision = record_dp_release(ledger, "d", "l1", laplace(0.2), BUDGET, Release())[0]
    assert decision.passed
    assert decision.epsilon_spent == pytest.approx(0.2 + dp_release.zcdp_epsilon(spend.rho, 1e-6))
    gauss_entries = [json.loads(entry["details"]) for entry in ledger.read_entries()]
    assert [details["mechanism"] for details in gauss_entries] == ["discrete gaussian"] * 3 + [
        "discrete laplace"]


def test_the_epsilon_is_charged_before_the_release_is_made_and_stays_spent_when_it_fails(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    seen = []

    def broken(decision, head):
        seen.append((head, ledger.read_entries()))  # the entry is committed before any noise
        raise InputError("the output could not be written")
    with pytest.raises(InputError):
        record_dp_release(ledger, "d", "r1", laplace(1.0), BUDGET, broken)
    (head, committed), = seen
    assert [entry["release_id"] for entry in committed] == ["r1"]
    assert head == (1, committed[0]["entry_hash"])
    assert ledger.read_entries() == committed  # a release that may have escaped is spent budget
    decision = record_dp_release(ledger, "d", "r2", laplace(1.5), BUDGET, Release())[0]
    assert not decision.passed and decision.epsilon_before == pytest.approx(1.0)


def test_a_release_id_is_used_once_per_dataset_across_kinds_both_ways(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    risk_policy = budget_policy(per_release_ceiling=0.05, cumulative_ceiling=0.2)
    zones = summarise_zones(["a"], [0.01], [10], zones_hash=["z"])
    gate_release(ledger, "d", "2026-01", zones, risk_policy)
    decision = record_dp_release(ledger, "d", "2026-01 ", laplace(0.5), BUDGET, Release())[0]
    assert not decision.passed and "already in the ledger" in decision.problems[0][0]
    assert record_dp_release(ledger, "d", "2026-02", laplace(0.5), BUDGET, Release())[0].passed
    kinds = [entry["entry_type"] for entry in ledger.read_entries()]
    assert kinds == ["release", ENTRY_DP_RELEASE]
    # The risk budget gate sees the DP release's id too (read only and recording alike).
    for record in (False, True):
        taken = gate_release(ledger, "d", "2026-02", zones, risk_policy, record=record)[0]
        assert not taken.passed and "already in the ledger" in taken.problems[0][0]
        assert taken.problems[0][1]["recorded"] == "2026-02"
    assert gate_release(ledger, "other dataset", "2026-02", zones, risk_policy)[0].passed
    assert gate_release(ledger, "d", "2026-03", zones, risk_policy)[0].passed
    assert len(ledger.read_entries()) == 4


def _ledger_with_dp_releases(tmp_path, count):
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    for number in range(1, count + 1):
        record_dp_release(ledger, "d", f"r{number}", laplace(0.5), BUDGET, Release())
    return path, ledger


def test_negative_control_an_edited_epsilon_blocks_and_is_named(tmp_path):
    path, ledger = _ledger_with_dp_releases(tmp_path, 3)
    with sqlite3.connect(path) as connection:
        details = connection.execute("SELECT details FROM ledger WHERE release_id = 'r2'").fetchone()[0]
        edited = json.dumps(dict(json.loads(details), epsilon=0.01), sort_keys=True)
        connection.execute("UPDATE ledger SET details = ? WHERE release_id = 'r2'", (edited,))
    with pytest.raises(LedgerError, match="entry 2 .*release r2.* was changed"):
        record_dp_release(ledger, "d", "r4", laplace(0.1), BUDGET, Release())


def test_a_deleted_dp_entry_is_detected(tmp_path):
    path, ledger = _ledger_with_dp_releases(tmp_path, 3)
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM ledger WHERE seq = 3")
    with pytest.raises(LedgerError, match="deleted"):
        record_dp_release(ledger, "d", "r4", laplace(0.1), BUDGET, Release())
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM ledger WHERE seq = 1")
    with pytest.raises(LedgerError, match="deleted"):
        ledger.read_entries()


def test_remaining_epsilon_per_dataset(tmp_path):
    _, ledger = _ledger_with_dp_releases(tmp_path, 3)
    record_dp_release(ledger, "other", "x", laplace(0.25), BUDGET, Release())
    rows = remaining_by_dataset(ledger.read_entries(), BUDGET)
    assert [(name, count) for name, count, _, _, _ in rows] == [("d", 3), ("other", 1)]
    assert [spent for _, _, spent, _, _ in rows] == pytest.approx([1.5, 0.25])
    assert [left for _, _, _, _, left in rows] == pytest.approx([0.5, 1.75])
    # From the ledger alone: each dataset under the budget recorded with its latest release.
    record_dp_release(ledger, "other", "y", laplace(0.25), DpBudget(3.0, None, "h2"), Release())
    recorded = remaining_by_dataset(ledger.read_entries())
    assert [(name, budget) for name, _, _, budget, _ in recorded] == [("d", 2.0), ("other", 3.0)]
    assert recorded[1][4] == pytest.approx(2.5)


def test_the_policy_file_gives_the_budget_and_delta():
    base = {"rho": 0.1, "tolerance": 0.2, "counting_unit": "person"}
    budget = dp_budget_policy(policy_from_mapping(dict(base, epsilon_budget=2, delta=1e-6)))
    assert (budget.epsilon_budget, budget.delta) == (2.0, 1e-6)
    with pytest.raises(PolicyError, match="epsilon_budget"):
        dp_budget_policy(policy_from_mapping(base))
    for bad in ({"epsilon_budget": 0}, {"epsilon_budget": "2"}, {"epsilon_budget": float("inf")},
                {"delta": 1.0}, {"delta": 0}, {"delta": True}):
        with pytest.raises(PolicyError):
            policy_from_mapping(dict(base, **bad))


def test_a_gaussian_release_needs_delta_in_the_policy(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    record_dp_release(ledger, "d", "g1", gaussian(0.5), DpBudget(2.0, 1e-6, "h"), Release())
    with pytest.raises(InputError, match="delta"):
        record_dp_release(ledger, "d", "l1", laplace(0.5), DpBudget(2.0, None, "h"), Release())


def test_a_delta_that_is_no_safeguard_is_named():
    from spatial_privacy_plugin.ledger.dp_budget import loose_delta_notice
    template, values = loose_delta_notice(gaussian(1.0, delta=0.9))
    assert template.format(**values).startswith("δ = 0.9 in the policy")
    assert loose_delta_notice(gaussian(1.0, delta=1e-6)) is None
    assert loose_delta_notice(laplace(1.0)) is None
