"""bialign: align sentences and quotations across an English and a Polish news article.

The articles need not be translations of each other: bialign finds the sentences and the quotations
that correspond even when the Polish article reorders, drops, merges and adds material.

    >>> import bialign
    >>> r = bialign.align(en_text, pl_text)
    >>> r.mode                                  # "translation" or "comparable"
    >>> for link in r.quotes:                   # quotation pairs, with their speakers
    ...     print(link.score, link.speaker_en, link.en[0].text if link.en else None)
    >>> r.to_json()                             # the JSON Lines of `bialign align --format jsonl`

Every offset (``Span.start``, ``Span.end``) is a byte offset into the UTF-8 text, as in the
command line's records. ``align_many`` aligns a stream of records on every core; ``split``,
``quotes``, ``detect`` and ``qa`` run one stage each. ``bialign.opusfilter.BialignFilter`` scores
sentence pairs for OpusFilter.

Errors are exceptions: ``TypeError`` for an argument of the wrong type (``None``), and
``BialignError`` (a ``ValueError``) or one of its subclasses for a text bialign cannot work on:
``DecodeError`` (bytes that are not UTF-8, an empty text), ``LanguageError`` (not English or
Polish), ``LimitError`` (over the size limit). Each has a ``kind`` attribute ("decode", …).
"""

from __future__ import annotations

from . import _native
from ._native import (
    AlignError,
    AlignMany,
    Alignment,
    BialignError,
    DecodeError,
    Detection,
    Finding,
    LanguageError,
    LimitError,
    Link,
    Quote,
    Span,
)

__version__: str = _native.__version__

__all__ = [
    "align",
    "align_many",
    "split",
    "quotes",
    "detect",
    "qa",
    "Alignment",
    "AlignError",
    "AlignMany",
    "Link",
    "Span",
    "Quote",
    "Detection",
    "Finding",
    "BialignError",
    "DecodeError",
    "LanguageError",
    "LimitError",
]

# Not `typing.TYPE_CHECKING`: importing typing would double the import time of the package.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterable, Iterator, List, Mapping, Optional, Tuple, Union

    Text = Union[str, bytes]
    Record = Union[Tuple[str, Text, Text], Mapping[str, Text]]
    import os

    PathLike = Union[str, os.PathLike[str]]


def align(
    en: Text,
    pl: Text,
    *,
    mode: str = "auto",
    only: Optional[str] = None,
    min_score: float = 0.0,
    detect: bool = True,
) -> Alignment:
    """Align an English and a Polish article (what ``bialign align`` does).

    Args:
        en: The English article: ``str``, or ``bytes`` holding UTF-8.
        pl: The Polish article. With ``detect=True`` (the default) the two may come in either
            order: the language detector decides which is which, and ``result.swapped`` says
            whether they were given Polish first.
        mode: ``"auto"`` (estimate from the pair), ``"translation"`` or ``"comparable"``.
        only: ``None`` for both kinds of links, ``"sentences"`` or ``"quotes"``.
        min_score: Drop links scoring below this (0 to 1); their units are listed unmatched.
        detect: ``False`` takes ``en`` as English and ``pl`` as Polish without detecting the
            languages (for short texts such as single sentences, where detection is unsure).

    Returns:
        An ``Alignment``: ``.sentences`` and ``.quotes`` (lists of ``Link``, each with ``.en`` and
        ``.pl`` spans, ``.score`` and ``.evidence``; an unmatched unit is a link with one empty
        side), ``.mode``, ``.swapped``. ``to_json()`` gives the records of
        ``bialign align --format jsonl``, byte for byte; ``records()`` the same as dicts.

    Raises:
        TypeError: ``en`` or ``pl`` is not ``str`` or ``bytes`` (for instance ``None``).
        DecodeError: bytes that are not UTF-8, or an empty text.
        LanguageError: a text that is not English or Polish, or two texts in one language.
        LimitError: a text over 64 MiB.
    """
    return _native.align(en, pl, mode=mode, only=only, min_score=min_score, detect=detect)


