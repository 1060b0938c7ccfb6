"""Disclosure-risk measures per record and per zone.

For categorical key variables, ``f_k`` is the sample frequency of a
record's key combination and ``F_k`` its population frequency: from a
register when given, else estimated as the sum of sampling weights in the
key (``F̂_k = Σ w_i``), else (unweighted data) ``f_k`` itself.

Missing key values are refused rather than guessed: recode them as an
explicit category (e.g. "unknown") when that is what the release shows.
"""

import hashlib
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.spatial import cKDTree
from scipy.stats import norm

from ..errors import N_, InputError
from ..counting.cells import encode_key_columns

MAX_CROSS_CLASSIFICATION = 2_000_000  # cells of the log-linear model's full table


def refuse_missing_keys(columns, names, records=None):
    """NULL key values are refused, naming the first field that has them; ``records``: how
    many records each value stands for (None: one each)."""
    for values, name in zip(columns, names):
        missing = pd.Series(list(values), dtype=object).isna().to_numpy()
        count = int(missing.sum() if records is None else np.asarray(records)[missing].sum())
        if count:
            raise InputError(N_("{count} record(s) have no value in the key field '{field}'. Recode "
                                "missing values as an explicit category (e.g. \"unknown\") in a "
                                "copy, then run again."), count=count, field=name)


def key_codes(columns, names):
    """One integer code per distinct combination of key values; NULL keys are refused."""
    refuse_missing_keys(columns, names)
    return encode_key_columns(columns, len(columns[0]) if columns else 0)


def refuse_bad_weights(count):
    if count:
        raise InputError(N_("{count} record(s) have a sampling weight that is missing, zero or "
                            "negative: every sampled record stands for at least itself."),
                         count=int(count))


def check_weights(weights):
    weights = np.asarray(pd.to_numeric(pd.Series(list(weights), dtype=object), errors="coerce"),
                         dtype=float)
    refuse_bad_weights(np.sum(~np.isfinite(weights) | (weights <= 0)))
    return weights


def frequencies(codes, weights=None, population=None):
    """(f_k, F_k) per record: sample frequency, and population frequency (register or Σ weights)."""
    counts = np.bincount(codes)
    sample = counts[codes].astype(float)
    if population is not None:
        register = np.asarray(pd.to_numeric(pd.Series(list(population), dtype=object),
                                            errors="coerce"), dtype=float)
        if np.any(~np.isfinite(register)) or np.any(register < sample):
            raise InputError(N_("The population frequency must be a number at least as large as "
                                "the sample frequency for every record."))
        return sample, register
    if weights is None:
        return sample, sample.copy()
    return sample, np.bincount(codes, weights=weights)[codes]


def individual_risk(sample, population):
    """Benedetti–Franconi individual risk, as the standard SDC toolkits compute it.

    With p = f / F̂ and q = 1 - p: f = 1 gives (p / q) log(1/p); f = 2 gives
    p/q - (p/q)^2 log(1/p); f >= 3 the approximation p / (f - q); p = 1 (a
    census, or unweighted data) gives 1/f. Written so that F̂ just above f
    (weights close to 1) keeps its digits: q comes from F̂ - f, log(1/p)
    from log1p, and the f = 2 difference, which cancels as q -> 0, from
    its series there.
    """
    sample = np.asarray(sample, dtype=float)
    population = np.asarray(population, dtype=float)
    p = np.minimum(sample / population, 1.0)
    q = np.maximum((population - sample) / population, 0.0)
    risk = 1.0 / sample
    open_ = q > 0.0
    log_inverse = -np.log1p(-q)
    single = open_ & (sample == 1)
    double = open_ & (sample == 2)
    many = open_ & (sample >= 3)
    risk[single] = p[single] * log_inverse[single] / q[single]
    risk[double] = p[double] * _pair_excess(q[double], log_inverse[double])
    risk[many] = p[many] / (sample[many] - q[many])
    return risk


def _pair_excess(q, log_inverse):
    """(q - p log(1/p)) / q^2 with p = 1 - q, which makes the f = 2 risk p times it.

    The difference cancels for small q; its series there is
    sum over m >= 0 of q^m / ((m + 1)(m + 2)).
    """
    small = q < 1e-3
    direct = (q - (1.0 - q) * log_inverse) / np.where(small, 1.0, q * q)
    series = 1.0 / 2.0 + q * (1.0 / 6.0 + q * (1.0 / 12.0 + q / 20.0))
    return np.where(small, series, direct)


