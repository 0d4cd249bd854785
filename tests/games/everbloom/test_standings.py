"""Everbloom's live standings: nectar per biome as the seat looking may know it (public
habitat nectar and its own secret cards, never another seat's), who leads, what it is
worth now, and the bloom track's points."""

from __future__ import annotations

from boardgames_tui.engine.contract import SPECTATOR, Seat
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import HabitatCard
from boardgames_tui.games.everbloom.rules import card_biomes, card_info
from boardgames_tui.games.everbloom.standings import standings
from boardgames_tui.engine.registry import get_game

GAME = get_game("everbloom")
RULES = GAME.rules
NECTAR = {card.id: card for card in C.nectar_cards()}


def _nectar_card(biome: str, value: int) -> str:
    return next(card.id for card in C.nectar_cards() if card.biome == biome and card.nectar == value)


def _hybrid(biome: str) -> str:
    """A single-biome hybrid of `biome` with some nectar."""
    return next(
        card.id for card in C.hybrids() if card_biomes(card.id) == (biome,) and card_info(card.id).nectar > 0
    )


def _game(seats: int = 3):
    state = RULES.setup(RULES.options_model(), [Seat(name=name) for name in ("Ann", "Ben", "Cy")[:seats]], seed=4)
    for player in state.players:
        player.draft = []
        player.nectar = []
        for cards in player.habitat.values():
            cards.clear()
    state.phase = "wilderness"
    return state


def _biome(result, biome: str):
    return next(standing for standing in result.biomes if standing.biome == biome)


def test_a_seat_counts_its_own_secret_nectar_and_never_another_seats():
    state = _game()
    state.players[0].nectar = [_nectar_card("aquatic", 3)]
    state.players[1].nectar = [_nectar_card("aquatic", 2), _nectar_card("desert", 1)]
    ann = standings(RULES.view(state, 0), 0)
    aquatic = _biome(ann, "aquatic")
    # Ann knows her own 3; Ben's two cards are only a count to her.
    assert aquatic.nectar == (3, 0, 0) and aquatic.leaders == (0,)
    assert ann.secret_cards == (0, 2, 0)
    assert _biome(ann, "desert").nectar == (0, 0, 0) and _biome(ann, "desert").leaders == ()
    # Handed the whole state by mistake, it still reads Ann's cards only.
    assert standings(state, 0) == ann
    ben = standings(RULES.view(state, 1), 1)
    assert _biome(ben, "aquatic").nectar == (0, 2, 0) and _biome(ben, "desert").nectar == (0, 1, 0)
    # The table knows no secret card at all.
    table = standings(RULES.view(state, SPECTATOR), None)
    assert all(sum(standing.nectar) == 0 for standing in table.biomes)
    assert table.secret_cards == (1, 2, 0)


def test_pollinated_habitat_cards_are_public_and_decide_the_lead_and_its_worth():
    state = _game()
    card = _hybrid("forest")
    nectar = card_info(card).nectar
    state.players[2].habitat["forest"].append(HabitatCard(id=card, pollinated=True))
    # An unpollinated card gives no nectar yet.
    state.players[0].habitat["forest"].append(HabitatCard(id=_hybrid("forest"), pollinated=False))
    state.players[1].nectar = [_nectar_card("forest", 1)]
    ann = standings(RULES.view(state, 0), 0)
    forest = _biome(ann, "forest")
    assert forest.nectar == (0, 0, nectar) and forest.leaders == (2,)
    # Majorities: the most pays 1 point per nectar (first place's divisor).
    assert forest.points == (0, 0, nectar // C.nectar_majority().first)
    assert ann.nectar_points(2) == forest.points[2]
    ben = standings(RULES.view(state, 1), 1)
    # Ben adds his own card: second place, paid per 2.
    assert _biome(ben, "forest").nectar == (0, 1, nectar)
    assert _biome(ben, "forest").points[1] == 1 // C.nectar_majority().second


def test_a_tie_for_the_most_names_every_leader_at_the_tied_rate():
    state = _game(2)
    state.players[0].nectar = [_nectar_card("tundra", 3), _nectar_card("tundra", 1)]
    state.players[1].habitat["tundra"] = []
    result = standings(RULES.view(state, 0), 0)
    assert _biome(result, "tundra").nectar == (4, 0)
    # Now Ben's equal total is public (a pollinated card would be): both lead, paid at the tied rate.
    state.players[1].nectar = [_nectar_card("tundra", 3), _nectar_card("tundra", 1)]
    over = state.model_copy(update={"phase": "over"})
    tundra = _biome(standings(RULES.view(over, 0), 0), "tundra")
    assert tundra.leaders == (0, 1)
    assert tundra.points == (4 // C.nectar_majority().first_tied,) * 2


def test_the_bloom_track_gives_each_faction_its_points_now_and_the_next_step():
    state = _game(2)
    state.players[0].bloom = 0
    state.players[1].bloom = 7
    track = standings(RULES.view(state, 0), 0).track
    spaces = C.bloom_track().spaces
    assert track[0].points == 0 and track[0].next_space == next(i for i, s in enumerate(spaces) if s.points)
    assert track[1].space == 7 and track[1].points == C.bloom_track().points_at(7)
    assert track[1].next_points is not None and track[1].next_points > track[1].points
    state.players[1].bloom = len(spaces) - 1
    top = standings(RULES.view(state, 0), 0).track[1]
    assert top.next_space is None and top.points == spaces[-1].points


def test_at_the_end_every_card_is_counted():
    state = _game(2)
    state.players[1].nectar = [_nectar_card("jungle", 2)]
    state.phase = "over"
    result = standings(RULES.view(state, 0), 0)
    assert _biome(result, "jungle").nectar == (0, 2) and result.secret_cards == (0, 0)


def test_the_standings_in_words_name_the_leader_the_points_and_the_secret_cards():
    from boardgames_tui.games.everbloom.standings import standing_lines

    state = _game(2)
    state.players[0].nectar = [_nectar_card("desert", 1)]
    state.players[1].nectar = [_nectar_card("desert", 2)]
    state.players[1].bloom = 2
    view = RULES.view(state, 0)
    lines = standing_lines(view, standings(view, 0))
    assert "Desert nectar: Ann 1 (leads, 1 point now)." in lines
    assert "Aquatic nectar: nobody has any yet." in lines
    assert "Secret nectar cards, not counted here: Ben holds 1." in lines
    assert any(line.startswith("Ben: bloom space 2, worth 1 point now") for line in lines)
    assert all("2" not in line for line in lines if line.startswith("Desert"))
