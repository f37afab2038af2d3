"""An OpusFilter filter that scores English-Polish segment pairs with bialign's aligner.

OpusFilter's custom filters subclass ``opusfilter.FilterABC`` and implement ``score(pairs)`` (a
generator yielding one score, a number or a dict of numbers, per segment pair) and
``accept(score)`` (the decision for one score). ``BialignFilter`` does so, and also works without
OpusFilter installed (on a small stand-in base class with the same methods: ``decisions``,
``filter``, ``filterfalse``). In an OpusFilter configuration::

    - BialignFilter:
        threshold: 0.3
        min_matched: 0.5
      module: bialign.opusfilter

Each pair is aligned as a translation, English first, without language detection (segments are
short), and scored:

* ``score``: the mean link score over both sides' text, weighted by length; a unit left
  unmatched counts as 0;
* ``en_matched`` and ``pl_matched``: the share of each side's text in matched links.

A pair whose side cannot be aligned (empty, not UTF-8) scores 0 everywhere.
"""

from __future__ import annotations

import abc
from typing import Dict, Iterable, Iterator, Sequence

from . import BialignError, align

try:  # pragma: no cover - depends on what is installed
    from opusfilter import FilterABC as _Base  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover

    class _Base(metaclass=abc.ABCMeta):  # type: ignore[no-redef]
        """The interface of ``opusfilter.FilterABC``, for use without OpusFilter."""

        def __init__(self, name=None, workdir="", **kwargs):
            self.name = name
            self.workdir = workdir
            self.kwargs = kwargs

        @abc.abstractmethod
        def score(self, pairs):
            """For each segment pair, yield its score(s)."""

        @abc.abstractmethod
        def accept(self, score):
            """Whether a pair with this score is kept."""

        def decisions(self, pairs):
            """For each segment pair, yield whether it is kept."""
            for score in self.score(pairs):
                yield self.accept(score)

        def filter(self, pairs):
            """Yield the pairs that are kept."""
            for pair in pairs:
                if self.accept(next(self.score([pair]))):
                    yield pair

        def filterfalse(self, pairs):
            """Yield the pairs that are not kept."""
            for pair in pairs:
                if not self.accept(next(self.score([pair]))):
                    yield pair


# OpusFilter's name for "higher scores are cleaner".
CLEAN_HIGH = "clean_high"


def score_pair(en: str, pl: str) -> Dict[str, float]:
    """The scores ``BialignFilter`` gives one (English, Polish) segment pair."""
    zero = {"score": 0.0, "en_matched": 0.0, "pl_matched": 0.0}
    try:
        r = align(en, pl, mode="translation", only="sentences", detect=False)
    except BialignError:
        return zero
    weighted = 0.0
    total = 0
    matched = {"en": 0, "pl": 0}
    sizes = {"en": 0, "pl": 0}
    for link in r.sentences:
        for side, spans in (("en", link.en), ("pl", link.pl)):
            n = sum(len(s.text) for s in spans)
            sizes[side] += n
            total += n
            if link.is_match:
                matched[side] += n
                weighted += link.score * n
    if total == 0:
        return zero
    return {
        "score": round(weighted / total, 4),
        "en_matched": round(matched["en"] / max(sizes["en"], 1), 4),
        "pl_matched": round(matched["pl"] / max(sizes["pl"], 1), 4),
    }


class BialignFilter(_Base):
    """Keep English-Polish segment pairs that bialign aligns well.

    Args:
        threshold: The least ``score`` kept (0 to 1).
        min_matched: The least share of each side's text in matched links (0 to 1).
    """

    score_direction = CLEAN_HIGH

    def __init__(self, threshold: float = 0.3, min_matched: float = 0.5, **kwargs):
        if not 0.0 <= threshold <= 1.0:
            raise ValueError(f"threshold: expected a number from 0 to 1, got {threshold!r}")
        if not 0.0 <= min_matched <= 1.0:
            raise ValueError(f"min_matched: expected a number from 0 to 1, got {min_matched!r}")
        self.threshold = threshold
        self.min_matched = min_matched
        super().__init__(**kwargs)

    @property
    def accept_threshold(self) -> float:
        return self.threshold

    @property
    def reject_threshold(self) -> float:
        return 0.0

    def score(self, pairs: Iterable[Sequence[str]]) -> Iterator[Dict[str, float]]:
        for pair in pairs:
            if len(pair) != 2:
                raise ValueError(f"BialignFilter works on (English, Polish) pairs, got {len(pair)} segments")
            yield score_pair(pair[0], pair[1])

    def accept(self, score: Dict[str, float]) -> bool:
        return (
            score["score"] >= self.threshold
            and score["en_matched"] >= self.min_matched
            and score["pl_matched"] >= self.min_matched
        )
