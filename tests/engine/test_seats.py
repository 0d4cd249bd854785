"""Seats as people name them: one reading for the command line and the new-game form."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.contract import Seat
from boardgames_tui.engine.seats import SeatRefused, make_seat, parse_seat


@pytest.mark.parametrize(
    ("spec", "number", "seat"),
    [
        ("Ann", 1, Seat(name="Ann", kind="human")),
        ("  Ann  ", 1, Seat(name="Ann", kind="human")),
        ("remote:Ben", 2, Seat(name="Ben", kind="remote")),
        ("remote: Ben ", 2, Seat(name="Ben", kind="remote")),
        ("bot", 3, Seat(name="Bot 3", kind="bot", bot_level="normal")),
        ("bot:", 3, Seat(name="Bot 3", kind="bot", bot_level="normal")),
        ("bot:hard", 4, Seat(name="Bot 4", kind="bot", bot_level="hard")),
        ("bot:random", 1, Seat(name="Bot 1", kind="bot", bot_level="random")),
        # Only the two prefixes are kinds: any other text is a person's name.
        ("Bot", 1, Seat(name="Bot", kind="human")),
        ("Dee:remote", 1, Seat(name="Dee:remote", kind="human")),
        ("botanist", 1, Seat(name="botanist", kind="human")),
    ],
)
def test_a_seat_is_read_from_how_it_is_written(spec: str, number: int, seat: Seat):
    assert parse_seat(spec, number) == seat


@pytest.mark.parametrize(
    ("spec", "about", "reason"),
    [
        ("", "name", "Seat 2 needs a name."),
        ("   ", "name", "Seat 2 needs a name."),
        ("remote:", "name", "Seat 2 needs a name."),
        ("remote:\u3164", "name", "Seat 2's name has nothing visible in it"),
        ("\x1b[31mAnn", "name", "Seat 2's name holds a control character (U+001B)"),
        ("x" * 21, "name", "Seat 2's name has 21 characters; at most 20 fit."),
        ("bot:genius", "kind", "Seat 2: there is no bot level 'genius'; the levels are easy, normal, hard and random."),
        ("bot:hard:Robo", "kind", "there is no bot level 'hard:Robo'"),
    ],
)
def test_a_seat_that_cannot_be_made_is_refused_with_the_reason(spec: str, about: str, reason: str):
    with pytest.raises(SeatRefused) as refused:
        parse_seat(spec, 2)
    assert reason in str(refused.value)
    assert refused.value.about == about


@pytest.mark.parametrize(
    ("choice", "name", "seat"),
    [
        ("human", "Ann", Seat(name="Ann", kind="human")),
        ("remote", "Ben", Seat(name="Ben", kind="remote")),
        ("bot:easy", "Robo", Seat(name="Robo", kind="bot", bot_level="easy")),
        ("bot:easy", "", Seat(name="Bot 3", kind="bot", bot_level="easy")),
        ("bot", " ", Seat(name="Bot 3", kind="bot", bot_level="normal")),
    ],
)
def test_the_form_names_a_seat_s_kind_apart_from_its_name(choice: str, name: str, seat: Seat):
    assert make_seat(choice, name, 3) == seat


@pytest.mark.parametrize(("choice", "about"), [("robot", "kind"), ("human:x", "kind"), ("remote", "name")])
def test_the_form_s_choices_are_checked_as_well(choice: str, about: str):
    with pytest.raises(SeatRefused) as refused:
        make_seat(choice, "", 1)
    assert refused.value.about == about
