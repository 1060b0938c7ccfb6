import json
import re

import pytest

from spatial_privacy_plugin.errors import PolicyError
from spatial_privacy_plugin.policy import effective_policy, k_from_rho, load_policy


@pytest.mark.parametrize("rho, k", [
    (0.1, 10), (0.09, 12), (0.05, 20), (1 / 3, 3), (1 / 49, 49), (1 - 0.9, 10), (0.0999, 11),
    (0.5, 2), (0.2, 5), (1 / 7, 7), (0.3, 4),
])
def test_k_is_exact(rho, k):
    assert k_from_rho(rho) == k


def test_k_for_every_reciprocal_is_that_integer():
    assert [k_from_rho(1 / n) for n in range(2, 5000)] == list(range(2, 5000))


@pytest.mark.parametrize("rho", [0, 1, -0.1, 1.5, float("nan"), float("inf"), "0.1", None, True])
def test_rho_outside_open_interval_is_refused(rho):
    with pytest.raises(PolicyError):
        k_from_rho(rho)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_toml_and_json_with_the_same_content_share_a_hash(tmp_path):
    toml = write(tmp_path, "p.toml", '# city policy\nrho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n')
    other = write(tmp_path, "q.toml", 'counting_unit = "person"\n\ntolerance = 0.20\nrho = 0.10\n')
    as_json = write(tmp_path, "p.json", json.dumps({"rho": 0.1, "tolerance": 0.2, "counting_unit": "person"}))
    hashes = {load_policy(path).policy_hash for path in (toml, other, as_json)}
    assert len(hashes) == 1
    assert len(hashes.pop()) == 64