def household_risk(risk, households):
    """1 - Π (1 - r_i) over the members of each household, assigned to every member."""
    codes, _ = pd.factorize(pd.Series(list(households), dtype=object).infer_objects())
    if np.any(codes < 0):
        raise InputError(N_("{count} record(s) have no household id: fill them in, or leave the "
                            "household field empty."), count=int(np.sum(codes < 0)))
    log_safe = np.log1p(-np.minimum(np.asarray(risk, dtype=float), 1.0 - 1e-15))
    return 1.0 - np.exp(np.bincount(codes, weights=log_safe)[codes])


def wilson_interval(successes, trials, confidence=0.95):
    """Wilson score interval for a share successes / trials (arrays allowed)."""
    successes = np.asarray(successes, dtype=float)
    trials = np.asarray(trials, dtype=float)
    z = norm.ppf(0.5 + confidence / 2.0)
    share = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (share + z * z / (2.0 * trials)) / denominator
    half = z / denominator * np.sqrt(share * (1.0 - share) / trials + z * z / (4.0 * trials * trials))
    return np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)


def neighbourhood_rareness(columns, radius=0.1):
    """Continuous keys: records with no other record within ``radius`` (standardised units).

    Each key is standardised (mean 0, SD 1); the nearest other record is
    found with a k-d tree. Returns (rare per record, distance to the nearest
    other record).
    """
    matrix = np.column_stack([np.asarray(pd.to_numeric(pd.Series(list(c), dtype=object),
                                                       errors="coerce"), dtype=float)
                              for c in columns])
    if not np.all(np.isfinite(matrix)):
        raise InputError(N_("{count} record(s) have a missing or non-numeric continuous key."),
                         count=int(np.sum(~np.all(np.isfinite(matrix), axis=1))))
    spread = matrix.std(axis=0)
    standardised = (matrix - matrix.mean(axis=0)) / np.where(spread > 0, spread, 1.0)
    if len(standardised) < 2:
        return np.ones(len(standardised), dtype=bool), np.full(len(standardised), np.inf)
    distance, _ = cKDTree(standardised).query(standardised, k=2)
    nearest = distance[:, 1]
    return nearest > radius, nearest


@dataclass(frozen=True)
class PopulationUniqueness:
    probability_unique: np.ndarray  # P(F = 1 | f = 1) per record (NaN for non-uniques)
    expected_inverse: np.ndarray  # E[1/F | f = 1] per record (NaN for non-uniques)
    expected_population_uniques: float
    sampling_fraction: float


def _design(levels, interactions):
    """Dummy-coded design matrix over the full cross-classification of the key levels."""
    grids = np.meshgrid(*[np.arange(n) for n in levels], indexing="ij")
    cells = np.column_stack([g.ravel() for g in grids])
    columns = [np.ones(len(cells))]
    dummies = []
    for variable, n in enumerate(levels):
        block = [(cells[:, variable] == level).astype(float) for level in range(1, n)]
        dummies.append(block)
        columns += block
    if interactions:
        for a in range(len(levels)):
            for b in range(a + 1, len(levels)):
                columns += [x * y for x in dummies[a] for y in dummies[b]]
    return cells, np.column_stack(columns)


def _fit_poisson(design, counts, iterations=100):
    """Maximum-likelihood Poisson log-linear fit by Newton's method; returns fitted means."""
    beta = np.zeros(design.shape[1])
    beta[0] = np.log(max(counts.mean(), 1e-9))
    for _ in range(iterations):
        mean = np.exp(np.clip(design @ beta, -700, 700))
        gradient = design.T @ (counts - mean)
        hessian = design.T @ (design * mean[:, None]) + 1e-9 * np.eye(design.shape[1])
        step = np.linalg.solve(hessian, gradient)
        beta += step
        if np.max(np.abs(step)) < 1e-10:
            break
    return np.exp(np.clip(design @ beta, -700, 700))


