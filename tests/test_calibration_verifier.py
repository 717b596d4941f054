"""External verifier: existence, ownership, formats, injection and nearest values."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from keel.calibration.verifier import edit_distance, nearest, verify
from keel.domain.config import DOMAIN_ROOT, load_domain
from keel.domain.retail.demo_data import load_demo_data
from keel.domain.retail.models import Order
from keel.persistence.db import session_scope, sqlite_url
from keel.safety.guardrails import GuardConfig

RETAIL_GUARDRAILS = DOMAIN_ROOT / "retail" / "guardrails.yaml"


CONFIG = load_domain("retail")
PATTERNS = {n: s.pattern for n, s in CONFIG.slots.items() if s.pattern}
GUARD = GuardConfig.load(RETAIL_GUARDRAILS)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    url = sqlite_url(tmp_path_factory.mktemp("verify") / "store.db")
    load_demo_data(url)
    with session_scope(url) as session:
        order = session.scalars(select(Order).order_by(Order.order_id).limit(1)).one()
        return url, order.order_id, order.user_id


def _verify(url: str, user: str | None = None, **params: str) -> dict[str, object]:
    found = verify(url, params, CONFIG.verify_checks, PATTERNS, GUARD, user_id=user)
    return found.as_json()


def test_an_existing_order_of_the_user_is_confirmed(store: tuple[str, str, str]) -> None:
    url, order_id, owner = store
    found = _verify(url, owner, order_id=order_id)
    assert found["hasData"] is True and found["ownedByUser"] is True
    info = found["contextInfo"]["order_id"]  # type: ignore[index]
    assert info["row"]["status"] and "pending" in info["statuses"]
    assert "retry" in str(found["suggestion"]).lower()


def test_another_users_order_is_not_absent_but_not_theirs(store: tuple[str, str, str]) -> None:
    url, order_id, _ = store
    found = _verify(url, "someone_else_1234", order_id=order_id)
    assert found["hasData"] is True and found["ownedByUser"] is False
    assert "another account" in str(found["suggestion"])


def test_a_mistyped_order_gets_its_nearest_existing_ids(store: tuple[str, str, str]) -> None:
    url, order_id, _ = store
    typo = order_id[:-1] + ("0" if order_id[-1] != "0" else "1")
    found = _verify(url, order_id=typo)
    assert found["hasData"] is False
    assert order_id in found["contextInfo"]["order_id"]["nearest"]  # type: ignore[index]
    assert "does not exist" in str(found["suggestion"]) and order_id in str(found["suggestion"])


def test_a_malformed_id_is_checked_in_its_repaired_form(store: tuple[str, str, str]) -> None:
    url, order_id, _ = store
    found = _verify(url, order_id=order_id.lstrip("#").lower())
    assert found["formatErrors"] == {"order_id": order_id} and found["hasData"] is True


def test_an_injection_is_never_looked_up(store: tuple[str, str, str]) -> None:
    url, _, _ = store
    found = _verify(url, order_id="#W0000000' OR '1'='1")
    assert found["suspiciousParams"] == ["order_id"] and found["hasData"] is None
    assert "injection" in str(found["suggestion"])


def test_nothing_to_check_says_so(store: tuple[str, str, str]) -> None:
    assert _verify(store[0], reason="ordered by mistake")["suggestion"] == "Nothing to check."


def test_edit_distance_and_nearest() -> None:
    assert edit_distance("kitten", "sitting") == 3 and edit_distance("", "ab") == 2
    assert nearest("#W1234567", ["#W1234576", "#W1234568", "#W9999999", "#W1234567"]) == [
        "#W1234568",
        "#W1234576",
    ]
