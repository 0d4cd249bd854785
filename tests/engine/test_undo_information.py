"""Undo never follows new information, in every game (issue #10).

`Match.can_undo` lets a seat take back its last move unless the state's information
epoch rose.  So every move that stays undoable must teach nobody anything: what any
seat sees after it must follow from what that seat saw before and from the move
itself (the mover's own choice), never from a hidden card.

The check, for every undoable move of seeded random games: for each seat, sample
hidden worlds that agree with the seat's view before the move (the game's own
`determinize`), play the same move in each, and compare the seat's view afterwards
with the real one (the new log lines included; the sampled seed and draw count, which
no screen shows, left out).  A sampled world where the move is not legal says nothing
and is skipped.  If a view differs, the move showed that seat something that depends
on what was hidden - a revealed or drawn card - and the mover could undo having seen it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from boardgames_tui.engine.contract import GameRules, GameState, IllegalMove, Seat
from boardgames_tui.engine.parts import Game
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.registry import all_games, get_game
from boardgames_tui.games.everbloom.rules import EverbloomRules

# Bounded so that all four games at every seat count take a few seconds.
GAMES_PER_CASE = 2
SAMPLES_PER_SEAT = 2
MOVE_LIMIT = 400

CASES = [
    (game.slug, players)
    for game in all_games()
    for players in range(max(game.rules.min_players, 1), game.rules.max_players + 1)
]


def seen(rules: GameRules, state: GameState, seat: int, log_from: int) -> dict[str, Any]:
    """What `seat` sees of `state`: its view without the sampling bookkeeping, the log
    from entry `log_from` of the view on."""
    data = rules.view(state, seat).model_dump(mode="json")
    data.pop("seed", None)
    data.pop("rng_draws", None)
    data["log"] = data["log"][log_from:]
    return data


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return sorted(key for key in set(before) | set(after) if before.get(key) != after.get(key))


def leaks(
    game: Game, before: GameState, after: GameState, mover: int, action: Any, rng: random.Random
) -> list[str]:
    """Seats (and the fields) whose view after `action` depends on what they could not see."""
    rules = game.rules
    found = []
    for seat in range(len(before.seats)):
        view = rules.view(before, seat)
        log_from = len(view.log)
        expected = seen(rules, after, seat, log_from)
        for _ in range(SAMPLES_PER_SEAT):
            world = game.advisor.determinize(view, seat, rng)
            try:
                rules.validate(world, mover, action)
            except IllegalMove:
                continue
            # A sampled world may carry a shorter log (the bots need none): compare what is new.
            got = seen(rules, rules.apply(world, mover, action), seat, len(rules.view(world, seat).log))
            if got != expected:
                found.append(f"seat {seat}: {', '.join(differences(expected, got))}")
                break
    return found


def undoable_leaks(game: Game, players: int, seed: int) -> tuple[int, list[str]]:
    """Plays one seeded random game; (undoable moves checked, descriptions of leaks)."""
    rules = game.rules
    rng = random.Random(seed)
    seats = [Seat(name=f"P{index + 1}") for index in range(players)]
    options = rules.parse_options(default_options(rules.slug, players))
    match = Match(game, options, seats, seed)
    checked = 0
    found: list[str] = []
    for number in range(MOVE_LIMIT):
        state = match.state
        if rules.is_over(state):
            break
        seat = rng.choice(rules.to_act(state))
        action = game.advisor.playout_action(state, seat, rules.legal_actions(state, seat), rng)
        match.submit(seat, action, autosave=False)
        if match.can_undo(seat):
            checked += 1
            for leak in leaks(game, state, match.state, seat, action, rng):
                found.append(f"{rules.slug}, {players} seats, seed {seed}, move {number + 1} {action!r} by P{seat + 1}: {leak}")
    return checked, found


def default_options(slug: str, players: int) -> dict[str, Any]:
    return {}


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_no_undoable_move_shows_anyone_anything_hidden(slug: str, players: int) -> None:
    game = get_game(slug)
    checked = 0
    found: list[str] = []
    for number in range(GAMES_PER_CASE):
        count, leaked = undoable_leaks(game, players, seed=1000 * players + number)
        checked += count
        found.extend(leaked)
    assert checked, "no undoable move was played: the check checked nothing"
    assert not found, "undoable moves that showed something hidden:\n" + "\n".join(found[:10])


class _TopsAtOnce(EverbloomRules):
    """Everbloom as it was: a stack's next card showed the moment the card above it migrated."""

    def view(self, state, seat):  # type: ignore[no-untyped-def]
        view = super().view(state, seat)
        if state.round == 1 and state.phase in ("draft", "round_start"):
            return view
        stacks = {space: [*real[:1], *shown[1:]] for (space, real), shown in zip(state.stacks.items(), view.stacks.values())}
        return view.model_copy(update={"stacks": stacks})


def test_the_check_catches_a_card_revealed_by_migration() -> None:
    """The leak of issue #10: with the old view, choosing a habitat tile (or sending the
    last pollinator) could start a migration that turned a stack's next card, and the
    move stayed undoable.  The check must find it."""
    game = replace(get_game("everbloom"), rules=_TopsAtOnce())
    found = []
    for seed in range(4):
        found.extend(undoable_leaks(game, 4, seed)[1])
        if found:
            break
    assert any("stacks" in leak for leak in found), found
