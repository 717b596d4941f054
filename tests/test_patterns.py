"""Every pattern over customer text goes through ``safety.patterns``: RE2, or proven bounded.

The proof is static (the parsed pattern's shape), so it holds for any input; the worst case
it allows is measured by ``keel bench patterns``, never timed here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keel.safety import patterns

ROOT = Path(__file__).resolve().parents[1]
CUSTOMER_TEXT = ("understanding", "safety", "nodes", "domain", "querying")


def modules() -> list[Path]:
    return sorted(p for d in CUSTOMER_TEXT for p in (ROOT / d).rglob("*.py"))


def literal_patterns() -> list[tuple[str, int, str, int]]:
    return patterns.literal_patterns(modules())


def test_no_module_reading_customer_text_compiles_with_pythons_re_itself() -> None:
    """One place compiles patterns over customer text (``safety/patterns.py``)."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in modules()
        if path.name != "patterns.py"
        and re.search(r"^import re$|^from re import", path.read_text(encoding="utf-8"), re.M)
    ]
    assert offenders == []


def test_every_literal_pattern_is_linear_or_proven_bounded() -> None:
    found = literal_patterns()
    assert len(found) > 150  # the audit sees the code
    engines = {"re2": 0, "re": 0}
    for where, line, pattern, flags in found:
        try:
            engines[patterns.engine(pattern, flags)] += 1
        except patterns.UnboundedPattern:  # pragma: no cover - the failure it reports
            pytest.fail(f"{where}:{line}: {pattern[:80]!r} may backtrack without bound")
    assert engines["re2"] > 0 and engines["re"] > 0


@pytest.mark.parametrize(
    "pattern",
    [r"(a+)+b", r"(a|a)*b", r"(?:\w+\s?)+$", r"(?:x|xy)*z", r"^(?:\d+\.?)*$"],
)
def test_a_pattern_that_may_backtrack_without_bound_is_refused(pattern: str) -> None:
    assert not patterns.bounded(pattern)
    if patterns.needs_python(pattern) or patterns.for_re2(pattern) is None:
        with pytest.raises(patterns.UnboundedPattern):
            patterns.compile(pattern + r"(?<=b)")  # forced onto ``re``: refused


@pytest.mark.parametrize(
    "pattern", [r"\bcancel\b", r"\d{5}(?!\d)", r"(?:\s+\w+){0,3}", r"(?<![a-z])w\d{7}"]
)
def test_a_pattern_with_plain_repeats_is_bounded(pattern: str) -> None:
    assert patterns.bounded(pattern)


SAMPLES = [
    "Hi, I'm Mia Mitchell, zip 60655. Cancel #W1309753, I don't need it anymore.",
    "我是 Chen Clark，邮编 28273。帮我取消订单#W1019945，下错单了",
    "ship it to 12 Oak Street, Apt 3, Springfield, IL 62704 please!!",
    "邮编是 ７６１０８ 还是 76118？ 不确定…",
    "yes 👍 go ahead\tand\u3000also return the blue one",
    "ORDER W1234567 - 我买了两个蓝牙音箱，绿色那个想退掉",
    "my email is mia.mitchell1635@example.com, card ending 4763",
    "Hmm... not sure; maybe later? 稍后再说",
]


def test_patterns_on_re2_read_text_as_pythons_re_does() -> None:
    """RE2's own \\w, \\d, \\s are ASCII: the Unicode classes written for it agree with ``re``."""
    checked = 0
    for where, line, pattern, flags in literal_patterns():
        if patterns.engine(pattern, flags) != "re2":
            continue
        ours, theirs = patterns.compile(pattern, flags), re.compile(pattern, flags)
        for text in SAMPLES:
            found = [m.span() for m in ours.finditer(text)]
            expected = [m.span() for m in theirs.finditer(text)]
            assert found == expected, (where, line, pattern[:80], text)
            checked += 1
    assert checked > 100


def test_a_chat_messages_text_is_read_as_plain_text() -> None:
    """RE2 builds results of the input's type: a ``str`` subclass is read as ``str``."""

    class Text(str):
        def __new__(cls, value: str) -> Text:
            return super().__new__(cls, value)

    assert patterns.findall(r"[A-Z]{4,}", Text("STOP NOW PLEASE")) == ["STOP", "PLEASE"]
    assert patterns.sub(r"\s+", " ", Text("a  b")) == "a b"
