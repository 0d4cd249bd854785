"""The rules' fast paths play the very same games: `apply_in_place` (which changes a
search's own state and keeps a board of it between moves) ends every move where `apply`
would, and seeded games are move for move what they were before the rules were sped up."""

from __future__ import annotations

import dataclasses
import hashlib
import random

import pytest
from pydantic import BaseModel

from boardgames_tui.engine.contract import copy_containers
from boardgames_tui.games.pollen.model import PollenState
from boardgames_tui.games.pollen.rules.common import copy_for_move

from .helpers import GAME, RULES, seats
from boardgames_tui.games.pollen.rules import PollenOptions
from tests.games.seeded_searches import search_digest


# The records inside a state, described by their class and fields alone: what a stdlib
# dataclass holding the same values tells as well as a model does (their values are
# digested through the state's JSON).
RECORDS = frozenset({"PlayerState", "Planted", "PlacedToken", "Pollination", "InsectResult"})


def built_as(value: object) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Each model inside `value` as pydantic left it: its class, the fields counted as
    given, and the order of its fields (a model built without validation must match);
    each of the state's records (`RECORDS`) by its class and the names of its fields."""
    found = []
    kind = type(value).__name__
    if kind in RECORDS:
        names = tuple(type(value).model_fields) if isinstance(value, BaseModel) else tuple(
            field.name for field in dataclasses.fields(value)  # type: ignore[arg-type]
        )
        found.append((kind, names, names))
        for name in names:
            found.extend(built_as(getattr(value, name)))
    elif isinstance(value, BaseModel):
        found.append((kind, tuple(sorted(value.model_fields_set)), tuple(value.__dict__)))
        for item in value.__dict__.values():
            found.extend(built_as(item))
    elif isinstance(value, (list, tuple)):
        for item in value:
            found.extend(built_as(item))
    return found


def built_but_log(state: PollenState) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """`built_as(state)` but for the log's entries."""
    return [model for model in built_as(state) if model[0] != "LogEntry"]


def midgame(players: int, seed: int) -> PollenState:
    chooser = random.Random(seed)
    state = RULES.setup(PollenOptions(), seats(players), seed)
    for _ in range(12 + seed % 9):
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, chooser.choice(RULES.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_apply_in_place_gives_what_apply_gives(players: int) -> None:
    """A search's quick games, from samples of a view: each move in place ends where a
    copying `apply` ends, down to how each piece was built, with the same legal moves
    next, but for the log, which a quick game does not keep (nor build the words of);
    the sample and the view are left as they were."""
    for seed in range(3):
        state = midgame(players, seed)
        seat = RULES.to_act(state)[0]
        view = RULES.view(state, seat)
        view_before = view.model_dump()
        rng = random.Random(seed)
        sample = GAME.advisor.determinize(view, seat, rng)
        sample_before = sample.model_dump()
        owned = copied = sample
        first = True
        while not RULES.is_over(copied):
            mover = RULES.to_act(copied)[0]
            actions = RULES.legal_actions(copied, mover)
            assert RULES.legal_actions(owned, mover) == actions
            action = actions[rng.randrange(len(actions))]
            copied = RULES.apply(copied, mover, action)
            owned = RULES.apply(owned, mover, action) if first else RULES.apply_in_place(owned, mover, action)
            assert owned.model_dump(exclude={"log"}) == copied.model_dump(exclude={"log"})
            assert built_but_log(owned) == built_but_log(copied)
            if not first:
                assert owned.log == []
            first = False
        assert RULES.score_sheet(owned) == RULES.score_sheet(copied)
        assert sample.model_dump() == sample_before
        assert view.model_dump() == view_before


def test_a_moves_copy_owns_what_copy_containers_would() -> None:
    """`apply`'s own copy of a state copies every container the generic copy does (a
    field added to the state and forgotten there would be shared with the state before),
    but for the records of the seats not moving, which a move never changes."""
    state = midgame(4, 1)
    seat = state.active
    generic = copy_containers(state)
    fast = copy_for_move(state, seat)
    for name, value in state.__dict__.items():
        if name != "players":
            assert (fast.__dict__[name] is value) == (generic.__dict__[name] is value), name
    assert not any(fast_row is row for fast_row, row in zip(fast.meeples, state.meeples))
    for index, player in enumerate(state.players):
        assert (fast.players[index] is player) == (index != seat)
    assert fast.players[seat].hand is not state.players[seat].hand
    assert fast.players[seat].deck is not state.players[seat].deck
    assert fast.model_dump() == state.model_dump()
    assert built_as(fast) == built_as(generic)


def test_seeded_games_are_the_games_they_were() -> None:
    """A change of the rules on purpose changes the digest, and then it is taken again.
    The states themselves are those of the games before the rules were sped up; how
    each model counts its fields as given follows `copy_containers`, which keeps a
    copy's as they were in the original."""
    assert seeded_games_digest() == GOLDEN


def seeded_games_digest() -> str:
    """Nine seeded random games, three each of 2, 3 and 4 seats: every state, what the seat to act
    and the table see, the legal moves and the score sheet, down to how each model was
    built, digested."""
    digest = hashlib.sha256()

    def feed(text: str) -> None:
        digest.update(text.encode())
        digest.update(b"\0")

    for seed in range(9):
        players = 2 + seed % 3
        state = RULES.setup(PollenOptions(), seats(players), seed)
        chooser = random.Random(seed)
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            actions = RULES.legal_actions(state, seat)
            feed(repr(actions))
            for watcher in (seat, -1):
                feed(RULES.view(state, watcher).model_dump_json())
            state = RULES.apply(state, seat, chooser.choice(actions))
            feed(state.model_dump_json())
            feed(repr(built_as(state)))
        sheet = RULES.score_sheet(state)
        feed(sheet.model_dump_json())
        feed(repr(built_as(sheet)))
    return digest.hexdigest()


GOLDEN = "b4da16f5aa29fd1a12b3728d42bf8f1cb71ff9de5e6c37dcf7618ca38caadba0"


SEARCH_DIGEST = "fa29d03cf54335a077cb975fb232dd55702417a68b785cff2b7679c576fa0a58"


def test_the_search_finds_the_same_from_seeded_positions() -> None:
    """The bots' search from positions of seeded games: every simulated game it plays the same."""
    assert search_digest(GAME, [(2, 9), (4, 10), (3, 30), (2, 28)]) == SEARCH_DIGEST