def align_many(
    records: Iterable[Record],
    jobs: Optional[int] = None,
    *,
    mode: str = "auto",
    only: Optional[str] = None,
    min_score: float = 0.0,
) -> Iterator[Union[Alignment, AlignError]]:
    """Align many article pairs on worker threads (what ``bialign batch`` does).

    Args:
        records: An iterable of ``(id, en, pl)`` tuples or of mappings with ``"id"``, ``"en"`` and
            ``"pl"`` (``str`` ids; ``str`` or UTF-8 ``bytes`` texts). It is read as the results are
            consumed (a few records per worker ahead), so it may be a generator over a large file.
        jobs: Worker threads (``None``: one per core). The workers run without the GIL.
        mode, only, min_score: As for ``align``.

    Yields:
        One result per record, in input order: an ``Alignment`` (with ``.id``), or an
        ``AlignError`` for a record that failed (a malformed record, bytes that are not UTF-8,
        a text in another language, a pair over the memory budget); an error in one record
        never stops the others. ``result.is_error`` tells them apart. Each result's
        ``to_json()`` is that record's output of ``bialign batch`` (JSON Lines records with
        ``"doc"``, the note of swapped sides, the error record), so joining them gives the
        bytes ``bialign batch`` writes for the same records.

    Raises:
        TypeError: ``records`` is not iterable. An exception raised by the iterable itself
            is passed on when the results reach it.
        ValueError: a bad ``jobs``, ``mode``, ``only`` or ``min_score``.
    """
    return _native.align_many(records, jobs, mode=mode, only=only, min_score=min_score)


def split(text: Text, lang: Optional[str] = None) -> List[Span]:
    """Split an article into sentences (``bialign split``).

    Args:
        text: The article (``str`` or UTF-8 ``bytes``); paragraphs are separated by blank lines.
        lang: ``None`` routes each paragraph by its detected language; ``"en"`` or ``"pl"`` uses
            that language's rules everywhere.

    Returns:
        The sentences as ``Span`` objects (``start``, ``end`` byte offsets, ``text``);
        ``to_dict()`` gives the record of ``bialign split --format jsonl``.
    """
    return _native.split(text, lang)


def quotes(text: Text, lang: Optional[str] = None) -> List[Quote]:
    """Find the quotations of an article, with their kinds and speakers (``bialign quotes``).

    Args:
        text: The article (``str`` or UTF-8 ``bytes``).
        lang: ``None`` detects the language; ``"en"`` or ``"pl"`` forces it.

    Returns:
        ``Quote`` objects: ``start``, ``end``, ``text`` (marks excluded), ``kind`` ("speech",
        "title", "scare"), ``speaker``, ``speaker_text``, ``utterance``, ``depth``,
        ``unbalanced``; ``to_dict()`` gives the record of ``bialign quotes --format jsonl``.
    """
    return _native.quotes(text, lang)


def detect(text: Text) -> Detection:
    """Detect the language of a whole text (``bialign detect``).

    Returns:
        A ``Detection``: ``lang`` (ISO 639-1 code, "und" when unknown), ``name`` and
        ``confidence`` (0 to 1).
    """
    return _native.detect(text)


def qa(
    en: Text,
    pl: Text,
    *,
    mode: str = "auto",
    config: Optional[PathLike] = None,
    glossary: Optional[PathLike] = None,
    forbidden: Optional[PathLike] = None,
) -> List[Finding]:
    """Align a pair and check it for translation problems (``bialign qa``).

    Args:
        en, pl: The articles (in either order, as for ``align``).
        mode: ``"auto"``, ``"translation"`` (anything missing is an error) or ``"comparable"``
            (one-sided material is expected: warnings).
        config: A TOML file of QA settings, as ``bialign qa --config`` reads: ``checks``,
            ``skip``, ``[severity]``, ``glossary``, ``forbidden``, ``ignore`` (paths relative to
            the file).
        glossary: A glossary file (``en<TAB>pl[|pl…][<TAB>note]`` lines), replacing the
            configuration's: an English term whose linked Polish sentence has none of its
            renderings is a ``glossary`` finding.
        forbidden: A file of forbidden Polish terms (``term[<TAB>note]`` lines), replacing the
            configuration's.

    Returns:
        ``Finding`` objects: ``check``, ``severity`` ("error", "warning", "style"),
        ``message``, and the ``en`` and ``pl`` spans concerned; ``to_dict()`` gives the
        record of ``bialign qa --format jsonl``.

    Raises:
        BialignError: a settings or list file that cannot be read or parsed (named in the message).
    """
    return _native.qa(en, pl, mode=mode, config=config, glossary=glossary, forbidden=forbidden)
