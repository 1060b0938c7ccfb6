"""Signs that a person id field numbers features instead of people."""

import numpy as np

from spatial_privacy_plugin.counting.person_ids import REASON_KEY, REASON_OTHER_FIELD, REASON_ROW_NUMBERS, \
    person_id_doubt, person_like_fields


def test_fields_named_like_a_person_id():
    assert person_like_fields(["fid", "trip", "User ID", "device-id", "weight"]) == \
        ["User ID", "device-id"]


def test_the_feature_id_is_always_doubted():
    assert person_id_doubt(["a", "a", "b"], is_key=True) == (REASON_KEY, None)


def test_distinct_consecutive_integers_look_like_row_numbers():
    assert person_id_doubt([3, 1, 2, 4]) == (REASON_ROW_NUMBERS, None)
    assert person_id_doubt(["10", "11", "12"]) == (REASON_ROW_NUMBERS, None)
    assert person_id_doubt([1.0, 2.0, 3.0]) == (REASON_ROW_NUMBERS, None)


def test_distinct_ids_while_a_person_field_repeats():
    assert person_id_doubt(["t1", "t2", "t3"], others={"user_id": ["u1", "u1", "u2"]}) == \
        (REASON_OTHER_FIELD, "user_id")


def test_plausible_person_ids_raise_no_doubt():
    assert person_id_doubt(["p7", "p2", "p9"]) is None  # one point per person: legitimate
    assert person_id_doubt([1, 2, 2, 3]) is None  # people with several points
    assert person_id_doubt([1, 5, 9]) is None  # distinct but not a run of row numbers
    assert person_id_doubt(["u1", "u2"], others={"device_id": ["d1", "d2"]}) is None
    assert person_id_doubt([1]) is None


def test_integer_arrays_are_judged_as_their_values_are():
    # Id columns come from the Arrow reader as integer arrays, checked in numpy.
    cases = [([3, 1, 2, 4], None), ([1, 2, 2, 3], None), ([2, 1, 2], None), ([1, 5, 9], None),
             ([7], None), (["t1", "t2", "t3"], {"user_id": [5, 5, 6]}),
             (["t1", "t2", "t3"], {"user_id": [5, 6, 7]})]
    for ids, others in cases:
        arrays = {name: np.array(values) for name, values in (others or {}).items()}
        given = np.array(ids) if isinstance(ids[0], int) else ids
        assert person_id_doubt(given, others=arrays) == person_id_doubt(ids, others=others)
    assert person_id_doubt(np.array([3, 1, 2, 4], dtype=np.uint32)) == (REASON_ROW_NUMBERS, None)
    assert person_id_doubt(np.array([4, 1, 4, 2])) is None  # a repeat that is not adjacent


def test_text_ids_written_differently_are_found():
    from spatial_privacy_plugin.counting.person_ids import ids_differing_in_form
    assert ids_differing_in_form(["00012", "12", "12", " 12 ", "7", "p1", "P1", 12]) == \
        (1, [(" 12 ", "00012", "12")])
    assert ids_differing_in_form(["000", "0", "a ", "a", "b"]) == (2, [("0", "000"), ("a", "a ")])
    assert ids_differing_in_form(np.array([12, 12, 13])) == (0, [])
    assert ids_differing_in_form(["012", "12", "013", "13"], examples=1) == (2, [("012", "12")])
    assert ids_differing_in_form([]) == (0, [])
