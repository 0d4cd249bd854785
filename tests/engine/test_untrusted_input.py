"""Wrongly typed input through the API is an illegal move, never a TypeError, and
names are checked the same way whichever door they come through."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from boardgames_tui.engine.contract import IllegalMove, Seat
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import all_games, get_game
from boardgames_tui.engine.text import check_name, clean_text, name_problem
from boardgames_tui.games.bloom_kingdom.model import KnightChoice


def new_match(slug: str) -> Match:
    game = get_game(slug)
    return Match(game, game.rules.parse_options({}), [Seat(name="Ann"), Seat(name="Ben")], 3)


@pytest.mark.parametrize("seat", ["0", None, True, 0.0, 7, -1, [0]])
def test_a_seat_that_is_not_a_seat_number_is_an_illegal_move(seat: Any):
    match = new_match("bloom-kingdom")
    action = match.rules.legal_actions(match.state, 0)[0]
    before = match.state
    with pytest.raises(IllegalMove):
        match.submit(seat, action)
    assert match.state is before and not match.moves


def wrongly_typed(action: BaseModel) -> list[BaseModel]:
    """Copies of `action` with each field replaced by values of the wrong type."""
    copies = []
    for field in type(action).model_fields:
        if field == "kind":
            continue
        for wrong in (1.5, b"1", object()):
            copies.append(type(action).model_construct(**{**action.__dict__, field: wrong}))
    return copies


@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_actions_built_with_wrongly_typed_fields_are_illegal_moves(slug: str):
    match = new_match(slug)
    chooser = random.Random(slug)
    tried = 0
    for _ in range(30):
        if match.is_over():
            break
        seat = match.to_act()[0]
        actions = match.rules.legal_actions(match.state, seat)
        for action in actions[:4]:
            for broken in wrongly_typed(action):
                before = match.state
                with pytest.raises(IllegalMove):
                    match.submit(seat, broken, autosave=False)
                assert match.state is before
                tried += 1
        for other in ({"kind": "x"}, "play", 3, None, object()):
            with pytest.raises(IllegalMove):
                match.submit(seat, other, autosave=False)
        match.submit(seat, chooser.choice(actions), autosave=False)
    assert tried > 0


def test_a_knight_choice_without_a_yes_or_no_is_refused():
    with pytest.raises(ValidationError):
        KnightChoice(remove=None)  # type: ignore[arg-type]
    match = new_match("bloom-kingdom")
    with pytest.raises(IllegalMove, match="remove"):
        match.submit(0, KnightChoice.model_construct(remove=None))


@pytest.mark.parametrize(
    "name, problem",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("N" * 21, "at most 20"),
        ("\x1b]52;c;SGVsbG8=\x07", "U+001B"),
        ("\x1b]0;PWNTITLE\x07", "U+001B"),
        ("Ann\u202eevil", "U+202E"),
        ("a\nb", "U+000A"),
        ("\x9bc", "U+009B"),
        ("del\x7f", "U+007F"),
        # Nothing anyone can see: joiners, a Hangul filler, braille blanks, combining marks alone.
        ("\u200d\u200d", "nothing visible"),
        ("\u200c", "nothing visible"),
        ("\u3164", "nothing visible"),
        ("\u2800\u2800", "nothing visible"),
        ("\u0301\u0301\u0301", "nothing visible"),
        ("\ufe0f\u034f", "nothing visible"),
    ],
)
def test_names_that_are_refused_say_why_in_one_line(name: str, problem: str):
    reason = name_problem(name.strip())
    assert reason is not None and problem in reason and "\n" not in reason
    with pytest.raises(ValueError) as refused:
        Seat(name=name)
    assert problem in str(refused.value)


@pytest.mark.parametrize("name", ["x[/]", "[Team A]", "[AFK] Bob", "[red]Ed", "Ann[/]", "王小明", "Zoë", "👩\u200d🚀 Ava", "N" * 20])
def test_names_with_brackets_wide_characters_and_emoji_are_kept_as_written(name: str):
    assert check_name(f"  {name} ") == name
    assert Seat(name=name).name == name


@pytest.mark.parametrize("names", [("Ann", "ann"), ("Zoë", "ZOË"), ("Straße", "STRASSE"), ("Bot 1", "bot 1")])
def test_two_seats_whose_names_differ_only_in_case_never_sit_at_one_table(names: tuple[str, str]):
    game = get_game("pollen")
    rules = game.rules
    with pytest.raises(ValueError, match="ignoring case"):
        Match(game, rules.parse_options({}), [Seat(name=names[0]), Seat(name=names[1], kind="bot")], 3)


def test_clean_text_drops_what_a_terminal_would_obey():
    assert clean_text("a\x1b]52;c;SGVsbG8=\x07b") == "a]52;c;SGVsbG8=b"
    assert clean_text("x\u202ey\u2066z\x7f\x9b") == "xyz"
    assert clean_text("one\ttwo\nthree") == "one twothree"
    assert clean_text("one\nthree", keep_newlines=True) == "one\nthree"
    assert clean_text("plain [b]text[/b]") == "plain [b]text[/b]"
