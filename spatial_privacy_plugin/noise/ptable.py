"""Perturbation tables (p-tables) of the cell key method.

A p-table row ``i`` (an original count; the last row serves every larger
count) gives, for each published count ``j``, a probability ``p`` and the
cell-key interval ``(p_int_lb, p_int_ub]`` that selects it: the intervals of
a row tile [0, 1] in order of ``j``. Columns are those of the ptable R
package and of tau-ARGUS: ``i, j, p, v, p_int_lb, p_int_ub`` with
``v = j - i`` the noise. A table in ONS's format (one noise per row and integer
cell key, ``pcv, ckey, pvalue``) is read by ``ons_ptable``; it keeps its own
keys and ONS's reuse of rows 501 to 750 for larger counts.

Each row built here is the maximum-entropy distribution under: probabilities
in [0, 1] summing to 1; unbiased noise (sum p v = 0); noise variance V
(sum p v^2 = V) where the row's support allows it; |v| <= D; j >= 0;
j not in [1, JS]; row 0 stays 0; optionally p(v = 0) = PSTAY. Under linear
constraints the maximum-entropy distribution is an exponential family,
``p_v ∝ exp(a v + b v^2)`` on the support, found by minimising its convex
dual ``log Z(a, b) - b V`` (Newton's method through scipy).
"""

import hashlib
import io
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import N_, InputError
from .ons_ptable import ONS_COLUMNS, ONS_CYCLE_START, ons_key_noise

COLUMNS = ("i", "j", "p", "v", "p_int_lb", "p_int_ub")
# Probabilities and the intervals must add up to 1 within this.
SUM_TOLERANCE = 1e-9
# A target variance this close (relative) to the least or largest the support allows is that bound.
BOUNDARY_RELATIVE = 1e-12
MAX_D = 100


@dataclass(frozen=True)
class PTable:
    """A validated p-table: ``frame`` (COLUMNS, sorted by i then j) and what building it reported.

    ``notes``: (row, reason, variance reached) for small rows solved with the
    nearest feasible variance. A table read in ONS's format also has
    ``cycle_start``: counts above the last row reuse the rows from it to the last
    in turn; and ``key_noise``: the noise of each row (axis 0) and integer cell key
    ``floor(cell key × K)`` (axis 1), which selects the noise instead of the intervals.
    """

    frame: pd.DataFrame
    notes: tuple = ()
    cycle_start: int = None
    key_noise: np.ndarray = None

    @property
    def largest_i(self):
        return int(self.frame["i"].max())

    @property
    def max_noise(self):
        """D: the largest |v| with a positive probability."""
        live = self.frame[self.frame["p"] > 0]
        return int(live["v"].abs().max())

    @property
    def blocked(self):
        """JS: the largest js such that no row publishes a count in 1..js with a positive probability."""
        published = self.frame.loc[(self.frame["p"] > 0) & (self.frame["j"] > 0), "j"]
        return int(published.min()) - 1 if len(published) else 0

    @property
    def variance(self):
        """V: the noise variance of the rows serving every larger count: the last row, or the
        least over the rows reused in turn."""
        first = self.largest_i if self.cycle_start is None else self.cycle_start
        spreads = []
        for _, row in self.frame[self.frame["i"] >= first].groupby("i"):
            mean = (row["p"] * row["v"]).sum()
            spreads.append(float((row["p"] * row["v"] ** 2).sum() - mean ** 2))
        return min(spreads)

    @property
    def ptable_hash(self):
        """SHA-256 of the table's i, j, p (canonical text, p to 12 significant digits): the same
        table gives the same hash, whether built here or read back from a CSV that QGIS wrote
        (with 15 digits). A table in ONS's format: of its noise per row and integer cell key,
        and its reused rows."""
        if self.key_noise is not None:
            head = f"ons,{self.cycle_start},{self.key_noise.shape[1]}\n".encode("ascii")
            return hashlib.sha256(head + self.key_noise.astype("<i8").tobytes()).hexdigest()
        text = "".join(f"{i},{j},{p:.12g}\n" for i, j, p in zip(
            self.frame["i"].tolist(), self.frame["j"].tolist(),
            self.frame["p"].astype(float).tolist()))
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def rows(self):
        """Per row i: (v, p_int_ub) arrays of its entries with a positive probability."""
        live = self.frame[self.frame["p"] > 0]
        return {int(i): (group["v"].to_numpy(np.int64), group["p_int_ub"].to_numpy(float))
                for i, group in live.groupby("i", sort=True)}

    def row_of(self, counts):
        """The row serving each count: the count itself up to the last row; above it, the last
        row, or with ``cycle_start`` s the rows s..last in turn (ONS: count 751 takes row 501)."""
        counts = np.asarray(counts, dtype=np.int64)
        last = self.largest_i
        if self.cycle_start is None:
            return np.minimum(counts, last)
        period = last - self.cycle_start + 1
        return np.where(counts <= last, counts,
                        self.cycle_start + (counts - last - 1) % period)

    def noise(self, counts, cell_keys):
        """The noise v of each cell: the entry of row ``row_of(n)`` whose interval
        (p_int_lb, p_int_ub] holds the cell key (a key of 0 takes the row's first entry);
        with ``key_noise``, its entry at the integer cell key floor(cell key × K)."""
        counts = np.asarray(counts, dtype=np.int64)
        keys = np.asarray(cell_keys, dtype=float)
        rows = self.row_of(counts)
        if self.key_noise is not None:
            levels = self.key_noise.shape[1]
            integer_keys = np.minimum((keys * levels).astype(np.int64), levels - 1)
            return self.key_noise[rows, integer_keys]
        noise = np.zeros(len(counts), dtype=np.int64)
        table = self.rows()
        for row in np.unique(rows).tolist():
            chosen = rows == row
            values, upper = table[row]
            index = np.searchsorted(upper, keys[chosen], side="left")
            noise[chosen] = values[np.minimum(index, len(values) - 1)]
        return noise


