"""Bad input × algorithm → a clear QgsProcessingException, never a traceback or a partial file.

The matrix is a table: each row names an input kind, the algorithms it applies
to, how it changes their good parameters and the fragment the message must
contain. ``GOOD`` gives every algorithm's good parameters (a test runs them, so
that no row passes because the base was broken). A new algorithm joins the
matrix with an entry in ``GOOD`` and its id in the rows that apply to it.

Every output of a case is a file in its own empty folder: a refused run must
leave that folder empty, and every file of the inputs folder as it was, byte
for byte (rows whose output lands on an input check that nothing was lost).
"""

import math

import pytest
from layers import cells_layer, point_layer
from matrix_layers import as_source_string, bow_tie, city_file, empty_points, file_contents, \
    household_apart, in_file, in_mixed_file, people, people_file, polygons, saved, without_crs, \
    without_household_id
from models import plain_algorithms
from qgis.core import NULL, QgsProcessingException

SWEEP, GRID, KGATE, JOIN = "resolutionsweep", "suppressedgrid", "kanonymitygate", "joinsimulation"
GEOMASK, SYNTHETIC, RECORD_RISK = "geomask", "syntheticauxiliary", "disclosurerisk"
ZONE_RISK, BUDGET, REASSESS = "zonerisk", "riskbudgetgate", "reassessreleases"
PTABLE, CKGRID = "ptable", "cellkeygrid"
DPGRID = "dpgrid"
SWAP = "recordswap"
COMPARE = "methodcomparison"
DROP = object()  # an override that removes a parameter

TRACEBACK_MARKERS = ("Traceback", "TypeError", "ValueError", "KeyError", "IndexError",
                     "AttributeError", "OverflowError", "ZeroDivisionError", "UnicodeDecodeError",
                     "FileNotFoundError", "NotADirectoryError", "OSError", "RuntimeError",
                     "NameError", "sqlite3.", "numpy.", "pandas.")
POLICY = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
DP_POLICY = POLICY + "epsilon_budget = 2\n"


# Layers ---------------------------------------------------------------------------------------

def counts(rows=((12, "published"), (15, "published")), fields="n_persons:integer,status:string"):
    return cells_layer([list(row) for row in rows], fields=fields)


def grid_polygons(cells):
    """Published cells by hand: ((x0, y0, side) or None for no geometry, count) per record."""
    features = []
    for square, count in cells:
        wkt = None
        if square is not None:
            x0, y0, side = square
            wkt = (f"POLYGON(({x0} {y0},{x0 + side} {y0},{x0 + side} {y0 + side},"
                   f"{x0} {y0 + side},{x0} {y0}))")
        features.append((wkt, [count, "published"]))
    return point_layer(features, "n_persons:integer,status:string", geometry="Polygon")


def grid_cells(count_kind="integer"):
    """Two 100 m cells with counts, and a parent polygon whose total is of ``count_kind``."""
    cells = point_layer([("POLYGON((0 0,100 0,100 100,0 100,0 0))", [12, "published"]),
                         ("POLYGON((100 0,200 0,200 100,100 100,100 0))", [15, "published"])],
                        "n_persons:integer,status:string", geometry="Polygon")
    total = "27" if count_kind == "string" else 27
    parent = point_layer([("POLYGON((0 0,200 0,200 100,0 100,0 0))", [total])],
                         f"n_persons:{count_kind}", geometry="Polygon")
    return cells, parent


def zones(overlap=False):
    second = "POLYGON((900 0,2000 0,2000 1000,900 1000,900 0))" if overlap else \
        "POLYGON((1000 0,2000 0,2000 1000,1000 1000,1000 0))"
    return point_layer([("POLYGON((0 0,1000 0,1000 1000,0 1000,0 0))", ["a"]), (second, ["b"])],
                       "zone_id:string", geometry="Polygon")


def zone_records():
    points = [((100 + 40 * i, 500), [f"p{i}", ["F", "M"][i % 2]]) for i in range(20)]
    points += [((1100 + 40 * i, 500), [f"q{i}", ["F", "M"][i % 2]]) for i in range(20)]
    return point_layer(points, "person_id:string,sex:string")


ZONE_TABLE_FIELDS = "zone_id:string,p_reid:double,n_records:integer,p_reid_low:double,zones_hash:{kind}"


def zone_table(rows=None, kind="string"):
    rows = rows or [["a", 0.01, 100, 0.005, "v1"], ["b", 0.02, 50, 0.01, "v1"]]
    return cells_layer(rows, fields=ZONE_TABLE_FIELDS.format(kind=kind))


def policy_file(folder, text, encoding="utf-8", name="policy.toml"):
    path = folder / name
    path.write_bytes(text.encode(encoding))
    return str(path)


def recorded_ledger(folder):
    """A ledger holding one release of dataset 'mobility' (written by the engine)."""
    from spatial_privacy_plugin.ledger.budget import budget_policy, gate_release, summarise_zones
    from spatial_privacy_plugin.ledger.store import Ledger
    path = folder / "recorded.sqlite"
    gate_release(Ledger(path), "mobility", "r1",
                 summarise_zones(["a", "b"], [0.01, 0.02], [100, 50], zones_hash=["v1", "v1"]),
                 budget_policy(per_release_ceiling=0.5, cumulative_ceiling=0.9))
    return path


def edited_ledger(folder):
    import sqlite3
    path = recorded_ledger(folder)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE ledger SET worst_p_reid = 0.0001")
    return str(path)


def dropped_ledger(folder):
    """The recorded ledger with its table dropped (the budget would silently restart)."""
    import sqlite3
    path = recorded_ledger(folder)
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE ledger")
    connection.close()
    return str(path)


def ledger_without(folder, column):
    """The recorded ledger rebuilt without one of its columns."""
    import sqlite3

    from spatial_privacy_plugin.ledger.store import LEDGER_COLUMNS
    path = recorded_ledger(folder)
    kept = ", ".join(name for name in LEDGER_COLUMNS if name != column)
    with sqlite3.connect(path) as connection:
        for statement in (f"CREATE TABLE copy AS SELECT {kept} FROM ledger", "DROP TABLE ledger",
                          "ALTER TABLE copy RENAME TO ledger"):
            connection.execute(statement)
    connection.close()
    return str(path)


