"""Unit tests for the offline intent classifier (tiny hand-made EN + ZH catalogue)."""

from __future__ import annotations

import pickle
import socket
from typing import Any

import pytest

import keel.understanding.classifier as classifier_module
from keel.domain.config import load_domain
from keel.understanding.classifier import (
    IntentClassifier,
    Prediction,
    ScreenedClassifier,
    clear_embedding_cache,
    word_count,
)
from keel.understanding.offline import offline_understander

CATALOGUE: dict[str, list[str]] = {
    "track_order": [
        "where is my order",
        "track my package",
        "when will my parcel arrive",
        "has my order shipped yet",
        "what's the delivery status of my purchase",
        "我的订单到哪里了",
        "帮我查一下快递",
        "包裹什么时候到",
        "我的订单发货了吗",
        "查询物流信息",
    ],
    "refund": [
        "i want a refund",
        "give me my money back",
        "how do i get reimbursed for this item",
        "refund my purchase please",
        "can i return this and get a refund",
        "我要退款",
        "请把钱退给我",
        "怎么申请退款",
        "这个商品可以退钱吗",
        "我想退货退款",
    ],
    "reset_password": [
        "i forgot my password",
        "reset my password",
        "i can't log in to my account",
        "how do i change my password",
        "my login isn't working",
        "我忘记密码了",
        "重置密码",
        "我登录不了账号",
        "怎么修改密码",
        "账号登不上去",
    ],
    "opening_hours": [
        "what time do you open",
        "when are you closed",
        "what are your store hours",
        "are you open on sunday",
        "what time does the shop close",
        "你们几点开门",
        "营业时间是什么",
        "周日营业吗",
        "商店几点关门",
        "你们什么时候下班",
    ],
}
TEXTS = [text for examples in CATALOGUE.values() for text in examples]
LABELS = [label for label, examples in CATALOGUE.items() for _ in examples]

PARAPHRASES = [
    ("where's my package right now", "track_order"),
    ("i'd like my money back", "refund"),
    ("what are your hours on saturday", "opening_hours"),
    ("I Forgot My Password!", "reset_password"),
    ("我的包裹到哪了", "track_order"),
    ("退钱给我", "refund"),
    ("密码忘了怎么办", "reset_password"),
]
UNRELATED = [
    "asdkjh qwpoe zzxv",
    "what is the capital of france",
    "how tall is mount everest",
    "讲个笑话吧",
]
HELD_OUT = [
    ("can you tell me where my shipment is", "track_order"),
    ("please refund me", "refund"),
    ("i need a new password", "reset_password"),
    ("are you open late tonight", "opening_hours"),
    ("快递到哪了", "track_order"),
    ("我要申请退款", "refund"),
    ("the weather is nice today", IntentClassifier.UNKNOWN),
    ("今天天气怎么样", IntentClassifier.UNKNOWN),
    ("who won the football match", IntentClassifier.UNKNOWN),
    ("play some jazz music", IntentClassifier.UNKNOWN),
]


@pytest.fixture(scope="module")
def clf() -> IntentClassifier:
    return IntentClassifier().fit(TEXTS, LABELS)


def test_fit_learns_the_catalogue(clf: IntentClassifier) -> None:
    assert clf.is_fitted
    assert clf.classes == sorted(CATALOGUE)
    assert "e5" in clf.model_name


@pytest.mark.parametrize(("text", "label"), PARAPHRASES)
def test_paraphrases_get_the_right_intent(clf: IntentClassifier, text: str, label: str) -> None:
    prediction = clf.predict(text)
    assert prediction.label == label
    assert prediction.confidence >= clf.threshold


@pytest.mark.parametrize("text", UNRELATED)
def test_unrelated_text_is_unknown(clf: IntentClassifier, text: str) -> None:
    prediction = clf.predict(text)
    assert prediction.label == IntentClassifier.UNKNOWN
    assert prediction.ranking[0][0] in CATALOGUE  # the ranking still names real intents


def test_blank_text_is_unknown_with_zero_confidence(clf: IntentClassifier) -> None:
    assert clf.predict("   ") == Prediction(IntentClassifier.UNKNOWN, 0.0, [])


def test_confidence_and_ranking_are_well_formed(clf: IntentClassifier) -> None:
    for prediction in clf.predict_many([t for t, _ in PARAPHRASES] + UNRELATED):
        assert 0.0 <= prediction.confidence <= 1.0
        assert len(prediction.ranking) == 3
        scores = [score for _, score in prediction.ranking]
        assert scores == sorted(scores, reverse=True)
        assert all(0.0 <= s <= 1.0 for s in scores)
        assert sum(scores) <= 1.0 + 1e-9
        assert prediction.confidence == scores[0]


def test_calibration_moves_the_threshold() -> None:
    clf = IntentClassifier(threshold=0.0).fit(TEXTS, LABELS)
    texts = [t for t, _ in HELD_OUT]
    labels = [label for _, label in HELD_OUT]
    before = [p.label for p in clf.predict_many(texts)]
    assert IntentClassifier.UNKNOWN not in before  # threshold 0 accepts everything

    threshold = clf.calibrate_threshold(texts, labels)
    assert threshold == clf.threshold
    assert 0.0 < threshold < 1.0
    after = [p.label for p in clf.predict_many(texts)]
    assert sum(a == b for a, b in zip(after, labels, strict=True)) >= 9
    assert all(
        a == IntentClassifier.UNKNOWN for a, b in zip(after, labels, strict=True) if b == "UNKNOWN"
    )


