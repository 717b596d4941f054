"""Result validation: the rows returned against the conditions the user asked for."""

from __future__ import annotations

from keel.calibration.validation import conditions_from, satisfies, validate

BATCHES = [{"batch": "MB-100", "qty": 5}, {"batch": "MB-101", "qty": 2}, {"batch": "MB-102"}]


def test_rows_that_all_match_are_valid() -> None:
    report = validate({"batch": "MB-001"}, [{"batch": "MB-001", "qty": 5}])
    assert report.status == "VALID" and report.score == 1.0 and not report.needs_correction
    assert report.checked == ("batch",) and report.hint == ""


def test_rows_that_ignore_the_condition_are_caught_with_a_hint() -> None:
    report = validate({"batch": "MB-001"}, BATCHES)
    assert report.status == "CONDITION_IGNORED" and report.needs_correction
    assert report.score == 0.0 and report.matched == 0 and report.total == 3
    assert report.missed == ("batch",)
    assert "asked for batch = MB-001" in report.hint and "MB-100, MB-101, MB-102" in report.hint


def test_some_matching_rows_are_a_partial_match() -> None:
    rows = [{"status": "pending"}, {"status": "delivered"}, {"status": "pending"}, {"status": "x"}]
    report = validate({"status": "pending"}, rows)
    assert report.status == "PARTIAL_MATCH" and report.score == 0.5
    assert "got status = delivered, x" in report.hint


def test_no_rows_is_an_empty_result() -> None:
    report = validate({"order_id": "#W1"}, [])
    assert report.status == "EMPTY_RESULT" and report.total == 0
    assert "order_id = #W1" in report.hint


def test_fields_no_row_carries_are_not_judged() -> None:
    report = validate({"batch": "MB-100", "colour": "red"}, BATCHES[:1])
    assert report.status == "VALID" and report.checked == ("batch",)
    assert validate({}, BATCHES).status == "VALID"
    mixed = [{"order_id": "#W1", "status": "pending"}, {"item_id": "i1"}, {"item_id": "i2"}]
    assert validate({"order_id": "#W1"}, mixed).status == "VALID"  # items carry no order id
    wrong = validate({"order_id": "#W2"}, mixed)  # the order is another one: items not judged
    assert wrong.status == "CONDITION_IGNORED" and wrong.total == 1


def test_values_are_compared_loosely_but_not_fuzzily() -> None:
    assert satisfies({"order_id": "#W123"}, "order_id", "w123")
    assert satisfies({"status": "Pending "}, "status", "pending")
    assert satisfies({"qty": 2.0}, "qty", 2)
    assert satisfies({"tags": ["a", "b"]}, "tags", "b")
    assert satisfies({"status": "pending"}, "status", ["pending", "processed"])
    assert not satisfies({"order_id": "#W1234"}, "order_id", "#W123")
    assert not satisfies({}, "order_id", "#W1")


def test_many_differing_values_are_sampled_in_the_hint() -> None:
    rows = [{"batch": f"MB-{i}"} for i in range(10)]
    report = validate({"batch": "MB-001"}, rows)
    assert report.hint.count("MB-") == 4 and "…" in report.hint  # the asked one + three seen


def test_conditions_come_from_the_slots_that_name_a_result_field() -> None:
    slots = {"order_id": "#W1", "reason": "", "user_id": None, "email": "a@b.c"}
    fields = {"order_id": "order_id", "reason": "reason", "user_id": "user_id"}
    assert conditions_from(slots, fields) == {"order_id": "#W1"}