IMMUTABLE = []  # files made read-only by a case, made writable again after it


@pytest.fixture(autouse=True)
def writable_again():
    yield
    import os
    import subprocess
    while IMMUTABLE:
        path = IMMUTABLE.pop()
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            path.chmod(0o755 if path.is_dir() else 0o644)


def read_only_ledger(folder):
    """The recorded ledger, unwritable (for root too: immutable)."""
    return read_only_path(recorded_ledger(folder))


def read_only_folder(folder):
    """A folder nothing can be written into (for root too: immutable)."""
    path = folder / "locked"
    path.mkdir()
    return read_only_path(path)


def read_only_path(path):
    import os
    import subprocess
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
        if done.returncode:
            pytest.skip(f"cannot make a file immutable here: {done.stderr.strip()}")
    else:
        path.chmod(0o555 if path.is_dir() else 0o444)
    IMMUTABLE.append(path)
    return path


def empty_ptable(folder):
    path = folder / "empty_ptable.csv"
    path.write_bytes(b"")
    return str(path)


A_HEAD = "1:" + "ab" * 32  # an entry no ledger of the matrix holds


def junk_key(folder):
    path = folder / "junk.key"
    path.write_text("not a key\n")
    return str(path)


def bad_ptable(folder):
    path = folder / "bad_ptable.csv"
    path.write_text("i,j,p\n0,0,1.0\n1,0,0.5\n1,2,0.4\n")
    return str(path)


def pinned_policy_of_an_edited_ptable(folder):
    """A cell key policy whose ptable_hash pins another table than its approved file now holds."""
    from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv

    write_ptable_csv(create_ptable(3, 2.0, 0), folder / "approved.csv")
    pinned = create_ptable(3, 2.5, 0).ptable_hash
    return policy_file(folder, POLICY + 'method = "cell key"\nckm_min_d = 3\nckm_min_v = 2\n'
                       f'ckm_min_js = 0\nptable = "approved.csv"\nptable_hash = "{pinned}"\n')


def junk_ledger(folder):
    path = folder / "junk.sqlite"
    path.write_bytes(b"not an sqlite file at all " * 100)
    return str(path)


# Every algorithm's good parameters: (inputs folder, outputs folder) -> parameters -------------

GOOD = {
    SWEEP: lambda i, o: {"INPUT": people(), "PERSON_FIELD": "person_id", "RHO": 0.25,
                         "RESOLUTIONS": "100,200", "OUTPUT": str(o / "sweep.gpkg"),
                         "CHART": str(o / "sweep.html")},
    GRID: lambda i, o: {"INPUT": people(), "PERSON_FIELD": "person_id", "RHO": 0.25,
                        "RESOLUTION": 100, "OUTPUT": str(o / "grid.gpkg")},
    KGATE: lambda i, o: {"INPUT": counts(), "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                         "RHO": 0.1, "OUTPUT": str(o / "checked.gpkg"),
                         "FAILED": str(o / "failed.gpkg")},  # written only when the gate fails
    JOIN: lambda i, o: {"RELEASE": people(), "AUXILIARY": people(), "RADIUS": 10.0,
                        "QID_FIELDS": ["sex"], "RELEASE_TRUTH_FIELD": "person_id",
                        "AUXILIARY_TRUTH_FIELD": "person_id", "RHO": 0.1,
                        "AUXILIARY_PROVENANCE": "test", "OUTPUT": str(o / "join.gpkg"),
                        "TARGETS": str(o / "targets.gpkg"), "CHART": str(o / "chart.html"),
                        "REPORT": str(o / "report.html")},
    GEOMASK: lambda i, o: {"INPUT": people(), "MIN_RADIUS": 10.0, "MAX_RADIUS": 50.0,
                           "OUTPUT": str(o / "masked.gpkg")},
    SYNTHETIC: lambda i, o: {"ADDRESSES": people(), "MARGINALS": cells_layer(
        [["sex", "F", 0.5], ["sex", "M", 0.5]], fields="attribute:string,category:string,share:double"),
        "COVERAGE": 0.6, "OUTPUT": str(o / "auxiliary.gpkg")},
    RECORD_RISK: lambda i, o: {"INPUT": people(), "KEY_FIELDS": ["sex"],
                               "OUTPUT": str(o / "risk.gpkg")},
    ZONE_RISK: lambda i, o: {"ZONES": zones(), "ZONE_ID_FIELD": "zone_id", "RECORDS": zone_records(),
                             "KEY_FIELDS": ["sex"], "PERSON_FIELD": "person_id",
                             "OUTPUT": str(o / "zones.gpkg")},
    BUDGET: lambda i, o: {"ZONE_RISK": zone_table(), "LEDGER": str(i / "ledger.sqlite"),
                          "DATASET": "mobility", "RELEASE_ID": "r1", "PER_RELEASE_CEILING": 0.5,
                          "CUMULATIVE_CEILING": 0.9, "OUTPUT": str(o / "record.gpkg")},
    REASSESS: lambda i, o: {"LEDGER": str(recorded_ledger(i)), "DATASET": "mobility",
                            "ZONE_RISK": zone_table(), "OUTPUT": str(o / "reassessment.gpkg")},
    PTABLE: lambda i, o: {"D": 3, "V": 2.0, "JS": 1, "OUTPUT": str(o / "ptable.csv")},
    CKGRID: lambda i, o: {"INPUT": people(), "PERSON_FIELD": "person_id",
                          "KEY_FILE": str(i / "programme.key"), "D": 3, "V": 2.0,
                          "RESOLUTION": 100, "POLICY": policy_file(i, POLICY),
                          "OUTPUT": str(o / "ckm.gpkg")},
    DPGRID: lambda i, o: {"INPUT": people(), "PERSON_FIELD": "person_id", "EPSILON": 1.0,
                          "RESOLUTIONS": "100,200", "EXTENT": "0,400,0,400 [EPSG:3035]",
                          "POLICY": policy_file(i, DP_POLICY, name="dp.toml"),
                          "LEDGER": str(i / "dp_ledger.sqlite"), "DATASET": "mobility",
                          "RELEASE_ID": "dp1", "OUTPUT": str(o / "dp.gpkg")},
    SWAP: lambda i, o: {"INPUT": people(), "HOUSEHOLD_FIELD": "household_id",
                        "PERSON_FIELD": "person_id", "RISK_FIELDS": ["sex"], "HIERARCHY": "200,100",
                        "OUTPUT": str(o / "swapped.gpkg"), "REPORT": str(o / "swap.html")},
    COMPARE: lambda i, o: {"INPUT": people(), "PERSON_FIELD": "person_id", "RHO": 0.25,
                           "RESOLUTIONS": "100,200", "D": 3, "V": 2.0,
                           "HOUSEHOLD_FIELD": "household_id",
                           "OUTPUT": str(o / "comparison.gpkg"),
                           "CHART": str(o / "comparison.html")},
}

