"""``keel bench intents``: accuracy of the offline intent classifier on held-out messages.

The held-out set (``evaluations/intents/heldout.yaml``, override with ``--data``) is a
mapping ``{intent: {en: [...], zh: [...]}}`` of realistic customer messages written
independently of the training examples in ``domain/retail/intents.yaml``; the key
``out_of_scope`` holds messages outside the store's business, whose expected label
is ``UNKNOWN``. Every message is classified the way the agent does it,
``offline_understander(domain).classify(text)`` (entities masked, each sentence
classified too, a task preferred over small talk).

Prints one JSON line: overall accuracy, in-scope accuracy (the right intent),
out-of-scope recall (out-of-scope messages read as ``UNKNOWN``), accuracy per
language, the counts and the threshold used, and how many messages the character
screen in front of the embedding model settles (and how many of those e5 would read
differently, and how many it gets wrong). With ``--errors`` every misclassified
message follows as one extra JSON line each (expected, predicted, confidence, text).

``--domain bank`` measures another business's classifier (its held-out set by default:
``evaluations/bank_intents/heldout.yaml``), reading slots with its pack's extractors.

Usage: ``keel bench intents [--domain NAME] [--data FILE] [--threshold T] [--errors]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

from keel.domain.config import OUT_OF_SCOPE
from keel.domain.pack import load_pack
from keel.understanding import extractors as ex
from keel.understanding.classifier import ScreenedClassifier
from keel.understanding.offline import UNKNOWN, OfflineUnderstander, offline_understander

REPO_ROOT = Path(__file__).resolve().parents[2]
HELD_OUT = {
    "retail": REPO_ROOT / "evaluations" / "intents" / "heldout.yaml",
    "bank": REPO_ROOT / "evaluations" / "bank_intents" / "heldout.yaml",
}
DEFAULT_DATA = HELD_OUT["retail"]


def understander(domain: str, threshold: float | None) -> OfflineUnderstander:
    """The offline understander of ``domain``, with its pack's slot extractors."""
    return offline_understander(domain, threshold, load_pack(domain).extract_slots)


@dataclass(frozen=True)
class Case:
    """One held-out message and its expected label (``UNKNOWN`` when out of scope)."""

    text: str
    expected: str
    language: str


@dataclass(frozen=True)
class Outcome:
    """The classifier's answer for one case."""

    case: Case
    predicted: str
    confidence: float

    @property
    def correct(self) -> bool:
        """Whether the predicted label is the expected one."""
        return self.predicted == self.case.expected


def load_cases(path: Path) -> list[Case]:
    """Read the held-out file into cases, in file order."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected a mapping of intents")
    cases: list[Case] = []
    for intent, by_language in raw.items():
        if not isinstance(by_language, dict):
            raise ValueError(f"{path}: {intent!r} must map languages to lists of messages")
        expected = UNKNOWN if intent == OUT_OF_SCOPE else str(intent)
        for language, messages in by_language.items():
            for text in messages or []:
                cases.append(Case(str(text), expected, str(language)))
    return cases


def evaluate(
    cases: list[Case], threshold: float | None = None, domain: str = "retail"
) -> list[Outcome]:
    """Classify every case with the business's offline understander."""
    reader = understander(domain, threshold)
    outcomes: list[Outcome] = []
    for case in cases:
        intent, confidence = reader.classify(case.text)
        outcomes.append(Outcome(case, intent, round(float(confidence), 4)))
    return outcomes


def _ratio(hits: int, total: int) -> float | None:
    return round(hits / total, 4) if total else None


def summarise(outcomes: list[Outcome], threshold: float) -> dict[str, object]:
    """The figures of the JSON report."""
    in_scope = [o for o in outcomes if o.case.expected != UNKNOWN]
    out_of_scope = [o for o in outcomes if o.case.expected == UNKNOWN]
    languages = sorted({o.case.language for o in outcomes})
    per_language: dict[str, float | None] = {}
    for language in languages:
        subset = [o for o in outcomes if o.case.language == language]
        per_language[language] = _ratio(sum(o.correct for o in subset), len(subset))
    return {
        "accuracy": _ratio(sum(o.correct for o in outcomes), len(outcomes)),
        "in_scope_accuracy": _ratio(sum(o.correct for o in in_scope), len(in_scope)),
        "oos_recall": _ratio(sum(o.correct for o in out_of_scope), len(out_of_scope)),
        "accuracy_by_language": per_language,
        "n": len(outcomes),
        "n_in_scope": len(in_scope),
        "n_oos": len(out_of_scope),
        "errors": sum(not o.correct for o in outcomes),
        "threshold": threshold,
    }


def screen_figures(
    cases: list[Case], threshold: float | None = None, domain: str = "retail"
) -> dict[str, object]:
    """How many held-out messages the character screen settles, and how it reads them.

    Counts whole messages (entities masked, as the understander classifies them):
    how many the screen settles, how many of those the embedding model would read
    differently, and how many of those the screen gets wrong.
    """
    classifier = understander(domain, threshold).classifier
    if not isinstance(classifier, ScreenedClassifier):
        return {"screen": None}
    gold = {ex.mask_entities(c.text): c.expected for c in cases}
    report = classifier.screen_report(list(gold))
    return {
        "screen_settles": _ratio(len(report), len(gold)),
        "screen_settled": len(report),
        "screen_differs_from_e5": sum(p.label != q.label for _, p, q in report),
        "screen_errors": sum(p.label != gold[t] for t, p, _ in report),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the evaluation and print one JSON line (plus errors); return the exit status."""
    parser = argparse.ArgumentParser(
        prog="keel bench intents", description=__doc__.splitlines()[0] if __doc__ else None
    )
    parser.add_argument("--domain", default="retail", help="the business (default: retail)")
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        help="held-out YAML file (default: the business's set under evaluations/)",
    )
    parser.add_argument(
        "--threshold",
        type=float,
        default=None,
        help="reject threshold (default: the one in the domain's intents.yaml)",
    )
    parser.add_argument(
        "--errors", action="store_true", help="also print every misclassified message"
    )
    args = parser.parse_args(argv)
    domain: str = args.domain
    data: Path = args.data or HELD_OUT.get(domain, DEFAULT_DATA)
    if not data.is_file():
        print(f"intents: no held-out file at {data}", file=sys.stderr)
        return 2
    cases = load_cases(data)
    if not cases:
        print(f"intents: {data} holds no messages", file=sys.stderr)
        return 2
    outcomes = evaluate(cases, args.threshold, domain)
    threshold = understander(domain, args.threshold).classifier.threshold
    figures = {
        **summarise(outcomes, threshold),
        **screen_figures(cases, args.threshold, domain),
    }
    print(json.dumps(figures, ensure_ascii=False))
    if args.errors:
        for outcome in outcomes:
            if not outcome.correct:
                error = {
                    "expected": outcome.case.expected,
                    "predicted": outcome.predicted,
                    "confidence": outcome.confidence,
                    "language": outcome.case.language,
                    "text": outcome.case.text,
                }
                print(json.dumps(error, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
