"""Consistent case and spacing for names and addresses, without mangling them.

Assessor lists are usually in capitals ("O'BRIEN JOHN & MARY TRUSTEES").
Words written all in capitals (or all in lower case) are re-cased; a word the
assessor already wrote in mixed case ("deBenedictis", "McDonald") is kept as
it is. Business suffixes stay in capitals (LLC, LLP), legal words read as a
lawyer writes them (Trustee, et al, Estate of), roman numerals stay upper
(II, III), and post-office boxes read "PO Box".
"""

from __future__ import annotations

import re

# Words kept exactly like this, whatever the input's case (keys upper case).
_FIXED_WORDS: dict[str, str] = {
    **{w: w for w in ("LLC", "LLP", "LP", "LLLP", "PC", "PLLC", "PA", "NA", "USA", "US",
                      "II", "III", "IV", "VI", "VII", "VIII", "IX", "YMCA", "DBA", "FBO",
                      "TR", "NE", "NW", "SE", "SW", "RFD", "UA", "U/A", "U/D/T", "UDT",
                      "IRA", "HOA", "FSB", "REIT")},
    # Street and title abbreviations have no vowel but are not acronyms.
    **{w: w.capitalize() for w in ("ST", "RD", "DR", "LN", "PL", "BLVD", "HWY", "PKWY",
                                   "TPKE", "SQ", "CT", "CIR", "MT", "FT", "MR", "MRS", "MS",
                                   "PK", "TRL", "XING", "WY", "PT", "BX")},
    "INC": "Inc", "INC.": "Inc.", "CORP": "Corp", "CORP.": "Corp.", "CO": "Co", "CO.": "Co.",
    "LTD": "Ltd", "LTD.": "Ltd.", "JR": "Jr", "JR.": "Jr.", "SR": "Sr", "SR.": "Sr.",
    "C/O": "c/o", "ET": "et", "AL": "al", "AL.": "al.", "UX": "ux", "VIR": "vir",
    "OF": "of", "AND": "and", "THE": "the", "FOR": "for", "DE": "de", "LA": "La",
    "VAN": "Van", "VON": "von", "DEL": "Del", "DI": "Di", "DA": "Da",
    "N": "N", "S": "S", "E": "E", "W": "W",
}
# Scottish names that keep a capital after Mac; other "Mac" words (Machado,
# Mackey, Macy) are ordinary words.
_MAC_NAMES = {
    "MACDONALD", "MACLEOD", "MACKENZIE", "MACLEAN", "MACDOUGALL", "MACNEIL", "MACKINNON",
    "MACMILLAN", "MACINTYRE", "MACPHERSON", "MACGREGOR", "MACARTHUR", "MACAULAY", "MACKAY",
    "MACINNIS", "MACRAE", "MACLELLAN", "MACNEILL", "MACFARLANE", "MACLACHLAN", "MACKINNEY",
    "MACDONNELL", "MACEACHERN", "MACISAAC", "MACKINLAY", "MACNAMARA", "MACQUARRIE",
    "MACDOUGAL", "MACAULEY", "MACGILLIVRAY", "MACLEISH", "MACCORMACK", "MACGOWAN",
}
_ORDINAL = re.compile(r"^(\d+)(ST|ND|RD|TH)$", re.IGNORECASE)
_PO_BOX = re.compile(r"\b(?:P\.?\s*O\.?|POST\s+OFFICE)\s*BOX\b", re.IGNORECASE)
_CARE_OF = re.compile(r"^(?:C\s*/\s*O|C/0|CARE\s+OF|ATTN:?)\s*", re.IGNORECASE)
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,;])")
_PUNCT_NO_SPACE = re.compile(r"([,;])(?=[^\s\d])")
_MOJIBAKE = re.compile("[ÃÂâ][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e"
                       "\u0192\u02c6\u02dc\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e"
                       "\u2020\u2021\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]")


def repair_mojibake(text: str) -> str:
    """'JosÃ©' → 'José': UTF-8 text that went through Windows-1252 on the way."""
    if not _MOJIBAKE.search(text):
        return text
    raw = bytearray()
    for char in text:
        try:
            raw += char.encode("cp1252")
        except UnicodeEncodeError:
            if ord(char) > 0xFF:
                return text
            raw.append(ord(char))  # the five bytes cp1252 leaves undefined pass through
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return text