def population_uniqueness(columns, names, weights, interactions=False):
    """Skinner–Holmes estimate of population uniqueness for sample uniques.

    Sample counts of every key combination (observed or not) are modelled as
    Poisson with log-mean linear in the key variables' main effects
    (optionally all two-way interactions), fitted by maximum likelihood. With
    sampling fraction π = n / Σw, F_k − f_k given f_k is Poisson with mean
    ν_k = μ̂_k (1 − π) / π, so for a sample unique P(F_k = 1) = exp(−ν_k)
    and E[1/F_k] = (1 − exp(−ν_k)) / ν_k. Assumes simple random sampling at
    rate π and a model that fits the key's dependence structure.
    """
    weights = check_weights(weights)
    codes_per_variable, levels = [], []
    for values, name in zip(columns, names):
        key_codes([values], [name])  # refuses NULLs
        codes, uniques = pd.factorize(pd.Series(list(values), dtype=object).infer_objects())
        codes_per_variable.append(codes)
        levels.append(len(uniques))
    if int(np.prod(levels, dtype=float)) > MAX_CROSS_CLASSIFICATION:
        raise InputError(N_("The key variables have {cells:.0f} combinations, too many for the "
                            "log-linear model: group categories or use fewer keys."),
                         cells=float(np.prod(levels, dtype=float)))
    fraction = len(weights) / float(weights.sum())
    if not 0 < fraction < 1:
        raise InputError(N_("The sampling fraction n / Σw is {value:.3f}: estimating population "
                            "uniqueness needs weights above 1 (a sample, not a census)."),
                         value=fraction)
    cells, design = _design(levels, interactions)
    cell_of_record = np.ravel_multi_index(tuple(codes_per_variable), levels)
    counts = np.bincount(cell_of_record, minlength=len(cells)).astype(float)
    mean = _fit_poisson(design, counts)
    nu = mean[cell_of_record] * (1.0 - fraction) / fraction
    unique = counts[cell_of_record] == 1
    probability = np.where(unique, np.exp(-nu), np.nan)
    expected_inverse = np.where(unique, np.where(nu > 0, (1.0 - np.exp(-nu)) / np.maximum(nu, 1e-300),
                                                 1.0), np.nan)
    return PopulationUniqueness(probability, expected_inverse,
                                float(np.nansum(probability)), fraction)


@dataclass(frozen=True)
class RecordRisk:
    sample_frequency: np.ndarray
    population_frequency: np.ndarray
    sample_unique: np.ndarray
    sample_rare: np.ndarray
    population_unique: np.ndarray  # None without a register
    risk: np.ndarray
    household: np.ndarray  # None without households

    @property
    def expected_reidentifications(self):
        return float(self.risk.sum())

    @property
    def reidentification_rate(self):
        return float(self.risk.sum() / len(self.risk))


def record_risk(key_columns, key_names, weights=None, population=None, households=None,
                rare_threshold=3):
    """Every per-record measure of a release with categorical keys."""
    if not key_columns:
        raise InputError(N_("Choose at least one key variable (the attributes an adversary knows)."))
    codes = key_codes(key_columns, key_names)
    if len(codes) == 0:
        raise InputError(N_("The input has no records: there is nothing to assess."))
    weights = None if weights is None else check_weights(weights)
    sample, population_frequency = frequencies(codes, weights, population)
    risk = individual_risk(sample, population_frequency)
    return RecordRisk(sample, population_frequency, sample == 1, sample < rare_threshold,
                      None if population is None else population_frequency == 1, risk,
                      None if households is None else household_risk(risk, households))


def zone_table(zone_of_record, zone_ids, record_risk_values, sample_unique, persons=None,
               method="individual risk", confidence=0.95):
    """Per-zone re-identification probability with a Wilson interval.

    ``method``: "individual risk" (mean record risk in the zone; the interval
    treats the expected re-identifications as successes, an approximation)
    or "uniqueness" (share of sample uniques). Zones without records get
    NULL figures: missing evidence, which a gate must treat as a block.
    """
    zone_of_record = np.asarray(zone_of_record, dtype=np.int64)
    n_persons = None
    if persons is not None:
        frame = pd.DataFrame({"zone": zone_of_record, "person": list(persons)})
        n_persons = frame.groupby("zone")["person"].nunique().reindex(range(len(zone_ids)),
                                                                      fill_value=0)
        n_persons = n_persons.to_numpy(dtype=float)
    return zone_table_of_groups(zone_of_record, record_risk_values, sample_unique,
                                np.ones(len(zone_of_record), dtype=np.int64), zone_ids, n_persons,
                                method, confidence)


