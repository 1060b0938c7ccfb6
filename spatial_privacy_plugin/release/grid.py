"""The grid engine's public names in one place, for the Processing glue and the tests.

Each name lives in the module of its concern: ``counting`` (person and key
codes, cell indices, distinct counts), ``totals`` (status labels, published
totals, the attacker's equalities and bounds), ``release`` (the suppressed
grid), ``sweep`` (the resolution sweep) and ``strata`` (a cell size per
stratum). Engine modules import from those directly.
"""

from ..counting.cells import CellCounts, PeopleTotal, cell_ids, cell_index, cell_positions, \
    check_coordinates, check_resolution, count_cells, default_origin, encode_key_columns, \
    encode_person_ids, parse_resolutions, people_total, series_keys, split_series_keys
from .grid_release import GridRelease, suppress, suppressed_grid, suppressed_grid_counted
from .strata import multi_resolution_grid, parse_stratum_resolutions
from .sweep import CLUSTERED_Z, morans_i, non_nested_pairs, recommended_resolution, \
    series_flips, stratified_sweep, sweep, sweep_counted
from .totals import ALL_STATUSES, MARGINAL_KINDS, MARGINALS_BOTH, MARGINALS_NONE, \
    MARGINALS_PARENTS, MARGINALS_TOTAL, STATUS_COMPLEMENTARY, STATUS_PRIMARY, STATUS_PUBLISHED, \
    STATUS_WITHHELD, Marginals, equalities_from_columns, published_release

__all__ = [
    "ALL_STATUSES", "CLUSTERED_Z", "CellCounts", "GridRelease", "MARGINAL_KINDS", "MARGINALS_BOTH",
    "MARGINALS_NONE", "MARGINALS_PARENTS", "MARGINALS_TOTAL", "Marginals", "PeopleTotal",
    "STATUS_COMPLEMENTARY", "STATUS_PRIMARY", "STATUS_PUBLISHED", "STATUS_WITHHELD", "cell_ids",
    "cell_index", "cell_positions", "check_coordinates", "check_resolution", "count_cells",
    "default_origin", "encode_key_columns", "encode_person_ids", "equalities_from_columns",
    "morans_i", "multi_resolution_grid", "non_nested_pairs",
    "parse_resolutions", "parse_stratum_resolutions", "people_total", "published_release",
    "recommended_resolution", "series_flips", "series_keys", "split_series_keys",
    "stratified_sweep", "suppress", "suppressed_grid", "suppressed_grid_counted", "sweep",
    "sweep_counted",
]