def tidy_spacing(text: str) -> str:
    text = " ".join(text.replace("\u00a0", " ").split())
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    text = _PUNCT_NO_SPACE.sub(r"\1 ", text)
    text = re.sub(r"\s*&\s*", " & ", text)
    return text.strip(" ,;")


def _is_single_case(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return bool(letters) and (all(c.isupper() for c in letters)
                              or all(c.islower() for c in letters))


def _cap(part: str) -> str:
    return part[:1].upper() + part[1:].lower()


def _recase_piece(piece: str) -> str:
    """One hyphen-free piece of a word, e.g. O'BRIEN, MCDONALD, 1ST, 12A."""
    upper = piece.upper()
    if upper in _FIXED_WORDS:
        return _FIXED_WORDS[upper]
    if upper.endswith(".") and upper[:-1] in _FIXED_WORDS:  # "ST.", "RD.", "MR."
        return _FIXED_WORDS[upper[:-1]] + "."
    ordinal = _ORDINAL.match(piece)
    if ordinal:
        return ordinal.group(1) + ordinal.group(2).lower()
    if any(c.isdigit() for c in piece):
        return upper  # 12A, B-3, #4C
    if 2 <= len(piece) <= 5 and not any(c in "AEIOUY" for c in upper):
        return upper  # an acronym: NSTAR, BNY, JPM
    if "'" in piece:
        head, _, tail = piece.partition("'")
        # O'Brien, D'Angelo; but John's, Smiths'
        if len(head) == 1 and len(tail) > 1:
            return f"{head.upper()}'{_cap(tail)}"
        return f"{_cap(head)}'{tail.lower()}"
    if upper.startswith("MC") and len(piece) > 3:
        return "Mc" + _cap(piece[2:])
    if upper in _MAC_NAMES:
        return "Mac" + _cap(piece[3:])
    return _cap(piece)


def recase_word(word: str) -> str:
    if not _is_single_case(word):
        return word
    upper = word.upper()
    if upper in _FIXED_WORDS:
        return _FIXED_WORDS[upper]
    # Keep the leading/trailing punctuation where it was: "(TRUSTEE)", "SMITH,".
    match = re.match(r"^([^\w']*)(.*?)([^\w'.]*)$", word)
    assert match is not None
    lead, core, trail = match.groups()
    pieces = re.split(r"([-/])", core)
    return lead + "".join(p if p in "-/" else _recase_piece(p) for p in pieces) + trail


def tidy_name(text: str) -> str:
    """An owner's name: spacing, then case word by word."""
    text = tidy_spacing(repair_mojibake(text))
    words = [recase_word(w) for w in text.split(" ")]
    if words and words[0] in ("et", "of", "and", "for", "de", "c/o", "the"):
        words[0] = words[0][:1].upper() + words[0][1:]
    return _fix_phrases(" ".join(words))


def _fix_phrases(text: str) -> str:
    text = re.sub(r"\bet\.?\s+al\b\.?", "et al", text, flags=re.IGNORECASE)
    text = re.sub(r"\bet\.?\s+ux\b\.?", "et ux", text, flags=re.IGNORECASE)
    text = re.sub(r"\bet\.?\s+vir\b\.?", "et vir", text, flags=re.IGNORECASE)
    text = re.sub(r"\bEstate\s+of\b", "Estate of", text, flags=re.IGNORECASE)
    return text


def tidy_address(text: str) -> str:
    """A street line: spacing, case, and 'PO Box'."""
    text = tidy_spacing(repair_mojibake(text))
    text = _PO_BOX.sub("PO BOX", text)
    words = [recase_word(w) for w in text.split(" ")]
    text = " ".join(words)
    return re.sub(r"\bPo Box\b|\bPO BOX\b", "PO Box", text)


def tidy_city(text: str) -> str:
    return tidy_name(text)


def split_care_of(text: str) -> tuple[str, str] | None:
    """'C/O JANE DOE' → ('c/o', 'Jane Doe'); None when the line is not a c/o line."""
    match = _CARE_OF.match(text.strip())
    if not match:
        return None
    return "c/o", tidy_name(text.strip()[match.end():])


def match_key(*parts: str) -> str:
    """What two spellings of one owner or address have in common: letters and
    digits only, lower case ("O'Brien, John" and "OBRIEN  JOHN" match)."""
    joined = " ".join(parts)
    joined = _PO_BOX.sub("pobox", repair_mojibake(joined))
    return re.sub(r"[^0-9a-z]+", "", joined.lower())
