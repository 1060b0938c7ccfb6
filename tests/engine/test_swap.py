"""Targeted record swapping: the rate to the household, every high-risk household swapped or
listed, donors of the profile within the distance and two cells away or more, drawn by risk,
households moved whole, what an intruder who looks near the true cell finds, and bad input."""

import numpy as np
import pytest

from spatial_privacy_plugin.counting.cells import encode_key_columns
from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.swap import donors
from spatial_privacy_plugin.swap.households import grid_level, household_values, households_of, \
    nested, profile_codes, zone_level
from spatial_privacy_plugin.swap.summary import neighbourhood_shares
from spatial_privacy_plugin.swap.swapping import swap_households, swapped_locations


def census(n_households, seed=1, towns=20, spread=2500.0, categories=(8, 2)):
    """Persons in households (1 to 5 members) around towns in a 100 km square: household ids,
    x, y per person, risk attributes per person and the household size per person."""
    rng = np.random.default_rng(seed)
    size = rng.integers(1, 6, n_households)
    centres = rng.uniform(10_000, 90_000, (towns, 2))
    town = rng.integers(0, towns, n_households)
    hx = centres[town, 0] + rng.normal(0, spread, n_households)
    hy = centres[town, 1] + rng.normal(0, spread, n_households)
    household = np.repeat(np.arange(n_households), size)
    attributes = [rng.integers(0, n, len(household)) for n in categories]
    return household, hx[household], hy[household], attributes, size[household]


def prepared(n_households, sizes=(10_000.0, 1_000.0), seed=1, **options):
    household, x, y, attributes, size = census(n_households, seed, **options)
    homes = households_of(household, x, y, "household_id")
    levels = nested([grid_level(f"{s:g} m", homes.x, homes.y, (0.0, 0.0), s) for s in sizes])
    risk = encode_key_columns(attributes, len(household))
    profiles = [profile_codes(homes, {"household_size": size})]
    return homes, levels, risk, profiles


def run(homes, levels, risk, profiles, k=3, rate=0.05, distance=None, seed=7):
    return swap_households(homes, risk, [level.codes for level in levels], profiles, k, rate,
                           np.random.default_rng(seed), distance,
                           cells=[level.cells for level in levels])


def test_the_swapped_share_is_the_rate_to_the_household():
    # Two risk categories in dense towns: few high-risk households, donors everywhere.
    homes, levels, risk, profiles = prepared(100_000, categories=(2,), spread=4000.0)
    result = run(homes, levels, risk, profiles)
    assert 0 < len(result.pairs[result.pairs.targeted]) < 2_500
    assert result.target == 5_000 and result.households_swapped == 5_000
    assert (result.location_of != np.arange(homes.n)).sum() == 5_000
    # An odd number of households asked for rounds to whole swaps: within one household.
    small = run(*prepared(3_001, sizes=(10_000.0,), categories=(2,)), rate=0.1)
    assert small.target == small.households_swapped == 300


def test_high_risk_households_are_swapped_across_their_area_or_listed():
    homes, levels, risk, profiles = prepared(20_000)
    result = run(homes, levels, risk, profiles, distance=1500.0)
    high = np.flatnonzero(result.high_risk_level >= 0)
    assert len(high) > 1000 and len(result.unswapped) > 0  # the case tests both sides
    listed = set(result.unswapped["household"])
    for household in high.tolist():
        level = result.high_risk_level[household]
        codes = levels[level].codes
        moved = codes[result.location_of[household]] != codes[household]
        assert moved != (household in listed), household
    assert (result.location_of[list(listed)] == list(listed)).all()
    assert set(result.unswapped["reason"]) <= {donors.NO_PROFILE_MATCH, donors.BEYOND_DISTANCE,
                                               donors.DONORS_TAKEN}
    # Without a distance every high-risk household finds a donor here.
    assert len(run(homes, levels, risk, profiles).unswapped) == 0


def test_a_household_is_high_risk_by_sdcmicros_rule_at_its_top_most_level():
    homes, levels, risk, profiles = prepared(5_000)
    result = run(homes, levels, risk, profiles)
    for level, counts in enumerate(result.smallest_count):
        # Recount one household by hand: people of each member's category in its area.
        household = int(np.flatnonzero(result.high_risk_level == level)[0])
        members = np.flatnonzero(homes.of_person == household)
        area_of_person = levels[level].codes[homes.of_person]
        by_hand = min(int(((area_of_person == area_of_person[m]) & (risk == risk[m])).sum())
                      for m in members)
        assert counts[household] == by_hand < 3
        assert all(result.smallest_count[above][household] >= 3 for above in range(level))