POLICY_USERS = (SWEEP, GRID, KGATE, JOIN, ZONE_RISK, BUDGET, CKGRID, DPGRID, COMPARE)
RHO_USERS = (SWEEP, GRID, KGATE, JOIN, COMPARE)
POINT_INPUT = {SWEEP: "INPUT", GRID: "INPUT", JOIN: "RELEASE", GEOMASK: "INPUT", CKGRID: "INPUT",
               SYNTHETIC: "ADDRESSES", RECORD_RISK: "INPUT", ZONE_RISK: "RECORDS", DPGRID: "INPUT",
               SWAP: "INPUT", COMPARE: "INPUT"}
METRIC_ONLY = (SWEEP, GRID, JOIN, GEOMASK, CKGRID, DPGRID, SWAP, COMPARE)
BINNED = (SWEEP, GRID, JOIN, GEOMASK, SYNTHETIC, CKGRID, DPGRID, SWAP, COMPARE)


def with_policy(text, encoding="utf-8"):
    return lambda i, o: {"POLICY": policy_file(i, text, encoding), "RHO": DROP}


def at_point(names, location=None, person=None, crs="EPSG:3035"):
    return lambda i, o: {name: people(crs, location, person) for name in names}


# The layer each algorithm reads first (its parameter, a good layer), for outputs onto it.
MAIN_INPUT = {SWEEP: ("INPUT", people), GRID: ("INPUT", people), KGATE: ("INPUT", counts),
              JOIN: ("RELEASE", people), GEOMASK: ("INPUT", people),
              SYNTHETIC: ("ADDRESSES", people), RECORD_RISK: ("INPUT", people),
              ZONE_RISK: ("ZONES", zones), BUDGET: ("ZONE_RISK", zone_table),
              REASSESS: ("ZONE_RISK", zone_table), CKGRID: ("INPUT", people),
              DPGRID: ("INPUT", people), SWAP: ("INPUT", people)}


def output_onto_input(algorithm, as_layer=False):
    """The main input as the layer 'input' of inputs/input.gpkg, and OUTPUT that file (or that
    layer of it, as the dialog's Save to GeoPackage… writes it)."""
    name, make = MAIN_INPUT[algorithm]
    return lambda i, o: {name: saved(make(), i / "input.gpkg"), "OUTPUT": (
        f"ogr:dbname='{i / 'input.gpkg'}' table=\"input\" (geom)" if as_layer
        else str(i / "input.gpkg"))}


def zones_of_marginals(layer):
    """``layer`` as the zones of the synthetic auxiliary's marginals (zones a and b)."""
    shares = [["sex", sex, 0.5, zone] for zone in "ab" for sex in "FM"]
    return {"ZONES": layer, "ZONE_ID_FIELD": "zone_id", "MARGINALS": cells_layer(
        shares, fields="attribute:string,category:string,share:double,zone:string")}


def output_onto(parameter, make_input):
    """``parameter`` given the file ``make_input(inputs)`` makes, and OUTPUT that file too."""
    return lambda i, o: (lambda path: {parameter: path, "OUTPUT": path})(str(make_input(i)))


