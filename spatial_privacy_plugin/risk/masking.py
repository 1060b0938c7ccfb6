"""Masks that produce releases to test, and auxiliary data an adversary could build.

Randomness only through an explicit ``numpy.random.Generator``.
"""

import hashlib

import numpy as np
import pandas as pd

from ..errors import N_, InputError

# Half the Earth's circumference: no displacement on Earth is longer.
MAX_RADIUS_M = 2.0e7


def mask_generator(seed_text=None):
    """The randomness of a mask (geomask, record swap): numpy's PCG64 seeded from the operating
    system (128 bits that numpy's SeedSequence reads through ``secrets``, never
    written anywhere) unless a seed is given on purpose.

    A given seed (any text) is hashed to 256 bits, so a short text is no
    shorter key than a long one; anyone who holds it can undo the mask.
    """
    if seed_text is None or str(seed_text) == "":
        return np.random.default_rng()
    digest = hashlib.sha256(str(seed_text).encode("utf-8")).digest()
    return np.random.default_rng(np.random.SeedSequence(int.from_bytes(digest, "big")))


def donut_displacement(n_points, min_radius, max_radius, rng):
    """Offsets (dx, dy) uniform over the area of the ring min_radius <= d <= max_radius.

    The distance is drawn as ``sqrt(U (R^2 - r^2) + r^2)`` so that equal areas
    of the ring are equally likely (a uniform distance would crowd the inner
    edge); the direction is uniform.
    """
    if not (np.isfinite(min_radius) and np.isfinite(max_radius)) or min_radius < 0 \
            or max_radius <= min_radius:
        raise InputError(N_("The donut needs 0 <= minimum radius < maximum radius, got {low} and "
                            "{high}."), low=min_radius, high=max_radius)
    if max_radius > MAX_RADIUS_M:
        raise InputError(N_("A maximum displacement of {high:g} m is larger than any distance on "
                            "Earth ({limit:g} m): give the radius in metres of the layer's metric "
                            "CRS, e.g. 250."), high=max_radius, limit=MAX_RADIUS_M)
    distance = np.sqrt(rng.random(n_points) * (max_radius ** 2 - min_radius ** 2) + min_radius ** 2)
    angle = rng.uniform(0.0, 2.0 * np.pi, n_points)
    return distance * np.cos(angle), distance * np.sin(angle)


def read_marginals(attributes, categories, shares, zones=None):
    """Validate a marginals table: per (zone,) attribute, shares of categories summing to 1.

    Returns {zone: {attribute: (categories array, probabilities array)}}; the
    zone is None when the table has no zone column.
    """
    frame = pd.DataFrame({"attribute": list(attributes), "category": list(categories),
                          "share": pd.to_numeric(pd.Series(list(shares), dtype=object),
                                                 errors="coerce"),
                          "zone": list(zones) if zones is not None else [None] * len(attributes)})
    if frame.empty:
        raise InputError(N_("The marginals table is empty: it needs rows of attribute, category "
                            "and share."))
    bad = frame["share"].isna() | (frame["share"] < 0) | frame["attribute"].isna()
    if bad.any():
        raise InputError(N_("{count} marginal row(s) have a missing attribute or a share that is "
                            "not a number of 0 or more."), count=int(bad.sum()))
    result = {}
    for (zone, attribute), rows in frame.groupby(["zone", "attribute"], dropna=False, sort=True):
        total = float(rows["share"].sum())
        if abs(total - 1.0) > 0.01 and (zone is None or zone != zone):
            raise InputError(N_("The shares of '{attribute}' add up to {total:.3f}, not 1: fix the "
                                "marginals table."), attribute=attribute, total=total)
        if abs(total - 1.0) > 0.01:
            raise InputError(N_("The shares of '{attribute}' in zone {zone} add up to {total:.3f}, "
                                "not 1: fix the marginals table."), attribute=attribute, zone=zone,
                             total=total)
        result.setdefault(None if zone != zone else zone, {})[attribute] = (
            rows["category"].to_numpy(dtype=object), rows["share"].to_numpy(dtype=float) / total)
    attribute_sets = {frozenset(per_zone) for per_zone in result.values()}
    if len(attribute_sets) != 1:
        raise InputError(N_("Every zone of the marginals table must give the same attributes."))
    return result


def sample_auxiliary(address_zones, marginals, coverage, rng):
    """The addresses the adversary holds and quasi-identifiers sampled for them.

    Each address is held with probability ``coverage``; each attribute's
    category is drawn from the marginal shares of the address's zone (or the
    single table without zones). Returns (held address indices,
    {attribute: sampled values}).
    """
    if not 0.0 < coverage <= 1.0:
        raise InputError(N_("Coverage must be a share in (0, 1], got {value}."), value=coverage)
    zones = np.asarray(address_zones, dtype=object)
    known = set(marginals)
    outside = np.array([zone not in known for zone in zones])
    if outside.any():
        raise InputError(N_("{count} address(es) lie in no zone of the marginals table: give "
                            "marginals for every zone, or clip the addresses first."),
                         count=int(outside.sum()))
    held = np.flatnonzero(rng.random(len(zones)) < coverage)
    attributes = sorted(next(iter(marginals.values())))
    sampled = {attribute: np.empty(len(held), dtype=object) for attribute in attributes}
    held_zones = zones[held]
    for zone in sorted(known, key=str):
        members = np.flatnonzero(held_zones == zone) if zone is not None else np.arange(len(held))
        for attribute in attributes:
            categories, probabilities = marginals[zone][attribute]
            sampled[attribute][members] = rng.choice(categories, size=len(members), p=probabilities)
    return held, sampled