def _check_parameters(d, variance, js, pstay):
    if isinstance(d, bool) or not float(d).is_integer() or not 1 <= d <= MAX_D:
        raise InputError(N_("D (the largest noise) must be a whole number from 1 to {limit}, got "
                            "{value}."), limit=MAX_D, value=d)
    if isinstance(js, bool) or not float(js).is_integer() or js < 0:
        raise InputError(N_("JS (published counts 1..JS are blocked) must be a whole number >= 0, "
                            "got {value}."), value=js)
    if not math.isfinite(variance) or variance <= 0:
        raise InputError(N_("V (the noise variance) must be a positive number, got {value}."),
                         value=variance)
    if pstay is not None and (not math.isfinite(pstay) or not 0.0 <= pstay < 1.0):
        raise InputError(N_("PSTAY (the probability of no noise) must lie in [0, 1), got {value}; "
                            "leave it empty to let the maximum-entropy rule choose it."),
                         value=pstay)
    d, js = int(d), int(js)
    spread = 1.0 - (pstay or 0.0)
    if variance > spread * d * d * (1 + BOUNDARY_RELATIVE):
        raise InputError(N_("V = {variance:g} cannot hold in any row: with noise at most D = {d} "
                            "the variance is at most {largest:g} (D²{pstay_note}). Raise D or "
                            "lower V."), variance=variance, d=d, largest=spread * d * d,
                         pstay_note="" if pstay is None else " × (1 − PSTAY)")
    if pstay is not None and variance < spread * (1 - BOUNDARY_RELATIVE):
        raise InputError(N_("V = {variance:g} cannot hold in the rows of large counts with "
                            "PSTAY = {pstay:g}: the noise is nonzero with probability "
                            "{spread:g}, so its variance is at least {spread:g}. Lower PSTAY or "
                            "raise V."), variance=variance, pstay=pstay, spread=spread)
    if js > d:
        raise InputError(N_("JS = {js} is larger than D = {d}: a count of {js} can neither become 0 "
                            "nor reach {above} with noise of at most D, so row {js} has no "
                            "unbiased noise. Raise D to at least JS or lower JS."),
                         js=js, d=d, above=js + 1)
    return d, js


def _two_point(values, negative, positive):
    """Mean-zero distribution on two values a < 0 < b: p(a) = b / (b - a), p(b) = -a / (b - a)."""
    p = np.zeros(len(values))
    p[values == negative] = positive / (positive - negative)
    p[values == positive] = -negative / (positive - negative)
    return p


def _polish(values, p, target):
    """Correct p multiplicatively so that sum, mean and second moment hold to rounding:
    the constraints are linear in p, so one solve of p (1 + a + b v + c v^2) is exact."""
    basis = np.vstack([np.ones_like(values), values, values ** 2])
    residual = np.array([1.0, 0.0, target]) - basis @ p
    matrix = (basis * p) @ basis.T
    try:
        step = np.linalg.solve(matrix, residual)
    except np.linalg.LinAlgError:
        return p
    corrected = p * (1.0 + step @ basis)
    return corrected if (corrected >= 0).all() else p