# input kind, algorithms, overrides (inputs, outputs) -> parameters, message fragment
ROWS = [
    ("TOML date in the policy", POLICY_USERS, with_policy(POLICY + "version = 2026-11-01\n"),
     "gives version as a date or time (2026-11-01)"),
    ("policy not UTF-8", POLICY_USERS, with_policy(POLICY + 'name = "Région"\n', "latin-1"),
     "is not UTF-8 text"),
    ("unparsable policy", POLICY_USERS, with_policy("rho = = 0.1\n"), "does not parse"),
    ("policy lacking a field", POLICY_USERS, with_policy("rho = 0.1\n"),
     "lacks the field(s) tolerance, counting_unit"),
    ("ρ outside (0, 1) in the policy", POLICY_USERS,
     with_policy(POLICY.replace("0.1", "1.5")), "rho must lie strictly between 0 and 1"),
    ("ρ = 1e-300 in the policy", POLICY_USERS, with_policy(POLICY.replace("0.1", "1e-300")),
     "asks for k = ⌈1/ρ⌉ above 1000000000"),
    ("ρ = 0", RHO_USERS, lambda i, o: {"RHO": 0.0}, "rho must lie strictly between 0 and 1"),
    ("ρ = 1", RHO_USERS, lambda i, o: {"RHO": 1.0}, "rho must lie strictly between 0 and 1"),
    ("ρ = 1e-300", RHO_USERS, lambda i, o: {"RHO": 1e-300}, "asks for k = ⌈1/ρ⌉ above 1000000000"),
    ("geographic CRS", METRIC_ONLY,
     lambda i, o: {name: people("EPSG:4326") for name in POINT_INPUT.values()},
     "is geographic (degrees): reproject to a metric CRS"),
    ("empty layer", (SWEEP, GRID, JOIN, GEOMASK, ZONE_RISK, CKGRID, DPGRID, SWAP, COMPARE),
     lambda i, o: {name: empty_points() for name in POINT_INPUT.values()}, "has no features"),
    ("null geometry", (SWEEP, GRID, JOIN, GEOMASK, ZONE_RISK, CKGRID, DPGRID, SWAP, COMPARE),
     at_point(POINT_INPUT.values(), "null"), "have no geometry or an empty one"),
    ("null geometry", (SYNTHETIC,), at_point(["ADDRESSES"], "null"), "have no geometry"),
    ("NULL person id", (SWEEP, GRID, CKGRID, DPGRID, SWAP, COMPARE),
     at_point(["INPUT"], person=NULL), "have a NULL id"),
    ("NaN coordinates", (SWEEP, GRID, JOIN, CKGRID, DPGRID, SWAP, COMPARE),
     in_file(POINT_INPUT.values(), (math.nan, 0.0)),
     "have NaN or infinite coordinates"),
    ("a layer name of 10,000 characters", tuple(POINT_INPUT),
     as_source_string(POINT_INPUT.values(), "layername=" + "x" * 10_000),
     "has no layer named '" + "x" * 30 + "… (10000 characters)'. Its layers: people."),
    ("a filter on a field the layer does not have", tuple(POINT_INPUT),
     as_source_string(POINT_INPUT.values(), 'layername=people|subset="nope" = 1'),
     "names the field(s) nope, which the layer does not have (its fields: fid, person_id, sex, "
     "household_id)"),
    ("a filter no feature matches", tuple(POINT_INPUT),
     as_source_string(POINT_INPUT.values(), "layername=people|subset=\"person_id\" = 'nobody'"),
     "selects none of the layer's 24 features"),
    ("a filter that is not SQL", tuple(POINT_INPUT),
     as_source_string(POINT_INPUT.values(), "layername=people|subset=nope nope"),
     "selects none of the layer's 24 features (read as an expression:"),
    ("NaN coordinates", (GEOMASK, SYNTHETIC), at_point(POINT_INPUT.values(), (math.nan, 0.0)),
     "have no geometry"),  # QGIS reads a NaN point as an empty geometry
    ("infinite coordinates", BINNED, at_point(POINT_INPUT.values(), (math.inf, 0.0)),
     "have NaN or infinite coordinates"),
    ("a coordinate of 1e300", BINNED, at_point(POINT_INPUT.values(), (1e300, 0.0)),
     "lie more than 1e+09 m from the CRS's origin"),
    ("a coordinate of 1e300, auxiliary", (JOIN,), at_point(["AUXILIARY"], (1e300, 0.0)),
     "lie more than 1e+09 m from the CRS's origin"),
    ("NaN coordinates, auxiliary", (JOIN,), in_file(["AUXILIARY"], (0.0, math.nan)),
     "have NaN or infinite coordinates"),
    ("resolution ≤ 0", (SWEEP, DPGRID, COMPARE), lambda i, o: {"RESOLUTIONS": "0,100"},
     "A cell size must be a positive number of metres"),
    ("resolution ≤ 0", (GRID, CKGRID), lambda i, o: {"RESOLUTION": 0.0},
     "A cell size must be a positive number of metres"),
    ("V > D²", (PTABLE, CKGRID, COMPARE), lambda i, o: {"D": 2, "V": 5.0}, "the variance is at most 4 (D²)"),
    ("JS > D", (PTABLE, CKGRID, COMPARE), lambda i, o: {"D": 2, "V": 1.0, "JS": 3},
     "JS = 3 is larger than D = 2"),
    ("PSTAY that no variance allows", (PTABLE,), lambda i, o: {"PSTAY": 0.2, "V": 0.5},
     "the noise is nonzero with probability 0.8, so its variance is at least 0.8"),
    ("key file that holds no key", (CKGRID, COMPARE), lambda i, o: {"KEY_FILE": junk_key(i)},
     "does not hold a key of 256 bits"),
    ("no key file and no record key field", (CKGRID,), lambda i, o: {"KEY_FILE": DROP},
     "Give the programme's secret key file"),
    ("record key outside [0, 1)", (CKGRID,), lambda i, o: {
        "INPUT": point_layer([((5.0, 5.0), ["a", 0.5]), ((15.0, 5.0), ["b", 1.5])],
                             "person_id:string,rkey:double"),
        "RECORD_KEY_FIELD": "rkey", "KEY_FILE": DROP},
     "1 record(s) have a record key in 'rkey' that is NULL, not a number or outside [0, 1)"),
    ("p-table row not summing to 1", (CKGRID, COMPARE), lambda i, o: {"PTABLE": bad_ptable(i), "D": DROP,
                                                             "V": DROP},
     "has probabilities summing to"),
    ("approved p-table edited after the policy pinned its hash", (CKGRID,),
     lambda i, o: {"POLICY": pinned_policy_of_an_edited_ptable(i)},
     "has changed since the policy pinned it"),
    ("audit parent factor below 2", (CKGRID,), lambda i, o: {"AUDIT_PARENT_FACTOR": 1},
     "AUDIT_PARENT_FACTOR"),
    ("unknown method in the policy", (CKGRID, KGATE, SWEEP, COMPARE),
     with_policy(POLICY + 'method = "noise"\n'), "method in"),
    ("cell key policy without its minimums", (CKGRID, KGATE, COMPARE),
     with_policy(POLICY + 'method = "cell key"\n'), "needs the minimums ckm_min_d, ckm_min_v"),
    ("count field missing", (KGATE,), lambda i, o: {"INPUT": counts(fields="count:integer,status:string")},
     "n_persons"),
    ("count field not numeric", (KGATE,),
     lambda i, o: {"INPUT": counts((("12", "published"),), "n_persons:string,status:string")},
     "n_persons"),
    ("text audit count field", (KGATE,), lambda i, o: dict(zip(
        ("INPUT", "AUDIT_LAYERS"), (lambda cells, parent: (cells, [parent]))(*grid_cells("string"))),
        AUDIT_COUNT_FIELD="n_persons"), "is string, not a number"),
    ("an audit layer whose areas overlap", (KGATE,), lambda i, o: {
        "INPUT": grid_cells()[0], "AUDIT_COUNT_FIELD": "n_persons", "AUDIT_LAYERS": [point_layer(
            [("POLYGON((0 0,150 0,150 100,0 100,0 0))", [20]),
             ("POLYGON((50 0,200 0,200 100,50 100,50 0))", [20])], "n_persons:integer",
            geometry="Polygon")]}, "areas that overlap"),
    ("an audit area without a geometry", (KGATE,), lambda i, o: {
        "INPUT": grid_cells()[0], "AUDIT_COUNT_FIELD": "n_persons", "AUDIT_LAYERS": [point_layer(
            [("POLYGON((0 0,200 0,200 100,0 100,0 0))", [27]), (None, [14])], "n_persons:integer",
            geometry="Polygon")]}, "has 1 feature(s) without a geometry (features 2)"),
    ("an invalid (self-intersecting) audit area", (KGATE,), lambda i, o: {
        "INPUT": grid_cells()[0], "AUDIT_COUNT_FIELD": "n_persons", "AUDIT_LAYERS": [point_layer(
            [("POLYGON((0 0,200 100,200 0,0 100,0 0))", [14])], "n_persons:integer",
            geometry="Polygon")]}, "has invalid geometries (features 1)"),
    ("a negative audit count", (KGATE,), lambda i, o: {
        "INPUT": grid_cells()[0], "AUDIT_COUNT_FIELD": "n_persons", "AUDIT_LAYERS": [point_layer(
            [("POLYGON((0 0,200 0,200 100,0 100,0 0))", [-27])], "n_persons:integer",
            geometry="Polygon")]}, "no whole number of 0 or more people (1: -27)"),
    ("a fractional audit count", (KGATE,), lambda i, o: {
        "INPUT": grid_cells()[0], "AUDIT_COUNT_FIELD": "n_persons", "AUDIT_LAYERS": [point_layer(
            [("POLYGON((0 0,200 0,200 100,0 100,0 0))", [26.5])], "n_persons:double",
            geometry="Polygon")]}, "no whole number of 0 or more people (1: 26.5)"),
    ("a fractional number of people", (KGATE,), lambda i, o: {"PERSONS_TOTAL": 7.5},
     "is 7.5, not a whole number of 0 or more"),
    ("stratum label in another case", (KGATE,), lambda i, o: {
        "INPUT": counts((("30", "published", "Rural"),), "n_persons:integer,status:string,band:string"),
        "STRATUM_FIELD": "band", "RHO": DROP,
        "POLICY": policy_file(i, POLICY + "[stratum_rho]\nrural = 0.04\n")},
     "The stratum label 'Rural' is not in the policy's [stratum_rho] (rural)"),
    ("stratum label with a trailing space", (KGATE,), lambda i, o: {
        "INPUT": counts((("30", "published", "rural "),), "n_persons:integer,status:string,band:string"),
        "STRATUM_FIELD": "band", "RHO": DROP,
        "POLICY": policy_file(i, POLICY + "[stratum_rho]\nrural = 0.04\n")},
     "The stratum label 'rural ' is not in the policy's [stratum_rho] (rural)"),
    ("NULL stratum label", (KGATE,), lambda i, o: {
        "INPUT": counts(((30, "published", NULL),), "n_persons:integer,status:string,band:string"),
        "STRATUM_FIELD": "band", "RHO": DROP,
        "POLICY": policy_file(i, POLICY + "[stratum_rho]\nrural = 0.04\n")},
     "no stratum label (NULL or empty) while the policy gives strata their own rho (rural)"),
    ("overlapping cells", (KGATE,), lambda i, o: {"INPUT": grid_polygons(
        [((0, 0, 1000), 12), ((250, 250, 250), 10)])}, "cells overlap"),
    ("a cell published twice", (KGATE,), lambda i, o: {"INPUT": grid_polygons(
        [((0, 0, 100), 12), ((0, 0, 100), 14)])}, "repeat a cell"),
    ("a record without geometry", (KGATE,), lambda i, o: {"INPUT": grid_polygons(
        [((0, 0, 100), 12), (None, 14)])}, "have no geometry"),
    ("a secret number of people given to the gate", (KGATE,), lambda i, o: {
        "POLICY": policy_file(i, POLICY + "population_total_secret = true\n"), "RHO": DROP,
        "PERSONS_TOTAL": 27}, "a number that is published is no secret"),
    ("a quasi-identifier missing from the release", (JOIN,), lambda i, o: {
        "RELEASE": point_layer([((50, 50), ["p0"])])}, "sex"),
    ("MAX_RADIUS = 1e300", (GEOMASK,), lambda i, o: {"MAX_RADIUS": 1e300},
     "larger than any distance on Earth"),
    ("chart in a missing folder", (JOIN, SWEEP, COMPARE), lambda i, o: {"CHART": str(o / "missing" / "c.html")},
     "does not exist: create it"),
    ("report in a missing folder", (JOIN, SWAP), lambda i, o: {"REPORT": str(o / "missing" / "r.md")},
     "does not exist: create it"),
    ("overlapping zones", (ZONE_RISK,), lambda i, o: {"ZONES": zones(overlap=True)},
     "The zones a and b overlap"),
    ("published zones that are points", (GRID,), lambda i, o: {"PUBLISHED_ZONES": [people()]},
     "is not a polygon layer"),
    ("published zones with no feature", (GRID,), lambda i, o: {"PUBLISHED_ZONES": [point_layer(
        [], "zone_id:string", geometry="Polygon")]}, "has no polygon"),
    ("published zones without a CRS", (GRID,), lambda i, o: {"PUBLISHED_ZONES": [
        without_crs(zones())]}, "has no valid CRS"),
    ("overlapping published zones", (GRID,), lambda i, o: {
        "PUBLISHED_ZONES": [zones(overlap=True)], "ZONE_COUNTS": str(o / "zones.gpkg")},
     "zones of one layer must not overlap"),
    ("published zones with an n_persons field", (GRID,), lambda i, o: {"PUBLISHED_ZONES": [
        point_layer([("POLYGON((0 0,300 0,300 200,0 200,0 0))", [5])], "n_persons:integer",
                    geometry="Polygon")]}, "which the zone counts output writes itself"),
    ("published zones beside a cell size per stratum", (GRID,), lambda i, o: {
        "PUBLISHED_ZONES": [zones()], "STRATUM_RESOLUTIONS": "core=100"},
     "leave out the cell size per stratum and the earlier releases"),
    ("an invalid (self-intersecting) published zone", (GRID,), lambda i, o: {
        "PUBLISHED_ZONES": [point_layer([("POLYGON((0 0,1000 1000,1000 0,0 1000,0 0))", ["bow"]),
                                         ("POLYGON((1000 0,2000 0,2000 1000,1000 1000,1000 0))",
                                          ["b"])], "zone_id:string", geometry="Polygon")],
        "ZONE_COUNTS": str(o / "zones.gpkg")}, "has invalid geometries (features 1)"),
    ("a published zone without a geometry", (GRID,), lambda i, o: {
        "PUBLISHED_ZONES": [point_layer([("POLYGON((0 0,1000 0,1000 1000,0 1000,0 0))", ["a"]),
                                         (None, ["b"])], "zone_id:string", geometry="Polygon")],
        "ZONE_COUNTS": str(o / "zones.gpkg")}, "has 1 feature(s) without a geometry (features 2)"),
    ("a published zone outside the grid CRS's area of use", (GRID,), lambda i, o: {
        # A vertex at the antipode of EPSG:3035's centre (52° N, 10° E) has no place in it.
        "PUBLISHED_ZONES": [point_layer([("POLYGON((-170 -52,-160 -52,-160 -40,-170 -52))",
                                          ["antipode"])], "zone_id:string", crs="EPSG:4326",
                                        geometry="Polygon")],
        "ZONE_COUNTS": str(o / "zones.gpkg")}, "cannot be reprojected to the grid's CRS"),
    ("the same published zones layer twice", (GRID,), lambda i, o: (lambda layer: {
        "PUBLISHED_ZONES": [layer, layer]})(zones()), "are given more than once"),
    ("two published zones layers of one name", (GRID,), lambda i, o: {
        "PUBLISHED_ZONES": [zones(), zones()]}, "Several published zones layers are named"),
    ("published zones beside published attribute fields", (GRID,), lambda i, o: {
        "PUBLISHED_ZONES": [zones()], "KEY_FIELDS": ["sex"]},
     "leave out the published attribute fields or the published zones"),
    ("NULL zone id", (BUDGET,), lambda i, o: {"ZONE_RISK": zone_table(
        [["a", 0.01, 100, 0.005, "v1"], [NULL, 0.02, 50, 0.01, "v1"]])}, "have no zone_id"),
    ("duplicate zone id", (BUDGET,), lambda i, o: {"ZONE_RISK": zone_table(
        [["a", 0.01, 100, 0.005, "v1"], ["a", 0.02, 50, 0.01, "v1"]])}, "zone id a appears 2 times"),
    ("negative n_records", (BUDGET,), lambda i, o: {"ZONE_RISK": zone_table(
        [["a", 0.01, 100, 0.005, "v1"], ["b", 0.02, -50, 0.01, "v1"]])},
     "n_records that is not a whole number of 0 or more (zone b"),
    ("p_reid_low = -5 gated on the lower bound", (BUDGET,), lambda i, o: {
        "GATE_ON": 1, "ZONE_RISK": zone_table([["a", 0.01, 100, 0.005, "v1"], ["b", 0.02, 50, -5, "v1"]])},
     "p_reid_low outside [0, 1] (zone b: -5.0)"),
    ("cell sizes not nested", (DPGRID,), lambda i, o: {"RESOLUTIONS": "100,150"}, "not nested"),
    ("cell sizes not nested", (SWAP,), lambda i, o: {"HIERARCHY": "300,200"}, "not nested"),
    ("resolution ≤ 0", (SWAP,), lambda i, o: {"HIERARCHY": "200,0"},
     "A cell size must be a positive number of metres"),
    ("NULL household id", (SWAP, COMPARE), lambda i, o: {"INPUT": without_household_id()},
     "1 person(s) have no household id in the field 'household_id'"),
    ("members of a household at different locations", (SWAP, COMPARE),
     lambda i, o: {"INPUT": household_apart()},
     "1 household(s) have members at different locations (e.g. household h1"),
    ("a person twice", (SWAP,), lambda i, o: {"INPUT": at_point(["INPUT"], person="p1")(i, o)[
        "INPUT"]}, "1 person id(s) in 'person_id' appear more than once"),
    ("a person twice, to be swapped", (COMPARE,), lambda i, o: {
        "INPUT": at_point(["INPUT"], person="p1")(i, o)["INPUT"]}, "give one point per person"),
    ("k < 1", (SWAP,), lambda i, o: {"K_ANONYMITY": 0}, "K_ANONYMITY"),
    ("swap rate above 1", (SWAP, COMPARE), lambda i, o: {"SWAP_RATE": 1.5}, "SWAP_RATE"),
    ("swap rate below 0", (SWAP, COMPARE), lambda i, o: {"SWAP_RATE": -0.1}, "SWAP_RATE"),
    ("donor distance 0", (SWAP, COMPARE), lambda i, o: {"MAX_DONOR_DISTANCE": 0.0},
     "The largest donor distance must be a positive number of metres"),
    ("a similarity field the layer lacks", (SWAP, COMPARE), lambda i, o: {"SIMILARITY_FIELDS": "rooms"},
     "The similarity profile field(s) rooms are not in the layer"),
    ("no hierarchy", (SWAP,), lambda i, o: {"HIERARCHY": ""}, "Give the hierarchy"),
    ("no extent nor study area", (DPGRID,), lambda i, o: {"EXTENT": DROP},
     "Give either an extent or a study area"),
    ("temporary ledger", (DPGRID,), lambda i, o: {"LEDGER": "TEMPORARY_OUTPUT"}, "outlives the run"),
    ("ε = 0", (DPGRID, COMPARE), lambda i, o: {"EPSILON": 0.0}, "ε must be a positive number"),
    ("policy without epsilon_budget", (DPGRID,), with_policy(POLICY), "epsilon_budget"),
    ("Gaussian without delta", (DPGRID, COMPARE), lambda i, o: {"MECHANISM": 1}, "needs delta"),
    ("ε over the budget", (DPGRID,), lambda i, o: {"EPSILON": 2.5}, "above its epsilon_budget 2"),
    ("integer zones_hash", (BUDGET,), lambda i, o: {"ZONE_RISK": zone_table(
        [["a", 0.01, 100, 0.005, 7], ["b", 0.02, 50, 0.01, 7]], kind="integer")},
     "zones_hash field holds 7, not text"),
    ("ledger that is not SQLite", (BUDGET, REASSESS, DPGRID), lambda i, o: {"LEDGER": junk_ledger(i)},
     "cannot be opened as an SQLite database"),
    ("ledger with an edited entry", (BUDGET, REASSESS, DPGRID), lambda i, o: {"LEDGER": edited_ledger(i)},
     "entry 1 (dataset mobility, release r1) was changed after it was written"),
    *[("OUTPUT the input's GeoPackage", (algorithm,), output_onto_input(algorithm),
       "would overwrite the input") for algorithm in MAIN_INPUT],
    *[("OUTPUT the input's layer of its GeoPackage", (algorithm,),
       output_onto_input(algorithm, as_layer=True), "would overwrite the input")
      for algorithm in (GEOMASK, GRID, DPGRID, ZONE_RISK)],
    ("OUTPUT the policy file", POLICY_USERS, lambda i, o: dict(
        output_onto("POLICY", lambda i: policy_file(i, POLICY))(i, o), RHO=DROP),
     "would overwrite the input 'Policy file"),
    ("OUTPUT the ledger", (BUDGET, REASSESS, DPGRID), output_onto("LEDGER", recorded_ledger),
     "would overwrite the input 'Release ledger"),
    ("OUTPUT a GeoPackage holding other layers", tuple(GOOD),
     lambda i, o: {"OUTPUT": city_file(i)}, "and with it the layers it holds (people, zones)"),
    ("chart onto the policy file", (SWEEP, JOIN), lambda i, o: (lambda path: {
        "POLICY": path, "RHO": DROP, "CHART": path})(policy_file(i, POLICY)),
     "would overwrite the input 'Policy file"),
    ("two outputs to one file", (GRID,), lambda i, o: {"AUDIT": str(o / "grid.gpkg")},
     "are both written to"),
    ("two outputs to one file", (JOIN,), lambda i, o: {"TARGETS": str(o / "join.gpkg")},
     "are both written to"),
    ("a point layer with a polygon among its points",
     (SWEEP, GRID, GEOMASK, ZONE_RISK, CKGRID, DPGRID, JOIN, SWAP, RECORD_RISK),
     in_mixed_file(POINT_INPUT.values()),
     "1 feature(s) are not points (features 25)"),
    ("an invalid (self-intersecting) study area", (GRID, CKGRID, DPGRID),
     lambda i, o: {"STUDY_AREA": bow_tie(), "EXTENT": DROP}, "has invalid polygons (features 1)"),
    ("a study area without a CRS", (GRID, CKGRID, DPGRID),
     lambda i, o: {"STUDY_AREA": without_crs(polygons(["POLYGON((0 0,400 0,400 400,0 400,0 0))"])),
                   "EXTENT": DROP}, "has no valid CRS"),
    ("an invalid (self-intersecting) stratum", (SWEEP, GRID),
     lambda i, o: {"STRATA": bow_tie(), "STRATUM_FIELD": "zone_id", "STRATUM_RESOLUTIONS": "a=100"},
     "has invalid polygons (features 1)"),
    ("zones without a CRS", (ZONE_RISK,), lambda i, o: {"ZONES": without_crs(zones())},
     "has no valid CRS"),
    ("an invalid (self-intersecting) zone", (ZONE_RISK,), lambda i, o: {"ZONES": polygons(
        ["POLYGON((0 0,1000 1000,1000 0,0 1000,0 0))",
         "POLYGON((1000 0,2000 0,2000 1000,1000 1000,1000 0))"])},
     "has invalid polygons (features 1)"),
    ("records without a CRS", (ZONE_RISK,), lambda i, o: {"RECORDS": without_crs(zone_records())},
     "has no valid CRS"),
    ("zones without a CRS", (SYNTHETIC,), lambda i, o: zones_of_marginals(without_crs(zones())),
     "has no valid CRS"),
    ("an invalid (self-intersecting) zone", (SYNTHETIC,), lambda i, o: zones_of_marginals(
        bow_tie(1000)), "has invalid polygons (features 1)"),
    ("empty layer", (SYNTHETIC,), lambda i, o: {"ADDRESSES": empty_points()}, "has no features"),
    ("addresses without a CRS", (SYNTHETIC,), lambda i, o: {"ADDRESSES": without_crs(people())},
     "has no valid CRS"),
    # Issue 34: a budget that cannot be spent without being charged, and honest inputs.
    ("read-only ledger", (BUDGET, DPGRID), lambda i, o: {"LEDGER": str(read_only_ledger(i)),
                                                         "RELEASE_ID": "r2"},
     "cannot be written (attempt to write a readonly database): nothing was recorded, and "
     "nothing was released"),
    ("read-only output folder", (BUDGET, DPGRID), lambda i, o: {
        "OUTPUT": str(read_only_folder(i) / "out.gpkg")}, "cannot be written"),
    ("missing output folder", (BUDGET, DPGRID), lambda i, o: {
        "OUTPUT": str(o / "missing" / "out.gpkg")}, "cannot be written"),
    ("ledger whose table was dropped", (BUDGET, REASSESS, DPGRID),
     lambda i, o: {"LEDGER": dropped_ledger(i)}, "holds no ledger table: the table was dropped"),
    ("ledger without its details column", (BUDGET, REASSESS, DPGRID),
     lambda i, o: {"LEDGER": ledger_without(i, "details")}, "lacks the column(s) details"),
    ("ledger without the head of an earlier release", (BUDGET, REASSESS, DPGRID),
     lambda i, o: {"LEDGER_HEAD": A_HEAD}, "does not hold the entry 1:abab"),
    ("missing ledger where an earlier release says it exists", (BUDGET, DPGRID),
     lambda i, o: {"LEDGER_HEAD": A_HEAD, "LEDGER": str(i / "gone.sqlite")},
     "(it holds 0 entry(ies))"),
    ("a ledger head that is not one", (BUDGET, REASSESS, DPGRID),
     lambda i, o: {"LEDGER_HEAD": "12:abc"}, "is not an entry number and a SHA-256 hash"),
    ("dataset name with a Cyrillic і", (BUDGET, DPGRID), lambda i, o: {"DATASET": "mob\u0456lity"},
     "mixes the scripts cyrillic, latin"),
    ("dataset name of 10,000 characters", (BUDGET, DPGRID), lambda i, o: {"DATASET": "m" * 10_000},
     "has 10000 characters, more than 200"),
    ("ε = 800 inside the budget", (DPGRID,), lambda i, o: {
        "EPSILON": 800.0, "RESOLUTIONS": "100",
        "POLICY": policy_file(i, POLICY + "epsilon_budget = 1000\n", name="dp.toml")},
     "is above the largest ε of one release, 50"),
    ("fractional D", (PTABLE, CKGRID), lambda i, o: {"D": 2.5}, "D must be a whole number, got 2.5"),
    ("fractional JS", (PTABLE, CKGRID), lambda i, o: {"JS": 1.5},
     "JS must be a whole number, got 1.5"),
    ("D = NaN", (PTABLE, CKGRID), lambda i, o: {"D": "nan"}, "D must be a whole number, got nan"),
    ("empty p-table file", (CKGRID,), lambda i, o: {"PTABLE": empty_ptable(i), "D": DROP, "V": DROP},
     "is empty (0 bytes)"),
    ("NULL person id", (ZONE_RISK,), lambda i, o: {"RECORDS": (lambda layer: (
        layer.startEditing(), layer.changeAttributeValue(next(layer.getFeatures()).id(), 0, NULL),
        layer.commitChanges(), layer)[-1])(zone_records())}, "have a NULL id"),
    ("multipoint records without a person field", (ZONE_RISK,), lambda i, o: {
        "PERSON_FIELD": DROP, "RECORDS": point_layer(
            [("MULTIPOINT((100 500),(140 500))", ["F"])] +
            [(f"MULTIPOINT(({1100 + 40 * n} 500))", ["M"]) for n in range(3)],
            "sex:string", geometry="MultiPoint")},
     "give the person id field"),
    ("NULL truth id", (JOIN,), lambda i, o: {"AUXILIARY": people(person=NULL)},
     "have a NULL truth id in 'person_id'"),
    ("repeated truth id", (JOIN,), lambda i, o: {"RELEASE": people(person="p1")},
     "The truth id 'p1' appears 2 times in 'person_id'"),
]