def test_a_changed_value_changes_the_hash(tmp_path):
    a = load_policy(write(tmp_path, "a.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'))
    b = load_policy(write(tmp_path, "b.toml", 'rho = 0.1\ntolerance = 0.25\ncounting_unit = "person"\n'))
    assert a.policy_hash != b.policy_hash
    assert a.k == 10


def test_missing_field_is_named(tmp_path):
    path = write(tmp_path, "p.toml", 'rho = 0.1\ncounting_unit = "person"\n')
    with pytest.raises(PolicyError, match="tolerance"):
        load_policy(path)


def test_unknown_field_is_refused(tmp_path):
    path = write(tmp_path, "p.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\ntolerence = 0.5\n')
    with pytest.raises(PolicyError, match="tolerence"):
        load_policy(path)


def test_unparsable_file_is_refused(tmp_path):
    with pytest.raises(PolicyError, match="does not parse"):
        load_policy(write(tmp_path, "p.toml", "rho = = 0.1\n"))
    with pytest.raises(PolicyError, match="does not parse"):
        load_policy(write(tmp_path, "p.json", "{rho: 0.1"))


def test_missing_file_is_refused(tmp_path):
    with pytest.raises(PolicyError, match="Cannot read"):
        load_policy(tmp_path / "absent.toml")


def test_bad_counting_unit_is_refused(tmp_path):
    with pytest.raises(PolicyError, match="counting_unit"):
        load_policy(write(tmp_path, "p.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "trip"\n'))


def test_loose_values_may_repeat_but_not_contradict_the_policy(tmp_path):
    policy = load_policy(write(tmp_path, "p.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "device"\n'))
    assert effective_policy(policy, rho=0.1, tolerance=0.2) is policy
    with pytest.raises(PolicyError, match="conflicts"):
        effective_policy(policy, rho=0.2)
    with pytest.raises(PolicyError, match="conflicts"):
        effective_policy(policy, tolerance=0.5)


def test_loose_values_without_a_policy():
    policy = effective_policy(None, rho=0.05)
    assert (policy.k, policy.tolerance, policy.counting_unit) == (20, 0.2, "person")
    with pytest.raises(PolicyError, match="rho"):
        effective_policy(None)


def test_protection_level_defaults_to_half_k_and_follows_the_policy(tmp_path):
    assert effective_policy(None, rho=0.1).protection_level == 5
    assert effective_policy(None, rho=1 / 7).protection_level == 4
    assert effective_policy(None, rho=0.1, protection_level=8).protection_level == 8
    policy = load_policy(write(tmp_path, "p.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                                                   'protection_level = 7\nstraddle_k = true\n'))
    assert (policy.protection_level, policy.straddle_k) == (7, True)
    with pytest.raises(PolicyError, match="protection_level"):
        effective_policy(policy, protection_level=3)
    with pytest.raises(PolicyError, match="protection_level"):
        load_policy(write(tmp_path, "q.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                                              'protection_level = -1\n'))


def test_risk_budget_fields_are_validated(tmp_path):
    base = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
    policy = load_policy(write(tmp_path, "ok.toml", base + 'per_release_ceiling = 0.05\n'
                                                         'cumulative_ceiling = 0.2\nwarn_at = 0.5\n'
                                                         'gate_on = "lower bound"\n'))
    assert policy.get("per_release_ceiling") == 0.05 and policy.get("gate_on") == "lower bound"
    for bad in ('per_release_ceiling = 1.5\n', 'cumulative_ceiling = 0\n', 'warn_at = "high"\n',
                'gate_on = "median"\n'):
        with pytest.raises(PolicyError):
            load_policy(write(tmp_path, "bad.toml", base + bad))


def test_per_stratum_rho(tmp_path):
    policy = load_policy(write(tmp_path, "p.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                                                   '[stratum_rho]\nrural = 0.05\n'))
    assert (policy.k_for("rural"), policy.k_for("core")) == (20, 10)
    with pytest.raises(PolicyError):
        load_policy(write(tmp_path, "q.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                                              '[stratum_rho]\nrural = 2\n'))


def test_a_stratum_label_that_only_looks_like_a_policy_stratum_is_refused(tmp_path):
    policy = load_policy(write(tmp_path, "p.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                                                   '[stratum_rho]\nrural = 0.05\nperi-urban = 0.08\n'))
    for label in ("Rural", "rural ", " RURAL", "ｒｕｒａｌ", "Peri-Urban"):
        with pytest.raises(PolicyError, match=f"stratum label {label!r} is not in the policy's "
                                              r"\[stratum_rho\] \(peri-urban, rural\)"):
            policy.k_for(label)
    for label in (None, "", "  ", float("nan")):
        with pytest.raises(PolicyError, match=r"no stratum label .*\(peri-urban, rural\)"):
            policy.k_for(label)
    # Without per-stratum rho every stratum, named or not, takes the base k.
    plain = load_policy(write(tmp_path, "q.toml", 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'))
    assert (plain.k_for("Rural"), plain.k_for(None)) == (10, 10)


def test_a_k_beyond_any_population_is_refused():
    from spatial_privacy_plugin.policy import k_from_rho
    assert k_from_rho(1e-9) == 10 ** 9
    for rho in (1e-300, 5e-324, 1e-10):
        with pytest.raises(PolicyError, match="k = ⌈1/ρ⌉ above 1000000000.*at least 1e-9"):
            k_from_rho(rho)


def test_a_date_in_the_policy_is_refused_with_the_fix(tmp_path):
    base = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
    for line, name, value in (("version = 2026-11-01\n", "version", "2026-11-01"),
                              ("name = 2026-11-01T10:00:00Z\n", "name", "2026-11-01T10:00:00+00:00"),
                              ("version = 07:32:00\n", "version", "07:32:00"),
                              ("[stratum_rho]\nrural = 1979-05-27\n", "stratum_rho.rural",
                               "1979-05-27")):
        with pytest.raises(PolicyError, match=f"gives {name} as a date or time "
                                              f"\\({re.escape(value)}\\).*"
                                              f'{name} = "{re.escape(value)}"'):
            load_policy(write(tmp_path, "p.toml", base + line))


def test_a_policy_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nname = "Région"\n'
                     .encode("latin-1"))
    with pytest.raises(PolicyError, match="is not UTF-8 text .*save it as UTF-8"):
        load_policy(path)


BASE = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
BASE_JSON = '{"rho": 0.1, "tolerance": 0.2, "counting_unit": "person"}'


@pytest.mark.parametrize("name, text", [
    ("p.toml", BASE + "rho = 0.5\n"),
    ("p.toml", BASE + '"rho" = 0.5\n'),
    ("p.json", BASE_JSON[:-1] + ', "rho": 0.5}'),
], ids=["TOML", "TOML, quoted key", "JSON"])
def test_a_key_given_twice_is_refused_by_name(tmp_path, name, text):
    with pytest.raises(PolicyError, match='gives "?rho"? twice'):
        load_policy(write(tmp_path, name, text))


def test_a_json_key_given_twice_in_a_table_is_refused(tmp_path):
    text = BASE_JSON[:-1] + ', "stratum_rho": {"rural": 0.05, "rural": 0.5}}'
    with pytest.raises(PolicyError, match=r"gives rural twice \(0\.05, then 0\.5\)"):
        load_policy(write(tmp_path, "p.json", text))


@pytest.mark.parametrize("name, text", [("p.toml", BASE), ("p.json", BASE_JSON)])
def test_a_byte_order_mark_is_read_past_and_leaves_the_hash_alone(tmp_path, name, text):
    plain = load_policy(write(tmp_path, name, text))
    path = tmp_path / f"bom_{name}"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load_policy(path).policy_hash == plain.policy_hash