def _max_entropy(values, target):
    """Maximum-entropy mean-zero distribution on ``values`` (containing negative and positive
    values) with second moment ``target``, strictly between the least and largest feasible."""
    from scipy.optimize import minimize
    from scipy.special import logsumexp

    scale = float(np.abs(values).max())
    u = values / scale  # scaled values keep the dual well conditioned
    goal = target / scale ** 2
    features = np.vstack([u, u ** 2])

    def dual(theta):
        exponent = theta @ features
        log_z = logsumexp(exponent)
        p = np.exp(exponent - log_z)
        mean = features @ p
        centred = features - mean[:, None]
        hessian = (centred * p) @ centred.T
        return log_z - theta[1] * goal, mean - np.array([0.0, goal]), hessian

    result = minimize(lambda t: dual(t)[0], np.zeros(2), jac=lambda t: dual(t)[1],
                      hess=lambda t: dual(t)[2], method="trust-exact",
                      options={"gtol": 1e-13, "maxiter": 500})
    exponent = result.x @ features
    p = np.exp(exponent - logsumexp(exponent))
    return _polish(values.astype(float), p, target)


def solve_row(values, variance, pstay=None):
    """(p, variance reached, reason or None) for one row's allowed noise ``values``.

    The maximum-entropy distribution with mean 0 and the given variance; when
    the support cannot hold that variance, the nearest feasible one (the
    least: mass on the nearest values around 0; the largest: on the extremes)
    with the reason. Returns None when no unbiased noise exists on the support.
    """
    values = np.asarray(values, dtype=np.int64)
    p = np.zeros(len(values))
    fixed = 0.0
    if pstay is not None and 0 in values:
        fixed = pstay
        p[values == 0] = pstay
    free = values != 0 if pstay is not None and 0 in values else np.ones(len(values), dtype=bool)
    support = values[free]
    negatives, positives = support[support < 0], support[support > 0]
    if not len(negatives) or not len(positives):
        if 0 not in values:
            return None
        p[:] = 0.0
        p[values == 0] = 1.0
        reason = N_("no unbiased noise is possible: the row can only stay or move up")
        return p, 0.0, reason
    spread = 1.0 - fixed
    target = variance / spread
    has_zero = 0 in support
    least = 0.0 if has_zero else float(-negatives.max() * positives.min())
    largest = float(-negatives.min() * positives.max())
    if target >= largest * (1 - BOUNDARY_RELATIVE):
        q = _two_point(support, negatives.min(), positives.max())
        reached = largest
    elif target <= least * (1 + BOUNDARY_RELATIVE) + (BOUNDARY_RELATIVE if has_zero else 0.0):
        q = (support == 0).astype(float) if has_zero else \
            _two_point(support, negatives.max(), positives.min())
        reached = least
    else:
        q = _max_entropy(support, target)
        reached = target
    p[free] = spread * q
    reached *= spread
    if abs(p.sum() - 1) > SUM_TOLERANCE or abs(p @ values) > SUM_TOLERANCE or \
            abs(p @ values ** 2 - reached) > 1e-7 * max(reached, 1.0):
        raise InputError(N_("The maximum-entropy solver did not converge for noise values "
                            "{values} and variance {variance:g}: choose a variance further from "
                            "the bounds its support allows."),
                         values=", ".join(str(value) for value in values.tolist()),
                         variance=variance)
    reason = None
    if abs(reached - variance) > 1e-9 * max(variance, 1.0):
        reason = N_("the largest variance its support allows") if reached < variance else \
            N_("the least variance its support allows")
    return p, reached, reason


