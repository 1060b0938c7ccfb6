"""Targeted record swapping (the census recipe before the cell key method): households and
their areas (``households``), the donors drawn by risk two cells away or more (``donors``) and
the swap itself (``swapping.swap_households``), with the figures of its report (``summary``).

From persons' arrays (one point each, at their household's dwelling)::

    homes = households_of(household_ids, x, y, "household_id")
    levels = nested([grid_level("10 km", homes.x, homes.y, origin, 10_000.0),
                     grid_level("1 km", homes.x, homes.y, origin, 1_000.0)])
    result = swap_households(homes, encode_key_columns([age, sex], len(x)),
                             [level.codes for level in levels],
                             [profile_codes(homes, {"size": homes.size[homes.of_person]})],
                             3, 0.05, numpy.random.default_rng(), 25_000.0,
                             cells=[level.cells for level in levels])
    new_x, new_y = swapped_locations(homes, result)
"""
