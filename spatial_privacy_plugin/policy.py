"""The disclosure policy: k derived from rho, and the versioned policy file.

A policy file is TOML or JSON with flat keys. Required: ``rho``,
``tolerance``, ``counting_unit``. Optional keys are reserved for the gates
that use them (protection level, risk ceilings, zones). Unknown keys are
refused so that a misspelt ceiling is never silently ignored.

The policy hash is the SHA-256 of the normalised content (sorted keys,
numbers as parsed), so reformatting or commenting a file does not change it
while any change of a value does.
"""

import datetime
import hashlib
import json
import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .errors import N_, PolicyError

# A 1/rho this close (relative) to an integer is that integer: 1/(1/49)
# evaluates to 49.00000000000001 and must not give k = 50.
INTEGER_SNAP_RELATIVE = 1e-9
# The largest k a policy may ask for: beyond a billion people per cell no
# population on Earth has a publishable cell, and k must fit the counts' integers.
MAX_K = 10 ** 9
DEFAULT_TOLERANCE = 0.20
COUNTING_UNITS = ("person", "device")
GATE_ON_ESTIMATE = "estimate"
GATE_ON_LOWER_BOUND = "lower bound"
GATE_ON_CHOICES = (GATE_ON_ESTIMATE, GATE_ON_LOWER_BOUND)

REQUIRED_FIELDS = ("rho", "tolerance", "counting_unit")
# Optional fields, reserved for the gates that read them (later releases validate each).
OPTIONAL_FIELDS = (
    "name",
    "version",
    "protection_level",
    "straddle_k",
    "publish_zeros",
    "population_total_secret",
    "stratum_rho",
    "series_max_change",
    "per_release_ceiling",
    "cumulative_ceiling",
    "warn_at",
    "gate_on",
    "zones",
    "zones_hash",
    "epsilon_budget",
    "delta",
    "method",
    "ckm_min_d",
    "ckm_min_v",
    "ckm_min_js",
    "ckm_min_width",
    "ptable",
    "ptable_hash",
)
# Release methods a policy may require (the k-anonymity gate judges each by its own rule).
METHOD_SUPPRESSION = "suppression"
METHOD_CELL_KEY = "cell key"
METHODS = (METHOD_SUPPRESSION, METHOD_CELL_KEY)


def k_from_rho(rho):
    """Smallest integer k with 1/k <= rho, i.e. k = ceil(1/rho).

    rho is the accepted disclosure probability, a number in (0, 1). Floating
    point error never adds one to k: a 1/rho within a relative 1e-9 of an
    integer counts as that integer.
    """
    if isinstance(rho, bool) or not isinstance(rho, (int, float)):
        raise PolicyError(N_("rho must be a number in (0, 1), got {value!r}."), value=rho)
    if not math.isfinite(rho) or not 0.0 < rho < 1.0:
        raise PolicyError(
            N_("rho must lie strictly between 0 and 1, got {value}: it is the accepted "
               "probability of singling a person out, for example 0.1 for k = 10."),
            value=rho,
        )
    inverse = 1.0 / rho
    if not inverse <= MAX_K:
        raise PolicyError(
            N_("rho = {value} asks for k = ⌈1/ρ⌉ above {limit}: no cell could ever be published "
               "and k cannot be represented. Give the accepted probability of singling a person "
               "out, for example 0.1 for k = 10 (rho must be at least 1e-9)."),
            value=rho, limit=MAX_K)
    nearest = round(inverse)
    if abs(inverse - nearest) <= INTEGER_SNAP_RELATIVE * nearest:
        return int(nearest)
    return int(math.ceil(inverse))


def _check_tolerance(tolerance):
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) \
            or not math.isfinite(tolerance) or not 0.0 <= tolerance < 1.0:
        raise PolicyError(
            N_("The suppression tolerance must be a share in [0, 1), got {value!r}."),
            value=tolerance,
        )
    return float(tolerance)