def create_ptable(d, variance, js=0, pstay=None):
    """The maximum-entropy p-table for largest noise ``d``, variance ``variance``, blocked counts
    1..``js`` and optional probability ``pstay`` of no noise (see the module docstring).

    Rows run from 0 to D + JS + 1, the first row whose support is symmetric; it
    serves every larger count. Rows that cannot hold V exactly (small counts
    near 0 and the blocked values) get the nearest feasible variance and are
    listed in ``notes``; parameters no row can satisfy are refused.
    """
    d, js = _check_parameters(d, float(variance), js, pstay)
    records, notes = [], []
    for i in range(d + js + 2):
        j = np.arange(max(0, i - d), i + d + 1)
        if i == 0:
            records.append(pd.DataFrame({"i": [0], "j": [0], "p": [1.0]}))
            continue
        allowed = (j == 0) | (j > js)
        solved = solve_row(j[allowed] - i, float(variance), pstay)
        if solved is None:
            raise InputError(N_("Row {row} of the p-table has no unbiased noise: with D = {d} and "
                                "JS = {js} its count can only grow. Raise D or lower JS."),
                             row=i, d=d, js=js)
        p_allowed, reached, reason = solved
        if reason is not None:
            if i > d + js:
                raise InputError(N_("Row {row} of the p-table cannot have variance {variance:g} "
                                    "(the nearest its support allows is {reached:g}). Change D, "
                                    "V or PSTAY."), row=i, variance=variance, reached=reached)
            notes.append((i, reason, reached))
        p = np.zeros(len(j))
        p[allowed] = p_allowed
        records.append(pd.DataFrame({"i": i, "j": j, "p": p}))
    return PTable(_with_intervals(pd.concat(records, ignore_index=True)), tuple(notes))


def _with_intervals(frame):
    """Add v and the cumulative cell-key intervals (ordered by j) to i, j, p."""
    frame = frame.sort_values(["i", "j"], kind="stable").reset_index(drop=True)
    frame["i"] = frame["i"].astype(np.int64)
    frame["j"] = frame["j"].astype(np.int64)
    frame["p"] = frame["p"].astype(float)
    frame["v"] = frame["j"] - frame["i"]
    upper = frame.groupby("i", sort=False)["p"].cumsum().to_numpy()
    last = frame["i"].ne(frame["i"].shift(-1)).to_numpy()
    upper[last] = 1.0  # each row's intervals end exactly at 1
    # Entries after the last positive one of a row would otherwise end below 1: clip to 1.
    upper = np.minimum(upper, 1.0)
    frame["p_int_ub"] = upper
    first = frame["i"].ne(frame["i"].shift(1)).to_numpy()
    lower = np.concatenate([[0.0], upper[:-1]])
    lower[first] = 0.0
    frame["p_int_lb"] = lower
    return frame[list(COLUMNS)]


def ptable_from_frame(frame, source=""):
    """Validate a user-supplied p-table (columns i, j, p; v and the intervals checked when given)."""
    missing = [name for name in ("i", "j", "p") if name not in frame.columns]
    if missing:
        raise InputError(N_("The p-table {source} lacks the column(s) {columns}: give a table with "
                            "the columns i, j, p, v, p_int_lb, p_int_ub (the ptable package's "
                            "format)."), source=source, columns=", ".join(missing))
    try:
        numbers = frame[[name for name in COLUMNS if name in frame.columns]].apply(
            pd.to_numeric, errors="raise").astype(float)
    except (ValueError, TypeError):
        raise InputError(N_("The p-table {source} has a value that is not a number: the columns "
                            "i, j, p, v, p_int_lb, p_int_ub hold numbers only."),
                         source=source) from None
    if not len(numbers) or not np.isfinite(numbers.to_numpy()).all():
        raise InputError(N_("The p-table {source} is empty or has missing values."), source=source)
    for name in ("i", "j"):
        if not (numbers[name] == np.round(numbers[name])).all() or (numbers[name] < 0).any():
            raise InputError(N_("The p-table {source} has a {column} that is not a whole number "
                                ">= 0."), source=source, column=name)
    if ((numbers["p"] < 0) | (numbers["p"] > 1)).any():
        raise InputError(N_("The p-table {source} has a probability outside [0, 1]."), source=source)
    if numbers.duplicated(["i", "j"]).any():
        raise InputError(N_("The p-table {source} has a pair (i, j) twice."), source=source)
    rows = sorted(set(numbers["i"].astype(int)))
    if rows != list(range(len(rows))):
        raise InputError(N_("The p-table {source} must have every row i from 0 to its last one "
                            "without gaps (the last row serves every larger count)."), source=source)
    sums = numbers.groupby("i")["p"].sum()
    bad = sums[(sums - 1.0).abs() > SUM_TOLERANCE]
    if len(bad):
        raise InputError(N_("Row {row} of the p-table {source} has probabilities summing to "
                            "{total!r}, not 1."), row=int(bad.index[0]), source=source,
                         total=float(bad.iloc[0]))
    zero = numbers[(numbers["i"] == 0) & (numbers["p"] > 0)]
    if (zero["j"] != 0).any():
        raise InputError(N_("Row 0 of the p-table {source} moves an empty cell: 0 must stay 0."),
                         source=source)
    _refuse_exact_last_row(numbers, rows[-1], source)
    table = _with_intervals(numbers[["i", "j", "p"]].copy())
    if "v" in numbers.columns:
        given = numbers.sort_values(["i", "j"])
        if not np.array_equal(given["v"].to_numpy(), (given["j"] - given["i"]).to_numpy()):
            raise InputError(N_("The p-table {source} has a v that is not j − i."), source=source)
    for name in ("p_int_lb", "p_int_ub"):
        if name in numbers.columns:
            given = numbers.sort_values(["i", "j"])[name].to_numpy()
            if np.abs(given - table[name].to_numpy()).max() > SUM_TOLERANCE:
                raise InputError(N_("The p-table {source} has a {column} that is not the cumulative "
                                    "probability of its row in order of j: correct it or leave "
                                    "the column out."), source=source, column=name)
    return PTable(table)


