"""Rules for perturbed (cell key) releases under a policy: the gate's checks, without QGIS.

A cell key release is not judged by the k threshold (every cell is published,
with bounded noise) but by its method: the policy must allow the cell key
method (``method = "cell key"``) with minimum D, V and JS; the release's
p-table must be the approved one (``ptable`` in the policy) and meet those
minimums; no published count may lie in 1..JS. A policy may pin the approved
file's hash (``ptable_hash``): an edited file is then refused, not approved.
Beside totals published with it (coarser cell key grids, the number of people), the
noise is the protection: the audit fails a count that could be 1..k - 1 and is
recovered exactly, or narrower than the policy's ``ckm_min_width`` when set
(``cell_key_disclosures``); intervals narrower than p are normal under the method.
"""

import math
from dataclasses import dataclass
from pathlib import Path

from ..errors import N_, PolicyError
from ..policy import METHOD_CELL_KEY
from ..problems import problem
from .ptable import read_ptable_csv

METHOD_FIELD = "method"
RELEASE_FIELDS = ("method", "ptable_hash", "key_fingerprint")


def policy_minimum_problems(table, policy):
    """Problems of a p-table against the policy's cell key minimums (none without ``method``)."""
    if policy.get("method") != METHOD_CELL_KEY:
        return []
    problems = []
    for name, value, label in (("ckm_min_d", table.max_noise, "D"),
                               ("ckm_min_v", table.variance, "V"),
                               ("ckm_min_js", table.blocked, "JS")):
        minimum = float(policy.get(name))
        if value < minimum - 1e-9:
            problems.append(problem(N_("The p-table has {label} = {value:g}, below the policy's "
                                       "minimum {name} = {minimum:g}."),
                                    label=label, value=value, name=name,
                                     minimum=minimum))
    return problems


def approved_ptable_path(policy):
    """The approved p-table named in the policy (relative paths from the policy's folder), or None."""
    name = policy.get("ptable")
    if not name:
        return None
    path = Path(name).expanduser()
    if not path.is_absolute() and policy.source:
        path = Path(policy.source).resolve().parent / path
    return path


def approved_ptable(policy):
    """The policy's approved p-table, or None when it names none."""
    path = approved_ptable_path(policy)
    return None if path is None else read_ptable_csv(path)


def pinned_hash_problem(table, policy):
    """A Problem when the approved p-table file no longer has the hash the policy pins (it was
    edited after approval), else None."""
    pinned = policy.get("ptable_hash")
    if pinned is None or table.ptable_hash == pinned:
        return None
    return problem(N_("The approved p-table {path} has changed since the policy pinned it: its "
                      "hash is {actual}…, the policy's ptable_hash is {pinned}…. Restore the "
                      "approved file, or approve the new table by putting its hash in the "
                      "policy."), path=str(approved_ptable_path(policy)),
                                   actual=table.ptable_hash[:12], pinned=pinned[:12])


def refuse_unapproved(table, policy):
    """Refuse a p-table that a cell key policy does not allow (minimums, approved table)."""
    problems = policy_minimum_problems(table, policy)
    if problems:
        raise PolicyError(problems[0].template, **dict(problems[0].params))
    approved = approved_ptable(policy) if policy.get("method") == METHOD_CELL_KEY else None
    edited = pinned_hash_problem(approved, policy) if approved is not None else None
    if edited is not None:
        raise PolicyError(edited.template, **dict(edited.params))
    if approved is not None and approved.ptable_hash != table.ptable_hash:
        raise PolicyError(N_("The p-table differs from the one the policy approves ({path}): use "
                             "that p-table, or change the policy file."),
                          path=str(approved_ptable_path(policy)))


def is_cell_key_release(methods):
    """True when any record says it was perturbed by the cell key method."""
    return any(value == METHOD_CELL_KEY for value in methods)


@dataclass(frozen=True)
class PerturbedGateResult:
    problems: list
    min_count: object
    cells_checked: int


def evaluate_cell_key_release(counts, methods, ptable_hashes, fingerprints, policy):
    """The gate's verdict on a cell key release (see the module docstring)."""
    problems = []
    if any(value != METHOD_CELL_KEY for value in methods):
        problems.append(problem(N_("Some records say method = 'cell key' and others do not: a "
                                   "release is perturbed as a whole or not at all.")))
    if policy.get("method") != METHOD_CELL_KEY:
        problems.append(problem(N_("This release is perturbed by the cell key method, which the "
                                   "policy does not allow: add method = \"cell key\" with "
                                   "ckm_min_d, ckm_min_v, ckm_min_js and the approved ptable to "
                                   "the policy file, or publish a suppressed grid.")))
        return PerturbedGateResult(problems, None, len(counts))
    table = approved_ptable(policy)
    if table is None:
        problems.append(problem(N_("The policy names no approved p-table (ptable = \"file.csv\"): "
                                   "without it the gate cannot check D, V and JS. Add it to the "
                                   "policy file.")))
        return PerturbedGateResult(problems, None, len(counts))
    edited = pinned_hash_problem(table, policy)
    if edited is not None:
        problems.append(edited)
    problems += policy_minimum_problems(table, policy)
    wrong_hash = sum(1 for value in ptable_hashes if value != table.ptable_hash)
    if wrong_hash:
        problems.append(problem(N_("{count} record(s) were not perturbed with the approved p-table "
                                   "(their ptable_hash differs from {hash}…)."),
                                count=wrong_hash, hash=table.ptable_hash[:12]))
    if any(not value for value in fingerprints) or len(set(fingerprints)) > 1:
        problems.append(problem(N_("The records must all carry one key_fingerprint: a release is "
                                   "perturbed with one key.")))
    numbers = []
    for value in counts:
        if value is None or isinstance(value, bool) or not isinstance(value, (int, float)) or \
                not math.isfinite(value) or value < 0 or not float(value).is_integer():
            problems.append(problem(N_("A published count is missing or not a whole number >= 0 "
                                       "({value!r}): every cell of a cell key release is "
                                       "published."), value=value))
            break
        numbers.append(int(value))
    blocked = table.blocked
    inside = [value for value in numbers if 1 <= value <= blocked]
    if inside:
        problems.append(problem(N_("{count} published count(s) lie in 1..{js}, which the p-table "
                                   "never publishes (e.g. {value}): the layer was edited after "
                                   "perturbation or perturbed otherwise."),
                                count=len(inside), js=blocked, value=inside[0]))
    return PerturbedGateResult(problems, min(numbers) if numbers else None, len(counts))


def cell_key_disclosures(lower, upper, k, min_width=None):
    """Cells an attacker who knows D and the p-table pins (``lower``/``upper``: his bounds on
    the original counts, ``cellkey_audit.attacker_intervals``): the interval could hold 1..k - 1
    people and is a single value, or narrower than ``min_width`` (the policy's
    ``ckm_min_width``) when given. The grid's audit and the gate share this rule."""
    import numpy as np

    lower, upper = np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)
    width = upper - lower
    narrow = width < 1e-9 if min_width is None else (width < 1e-9) | (width < float(min_width))
    return narrow & (lower <= k - 1) & (upper >= 1)


CELL_KEY_DISCLOSED = N_("{count} cell(s) of this cell key release can be pinned by an attacker "
                        "who knows D and the p-table, from the totals published beside it, to "
                        "{what} while they could hold 1 to k - 1 = {below} people (e.g. {cells}). "
                        "Publish the totals at another size, a p-table with more noise, or "
                        "suppression.")