def zone_table_counted(zone_of_group, key_columns, key_names, records, zone_ids, weights=None,
                       bad_weights=0, n_persons=None, method="individual risk", confidence=0.95):
    """``zone_table`` of records counted elsewhere (a database): one group per zone and key
    combination, with its number of records and the sum of their weights (None: unweighted).

    The key frequencies are the groups' totals over all zones; ``n_persons`` gives the
    distinct people of each zone (None: each record is a person). NULL keys and bad weights
    (``bad_weights`` records) are refused as ``record_risk`` refuses them.
    """
    records = np.asarray(records, dtype=np.int64)
    refuse_missing_keys(key_columns, key_names, records)
    refuse_bad_weights(bad_weights)
    codes = encode_key_columns(key_columns, len(records))
    sample = np.bincount(codes, weights=records.astype(float))[codes]
    population = sample.copy() if weights is None else \
        np.bincount(codes, weights=np.asarray(weights, dtype=float))[codes]
    return zone_table_of_groups(zone_of_group, individual_risk(sample, population), sample == 1,
                                records, zone_ids, n_persons, method, confidence)


def zone_table_of_groups(zone, value, unique, records, zone_ids, n_persons=None,
                         method="individual risk", confidence=0.95):
    """``zone_table`` of groups of records sharing a zone, a risk value and sample uniqueness.

    Each zone's sum runs over its distinct (value, unique) pairs in ascending order, each
    times its records: however the same records are grouped (one group each, or the
    database's groups per key), the figures are the same to the last bit.
    """
    n_zones = len(zone_ids)
    frame = pd.DataFrame({"zone": np.asarray(zone, dtype=np.int64),
                          "value": np.asarray(value, dtype=float),
                          "unique": np.asarray(unique, dtype=bool),
                          "records": np.asarray(records, dtype=np.int64)})
    merged = frame.groupby(["zone", "value", "unique"], sort=True)["records"].sum().reset_index()
    zone = merged["zone"].to_numpy()
    count = merged["records"].to_numpy(dtype=float)
    n_records = np.bincount(zone, weights=count, minlength=n_zones)
    n_unique = np.bincount(zone, weights=count * merged["unique"].to_numpy(), minlength=n_zones)
    if method == "uniqueness":
        successes = n_unique
    else:
        successes = np.bincount(zone, weights=count * merged["value"].to_numpy(),
                                minlength=n_zones)
    with np.errstate(invalid="ignore", divide="ignore"):
        estimate = successes / n_records
        low, high = wilson_interval(successes, n_records, confidence)
    if n_persons is None:
        n_persons = n_records
    empty = n_records == 0
    return pd.DataFrame({
        "zone_id": list(zone_ids),
        "p_reid": np.where(empty, np.nan, estimate),
        "p_reid_low": np.where(empty, np.nan, low),
        "p_reid_high": np.where(empty, np.nan, high),
        "n_records": n_records.astype(np.int64),
        "n_persons": n_persons.astype(np.int64),
        "n_sample_unique": n_unique.astype(np.int64),
    })


def worst_and_pooled(table):
    """The worst zone (id and p_reid) and the record-weighted mean over all zones."""
    valid = table.dropna(subset=["p_reid"])
    if valid.empty:
        return None, None, None
    worst = valid.loc[valid["p_reid"].idxmax()]
    pooled = float((valid["p_reid"] * valid["n_records"]).sum() / valid["n_records"].sum())
    return worst["zone_id"], float(worst["p_reid"]), pooled


def zones_hash(zone_ids, geometries_wkb):
    """SHA-256 of the zones' ids and geometries, independent of feature order."""
    duplicates = pd.Series(list(zone_ids), dtype=object)
    repeated = duplicates[duplicates.duplicated()].unique()
    if len(repeated):
        raise InputError(N_("The zones layer repeats the id(s) {ids}: every zone needs its own id."),
                         ids=", ".join(str(value) for value in repeated[:5]))
    digest = hashlib.sha256()
    for zone_id, wkb in sorted(zip((str(z) for z in zone_ids), geometries_wkb)):
        digest.update(zone_id.encode("utf-8") + b"\0" + bytes(wkb) + b"\0")
    return digest.hexdigest()


def person_records(person_codes, columns):
    """One record per distinct person and values of ``columns``: a person's several points (or
    the parts of a multipoint) are one record, never several people.

    Returns (the record of each row, the first row of each record).
    """
    frame = pd.DataFrame({"person": np.asarray(person_codes, dtype=np.int64)})
    for number, values in enumerate(columns):
        frame[f"c{number}"] = pd.Series(list(values), dtype=object)
    record = frame.groupby(list(frame.columns), sort=False, dropna=False).ngroup().to_numpy()
    _, first = np.unique(record, return_index=True)
    return record, first
