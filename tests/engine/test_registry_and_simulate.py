"""The game registry, bot-only simulation and the contract's shared helpers."""

from __future__ import annotations

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.bots import make_bot
from boardgames_tui.engine.contract import GameState, LogEntry, Seat, shallow_copy
from boardgames_tui.engine.match import Match
from boardgames_tui.engine.simulate import play_bot_game, score_margins, simulate

GAME = registry.get_game("bloom-kingdom")
RULES = GAME.rules


def test_unknown_slug_names_the_known_ones():
    with pytest.raises(KeyError) as unknown:
        registry.get_game("bloom-kingdon")
    message = str(unknown.value)
    assert "bloom-kingdon" in message
    for slug in registry.slugs():
        assert slug in message
    assert "bloom-kingdom" in registry.slugs()


def test_games_are_listed_by_title_and_registered_once():
    titles = [game.title for game in registry.all_games()]
    assert titles == sorted(titles)
    with pytest.raises(ValueError, match="registered twice"):
        registry.register(GAME)
    assert registry.get_game("bloom-kingdom").screen.endswith(":BloomKingdomScreen")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_is_reproducible_and_error_free(players):
    bots = ["random"] * players
    first = simulate(GAME, RULES.parse_options({}), bots, games=6, seed=99)
    second = simulate(GAME, RULES.parse_options({}), bots, games=6, seed=99)
    assert first.errors == 0 and first.error_messages == []
    assert (first.wins, first.average_scores) == (second.wins, second.average_scores)
    assert first.games == 6 and first.players == players and first.game == "bloom-kingdom"
    # Shared victories count for every winner, so there are at least as many wins as games.
    assert sum(first.wins) >= 6
    assert all(score > 0 for score in first.average_scores)


def test_simulate_refuses_unknown_bots_and_wrong_player_counts():
    with pytest.raises(ValueError, match="unknown bot level"):
        simulate(GAME, RULES.parse_options({}), ["random", "genius"], games=1, seed=1)
    with pytest.raises(ValueError, match="2–4 players"):
        simulate(GAME, RULES.parse_options({}), ["random"] * 5, games=1, seed=1)
    with pytest.raises(ValueError, match="choose from: easy, normal, hard, random"):
        make_bot("genius", 1, 0)


def test_swapped_seats_give_each_level_every_seat_and_intervals():
    report = simulate(GAME, RULES.parse_options({}), ["random", "easy"], games=2, seed=3, swap_seats=True)
    assert report.errors == 0 and report.swap_seats
    by_level = {tally.name: tally for tally in report.by_level}
    assert by_level["random"].played == by_level["easy"].played == 2
    for tally in by_level.values():
        assert 0.0 <= tally.low <= tally.win_rate <= tally.high <= 1.0
    # Shared victories are split, so the two levels' wins add up to the games played.
    assert by_level["random"].wins + by_level["easy"].wins == pytest.approx(2)


def test_games_played_in_parallel_give_the_same_report():
    alone = simulate(GAME, RULES.parse_options({}), ["random"] * 3, games=4, seed=8)
    parallel = simulate(GAME, RULES.parse_options({}), ["random"] * 3, games=4, seed=8, jobs=2)
    assert (alone.wins, alone.average_scores) == (parallel.wins, parallel.average_scores)


def test_untimed_bots_spend_their_whole_budget_however_slow_the_machine(monkeypatch):
    # A ceiling of no time at all stands in for a very busy machine: a timed bot then
    # stops after its first playout, an untimed one still plays all of them.
    from dataclasses import replace

    from boardgames_tui.engine import bots

    monkeypatch.setitem(bots.SEARCH_LEVELS, "easy", replace(bots.SEARCH_LEVELS["easy"], seconds=0.0))
    state = RULES.setup(RULES.parse_options({}), [Seat(name=f"Seat {n}", kind="bot") for n in (1, 2)], 4)
    view = RULES.view(state, 0)
    budget = bots.SEARCH_LEVELS["easy"]
    assert make_bot("easy", 1, 0).analyse(GAME, view, 0).iterations < budget.iterations
    assert make_bot("easy", 1, 0, untimed=True).analyse(GAME, view, 0).iterations == budget.iterations


def test_repeatable_simulations_say_so_and_repeat():
    first = simulate(GAME, RULES.parse_options({}), ["easy", "random"], games=1, seed=12, repeatable=True)
    second = simulate(GAME, RULES.parse_options({}), ["easy", "random"], games=1, seed=12, repeatable=True)
    assert first.repeatable and first.errors == 0
    assert (first.wins, first.average_scores) == (second.wins, second.average_scores)


def test_a_bot_game_replays_from_its_moves():
    final, moves = play_bot_game(GAME, RULES.parse_options({}), ["random"] * 3, seed=5)
    assert RULES.is_over(final)
    seats = [Seat(name=f"Seat {index + 1}", kind="bot") for index in range(3)]
    replayed = Match.replay(GAME, RULES.parse_options({}), seats, 5, moves)
    assert replayed.state.model_dump() == final.model_dump()


def test_shallow_copy_matches_model_copy():
    state = RULES.setup(RULES.parse_options({}), [Seat(name="A"), Seat(name="B")], seed=4)
    changes = {"turn": 5, "deck": [1, 2, 3]}
    copied = shallow_copy(state, **changes)
    expected = state.model_copy(update=changes)
    assert copied == expected
    assert copied.model_dump() == expected.model_dump()
    assert copied.model_fields_set == expected.model_fields_set
    assert copied.__dict__ is not state.__dict__
    assert state.turn == 1 and state.deck != [1, 2, 3]
    assert copied.players is state.players, "unchanged fields are shared, like model_copy"


def test_log_lines_from_say_equal_validated_entries():
    state = GameState(game="test", seats=[Seat(name="A")], seed=1)
    state.say("public")
    state.say("secret", visible_to=[0])
    assert state.log == [LogEntry(text="public"), LogEntry(text="secret", visible_to=(0,))]
    assert state.log[1].model_dump(exclude_unset=True) == {"text": "secret", "visible_to": (0,)}


def test_the_rng_is_a_function_of_seed_and_draws():
    state = GameState(game="test", seats=[Seat(name="A")], seed=7)
    first = state.rng().random()
    assert state.rng_draws == 1
    second = state.rng().random()
    again = GameState(game="test", seats=[Seat(name="A")], seed=7)
    assert [again.rng().random(), again.rng().random()] == [first, second]
    assert first != second


def test_everbloom_reports_wins_by_faction():
    everbloom = registry.get_game("everbloom")
    report = simulate(everbloom, everbloom.rules.parse_options({}), ["random"] * 4, games=3, seed=4)
    assert report.errors == 0
    factions = {"bats", "bees", "butterflies", "hummingbirds", "lemurs", "lizards"}
    assert {tally.name for tally in report.by_role} <= factions
    assert sum(tally.played for tally in report.by_role) == 12
    assert sum(tally.wins for tally in report.by_role) == pytest.approx(3)
    # Every game's margins add up to nothing, so the factions' do too.
    assert sum(tally.average_margin * tally.played for tally in report.by_role) == pytest.approx(0, abs=0.1)


def test_a_seats_margin_is_its_lead_over_the_others_average():
    assert score_margins([10, 4, 4]) == [6.0, -3.0, -3.0]
    assert score_margins([7, 7]) == [0.0, 0.0]
    assert score_margins([12]) == [0.0]