def test_every_donor_matches_its_profile_lies_within_the_distance_and_two_cells_away():
    homes, levels, risk, profiles = prepared(20_000)
    tried = profiles + [(homes.size % 2).astype(np.int64)]  # then: the same size parity
    result = run(homes, levels, risk, tried, distance=3000.0)
    pairs = result.pairs
    assert len(pairs) > 1000
    for row in pairs.itertuples():
        assert tried[row.profile][row.recipient] == tried[row.profile][row.donor]
        cells = levels[row.level].cells
        assert np.abs(cells[row.recipient] - cells[row.donor]).max() >= 2
        distance = np.hypot(homes.x[row.recipient] - homes.x[row.donor],
                            homes.y[row.recipient] - homes.y[row.donor])
        assert row.distance == pytest.approx(distance) and distance <= 3000.0
    assert (pairs["profile"] == 0).mean() > 0.8


def test_households_move_whole_and_keep_their_composition():
    household, x, y, attributes, size = census(10_000)
    homes = households_of(household, x, y, "household_id")
    levels = nested([grid_level("1 km", homes.x, homes.y, (0.0, 0.0), 1000.0)])
    result = swap_households(homes, encode_key_columns(attributes, len(household)),
                             [levels[0].codes], [profile_codes(homes, {"size": size})], 3, 0.1,
                             np.random.default_rng(3))
    new_x, new_y = swapped_locations(homes, result)
    # A swap is an exchange: the locations are a permutation of the households' own.
    assert (result.location_of[result.location_of] == np.arange(homes.n)).all()
    assert sorted(zip(new_x[homes.first], new_y[homes.first])) == sorted(zip(homes.x, homes.y))
    again = households_of(household, new_x, new_y, "household_id")  # members together
    assert (again.size == homes.size).all()
    moved = result.location_of[household]
    assert (new_x == homes.x[moved]).all() and (new_y == homes.y[moved]).all()
    # Same-size donors: the number of people per area is unchanged at the swap level.
    before = np.bincount(levels[0].codes[household])
    after = np.bincount(levels[0].codes[moved], minlength=len(before))
    assert (before == after).all()


def test_counts_per_top_area_change_only_by_swaps_across_it():
    household, x, y, attributes, size = census(20_000)
    homes = households_of(household, x, y, "household_id")
    levels = nested([grid_level(f"{s:g} m", homes.x, homes.y, (0.0, 0.0), s)
                     for s in (10_000.0, 1_000.0)])
    result = swap_households(homes, encode_key_columns(attributes, len(household)),
                             [level.codes for level in levels], [], 3, 0.05,
                             np.random.default_rng(5))  # any donor: sizes differ
    top = levels[0].codes
    before = np.bincount(top[household], minlength=top.max() + 1)
    after = np.bincount(top[result.location_of[household]], minlength=top.max() + 1)
    expected = before.copy()
    crossing = 0
    for row in result.pairs.itertuples():
        for mover, place in ((row.recipient, row.donor), (row.donor, row.recipient)):
            if top[mover] != top[place]:
                expected[top[mover]] -= homes.size[mover]
                expected[top[place]] += homes.size[mover]
                crossing += 1
    assert (after == expected).all() and crossing > 0 and (after != before).any()