def _refuse_exact_last_row(numbers, last, source):
    """Refuse a table whose last row publishes its count unchanged while other rows move
    theirs: the last row serves every larger count, which would all be published exactly (a
    rounding table such as ONS's 10-5 rule reuses its rows in turn instead)."""
    live = numbers[numbers["p"] > 0]
    moved = live[live["j"] != live["i"]]
    if len(moved) and not (moved["i"] == last).any():
        raise InputError(N_("The p-table {source} leaves every count of its last row ({last}) "
                            "unchanged while it moves smaller ones: in this format the last row "
                            "serves every larger count, which would all be published exactly. "
                            "Give the last row noise; a rounding table such as ONS's (10-5 rule) "
                            "goes in ONS's own format (columns pcv, ckey, pvalue), whose rows 501 "
                            "to 750 serve larger counts in turn, as ONS applies them."),
                         source=source, last=last)


def read_ptable_csv(path):
    """Read a p-table CSV (comma- or semicolon-separated, a header row naming the columns)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise InputError(N_("Cannot read the p-table {source}: {reason}."), source=str(path),
                         reason=error.strerror or str(error)) from error
    except UnicodeDecodeError:
        raise InputError(N_("The p-table {source} is not UTF-8 text."), source=str(path)) from None
    first = text.splitlines()[0] if text.strip() else ""
    separator = ";" if first.count(";") > first.count(",") else ","
    try:
        frame = pd.read_csv(io.StringIO(text), sep=separator, float_precision="round_trip")
    except (ValueError, pd.errors.ParserError) as error:
        raise InputError(N_("The p-table {source} does not parse as CSV: {reason}."),
                         source=str(path), reason=str(error)) from error
    frame.columns = [str(name).strip().strip('"') for name in frame.columns]
    return ptable_from_any_frame(frame, str(path))


def ptable_from_any_frame(frame, source=""):
    """A p-table in ONS's format (columns pcv, ckey, pvalue) or in the ptable package's."""
    if set(ONS_COLUMNS) <= set(frame.columns):
        key_noise = ons_key_noise(frame, source)
        return PTable(_key_distribution(key_noise), cycle_start=ONS_CYCLE_START,
                      key_noise=key_noise)
    return ptable_from_frame(frame, source)


def _key_distribution(key_noise):
    """The i, j, p frame of a table of noise per row and integer cell key: p(i, j) is the share of
    the cell keys of row i whose noise is j − i."""
    levels = key_noise.shape[1]
    row = np.repeat(np.arange(len(key_noise)), levels)
    pairs = pd.DataFrame({"i": row, "j": row + key_noise.ravel()})
    shares = pairs.groupby(["i", "j"]).size().rename("p").reset_index()
    shares["p"] = shares["p"] / levels
    return _with_intervals(shares)


def ptable_csv_text(table):
    """The CSV text of a p-table (full precision, so that reading it back gives the same hash)."""
    lines = [",".join(COLUMNS)]
    for i, j, p, v, lower, upper in table.frame.itertuples(index=False):
        lines.append(f"{i},{j},{float(p)!r},{v},{float(lower)!r},{float(upper)!r}")
    return "\n".join(lines) + "\n"


def write_ptable_csv(table, path):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(ptable_csv_text(table))
