"""The same seed plays the same Everbloom game, move for move: a digest of seeded
random games pinned here, so that work on the rules' speed can show it changed nothing.
A move copies only what it changes and shares the rest with the state before it
(`EverbloomState`): every state a game passed through stays as it was.

A rule changed on purpose changes the digest: then check that the change is the one
meant, and write the new digest here (the CHANGELOG line says why).
"""

from __future__ import annotations

import hashlib
import random

from boardgames_tui.engine.contract import SPECTATOR, Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.everbloom.model import EverbloomOptions, EverbloomState

RULES = get_game("everbloom").rules
# (seats, landmark theme, habitat theme) of each game; seed = its place in this list.
GAMES = [
    (4, "first-blossom", "day"), (2, "duo", "night"), (3, "natural-selection", "day"), (4, "natural-selection", "night"),
    (1, "first-blossom", "night"), (3, "first-blossom", "night"),
]
DIGEST = "78a8db46d14b555e520de1e4a377caa99b6359231afa423e4c5fa4788a1bf803"


def seeded_games_digest() -> str:
    """Every state of each game (log and all), the legal moves, what the seat to act
    and the table see, and the score sheet, digested; each state is checked to be as it
    was once the next is made from it, and once a quick game is played on from there."""
    digest = hashlib.sha256()

    def feed(text: str) -> None:
        digest.update(text.encode())
        digest.update(b"\0")

    for seed, (count, landmarks, habitats) in enumerate(GAMES):
        options = EverbloomOptions(landmark_theme=landmarks, habitat_theme=habitats)
        state = RULES.setup(options, [Seat(name=f"P{n + 1}") for n in range(count)], seed)
        chooser = random.Random(seed)
        dumped = state.model_dump_json()
        moves = 0
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            actions = RULES.legal_actions(state, seat)
            feed(repr(actions))
            for watcher in (seat, SPECTATOR):
                feed(RULES.view(state, watcher).model_dump_json())
            before, state = state, RULES.apply(state, seat, chooser.choice(actions))
            moves += 1
            if moves % 40 == 0:
                play_on_in_place(state, random.Random(moves))
            assert before.model_dump_json() == dumped, "a move changed the state it was made from"
            dumped = state.model_dump_json()
            feed(dumped)
        feed(RULES.score_sheet(state).model_dump_json())
        feed(repr(RULES.outcome(state)))
    return digest.hexdigest()


def play_on_in_place(state: EverbloomState, rng: random.Random) -> None:
    """A search's quick game from `state` (a copy, then moves in place) to the end."""
    if RULES.is_over(state):
        return
    seat = RULES.to_act(state)[0]
    played = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
    while not RULES.is_over(played):
        seat = RULES.to_act(played)[0]
        played = RULES.apply_in_place(played, seat, rng.choice(RULES.legal_actions(played, seat)))


def test_seeded_random_games_are_the_same_move_for_move() -> None:
    assert seeded_games_digest() == DIGEST