@dataclass(frozen=True)
class Policy:
    """The effective policy of one run; ``policy_hash`` identifies it."""

    rho: float
    tolerance: float
    counting_unit: str
    policy_hash: str
    extra: tuple = ()  # sorted (key, value) pairs of optional fields
    source: str = ""

    @property
    def k(self):
        return k_from_rho(self.rho)

    def get(self, key, default=None):
        return dict(self.extra).get(key, default)

    @property
    def protection_level(self):
        """p: the policy's, else ceil(k / 2), the usual working choice k/2 <= p <= k."""
        return float(self.get("protection_level", math.ceil(self.k / 2)))

    @property
    def straddle_k(self):
        return bool(self.get("straddle_k", False))

    def k_for(self, stratum):
        """k of a stratum: its own rho where the policy gives one (adversary-known strata).

        Strata the policy does not name take the base rho. Where the policy
        names strata, a missing label (NULL, empty) and a label that names
        one of them only up to case, spaces or Unicode form ("Rural",
        "rural ") are refused: they would silently get the base k.
        """
        strata = self.get("stratum_rho", {})
        if not strata:
            return k_from_rho(self.rho)
        if stratum in strata:
            return k_from_rho(strata[stratum])
        known = ", ".join(sorted(strata))
        if stratum is None or stratum != stratum or not str(stratum).strip():
            raise PolicyError(N_("A record has no stratum label (NULL or empty) while the policy "
                                 "gives strata their own rho ({known}): its k would silently be "
                                 "the base one. Give every record its stratum."), known=known)
        near = [name for name in strata if _label_key(name) == _label_key(stratum)]
        if near:
            raise PolicyError(N_("The stratum label {label!r} is not in the policy's "
                                 "[stratum_rho] ({known}), though it looks like {near!r}: its k "
                                 "would silently be the base one. Correct the label in the strata "
                                 "layer, or name the stratum exactly so in the policy."),
                              label=stratum, known=known, near=near[0])
        return k_from_rho(self.rho)

    @property
    def series_max_change(self):
        """The most a cell's count may change between consecutive releases, as the attacker assumes."""
        value = self.get("series_max_change")
        return None if value is None else float(value)

    @property
    def publish_zeros(self):
        """Structural zeros (no one lives there) may be published as 0."""
        return bool(self.get("publish_zeros", False))

    @property
    def population_total_secret(self):
        """The number of people in a release is never published (so the attacker lacks it)."""
        return bool(self.get("population_total_secret", False))


def _label_key(label):
    """A stratum label compared loosely: Unicode NFKC, case folded, inner and outer spaces removed."""
    import unicodedata

    text = unicodedata.normalize("NFKC", str(label)).casefold()
    return "".join(char for char in text
                   if not char.isspace() and unicodedata.category(char) != "Cf")


def _refuse_dates(content, source, prefix=""):
    """Refuse TOML dates and times: a policy holds numbers, text, true/false and tables."""
    for key, value in content.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            _refuse_dates(value, source, f"{name}.")
        elif isinstance(value, (datetime.date, datetime.time)):
            raise PolicyError(N_("The policy file {source} gives {name} as a date or time "
                                 "({value}): policy values are numbers, text or true/false. Write "
                                 "it in quotes, e.g. {name} = \"{value}\"."),
                              source=source, name=name, value=value.isoformat())
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, (datetime.date, datetime.time)):
                    raise PolicyError(N_("The policy file {source} gives {name} as a date or time "
                                         "({value}): policy values are numbers, text or "
                                         "true/false. Write it in quotes, e.g. {name} = "
                                         "\"{value}\"."),
                                      source=source, name=name, value=item.isoformat())


def _hash_content(content):
    normalised = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(normalised.encode("utf-8")).hexdigest()