CASES = [pytest.param(algorithm, change, fragment, id=f"{kind} / {algorithm}")
         for kind, algorithms, change, fragment in ROWS for algorithm in algorithms]


def parameters_for(algorithm, change, tmp_path):
    inputs, outputs = tmp_path / "inputs", tmp_path / "outputs"
    inputs.mkdir()
    outputs.mkdir()
    parameters = GOOD[algorithm](inputs, outputs)
    if change is not None:
        for name, value in change(inputs, outputs).items():
            if value is DROP:
                parameters.pop(name, None)
            elif name in parameters or algorithm not in POINT_INPUT or \
                    name not in POINT_INPUT.values():
                parameters[name] = value
    return parameters, outputs


def written_files(outputs):
    return sorted(str(path.relative_to(outputs)) for path in outputs.rglob("*"))


@pytest.mark.parametrize("algorithm", sorted(GOOD))
def test_the_good_parameters_of_every_algorithm_run(run, tmp_path, algorithm, feedback):
    parameters, outputs = parameters_for(algorithm, None, tmp_path)
    run(algorithm, parameters, feedback)
    assert written_files(outputs)  # the control writes what a refused run must not


def matrix_cases(rows):
    """pytest parameters of (kind, algorithms, *rest) rows: one case per algorithm."""
    return [pytest.param(algorithm, *rest, id=f"{kind} / {algorithm}")
            for kind, algorithms, *rest in rows for algorithm in algorithms]


