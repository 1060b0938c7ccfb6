import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.risk.measures import household_risk, individual_risk, key_codes, \
    neighbourhood_rareness, population_uniqueness, record_risk, wilson_interval, worst_and_pooled, \
    zone_table, zones_hash


def ihsn_example():
    """Ten records with the key groups of the IHSN SDC Practice guide, Table 4.1.

    Groups (f_k, F̂_k): (2, 360), (1, 215) twice, (2, 152), (1, 186), (1, 180),
    (2, 262): the guide's record risks are reproduced from these frequencies.
    """
    rows = [("urban", "female", "secondary incomplete", "employed", 180),
            ("urban", "female", "secondary incomplete", "employed", 180),
            ("urban", "female", "primary incomplete", "non-LF", 215),
            ("urban", "male", "secondary complete", "employed", 76),
            ("rural", "female", "secondary complete", "unemployed", 186),
            ("urban", "male", "secondary complete", "employed", 76),
            ("urban", "female", "primary complete", "non-LF", 180),
            ("urban", "male", "post-secondary", "unemployed", 131),
            ("urban", "female", "secondary incomplete", "non-LF", 215),
            ("urban", "male", "post-secondary", "unemployed", 131)]
    frame = pd.DataFrame(rows, columns=["residence", "gender", "education", "labour", "weight"])
    return frame


def test_ihsn_example_exactly():
    frame = ihsn_example()
    keys = ["residence", "gender", "education", "labour"]
    result = record_risk([frame[k].tolist() for k in keys], keys, weights=frame["weight"].tolist())
    expected = [0.005424520, 0.005424520, 0.025096439, 0.012563425, 0.028247279,
                0.012563425, 0.029010932, 0.007403834, 0.025096439, 0.007403834]
    assert np.allclose(result.risk, expected, atol=1e-9, rtol=0)
    assert result.expected_reidentifications == pytest.approx(0.1582, abs=5e-5)
    assert result.sample_unique.tolist() == [False, False, True, False, True, False, True, False, True, False]


def test_a_census_gives_one_over_f():
    assert individual_risk([1, 2, 5], [1, 2, 5]).tolist() == [1.0, 0.5, 0.2]
    result = record_risk([["a", "a", "b"]], ["k"])
    assert result.risk.tolist() == [0.5, 0.5, 1.0]


def test_household_risk_of_three():
    risk = household_risk([0.02, 0.03, 0.03, 0.5], ["h1", "h1", "h1", "h2"])
    assert risk[:3] == pytest.approx([0.077918] * 3, abs=1e-6)
    assert risk[3] == pytest.approx(0.5)


def test_wilson_interval_on_known_values():
    low, high = wilson_interval(850, 1000)
    assert (low + high) / 2 == pytest.approx(0.849, abs=5e-4)
    assert (high - low) / 2 == pytest.approx(0.022, abs=5e-4)


def test_null_keys_and_bad_weights_are_refused():
    with pytest.raises(InputError, match="explicit category"):
        key_codes([["a", None, "b"]], ["age"])
    with pytest.raises(InputError, match="weight"):
        record_risk([["a", "b"]], ["k"], weights=[10, 0])
    with pytest.raises(InputError, match="weight"):
        record_risk([["a", "b"]], ["k"], weights=[10, -3])
    with pytest.raises(InputError, match="weight"):
        record_risk([["a", "b"]], ["k"], weights=[10, None])


def test_register_frequencies_flag_population_uniques():
    result = record_risk([["a", "b", "b"]], ["k"], population=[1, 40, 40])
    assert result.population_unique.tolist() == [True, False, False]
    with pytest.raises(InputError, match="population frequency"):
        record_risk([["a", "b", "b"]], ["k"], population=[1, 1, 40])


def test_the_worst_zone_is_the_sparse_periphery_and_the_pooled_mean_hides_it():
    # 10 000 records in the city at risk 0.01; 10 in the periphery at risk 0.3.
    zone = np.array([0] * 10_000 + [1] * 10)
    risk = np.array([0.01] * 10_000 + [0.3] * 10)
    table = zone_table(zone, ["city", "periphery"], risk, np.zeros(10_010, dtype=bool))
    worst_zone, worst, pooled = worst_and_pooled(table)
    assert worst_zone == "periphery" and worst == pytest.approx(0.3)
    assert pooled == pytest.approx(0.0103, abs=1e-4)
    assert worst / pooled > 25
    periphery = table.set_index("zone_id").loc["periphery"]
    assert periphery.p_reid_low < 0.3 < periphery.p_reid_high


def test_a_zone_without_records_has_no_estimate():
    table = zone_table(np.array([0, 0]), ["a", "b"], np.array([0.1, 0.2]), np.array([True, False]),
                       method="uniqueness")
    assert table.p_reid.tolist()[0] == 0.5 and np.isnan(table.p_reid.tolist()[1])


def test_zones_hash_is_order_free_and_refuses_duplicate_ids():
    assert zones_hash(["a", "b"], [b"1", b"2"]) == zones_hash(["b", "a"], [b"2", b"1"])
    assert zones_hash(["a", "b"], [b"1", b"2"]) != zones_hash(["a", "b"], [b"1", b"3"])
    with pytest.raises(InputError, match="repeats"):
        zones_hash(["a", "a"], [b"1", b"2"])