def test_the_donor_lies_two_cells_away_drawn_by_risk_within_the_distance():
    # 100 m cells. Household 0 (one unique person, cell (0, 0)) is at risk; the others are not
    # (2 or 6 people of category 1 each, alone in their cell). Same profile: 1 (nearest, next
    # cell), 2 (diagonal neighbour), 3 (two cells away, 2 people: risk 1/2) and 5 (four cells
    # away, 6 people: risk 1/6); 4 (two cells away) has another profile.
    xs = [50.0, 150.0, 150.0, 250.0, 250.0, 450.0]
    ys = [50.0, 50.0, 150.0, 50.0, 250.0, 50.0]
    sizes = [1, 2, 2, 2, 2, 6]
    household = np.repeat(np.arange(6), sizes)
    homes = households_of(household, np.array(xs)[household], np.array(ys)[household], "h")
    cells = nested([grid_level("100 m", homes.x, homes.y, (0.0, 0.0), 100.0)])
    risk = np.where(household == 0, 0, 1)
    profile = [np.array([0, 0, 0, 0, 1, 0])]

    def swap(distance, seed=1, profiles=profile, with_cells=True):
        return swap_households(homes, risk, [cells[0].codes], profiles, 2, 0.0,
                               np.random.default_rng(seed), distance,
                               cells=[cells[0].cells] if with_cells else None)
    donors_drawn = [swap(None, seed).pairs.iloc[0].donor for seed in range(400)]
    assert set(donors_drawn) == {3, 5}  # never the adjacent 1 or 2, nor 4 of the other profile
    # Drawn with probability proportional to risk: 3 (1/2) three times as often as 5 (1/6).
    assert 0.68 < donors_drawn.count(3) / 400 < 0.82
    # Without cells (zones) any other area qualifies, the adjacent cells included.
    assert {1, 2} & {swap(None, seed, with_cells=False).pairs.iloc[0].donor
                     for seed in range(50)}
    within = swap(300.0).pairs.iloc[0]
    assert (within.donor, within.distance) == (3, pytest.approx(200.0))
    refused = swap(150.0)  # only the adjacent households are within 150 m
    assert refused.pairs.empty and list(refused.unswapped["household"]) == [0]
    assert refused.unswapped.iloc[0].reason == donors.BEYOND_DISTANCE
    # A second profile is tried when the first finds nobody beyond the neighbourhood.
    lone = [np.array([0, 0, 0, 1, 1, 1]), np.zeros(6, np.int64)]
    fallback = swap(None, profiles=lone).pairs.iloc[0]
    assert fallback.donor in (3, 4, 5) and fallback.profile == 1
    assert swap(None, profiles=lone[:1]).unswapped.iloc[0].reason == donors.NO_PROFILE_MATCH


def test_few_swapped_households_are_published_next_to_their_true_cell():
    # Before the donors were drawn beyond the neighbourhood, the nearest donor put 90 % of the
    # swapped households here (and 89 % of the high-risk ones) within the 3 x 3 cells around
    # their true cell at the level of their risk (78 % and 66 % with 4 km, 1 km and 250 m).
    homes, levels, risk, profiles = prepared(20_000)
    for distance in (None, 25_000.0):
        result = run(homes, levels, risk, profiles, distance=distance)
        assert result.households_swapped > 5_000
        movers = np.concatenate([result.pairs.recipient, result.pairs.donor])
        size = np.array([10_000.0, 1_000.0])[np.tile(result.pairs.level, 2)]
        true = np.column_stack([homes.x[movers], homes.y[movers]]) // size[:, None]
        shown = result.location_of[movers]
        published = np.column_stack([homes.x[shown], homes.y[shown]]) // size[:, None]
        assert np.mean(np.abs(true - published).max(axis=1) <= 1) < 0.1
        shares = neighbourhood_shares(result, levels).set_index("group")
        assert shares.loc["swapped", "households"] == result.households_swapped
        assert shares.loc["swapped", "neighbourhood"] == pytest.approx(
            np.mean(np.abs(true - published).max(axis=1) <= 1))
        high = shares.loc["high_risk"]
        assert high.households == (result.high_risk_level >= 0).sum()
        # Only the high-risk households without a donor stay in their cell.
        assert high.same_cell == pytest.approx(len(result.unswapped) / high.households)
        assert high.same_cell <= high.neighbourhood < 0.1


def test_the_rate_draws_favour_risky_households():
    homes, levels, risk, profiles = prepared(30_000, categories=(3,), spread=3000.0)
    result = run(homes, levels, risk, profiles, rate=0.2)
    drawn = result.pairs[~result.pairs.targeted]["recipient"].to_numpy()
    lowest = result.smallest_count[-1]
    pool = result.high_risk_level < 0
    assert len(drawn) > 1000
    assert np.mean(1.0 / lowest[drawn]) > 1.2 * np.mean(1.0 / lowest[pool])


def test_the_same_seed_gives_the_same_swap_and_another_another():
    homes, levels, risk, profiles = prepared(5_000)
    first, again = run(homes, levels, risk, profiles), run(homes, levels, risk, profiles)
    assert first.pairs.equals(again.pairs)
    assert not first.pairs.equals(run(homes, levels, risk, profiles, seed=8).pairs)