def assert_refused(run, tmp_path, feedback, algorithm, change, fragment):
    """The run is refused with ``fragment`` in its message and no traceback anywhere, writes
    nothing and leaves every input file as it was, byte for byte; returns the message."""
    parameters, outputs = parameters_for(algorithm, change, tmp_path)
    inputs = file_contents(tmp_path / "inputs")
    with pytest.raises(QgsProcessingException) as caught:
        run(algorithm, parameters, feedback)
    message = str(caught.value)
    assert fragment in message
    for text in [message] + [str(line) for line in feedback.messages]:
        assert not any(marker in text for marker in TRACEBACK_MARKERS), text
    assert written_files(outputs) == []
    assert file_contents(tmp_path / "inputs") == inputs
    return message


@pytest.mark.parametrize("algorithm, change, fragment", CASES)
def test_bad_input_gets_a_clear_error_and_nothing_is_written(run, tmp_path, feedback, algorithm,
                                                             change, fragment):
    assert_refused(run, tmp_path, feedback, algorithm, change, fragment)


def test_every_algorithm_is_in_the_matrix(provider):
    assert {algorithm.name() for algorithm in plain_algorithms(provider)} == set(GOOD)
    covered = {algorithm for _, algorithms, _, _ in ROWS for algorithm in algorithms}
    assert covered >= set(GOOD) - {RECORD_RISK, SYNTHETIC} and SYNTHETIC in covered


def test_the_layers_of_the_matrix_hold_the_bad_values_they_claim(tmp_path):
    from osgeo import ogr
    layer = ogr.Open(str(people_file(tmp_path, (math.nan, 0.0)).source()))
    assert any(math.isnan(feature.GetGeometryRef().GetX()) for feature in layer.GetLayer(0))
    assert math.isinf(next(people(location=(math.inf, 0.0)).getFeatures()).geometry().asPoint().x())
    assert next(people(location=(0.0, math.nan)).getFeatures()).geometry().isEmpty()
    assert next(people(location="null").getFeatures()).geometry().isNull()
    assert next(people(person=NULL).getFeatures())["person_id"] == NULL