def policy_from_mapping(content, source=""):
    """Validate a parsed policy mapping and return the Policy it defines."""
    if not isinstance(content, dict):
        raise PolicyError(N_("The policy file {source} must hold key = value pairs."), source=source)
    _refuse_dates(content, source)
    missing = [key for key in REQUIRED_FIELDS if key not in content]
    if missing:
        raise PolicyError(
            N_("The policy file {source} lacks the field(s) {fields}: add them, e.g. "
               "rho = 0.1, tolerance = 0.2, counting_unit = \"person\"."),
            source=source, fields=", ".join(missing),
        )
    unknown = sorted(set(content) - set(REQUIRED_FIELDS) - set(OPTIONAL_FIELDS))
    if unknown:
        raise PolicyError(
            N_("The policy file {source} has unknown field(s) {fields}; known fields are {known}."),
            source=source, fields=", ".join(unknown),
            known=", ".join(REQUIRED_FIELDS + OPTIONAL_FIELDS),
        )
    rho = content["rho"]
    k_from_rho(rho)
    tolerance = _check_tolerance(content["tolerance"])
    unit = content["counting_unit"]
    if unit not in COUNTING_UNITS:
        raise PolicyError(
            N_("counting_unit in {source} must be \"person\" or \"device\", got {value!r}."),
            source=source, value=unit,
        )
    protection = content.get("protection_level")
    if protection is not None and (isinstance(protection, bool) or not isinstance(protection, (int, float))
                                   or not math.isfinite(protection) or protection <= 0):
        raise PolicyError(N_("protection_level in {source} must be a positive number of people, "
                             "got {value!r}."), source=source, value=protection)
    change = content.get("series_max_change")
    if change is not None and (isinstance(change, bool) or not isinstance(change, (int, float))
                               or not math.isfinite(change) or change < 0):
        raise PolicyError(N_("series_max_change in {source} must be a number of people >= 0 (the "
                             "most a cell's count can change between consecutive releases, as an "
                             "attacker may assume), got {value!r}."), source=source, value=change)
    for name in ("straddle_k", "publish_zeros", "population_total_secret"):
        if not isinstance(content.get(name, False), bool):
            raise PolicyError(N_("{name} in {source} must be true or false, got {value!r}."),
                              name=name, source=source, value=content[name])
    for name in ("per_release_ceiling", "cumulative_ceiling", "warn_at"):
        value = content.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not math.isfinite(value) or not 0.0 < value <= 1.0):
            raise PolicyError(N_("{name} in {source} must be a probability in (0, 1], got "
                                 "{value!r}."), name=name, source=source, value=value)
    refuse_contradictory_ceilings(content.get("per_release_ceiling"),
                                  content.get("cumulative_ceiling"), source)
    budget = content.get("epsilon_budget")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not math.isfinite(budget) or budget <= 0):
        raise PolicyError(N_("epsilon_budget in {source} must be a positive number (the total ε "
                             "a dataset's differentially private releases may spend), got "
                             "{value!r}."), source=source, value=budget)
    delta = content.get("delta")
    if delta is not None and (isinstance(delta, bool) or not isinstance(delta, (int, float))
                              or not math.isfinite(delta) or not 0.0 < delta < 1.0):
        raise PolicyError(N_("delta in {source} must lie strictly between 0 and 1 (e.g. 1e-6, "
                             "well below one over the number of people), got {value!r}."),
                          source=source, value=delta)
    if content.get("gate_on", GATE_ON_ESTIMATE) not in GATE_ON_CHOICES:
        raise PolicyError(N_("gate_on in {source} must be \"estimate\" or \"lower bound\", got "
                             "{value!r}."), source=source, value=content["gate_on"])
    _check_method(content, source)
    stratum_rho = content.get("stratum_rho", {})
    if not isinstance(stratum_rho, dict):
        raise PolicyError(N_("stratum_rho in {source} must be a table of stratum = rho, e.g. "
                             "[stratum_rho] rural = 0.05."), source=source)
    for value in stratum_rho.values():
        k_from_rho(value)
    normalised = dict(content, rho=float(rho), tolerance=tolerance)
    extra = tuple(sorted((key, value) for key, value in normalised.items()
                         if key not in REQUIRED_FIELDS))
    return Policy(float(rho), tolerance, unit, _hash_content(normalised), extra, source)