def test_neighbourhood_rareness_of_continuous_keys():
    income = [1000, 1001, 1002, 1003, 9000]
    age = [30, 30, 31, 31, 80]
    rare, distance = neighbourhood_rareness([income, age], radius=0.5)
    assert rare.tolist() == [False, False, False, False, True]


def test_population_uniqueness_against_a_synthetic_population():
    """Sample from a population whose true uniques are known, estimate, compare."""
    rng = np.random.default_rng(5)
    size = 200_000
    population = pd.DataFrame({
        "age": rng.choice(20, size=size, p=np.r_[np.full(10, 0.09), np.full(10, 0.01)]),
        "region": rng.choice(30, size=size),
        "job": rng.choice(25, size=size, p=np.r_[np.full(5, 0.16), np.full(20, 0.01)]),
        "sex": rng.choice(2, size=size),
    })
    keys = ["age", "region", "job", "sex"]
    population_count = population.groupby(keys)["age"].transform("size")
    fraction = 0.05
    sample = population[rng.random(size) < fraction]
    truly_unique = int((population_count[sample.index] == 1).sum())
    estimate = population_uniqueness([sample[k].tolist() for k in keys], keys,
                                     np.full(len(sample), 1 / fraction))
    assert truly_unique > 20
    assert estimate.expected_population_uniques == pytest.approx(truly_unique, rel=0.3)
    unique = np.isfinite(estimate.probability_unique)
    assert (estimate.probability_unique[unique] <= 1).all()
    assert (estimate.expected_inverse[unique] >= estimate.probability_unique[unique] - 1e-12).all()


def scalar_individual_risk(f, big_f):
    """Benedetti–Franconi risk of one record, case by case, in 60-digit decimals
    (the f = 2 formula cancels when F is just above f)."""
    from decimal import Decimal, localcontext
    with localcontext() as decimals:
        decimals.prec = 60
        p = min(Decimal(f) / Decimal(big_f), Decimal(1))
        if p == 1:
            return 1.0 / f
        ratio = p / (1 - p)
        if f == 1:
            return float(ratio * (1 / p).ln())
        if f == 2:
            return float(ratio - ratio ** 2 * (1 / p).ln())
        return float(p / (f - (1 - p)))


def test_risk_keeps_its_digits_when_weights_are_close_to_one():
    """F just above f: the f = 2 formula subtracts two numbers near 1e9 whose difference is
    about 1/2; computed as written it gave noise, far outside [0, 1]."""
    for excess in (1e-12, 1e-9, 1e-6, 1e-3, 0.5):
        for f in (1, 2, 3):
            big_f = f + excess
            risk = individual_risk(np.array([float(f)]), np.array([big_f]))[0]
            assert risk == pytest.approx(scalar_individual_risk(f, big_f), rel=1e-9), (f, excess)
            assert 0.0 < risk <= 1.0


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40).flatmap(lambda n: st.tuples(
    st.lists(st.sampled_from(["a", "b", "c"]), min_size=n, max_size=n),
    st.lists(st.integers(0, 2), min_size=n, max_size=n),
    st.one_of(st.none(), st.lists(st.floats(1.0, 50.0), min_size=n, max_size=n)),
    st.lists(st.integers(0, 5), min_size=n, max_size=n),
    st.lists(st.integers(0, 3), min_size=n, max_size=n))))
def test_record_and_zone_risk_match_a_record_by_record_reference(case):
    """Frequencies, risks, household risk and the zone table against plain loops."""
    import math
    first, second, weights, households, zones = case
    n = len(first)
    result = record_risk([first, second], ["first", "second"], weights, households=households)
    same = [[j for j in range(n) if (first[j], second[j]) == (first[i], second[i])]
            for i in range(n)]
    expected_f = [len(group) for group in same]
    expected_big_f = expected_f if weights is None else [sum(weights[j] for j in group)
                                                        for group in same]
    expected_risk = [scalar_individual_risk(f, big_f) for f, big_f in zip(expected_f, expected_big_f)]
    assert result.sample_frequency.tolist() == expected_f
    assert result.population_frequency.tolist() == pytest.approx(expected_big_f)
    assert result.risk.tolist() == pytest.approx(expected_risk)
    expected_household = [1.0 - math.prod(1.0 - expected_risk[j] for j in range(n)
                                          if households[j] == households[i]) for i in range(n)]
    assert result.household.tolist() == pytest.approx(expected_household, abs=1e-12)
    table = zone_table(zones, ["z0", "z1", "z2", "z3"], result.risk, result.sample_unique,
                       persons=households)
    for zone in range(4):
        members = [i for i in range(n) if zones[i] == zone]
        row = table.iloc[zone]
        assert row["n_records"] == len(members)
        assert row["n_sample_unique"] == sum(expected_f[i] == 1 for i in members)
        assert row["n_persons"] == len({households[i] for i in members})
        if members:
            assert row["p_reid"] == pytest.approx(sum(expected_risk[i] for i in members) / len(members))
        else:
            assert np.isnan(row["p_reid"])
