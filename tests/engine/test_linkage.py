import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.parallel import THREADS_VARIABLE
from spatial_privacy_plugin.risk.linkage import displace_within, join_simulation, \
    threshold_sentence_inputs
from spatial_privacy_plugin.risk.masking import donut_displacement, read_marginals, sample_auxiliary
from spatial_privacy_plugin.samples.synthetic import synthetic_trips


def hand_case():
    """Four targets, radius 10 m.

    a and b stand at the origin, b's own record 3 m away and x's record exactly 10 m away
    (closed disc: a candidate), so both see two candidates; c sees nothing within 10 m;
    d sees its own record and e's 1 m away, which has another sex.
    """
    release_xy = np.array([[0.0, 3.0], [6.0, 8.0], [500.0, 500.0], [500.0, 501.0]])
    release_truth = ["b", "x", "d", "e"]
    release_sex = ["F", "F", "M", "F"]
    auxiliary_xy = np.array([[0.0, 0.0], [0.0, 0.0], [200.0, 200.0], [500.0, 500.0]])
    auxiliary_truth = ["a", "b", "c", "d"]
    auxiliary_sex = ["F", "F", "F", "M"]
    return release_xy, release_truth, release_sex, auxiliary_xy, auxiliary_truth, auxiliary_sex


def test_hand_case_figures():
    r_xy, r_truth, r_sex, a_xy, a_truth, a_sex = hand_case()
    result = join_simulation(r_xy, a_xy, 10.0, ["sex"], [r_sex], [a_sex], r_truth, a_truth)
    location, with_sex = result.escalation.iloc[0], result.escalation.iloc[1]
    # Location only: a and b see the two points near the origin (one at exactly 10 m); c none;
    # d sees two points (500,500) and (500,501).
    assert location.attributes == "location"
    assert location.median_candidates == 2 and location.targets_with_no_candidate == 1
    assert location.pi_unique == 0.0 and location.pi_correct == 0.0 and location.precision == 0.0
    assert location.pi_marketer == pytest.approx((0.5 + 0.5 + 0 + 0.5) / 4)
    # With sex: a and b still see both F points near the origin; d only its own M record.
    assert with_sex.attributes == "location + sex"
    assert with_sex.pi_unique == pytest.approx(0.25) and with_sex.pi_correct == pytest.approx(0.25)
    assert result.candidates.tolist() == [2, 2, 0, 1]


def test_a_unique_but_wrong_match_lowers_precision():
    r_xy, r_truth, r_sex, a_xy, a_truth, a_sex = hand_case()
    # Without x's record, a and b each see one candidate: b's record (wrong for a).
    keep = [0, 2, 3]
    result = join_simulation(r_xy[keep], a_xy, 10.0, ["sex"], [[r_sex[i] for i in keep]], [a_sex],
                             [r_truth[i] for i in keep], a_truth)
    step = result.escalation.iloc[1]
    # a and b both single out release record 'b'; only b is right; d is right.
    assert step.pi_unique == pytest.approx(0.75)
    assert step.pi_correct == pytest.approx(0.5)
    assert step.precision == pytest.approx(2 / 3)


def test_without_truth_pi_correct_is_unknown_not_zero():
    r_xy, _, r_sex, a_xy, _, a_sex = hand_case()
    result = join_simulation(r_xy, a_xy, 10.0, ["sex"], [r_sex], [a_sex])
    assert result.escalation["pi_correct"].isna().all()
    assert result.escalation["precision"].isna().all()
    assert result.correct is None


def test_weights_give_weighted_shares():
    r_xy, r_truth, r_sex, a_xy, a_truth, a_sex = hand_case()
    weights = np.array([1.0, 1.0, 1.0, 5.0])
    result = join_simulation(r_xy, a_xy, 10.0, ["sex"], [r_sex], [a_sex], r_truth, a_truth, weights)
    assert result.escalation.iloc[1].pi_correct == pytest.approx(5 / 8)
    with pytest.raises(InputError, match="positive"):
        join_simulation(r_xy, a_xy, 10.0, weights=np.array([1.0, 0.0, 1.0, 1.0]))


def test_bad_join_input_is_refused():
    r_xy, r_truth, _, a_xy, a_truth, _ = hand_case()
    with pytest.raises(InputError, match="auxiliary layer has no records"):
        join_simulation(r_xy, a_xy[:0], 10.0)
    with pytest.raises(InputError, match="both layers"):
        join_simulation(r_xy, a_xy, 10.0, release_truth=r_truth)
    with pytest.raises(InputError, match="radius"):
        join_simulation(r_xy, a_xy, -1.0)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(5, 60), st.integers(1, 40))
