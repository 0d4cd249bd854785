"""Text from people and files: what may enter, and how it is cleaned.

Names, titles, file names and messages quoting them are data.  The screens show them
as `rich.text.Text` (never as markup); this module keeps out the characters that a
terminal would obey instead of print: escapes that set the clipboard or the window
title, bidi overrides that reorder what is shown, line breaks in a one-line field.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

NAME_LENGTH = 20
"""The most characters a player's name (or a save's title) may have."""

# Categories a terminal may act on rather than print: C0/C1 controls with ESC and DEL
# (Cc), invisible format characters such as the bidi overrides (Cf), lone surrogates
# (Cs, which cannot even be written out) and the Unicode line and paragraph breaks.
_UNSHOWN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
# Format characters that only join what is around them, inside emoji such as 👩‍🚀.
_JOINERS = frozenset({"\u200c", "\u200d"})


# What draws nothing by itself: spaces, the unshown categories, the joiners, and the
# combining marks that only change the character before them (Mn, Mc, Me).
_BLANK_CATEGORIES = frozenset({"Zs", "Mn", "Mc", "Me"}) | _UNSHOWN_CATEGORIES
# Letters and symbols that are drawn as blanks: the Hangul fillers and the braille blank.
_BLANK_CHARACTERS = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"})


def is_visible(character: str) -> bool:
    """Whether `character` alone puts ink on the screen (a letter, digit, mark or emoji)."""
    return character not in _BLANK_CHARACTERS and character not in _JOINERS and (
        unicodedata.category(character) not in _BLANK_CATEGORIES
    )


def is_unshown(character: str) -> bool:
    return character not in _JOINERS and unicodedata.category(character) in _UNSHOWN_CATEGORIES


def clean_text(text: str, *, keep_newlines: bool = False) -> str:
    """`text` without the characters a terminal would act on; tabs become spaces."""
    if text.isprintable() and "\t" not in text:
        return text  # the usual case, checked in C
    kept = []
    for character in text:
        if character == "\t":
            kept.append(" ")
        elif character == "\n" and keep_newlines:
            kept.append(character)
        elif not is_unshown(character):
            kept.append(character)
    return "".join(kept)


def name_problem(name: str, what: str = "A name") -> str | None:
    """Why `name` cannot be a player's name, in one line, or None when it can.

    A name is 1–20 characters, none of them a control or formatting character, and at
    least one of them visible (not only joiners, fillers, blanks or combining marks:
    a curtain calling for nobody anyone can see helps nobody); the spaces around it
    do not count (callers strip them first).
    """
    if not name.strip():
        return f"{what} cannot be empty."
    if len(name) > NAME_LENGTH:
        return f"{what} has {len(name)} characters; at most {NAME_LENGTH} fit."
    for character in name:
        if is_unshown(character):
            return (
                f"{what} holds a control character (U+{ord(character):04X}); "
                "use letters, digits, spaces and punctuation."
            )
    if not any(is_visible(character) for character in name):
        return f"{what} has nothing visible in it; use letters, digits or symbols people can read."
    return None


def repeated_name(names: Sequence[str]) -> int | None:
    """The index of the first name equal to an earlier one ignoring case ("Ann", "ann"),
    or None when every name differs: two seats may never be told apart by case alone."""
    seen: set[str] = set()
    for index, name in enumerate(names):
        key = name.casefold()
        if key in seen:
            return index
        seen.add(key)
    return None


def check_name(name: str, what: str = "A name") -> str:
    """`name` without the spaces around it, or ValueError with the one-line reason."""
    name = name.strip()
    problem = name_problem(name, what)
    if problem is not None:
        raise ValueError(problem)
    return name


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """`count` with its noun in the right number: "1 point", "0 points", "3 bushes"."""
    return f"{count} {singular if count == 1 else plural_form or singular + 's'}"


def and_list(words: Sequence[str]) -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cy" ('' for none): any list read as a sentence."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


# Verbs whose third person is not the plain form with -s or -es.
_THIRD_PERSON = {"be": "is", "have": "has"}


def reads_as_you(name: str) -> bool:
    """Whether a player's name is the word "you" (the learner of a guided game is called
    You): lines about that seat speak to it in the second person, "You place", "your hand"."""
    return name.strip().casefold() == "you"


# Asked for every line of every logged move: the answers are kept.
@functools.lru_cache(maxsize=4096)
def verb_for(name: str, verb: str) -> str:
    """`verb` (its plain form: "place", "have", "go") in the present, agreeing with the
    player it is said of: "places" for Ann, "place" for a seat named You."""
    if reads_as_you(name):
        return "are" if verb == "be" else verb
    if verb in _THIRD_PERSON:
        return _THIRD_PERSON[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


@functools.lru_cache(maxsize=4096)
def name_verb(name: str, verb: str) -> str:
    """A player doing something, in the present: "Ann places", "You place"."""
    return f"{name} {verb_for(name, verb)}"


def capital(text: str) -> str:
    """`text` with its first letter in capitals, to open a sentence ("your hand" → "Your hand")."""
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """A player's name as an owner: "Ann's", "James's"; "your" for a seat named You
    (`capital` opens a sentence with it)."""
    return "your" if reads_as_you(name) else f"{name}'s"


def named_owner(name: str) -> str:
    """A player's name as an owner in words said to everyone else (a curtain: "look away,
    the next screen shows Ann's hand"): the name itself, even You's, as "your" would
    mean the reader."""
    return f"{name}'s"


def their(name: str) -> str:
    """The pronoun for what a player owns, said after the name: "their", or "your"."""
    return "your" if reads_as_you(name) else "their"


def owner(name: str, *, own: bool, capital: bool = True) -> str:
    """Whose something is, told to the seat looking: "Your" for its own, else "Ann's"
    (and "You's" for another seat named You, which "your" would make the looker's)."""
    if own:
        return "Your" if capital else "your"
    return named_owner(name)


# Words a title leaves in lower case inside a readable value ("Sprout to Small").
_MINOR_WORDS = frozenset({"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"})


def readable_value(value: object) -> str:
    """An option's value as a player reads it: "first-blossom" → "First Blossom",
    "sprout-to-small" → "Sprout to Small", 3 → "3"."""
    words = str(value).replace("_", " ").replace("-", " ").split()
    return " ".join(
        word if index and word in _MINOR_WORDS else word[:1].upper() + word[1:]
        for index, word in enumerate(words)
    )
