"""The names a ledger keeps budgets under: one normal form, and names that cannot pose as others.

A dataset's budget is found by its name, so two spellings of one name must
meet (``name_key``) and a name must not be able to pass for another one while
comparing different (``check_name``): a Cyrillic ``і`` inside a Latin word, or a
name so long that nobody reading the ledger sees where it differs.
"""

import unicodedata

from ..errors import N_, InputError

MAX_NAME_LENGTH = 200  # characters of a dataset name or release id, as given
# Scripts a name may mix (Unicode TS #39, "highly restrictive"): Latin with the scripts
# written beside it in Japanese, Chinese and Korean. Any other mix is a confusable.
ALLOWED_MIXES = (frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA"}),
                 frozenset({"LATIN", "CJK", "BOPOMOFO"}),
                 frozenset({"LATIN", "CJK", "HANGUL"}))


def name_key(name):
    """The form in which dataset names and release ids are compared (not stored).

    Zero-width and other format characters are removed, then Unicode NFKC
    (full-width letters become ASCII), case folding, trimming, and trailing
    punctuation is dropped: "mob", "Mob ", "MOB", "mob.", "mob\u200b" and
    full-width "ｍｏｂ" are one dataset. Combining marks that NFKC leaves
    standing alone (no precomposed letter holds them) are dropped too: "ci̇ty"
    (i + U+0307, drawn like "city") is "city", while "Région" keeps its "é" in
    either spelling. Where marks are letters' own (vowel signs of some scripts),
    two names may then share a budget: stricter, never looser.
    """
    text = "".join(char for char in str(name) if unicodedata.category(char) != "Cf")
    text = unicodedata.normalize("NFKC", text)
    text = unicodedata.normalize("NFKC", text.casefold()).strip()
    text = "".join(char for char in text if unicodedata.category(char) not in ("Mn", "Me"))
    while text and (text[-1].isspace() or unicodedata.category(text[-1]).startswith("P")):
        text = text[:-1]
    return text


def scripts_of(text):
    """The scripts of the letters of ``text`` (the first word of each letter's Unicode name)."""
    return {unicodedata.name(char, "?").split()[0] for char in text
            if unicodedata.category(char).startswith("L")}


def check_name(name):
    """Refuse a dataset name or release id that is empty, longer than MAX_NAME_LENGTH or mixes
    scripts; returns it as given."""
    text = "" if name is None else str(name)
    if not name_key(text):
        raise InputError(N_("Name the dataset and the release: the ledger keeps releases per "
                            "dataset."))
    if len(text) > MAX_NAME_LENGTH:
        raise InputError(N_("The name {name}… has {count} characters, more than {limit}: give the "
                            "dataset and the release short names that a reviewer reading the "
                            "ledger can compare at a glance."),
                         name=repr(text[:40]), count=len(text), limit=MAX_NAME_LENGTH)
    scripts = scripts_of(name_key(text))
    if len(scripts) > 1 and not any(scripts <= mix for mix in ALLOWED_MIXES):
        raise InputError(N_("The name {name!r} mixes the scripts {scripts}: a letter of one "
                            "script can pose as a letter of another (a Cyrillic і for a Latin i) "
                            "and open a fresh budget under a name that looks the same. Type the "
                            "name in one script."),
                         name=text, scripts=", ".join(sorted(scripts)).lower())
    return text