def test_adding_a_quasi_identifier_never_adds_candidates(seed, n_release, n_targets):
    rng = np.random.default_rng(seed)
    r_xy = rng.uniform(0, 100, size=(n_release, 2))
    a_xy = rng.uniform(0, 100, size=(n_targets, 2))
    r_qids = [rng.integers(0, 3, n_release).tolist(), rng.choice(["u", "v"], n_release).tolist()]
    a_qids = [rng.integers(0, 3, n_targets).tolist(), rng.choice(["u", "v"], n_targets).tolist()]
    counts = []
    for step in range(3):
        result = join_simulation(r_xy, a_xy, 25.0, ["q1", "q2"][:step], r_qids[:step], a_qids[:step])
        counts.append(result.candidates)
        # Reference: a double loop over targets and release points.
        expected = [sum(1 for j in range(n_release)
                        if np.hypot(*(r_xy[j] - a_xy[i])) <= 25.0
                        and all(r_qids[q][j] == a_qids[q][i] for q in range(step)))
                    for i in range(n_targets)]
        assert result.candidates.tolist() == expected
    assert (counts[1] <= counts[0]).all() and (counts[2] <= counts[1]).all()


def test_the_escalation_is_the_same_on_one_thread_and_on_several(monkeypatch):
    people = synthetic_trips(2000).groupby("person_id").head(1)
    xy = people[["x", "y"]].to_numpy()
    release_xy = displace_within(xy, 1.0, 200.0, np.random.default_rng(5))
    names = ["age_band", "sex"]
    columns = [people[name].to_numpy() for name in names]
    truth = people["person_id"].to_numpy()
    results = []
    for threads in ("1", "2"):
        monkeypatch.setenv(THREADS_VARIABLE, threads)
        results.append(join_simulation(release_xy, xy[:300], 150.0, names, columns,
                                       [column[:300] for column in columns], truth, truth[:300]))
    pd.testing.assert_frame_equal(results[0].escalation, results[1].escalation)
    assert (results[0].candidates == results[1].candidates).all()


def test_positive_control_raw_data_is_reidentified_and_a_heavy_mask_is_not():
    trips = synthetic_trips(2_000).groupby("person_id").head(1)
    xy = trips[["x", "y"]].to_numpy()
    truth = trips["person_id"].tolist()
    qids = [trips["age_band"].tolist(), trips["sex"].tolist()]
    raw = join_simulation(xy, xy, 0.5, ["age_band", "sex"], qids, qids, truth, truth)
    assert raw.escalation.iloc[-1].pi_correct > 0.95
    rng = np.random.default_rng(7)
    dx, dy = donut_displacement(len(xy), 500.0, 2_000.0, rng)
    masked = join_simulation(xy + np.column_stack([dx, dy]), xy, 2_000.0, [], [], [], truth, truth)
    assert masked.escalation.iloc[0].pi_correct < 0.05


def test_donut_distances_lie_in_the_ring_and_squared_distance_is_uniform():
    rng = np.random.default_rng(20261129)
    dx, dy = donut_displacement(20_000, 100.0, 400.0, rng)
    distance = np.hypot(dx, dy)
    assert distance.min() >= 100.0 - 1e-9 and distance.max() <= 400.0 + 1e-9
    # Uniform over the ring's area <=> d^2 uniform on [r^2, R^2].
    statistic = stats.kstest(distance ** 2, stats.uniform(loc=100.0 ** 2, scale=400.0 ** 2 - 100.0 ** 2).cdf)
    assert statistic.pvalue > 0.01
    # A uniform *distance* would fail the same test (the common error).
    wrong = np.random.default_rng(1).uniform(100.0, 400.0, 20_000)
    assert stats.kstest(wrong ** 2, stats.uniform(loc=100.0 ** 2, scale=400.0 ** 2 - 100.0 ** 2).cdf).pvalue < 1e-6
    again = donut_displacement(20_000, 100.0, 400.0, np.random.default_rng(20261129))
    assert np.array_equal(again[0], dx) and np.array_equal(again[1], dy)
    with pytest.raises(InputError):
        donut_displacement(10, 400.0, 100.0, rng)


def test_displacement_moves_the_share_asked_for():
    rng = np.random.default_rng(3)
    xy = np.zeros((10_000, 2))
    moved = displace_within(xy, 0.05, 50.0, rng)
    distance = np.hypot(*moved.T)
    assert 0.04 < np.mean(distance > 0) < 0.06 and distance.max() <= 50.0
    assert (xy == 0).all()  # the input is not modified