def refuse_contradictory_ceilings(per_release, cumulative, source=""):
    """Refuse a per-release ceiling above the cumulative one: the programme's risk after one
    release is that release's, so no release could use what the per-release ceiling allows."""
    if per_release is not None and cumulative is not None and per_release > cumulative:
        raise PolicyError(N_("per_release_ceiling = {per_release:g} is above cumulative_ceiling = "
                             "{cumulative:g}{where}: the programme's cumulative risk includes every "
                             "release, so the two contradict each other. Set the per-release "
                             "ceiling at or below the cumulative one."),
                          per_release=per_release, cumulative=cumulative,
                          where=f" ({source})" if source else "")


def _check_method(content, source):
    """``method`` and the cell key method's minimums (D, V, JS) and approved p-table."""
    method = content.get("method")
    if method is not None and method not in METHODS:
        raise PolicyError(N_("method in {source} must be \"suppression\" or \"cell key\", got "
                             "{value!r}."), source=source, value=method)
    names = ("ckm_min_d", "ckm_min_v", "ckm_min_js")
    given = [name for name in names + ("ckm_min_width", "ptable", "ptable_hash")
             if name in content]
    if given and method != METHOD_CELL_KEY:
        raise PolicyError(N_("{fields} in {source} apply to the cell key method: add method = "
                             "\"cell key\" or remove them."), fields=", ".join(given),
                          source=source)
    if method != METHOD_CELL_KEY:
        return
    missing = [name for name in names if name not in content]
    if missing:
        raise PolicyError(N_("method = \"cell key\" in {source} needs the minimums {fields} "
                             "(largest noise D, noise variance V, blocked counts 1..JS), e.g. "
                             "ckm_min_d = 3, ckm_min_v = 2, ckm_min_js = 0."),
                          source=source, fields=", ".join(missing))
    for name in names:
        value = content[name]
        whole = name != "ckm_min_v"
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                not math.isfinite(value) or value < (1 if name == "ckm_min_d" else 0) or \
                (whole and not float(value).is_integer()) or (not whole and value <= 0):
            raise PolicyError(N_("In {source}, ckm_min_d and ckm_min_js must be whole numbers (D at "
                                 "least 1, JS at least 0) and ckm_min_v a positive number; {name} "
                                 "is {value!r}."), name=name, source=source, value=value)
    width = content.get("ckm_min_width")
    if width is not None and (isinstance(width, bool) or not isinstance(width, (int, float)) or
                              not math.isfinite(width) or width < 0):
        raise PolicyError(N_("ckm_min_width in {source} must be a number of 0 or more (the least "
                             "width of the interval an attacker who knows the p-table may derive "
                             "for a count that could be 1..k - 1), got {value!r}."),
                          source=source, value=width)
    if "ptable" in content and (not isinstance(content["ptable"], str) or
                                not content["ptable"].strip()):
        raise PolicyError(N_("ptable in {source} must be the path of the approved p-table (CSV), "
                             "relative to the policy file or absolute."), source=source)
    pinned = content.get("ptable_hash")
    if pinned is not None and (not isinstance(pinned, str) or len(pinned) != 64 or
                               any(digit not in "0123456789abcdef" for digit in pinned)):
        raise PolicyError(N_("ptable_hash in {source} must be the SHA-256 of the approved p-table "
                             "(64 lowercase hexadecimal digits, the PTABLE_HASH output of the "
                             "perturbation table algorithm), got {value!r}."),
                          source=source, value=pinned)
    if pinned is not None and "ptable" not in content:
        raise PolicyError(N_("ptable_hash in {source} pins the approved p-table: name that "
                             "p-table too (ptable = \"file.csv\")."), source=source)