def test_zones_and_grids_nest_and_label_their_areas():
    homes = households_of(np.arange(4), np.array([50.0, 150.0, 1050.0, 1150.0]),
                          np.full(4, 50.0), "h")
    zones = zone_level("regions", [0, 1, 1, 1], ["north", "south"])
    cells = grid_level("1 km", homes.x, homes.y, (0.0, 0.0), 1000.0)
    top, fine = nested([zones, cells])
    assert top.labels == ["north", "south"]
    assert len(set(fine.codes)) == 3 and fine.labels == ["north / 1000m_0_0", "south / 1000m_0_0",
                                                         "south / 1000m_1_0"]
    with pytest.raises(InputError, match="lie in no zone of 'regions'"):
        zone_level("regions", [0, -1, 1, 1], ["north", "south"])


@pytest.mark.parametrize("k, rate, distance, fragment", [
    (0, 0.05, None, "k must be a whole number of 1 or more"),
    (2.5, 0.05, None, "k must be a whole number of 1 or more"),
    (3, -0.1, None, "between 0 and 1"),
    (3, 1.5, None, "between 0 and 1"),
    (3, float("nan"), None, "between 0 and 1"),
    (3, 0.05, 0.0, "positive number of metres"),
    (3, 0.05, -5.0, "positive number of metres"),
])
def test_bad_parameters_are_refused(k, rate, distance, fragment):
    homes, levels, risk, profiles = prepared(200)
    with pytest.raises(InputError, match=fragment):
        run(homes, levels, risk, profiles, k=k, rate=rate, distance=distance)


def test_bad_households_are_refused():
    with pytest.raises(InputError, match="no household id in the field 'hh'"):
        households_of(np.array(["a", None, "b"], dtype=object), np.zeros(3), np.zeros(3), "hh")
    with pytest.raises(InputError, match=r"1 household\(s\) have members at different locations "
                                         r"\(e.g. household b"):
        households_of(np.array(["a", "b", "b"], dtype=object), np.array([0.0, 5.0, 9.0]),
                      np.zeros(3), "hh")
    with pytest.raises(InputError, match="no persons"):
        households_of(np.array([], dtype=object), np.zeros(0), np.zeros(0), "hh")
    homes = households_of(np.array([1, 1, 2]), np.zeros(3), np.zeros(3), "hh")
    with pytest.raises(InputError, match="'tenure' differs between members of 1 household"):
        household_values(homes, ["own", "rent", "own"], "tenure")
    with pytest.raises(InputError, match="at least one level"):
        swap_households(homes, np.zeros(3, np.int64), [], [], 3, 0.05, np.random.default_rng())


def test_the_report_figures_count_the_households_that_moved_per_level_and_area():
    from spatial_privacy_plugin.swap.summary import area_shares, distance_figure, level_shares

    # Households 0 (a unique person, cell 0_0) and 4 (cell 1_0) swap across the 200 m cells.
    homes = households_of(np.arange(5), np.array([50.0, 60.0, 70.0, 250.0, 260.0]),
                          np.full(5, 50.0), "h")
    cells = nested([grid_level("200 m", homes.x, homes.y, (0.0, 0.0), 200.0)])
    result = swap_households(homes, np.array([0, 1, 1, 1, 1]), [cells[0].codes],
                             [np.array([0, 1, 1, 0, 1])], 2, 0.0, np.random.default_rng(1), None)
    assert len(result.pairs) == 1 and set(result.pairs.iloc[0][["recipient", "donor"]]) == {0, 3}
    row = level_shares(result, cells).iloc[0]
    assert (row.areas, row.high_risk_swaps, row.rate_swaps, row.households_moved) == (2, 1, 0, 2)
    assert row.share_moved == pytest.approx(0.4)
    assert (row.area_share_min, row.area_share_max) == pytest.approx((1 / 3, 0.5))
    areas = area_shares(result, cells[0])
    assert list(areas["area"]) == ["200m_0_0", "200m_1_0"]
    assert list(areas["left"]) == list(areas["entered"]) == [1, 1]
    figure = distance_figure(result.pairs["distance"], 300.0, {
        "title": "t", "distance": "d", "swaps": "s", "limit": "limit {distance} m"})
    assert figure["data"][0]["x"] == [pytest.approx(200.0)]
    assert figure["layout"]["annotations"][0]["text"] == "limit 300 m"
    # The donor lies in the next cell (no cells were given: any other area qualified), so an
    # intruder who looks around a swapped household's true cell finds it.
    shares = neighbourhood_shares(result, cells).set_index("group")
    assert shares.loc["swapped"].tolist() == [2, 0.0, 1.0]
    assert shares.loc["high_risk"].tolist() == [1, 0.0, 1.0]