def test_synthetic_auxiliary_matches_the_marginals_within_sampling_error():
    marginals = read_marginals(["sex", "sex", "age", "age", "age"], ["F", "M", "young", "mid", "old"],
                               [0.5, 0.5, 0.2, 0.5, 0.3])
    rng = np.random.default_rng(11)
    held, sampled = sample_auxiliary([None] * 20_000, marginals, 0.6, rng)
    assert abs(len(held) / 20_000 - 0.6) < 0.02
    n = len(held)
    for category, share in [("young", 0.2), ("mid", 0.5), ("old", 0.3)]:
        observed = np.mean(sampled["age"] == category)
        assert abs(observed - share) < 4 * np.sqrt(share * (1 - share) / n)


def test_marginals_per_zone_and_bad_tables():
    marginals = read_marginals(["sex"] * 4, ["F", "M", "F", "M"], [0.9, 0.1, 0.2, 0.8],
                               zones=["z1", "z1", "z2", "z2"])
    held, sampled = sample_auxiliary(["z1"] * 5_000 + ["z2"] * 5_000, marginals, 1.0,
                                     np.random.default_rng(2))
    assert np.mean(sampled["sex"][:5_000] == "F") > 0.85 and np.mean(sampled["sex"][5_000:] == "F") < 0.25
    with pytest.raises(InputError, match="add up"):
        read_marginals(["sex", "sex"], ["F", "M"], [0.5, 0.7])
    with pytest.raises(InputError, match="no zone"):
        sample_auxiliary(["z3"], marginals, 1.0, np.random.default_rng(1))


def test_threshold_sentence_finds_the_first_step_over_rho():
    r_xy, r_truth, r_sex, a_xy, a_truth, a_sex = hand_case()
    result = join_simulation(r_xy, a_xy, 10.0, ["sex"], [r_sex], [a_sex], r_truth, a_truth)
    row, figure = threshold_sentence_inputs(result.escalation, 0.1)
    assert figure == "pi_correct" and row.attributes == "location + sex"
    assert threshold_sentence_inputs(result.escalation, 0.5)[0] is None


def test_sequential_releases_intersect_the_candidate_sets():
    """Release 1 is the hand case; release 2 masks the same people again (link = pseudonym):
    b lies 1 m from the origin's targets, x is far away, d 1 m from its target and e far away."""
    r_xy, r_truth, r_sex, a_xy, a_truth, a_sex = hand_case()
    second_xy = np.array([[1.0, 0.0], [300.0, 300.0], [500.0, 499.0], [900.0, 900.0]])
    both_xy = np.vstack([r_xy, second_xy])
    links = ["p-b", "p-x", "p-d", "p-e"] * 2
    result = join_simulation(both_xy, a_xy, 10.0, ["sex"], [r_sex * 2], [a_sex], r_truth * 2,
                             a_truth, linked=(links, [0] * 4 + [1] * 4))
    location = result.escalation.iloc[0]
    # x and e are far from the targets in release 2: only b stays for a and b, only d for d.
    assert result.candidates.tolist() == [1, 1, 0, 1]
    assert location.pi_unique == pytest.approx(0.75) and location.pi_correct == pytest.approx(0.5)
    alone = join_simulation(r_xy, a_xy, 10.0, ["sex"], [r_sex], [a_sex], r_truth, a_truth)
    assert alone.escalation.iloc[0].pi_unique == 0.0  # one release alone singles out no one


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 3), st.integers(3, 25), st.integers(1, 15))
def test_linked_candidates_match_a_double_loop(seed, n_releases, n_subjects, n_targets):
    rng = np.random.default_rng(seed)
    home = rng.uniform(0, 60, size=(n_subjects, 2))
    xy, links, releases, sexes = [], [], [], []
    for release in range(n_releases):
        present = np.flatnonzero(rng.random(n_subjects) < 0.8)  # not everyone in every release
        xy.append(home[present] + rng.uniform(-10, 10, size=(len(present), 2)))
        links += present.tolist()
        releases += [release] * len(present)
        sexes += rng.choice(["F", "M"], len(present)).tolist()
    if not links:
        return
    xy = np.vstack(xy)
    a_xy = rng.uniform(0, 60, size=(n_targets, 2))
    a_sex = rng.choice(["F", "M"], n_targets).tolist()
    for step in range(2):
        result = join_simulation(xy, a_xy, 15.0, ["sex"][:step], [sexes][:step], [a_sex][:step],
                                 linked=(links, releases))
        expected = []
        for target in range(n_targets):
            count = 0
            for link in set(links):
                seen = {releases[j] for j in range(len(links)) if links[j] == link}
                near = {releases[j] for j in range(len(links)) if links[j] == link
                        and np.hypot(*(xy[j] - a_xy[target])) <= 15.0
                        and (step == 0 or sexes[j] == a_sex[target])}
                count += bool(near) and near == seen
            expected.append(count)
        assert result.candidates.tolist() == expected