def test_calibration_custom_unknown_label_and_balanced_objective(clf: IntentClassifier) -> None:
    copy = pickle.loads(pickle.dumps(clf))
    texts = [t for t, _ in HELD_OUT]
    labels = ["oos" if label == IntentClassifier.UNKNOWN else label for _, label in HELD_OUT]
    threshold = copy.calibrate_threshold(texts, labels, unknown_label="oos", objective="balanced")
    assert 0.0 < threshold < 1.0
    # Without out-of-scope examples, the best threshold accepts every correct prediction.
    in_scope = [(t, label) for t, label in HELD_OUT if label != IntentClassifier.UNKNOWN]
    low = copy.calibrate_threshold([t for t, _ in in_scope], [label for _, label in in_scope])
    assert low < threshold
    assert clf.threshold == pytest.approx(0.7)  # the fixture was not touched


def test_predictions_are_deterministic() -> None:
    probes = [t for t, _ in PARAPHRASES] + UNRELATED
    first = IntentClassifier().fit(TEXTS, LABELS)
    clear_embedding_cache()
    second = IntentClassifier().fit(list(reversed(TEXTS)), list(reversed(LABELS)))
    batch = first.predict_many(probes)
    assert first.predict_many(probes) == batch
    assert [first.predict(t) for t in probes] == [first.predict(t) for t in probes]
    for single, batched in zip([first.predict(t) for t in probes], batch, strict=True):
        assert single.label == batched.label
        # confidences are rounded to 6 places: a batch's last float bits may move one unit
        assert single.confidence == pytest.approx(batched.confidence, abs=1.5e-6)
    # Training order changes the solver's path, so only the last digits may differ.
    again = second.predict_many(probes)
    for a, b in zip(batch, again, strict=True):
        assert a.label == b.label
        assert a.confidence == pytest.approx(b.confidence, abs=1e-4)


def test_pickled_classifier_predicts_the_same(clf: IntentClassifier) -> None:
    restored = pickle.loads(pickle.dumps(clf))
    probes = [t for t, _ in PARAPHRASES]
    assert restored.predict_many(probes) == clf.predict_many(probes)


def test_no_network_access(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    clear_embedding_cache()
    fitted = IntentClassifier().fit(TEXTS, LABELS)
    assert fitted.predict("我要退款").label == "refund"


def test_char_backend() -> None:
    clf = IntentClassifier(threshold=0.3, backend="char").fit(TEXTS, LABELS)
    assert "char_wb" in clf.model_name
    assert clf.predict("where is my order now").label == "track_order"
    assert clf.predict("我要退款").label == "refund"


def test_invalid_use_is_rejected() -> None:
    with pytest.raises(ValueError):
        IntentClassifier(threshold=1.5)
    with pytest.raises(ValueError):
        IntentClassifier().fit(["a", "b"], ["x", "x"])
    with pytest.raises(ValueError):
        IntentClassifier().fit(["a", "b"], ["x", IntentClassifier.UNKNOWN])
    with pytest.raises(ValueError):
        IntentClassifier().fit(["a"], ["x", "y"])
    with pytest.raises(RuntimeError):
        IntentClassifier().predict("hello")


@pytest.fixture(scope="module")
def screened() -> ScreenedClassifier:
    return ScreenedClassifier(screen_threshold=0.6, screen_min_words=3).fit(TEXTS, LABELS)


def _no_embedding(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(texts: Any) -> Any:
        raise AssertionError(f"embedded {list(texts)}")

    monkeypatch.setattr(classifier_module, "embed", refuse)


def test_the_screen_settles_a_sure_message_without_embedding_it(
    screened: ScreenedClassifier, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_embedding(monkeypatch)
    before = screened.screened
    prediction = screened.predict("has my order shipped yet?")
    assert prediction.label == "track_order" and prediction.confidence >= 0.6
    assert screened.screened == before + 1


def test_short_unsure_and_out_of_scope_messages_go_to_the_embedding_model(
    screened: ScreenedClassifier, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert word_count("退钱") < 3 and word_count("我的订单发货了吗") >= 3
    for text in ("退钱", "refund", "asdkjh qwpoe zzxv", "what is the capital of france"):
        assert not screened.settles(text, screened.screen.predict(text)), text
    before = screened.embedded
    assert screened.predict("what is the capital of france").label == IntentClassifier.UNKNOWN
    assert screened.predict("退钱给我").label == "refund"
    assert screened.embedded == before + 2
    _no_embedding(monkeypatch)
    with pytest.raises(AssertionError, match="embedded"):
        screened.predict("play some jazz music")


def test_the_screen_reads_what_it_settles_as_the_embedding_model_does(
    screened: ScreenedClassifier,
) -> None:
    probes = [t for t, _ in PARAPHRASES + HELD_OUT]
    report = screened.screen_report(probes)
    assert report, "the screen settles none of the probes"
    assert all(screen.label == full.label for _, screen, full in report)
    mixed = screened.predict_many(probes)  # screened and embedded, in input order
    plain = IntentClassifier.predict_many(screened, probes)
    assert [p.label for p in mixed] == [p.label for p in plain]


def test_a_pickled_screen_settles_the_same(screened: ScreenedClassifier) -> None:
    restored = pickle.loads(pickle.dumps(screened))
    probes = [t for t, _ in PARAPHRASES]
    assert restored.predict_many(probes) == screened.predict_many(probes)
    assert "screen[" in restored.model_name and "e5" in restored.model_name


def test_the_domain_chooses_the_screen() -> None:
    config = load_domain("retail")
    classifier = offline_understander("retail").classifier
    assert config.screen_threshold is not None
    assert isinstance(classifier, ScreenedClassifier)
    assert classifier.screen_threshold == config.screen_threshold
    with pytest.raises(ValueError):
        ScreenedClassifier(screen_threshold=0.0)
