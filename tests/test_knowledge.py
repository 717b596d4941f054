"""Tests of the offline knowledge base over the bundled retail documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from keel.domain.config import DOMAIN_ROOT
from keel.tools.knowledge import (
    DEFAULT_THRESHOLD,
    KnowledgeBase,
    Passage,
    analyze,
    detect_lang,
    get_knowledge_base,
    split_sections,
)

RETAIL_KB = DOMAIN_ROOT / "retail" / "kb"


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load(RETAIL_KB)


ON_TOPIC = [
    ("How long does a refund take?", "en", {"refunds"}),
    ("Can I cancel an order that was already delivered?", "en", {"cancellations"}),
    ("can I change the shipping address of my order", "en", {"order-modification"}),
    ("which payment methods do you accept", "en", {"payment"}),
    ("how do I talk to a human", "en", {"human-agent"}),
    ("what are the rules for exchanges", "en", {"exchanges"}),
    ("退货的钱多久到账？", "zh", {"refunds", "returns"}),
    ("怎么修改收货地址", "zh", {"order-modification"}),
    ("已经发货的订单可以取消吗", "zh", {"cancellations"}),
    ("快递单号在哪里看", "zh", {"shipping"}),
    ("可以退到礼品卡吗", "zh", {"gift-cards", "refunds"}),
]

OFF_TOPIC = [
    "what's the weather in Paris",
    "tell me a joke",
    "今天天气怎么样",
    "what is the capital of France",
    "讲个笑话",
    "hello",
    "",
]


def test_every_document_has_front_matter_and_both_languages(kb: KnowledgeBase) -> None:
    files = sorted(RETAIL_KB.glob("*.md"))
    assert len(files) >= 18
    by_id: dict[str, set[str]] = {}
    for passage in kb.passages:
        by_id.setdefault(passage.doc_id, set()).add(passage.lang)
    assert len(by_id) >= 9
    assert all(langs == {"en", "zh"} for langs in by_id.values()), by_id


@pytest.mark.parametrize(("query", "lang", "expected"), ON_TOPIC)
def test_on_topic_question_finds_the_right_document(
    kb: KnowledgeBase, query: str, lang: str, expected: set[str]
) -> None:
    results = kb.search(query, lang=lang)
    assert results, query
    top = results[0]
    assert top.doc_id in expected
    assert top.score >= DEFAULT_THRESHOLD
    assert 0.0 <= top.score <= 1.0
    assert top.source.startswith("kb/") and f".{lang}.md#" in top.source
    assert top.source.endswith("#" + top.section)
    assert top.text and top.title


@pytest.mark.parametrize("query", ON_TOPIC[:2] + ON_TOPIC[6:8], ids=lambda q: str(q))
def test_on_topic_without_language_hint(
    kb: KnowledgeBase, query: tuple[str, str, set[str]]
) -> None:
    text, _, expected = query
    assert kb.search(text)[0].doc_id in expected


@pytest.mark.parametrize("query", OFF_TOPIC)
def test_off_topic_question_returns_nothing(kb: KnowledgeBase, query: str) -> None:
    assert kb.search(query) == []
    assert kb.search(query, lang=detect_lang(query)) == []


def test_results_are_sorted_and_above_threshold(kb: KnowledgeBase) -> None:
    results = kb.search("refund gift card credit card PayPal", k=10)
    scores = [p.score for p in results]
    assert scores == sorted(scores, reverse=True)
    assert all(score >= DEFAULT_THRESHOLD for score in scores)
    assert kb.search("refund gift card", threshold=1.01) == []


@pytest.mark.parametrize("k", [1, 2, 5])
def test_k_is_respected(kb: KnowledgeBase, k: int) -> None:
    results = kb.search("refund", k=k, threshold=0.0)
    assert len(results) == k


def test_k_zero_returns_nothing(kb: KnowledgeBase) -> None:
    assert kb.search("refund", k=0) == []


def test_language_preference(kb: KnowledgeBase) -> None:
    # "PayPal" appears in English and Chinese documents alike.
    english = kb.search("PayPal", k=5, lang="en", threshold=0.0)
    chinese = kb.search("PayPal", k=5, lang="zh", threshold=0.0)
    assert english and all(p.lang == "en" and ".en.md#" in p.source for p in english)
    assert chinese and all(p.lang == "zh" and ".zh.md#" in p.source for p in chinese)
    assert not chinese[0].title.isascii()  # Chinese documents carry title_zh


def test_language_preference_falls_back_to_any_language(kb: KnowledgeBase) -> None:
    results = kb.search("How long does a refund take?", lang="zh")
    assert results and results[0].doc_id == "refunds"
    assert all(p.lang == "en" for p in results)


def test_unknown_language_falls_back(kb: KnowledgeBase) -> None:
    results = kb.search("怎么修改收货地址", lang="fr")
    assert results and results[0].doc_id == "order-modification"


def test_search_does_not_mutate_index(kb: KnowledgeBase) -> None:
    kb.search("How long does a refund take?")
    assert all(p.score == 0.0 for p in kb.passages)


def test_cached_factory_returns_same_instance() -> None:
    first = get_knowledge_base(str(RETAIL_KB))
    assert get_knowledge_base(str(RETAIL_KB)) is first
    assert isinstance(first.search("退款多久到账")[0], Passage)


def test_load_custom_directory(tmp_path: Path) -> None:
    kb_dir = tmp_path / "kb"
    kb_dir.mkdir()
    (kb_dir / "pets.en.md").write_text(
        "---\nid: pets\ntitle: Pets\ntitle_zh: 宠物\nlang: en\n---\n# Pets\n\n"
        "Intro about pets.\n\n## Dogs\n\nDogs need walks every day.\n\n## Cats\n\nCats sleep.\n",
        encoding="utf-8",
    )
    (kb_dir / "pets.zh.md").write_text(
        "---\nid: pets\ntitle: Pets\ntitle_zh: 宠物\nlang: zh\n---\n## 狗\n\n狗每天都要散步。\n",
        encoding="utf-8",
    )
    kb = KnowledgeBase.load(kb_dir)
    sources = [p.source for p in kb.passages]
    assert sources == [
        "kb/pets.en.md#Overview",
        "kb/pets.en.md#Dogs",
        "kb/pets.en.md#Cats",
        "kb/pets.zh.md#狗",
    ]
    assert kb.passages[-1].title == "宠物"
    top = kb.search("do dogs need a walk", threshold=0.0)[0]
    assert (top.doc_id, top.section) == ("pets", "Dogs")
    assert kb.search("狗散步", lang="zh")[0].section == "狗"


def test_empty_directory(tmp_path: Path) -> None:
    kb = KnowledgeBase.load(tmp_path)
    assert kb.passages == []
    assert kb.search("refund") == []


def test_analyzer_and_helpers() -> None:
    features = analyze("Refunds were refunded 退款多久")
    assert features.count("refund") == 2
    assert "refund refund" in features
    assert {"退", "退款", "多久", "款多久"} <= set(features)
    assert "怎么" not in analyze("怎么")
    assert detect_lang("退货") == "zh" and detect_lang("return") == "en"
    assert split_sections("# T\n\nintro\n\n## A\n\ntext a\n\n## Empty\n\n") == [
        ("Overview", "intro"),
        ("A", "text a"),
    ]
