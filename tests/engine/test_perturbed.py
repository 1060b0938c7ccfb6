import pytest

from spatial_privacy_plugin.errors import PolicyError
from spatial_privacy_plugin.noise.perturbed import evaluate_cell_key_release, refuse_unapproved
from spatial_privacy_plugin.policy import load_policy, policy_from_mapping
from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv

BASE = {"rho": 0.1, "tolerance": 0.2, "counting_unit": "person"}
CKM = dict(BASE, method="cell key", ckm_min_d=3, ckm_min_v=2, ckm_min_js=2)


@pytest.fixture
def approved(tmp_path):
    table = create_ptable(4, 2.0, 2)
    write_ptable_csv(table, tmp_path / "approved.csv")
    path = tmp_path / "policy.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nmethod = "cell key"\n'
                    'ckm_min_d = 3\nckm_min_v = 2\nckm_min_js = 2\nptable = "approved.csv"\n')
    return table, load_policy(path)


def verdict(policy, counts, table, methods=None, fingerprints=None):
    n = len(counts)
    result = evaluate_cell_key_release(counts, methods or ["cell key"] * n,
                                       [table.ptable_hash] * n, fingerprints or ["ab"] * n, policy)
    return [problem.template for problem in result.problems], result


def test_policy_cell_key_fields_are_validated():
    assert policy_from_mapping(CKM).get("method") == "cell key"
    with pytest.raises(PolicyError, match="needs the minimums ckm_min_v, ckm_min_js"):
        policy_from_mapping(dict(BASE, method="cell key", ckm_min_d=3))
    with pytest.raises(PolicyError, match="apply to the cell key method"):
        policy_from_mapping(dict(BASE, ckm_min_d=3))
    with pytest.raises(PolicyError, match="must be \"suppression\" or \"cell key\""):
        policy_from_mapping(dict(BASE, method="noise"))
    for name, value in (("ckm_min_d", 0), ("ckm_min_d", 2.5), ("ckm_min_v", 0), ("ckm_min_js", -1),
                        ("ckm_min_js", True)):
        with pytest.raises(PolicyError, match="whole numbers"):
            policy_from_mapping(dict(CKM, **{name: value}))
    with pytest.raises(PolicyError, match="path of the approved p-table"):
        policy_from_mapping(dict(CKM, ptable=""))
    assert policy_from_mapping(CKM).policy_hash != policy_from_mapping(dict(CKM, ckm_min_d=4)).policy_hash


def test_a_release_with_the_approved_table_passes(approved):
    table, policy = approved
    problems, result = verdict(policy, [0, 3, 7, 12.0], table)
    assert problems == [] and result.min_count == 0 and result.cells_checked == 4


def test_counts_in_1_to_js_fail(approved):
    table, policy = approved
    problems, _ = verdict(policy, [0, 3, 2, 12], table)
    assert any("lie in 1..{js}" in problem for problem in problems)


def test_missing_or_broken_evidence_fails(approved, tmp_path):
    table, policy = approved
    assert verdict(policy, [5, None], table)[0]
    assert verdict(policy, [5, 2.5], table)[0]
    assert verdict(policy, [5, 6], table, methods=["cell key", "suppression"])[0]
    assert verdict(policy, [5, 6], table, fingerprints=["ab", "cd"])[0]
    assert verdict(policy, [5, 6], table, fingerprints=["", ""])[0]
    other = create_ptable(4, 2.5, 2)
    problems, _ = verdict(policy, [5, 6], other)
    assert any("not perturbed with the approved" in problem for problem in problems)
    no_table = policy_from_mapping(CKM, str(tmp_path / "p.toml"))
    assert any("names no approved p-table" in p for p in verdict(no_table, [5], table)[0])
    plain = policy_from_mapping(BASE)
    assert any("does not allow" in p for p in verdict(plain, [5], table)[0])


def test_the_approved_table_must_meet_the_minimums(tmp_path):
    weak = create_ptable(2, 1.0, 1)
    write_ptable_csv(weak, tmp_path / "weak.csv")
    policy = policy_from_mapping(dict(CKM, ptable="weak.csv"), str(tmp_path / "policy.toml"))
    problems, _ = verdict(policy, [5], weak)
    assert len([p for p in problems if "below the policy's minimum" in p]) == 3  # D, V and JS
    with pytest.raises(PolicyError, match="below the policy's minimum"):
        refuse_unapproved(weak, policy)


def test_the_grid_refuses_a_table_other_than_the_approved_one(approved):
    table, policy = approved
    refuse_unapproved(table, policy)  # the approved one is accepted
    with pytest.raises(PolicyError, match="differs from the one the policy approves"):
        refuse_unapproved(create_ptable(5, 3.0, 2), policy)
    refuse_unapproved(create_ptable(2, 1.0, 0), policy_from_mapping(BASE))  # no method: no rule


def pinned_policy(folder, table, pinned):
    write_ptable_csv(table, folder / "approved.csv")
    return policy_from_mapping(dict(CKM, ptable="approved.csv", ptable_hash=pinned),
                               str(folder / "policy.toml"))


def test_a_pinned_ptable_hash_refuses_an_edited_approved_table(tmp_path):
    approved = create_ptable(4, 2.0, 2)
    policy = pinned_policy(tmp_path, approved, approved.ptable_hash)
    assert verdict(policy, [0, 3, 7], approved)[0] == []  # the pinned file as approved
    refuse_unapproved(approved, policy)
    # The file is replaced by another table that still meets the minimums, and a release is made
    # with it: without the pin both the gate and the grid would accept it.
    edited = create_ptable(3, 2.0, 2)
    write_ptable_csv(edited, tmp_path / "approved.csv")
    assert verdict(policy_from_mapping(dict(CKM, ptable="approved.csv"),
                                       str(tmp_path / "policy.toml")), [0, 3, 7], edited)[0] == []
    problems, _ = verdict(policy, [0, 3, 7], edited)
    assert any("has changed since the policy pinned it" in problem for problem in problems)
    with pytest.raises(PolicyError, match="has changed since the policy pinned it"):
        refuse_unapproved(edited, policy)


def test_ptable_hash_is_validated():
    with pytest.raises(PolicyError, match="64 lowercase hexadecimal"):
        policy_from_mapping(dict(CKM, ptable="a.csv", ptable_hash="abc"))
    with pytest.raises(PolicyError, match="64 lowercase hexadecimal"):
        policy_from_mapping(dict(CKM, ptable="a.csv", ptable_hash="A" * 64))
    with pytest.raises(PolicyError, match="name that p-table too"):
        policy_from_mapping(dict(CKM, ptable_hash="a" * 64))
    with pytest.raises(PolicyError, match="apply to the cell key method"):
        policy_from_mapping(dict(BASE, ptable_hash="a" * 64))