def _refuse_duplicate_keys(source):
    """A JSON ``object_pairs_hook`` that refuses a key given twice (JSON keeps the last one)."""
    def pairs_to_dict(pairs):
        content = {}
        for key, value in pairs:
            if key in content:
                raise PolicyError(N_("The policy file {source} gives {name} twice ({first!r}, "
                                     "then {second!r}): a reader may take either. Keep one."),
                                  source=source, name=key, first=content[key], second=value)
            content[key] = value
        return content
    return pairs_to_dict


def _toml_duplicate(text, error):
    """The key a TOML file gives twice, from tomllib's "Cannot overwrite a value" (None else)."""
    found = re.search(r"Cannot overwrite a value \(at line (\d+),", str(error))
    lines = text.splitlines()
    if found is None or not 0 < int(found.group(1)) <= len(lines):
        return None
    key, equals, _ = lines[int(found.group(1)) - 1].partition("=")
    return key.strip() if equals and key.strip() else None


def load_policy(path):
    """Read and validate a TOML (.toml) or JSON (.json) policy file.

    A UTF-8 byte order mark at its start (as some Windows editors save) is read past; a key
    given twice is refused.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise PolicyError(N_("Cannot read the policy file {source}: {reason}."),
                          source=str(path), reason=error.strerror or str(error)) from error
    except UnicodeDecodeError as error:
        raise PolicyError(N_("The policy file {source} is not UTF-8 text (byte {position}): save "
                             "it as UTF-8 (TOML and JSON files are UTF-8)."),
                          source=str(path), position=error.start) from error
    try:
        if path.suffix.lower() == ".json":
            content = json.loads(text, object_pairs_hook=_refuse_duplicate_keys(str(path)))
        else:
            content = tomllib.loads(text)
    except PolicyError:
        raise
    except tomllib.TOMLDecodeError as error:
        name = _toml_duplicate(text, error)
        if name is None:
            raise _unparsable(path, error) from error
        raise PolicyError(N_("The policy file {source} gives {name} twice: a reader may take "
                             "either. Keep one."), source=str(path), name=name) from error
    except ValueError as error:
        raise _unparsable(path, error) from error
    return policy_from_mapping(content, str(path))


def _unparsable(path, error):
    return PolicyError(
        N_("The policy file {source} does not parse: {reason}. Fix its syntax (TOML, or JSON "
           "for a .json file)."),
        source=str(path), reason=str(error),
    )


def _same(given, in_file):
    if isinstance(given, (int, float)) and isinstance(in_file, (int, float)):
        return math.isclose(given, in_file, rel_tol=1e-12)
    return given == in_file


def refuse_conflicts(policy, values):
    """Refuse a loose value that differs from the policy file's: (name, given, in file) triples.

    A value left empty (None), or one the file does not set, is no conflict.
    """
    for name, given, in_file in values:
        if given is not None and in_file is not None and not _same(given, in_file):
            raise PolicyError(
                N_("The value {given} given for {name} conflicts with {in_file} in the policy file "
                   "{source}. Leave {name} empty to use the policy, or change the policy file."),
                name=name, given=given, in_file=in_file, source=policy.source)


def effective_policy(policy=None, rho=None, tolerance=None, protection_level=None):
    """Combine a policy file with loose values; loose values may only repeat it.

    Without a file, rho is required and the tolerance defaults to 0.20; the
    hash then identifies these loose values. With a file, a loose value that
    differs from the file's is refused: the only way to change a threshold is
    to change the policy file, which leaves a diff.
    """
    if policy is None:
        if rho is None:
            raise PolicyError(N_("Give a policy file or a value for rho (the accepted disclosure "
                                 "probability, e.g. 0.1 for k = 10)."))
        tolerance = DEFAULT_TOLERANCE if tolerance is None else tolerance
        content = {"rho": rho, "tolerance": tolerance, "counting_unit": "person"}
        if protection_level is not None:
            content["protection_level"] = protection_level
        return policy_from_mapping(content, "")
    refuse_conflicts(policy, [("rho", rho, policy.rho), ("tolerance", tolerance, policy.tolerance),
                              ("protection_level", protection_level, policy.protection_level)])
    return policy
