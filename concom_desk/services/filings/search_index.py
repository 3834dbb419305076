"""The filings search as an index: which filings' search keys hold a piece of text,
answered without reading every key.

The Filings tab finds a filing when every word typed appears somewhere in its search
key (file numbers, address, map/lot, applicant, owner, lower-cased): "pond smith",
"14-2", "se 082". On a town of forty thousand filings, reading every key for each
keystroke alone takes longer than a keystroke may. So, once, when the records are
read, every one- and two-letter piece of every key is listed with the filings that
hold it, in one sorted table (numpy, built in C: a fraction of a second). Then:

- a word of one or two letters is answered from the table as it stands: a filing
  holds "p" or "14" exactly when its key does;
- a longer word is looked for only among the filings holding all of its rarest
  pieces ("smith": those with "sm" and "mi" and "th"), and each of those keys is
  read to make sure the whole word is there;
- several words: each filing must hold every one.

So the index answers exactly the filings the plain reading does (tested against it),
never more or fewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from concom_desk.services.filings.rows import FilingRow

# Pieces a word is looked up by, at most, before the keys are read: enough to leave
# only a few hundred keys to read for any real word, few enough to stay cheap.
PIECES_LOOKED_UP = 3


_filing_id = attrgetter("id")


def _spot_checks(numbers: np.ndarray) -> list[tuple[int, int]]:
    """A few (position, number) pairs to make sure rows are these very objects: a
    read of the records gives rows of the same ids anew, with other keys maybe."""
    count = len(numbers)
    return [(i, int(numbers[i])) for i in {0, count // 2, count - 1} if 0 <= i < count]


def search_words(text: str) -> list[str]:
    """The words a search text is made of: lower-case, split at spaces. The keys'
    fields are joined by a separator Python counts as a space, so no word can span
    two fields (an address ending "st" and a map/lot starting "1" never make "st1")."""
    return text.lower().split()


def finds(key: str, words: Sequence[str]) -> bool:
    """The plain rule: every word appears in the key (the index answers the same)."""
    return all(word in key for word in words)


class SearchIndex:
    """Every one- and two-letter piece of the filings' search keys, and which filings
    (by their number in `rows`) hold it. Built off the GUI thread with the records;
    it holds the rows it was built from, so a view can tell it is theirs."""

    def __init__(self, rows: Sequence[FilingRow]) -> None:
        import numpy as np

        self.rows = list(rows)
        self.keys = [row.search_key for row in self.rows]
        self._ids: Any = None  # the filings' ids, and their order: see numbers_of
        self._by_id: Any = None
        count = len(self.keys)
        # All keys in one run of characters, a separator (a "space") between them.
        text = "\x1e".join(self.keys)
        # Each character the keys use gets a small number, so that every piece has a
        # number below a few thousand and the pieces sort in one counting pass.
        letters = sorted(set(text))
        self._letter = {letter: n for n, letter in enumerate(letters)}
        size = len(letters)
        self._size = size
        # Piece numbers: a letter is its own number, a pair of letters comes after them;
        # in 16 bits whenever the keys use fewer than 255 different characters.
        piece_type = np.uint16 if size + size * size <= 1 << 16 else np.uint32
        codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        numbering = np.zeros(int(codes.max()) + 1 if codes.size else 1, dtype=piece_type)
        numbering[np.array([ord(letter) for letter in letters], dtype=np.uint32)] = (
            np.arange(size, dtype=piece_type))
        letter = numbering[codes]
        del codes, numbering
        lengths = np.fromiter(map(len, self.keys), dtype=np.int64, count=count)
        owner = np.repeat(np.arange(count, dtype=np.uint32), lengths + 1)[:letter.size]
        pieces = np.empty(max(0, 2 * letter.size - 1), dtype=piece_type)
        pieces[:letter.size] = letter
        pairs = pieces[letter.size:]
        np.multiply(letter[:-1], size, out=pairs)
        pairs += letter[1:]
        pairs += size
        owners = np.concatenate((owner, owner[:-1]))
        del letter, owner, pairs
        # A stable sort keeps each piece's filings in their order; then each
        # (piece, filing) once.
        order = np.argsort(pieces, kind="stable")
        pieces, owners = pieces[order], owners[order]
        del order
        keep = np.ones(pieces.size, dtype=bool)
        keep[1:] = (pieces[1:] != pieces[:-1]) | (owners[1:] != owners[:-1])
        pieces, self._holders = pieces[keep], owners[keep]
        # Where each piece's filings start in the table (and the next one's begin).
        self._starts = np.searchsorted(pieces, np.arange(size + size * size + 1))

    def __len__(self) -> int:
        return len(self.keys)

    def holders(self, piece: str) -> np.ndarray:
        """The filings (numbers, ascending) whose key holds `piece` of one or two letters."""
        numbers = [self._letter.get(letter) for letter in piece]
        if None in numbers:  # a letter no key has
            return self._holders[:0]
        first = numbers[0] if len(numbers) == 1 else (
            self._size + numbers[0] * self._size + numbers[1])
        return self._holders[self._starts[first]:self._starts[first + 1]]

    def numbers_of(self, rows: Sequence[FilingRow]) -> np.ndarray | None:
        """Each of `rows`' number here (the same filings, in whatever order a view
        sorted them), or None when they are not the filings this index was built
        from (the records were read again meanwhile)."""
        import numpy as np

        if len(rows) != len(self.rows):
            return None
        if self._ids is None:
            self._ids = np.fromiter(map(_filing_id, self.rows), dtype=np.int64,
                                    count=len(self.rows))
            self._by_id = np.argsort(self._ids, kind="stable")
        ids = np.fromiter(map(_filing_id, rows), dtype=np.int64, count=len(rows))
        at = np.searchsorted(self._ids, ids, sorter=self._by_id)
        numbers = self._by_id[np.minimum(at, max(0, len(rows) - 1))] if len(rows) else at
        if not np.array_equal(self._ids[numbers], ids) or any(
                rows[i] is not self.rows[n] for i, n in _spot_checks(numbers)):
            return None
        return numbers

    def find(self, words: Sequence[str]) -> np.ndarray:
        """The filings (numbers, ascending) whose key holds every one of `words`
        (lower-case, no spaces: see search_words)."""
        import numpy as np

        if not words:
            return np.arange(len(self.keys), dtype=np.uint32)
        candidates: list[Any] = []
        to_read: list[str] = []  # words longer than a piece: their keys are read
        for word in dict.fromkeys(words):  # each word once, in the order typed
            if len(word) <= 2:
                candidates.append(self.holders(word))
                continue
            pieces = sorted({word[i:i + 2] for i in range(len(word) - 1)},
                            key=lambda piece: self._count(piece))
            candidates.extend(self.holders(piece) for piece in pieces[:PIECES_LOOKED_UP])
            to_read.append(word)
        candidates.sort(key=len)
        found = candidates[0]
        for more in candidates[1:]:
            if not found.size:
                break
            found = np.intersect1d(found, more, assume_unique=True)
        if not to_read:
            return found
        keys = self.keys
        numbers: list[int] = found.tolist()
        for word in sorted(to_read, key=len, reverse=True):  # the longest finds fewest
            numbers = [n for n in numbers if word in keys[n]]
        return np.array(numbers, dtype=np.uint32)

    def _count(self, piece: str) -> int:
        return int(self.holders(piece).size)
