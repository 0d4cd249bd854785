"""What Everbloom tells its players (issue #14), headless: the changes since a seat's
last move, the table's moments (ties named), the score sheet by source with every
secret nectar card revealed, the hints' words, and grammar for any name."""

from __future__ import annotations

import random
import re

import pytest

from boardgames_tui.engine.contract import SPECTATOR, IllegalMove, Seat
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    Choose,
    DiscardNectar,
    EverbloomOptions,
    HabitatCard,
    MovePollinator,
    PlaceChip,
    PollinationDone,
    SendPollinator,
)
from boardgames_tui.games.everbloom.news import end_lines, pollination_line
from boardgames_tui.engine.text import and_list
from tests.games.everbloom.test_everbloom_rules import CRAB, ELEPHANT, GAME, OWL, RULES, act, blank, migrate

NAMES = ["You", "James", "Ann", "Bo"]
# A verb agreeing with a third person after a seat named "You", or a possessive of it.
BAD_GRAMMAR = re.compile(r"\bYou(?:'s| [a-z]+s\b)|\b1 (?:points|pollinators|cards|steps)\b|\(s\)")


def named(state, names):
    """`state` with its seats renamed (the rules only ever read names from the seats)."""
    state.seats = [Seat(name=name) for name in names[: len(state.seats)]]
    return state


def lay(state, **stacks):
    """Cards on spaces, face up (as every top is from the round's start)."""
    for space, cards in stacks.items():
        state.stacks[space] = list(cards)
        state.face_up.extend(cards)
    return state


def migrate_all(state):
    """The whole migration, every choice answered with its first option."""
    state = migrate(state)
    while state.choice is not None:
        state = act(state, state.choice.seat, Choose(option=state.choice.options[0]))
    return state


def play(seats: int, seed: int, on_move=None):
    """A whole random game with seats named You, James, …; `on_move(before, after, seat)`."""
    state = RULES.setup(EverbloomOptions(), [Seat(name=name) for name in NAMES[:seats]], seed)
    rng = random.Random(seed)
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        action = rng.choice(RULES.legal_actions(state, seat))
        after = RULES.apply(state, seat, action)
        if on_move is not None:
            on_move(state, after, seat, action)
        state = after
    return state


# ----------------------------------------------------------------- since your last turn


def test_another_seats_chip_is_marked_and_summed_up_until_the_seat_moves():
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    lay(state, t1=[ELEPHANT], t2=[CRAB])
    state = act(state, 0, PlaceChip(chip=1, landmark="west"), SendPollinator(space="t1"))
    mine = RULES.view(state, 0)
    james = RULES.plan(state, 1, 2, "west", False).targets
    state = act(state, 1, PlaceChip(chip=2, landmark="west"), *[SendPollinator(space=james[0])] * 2)
    report = GAME.narrator.changes_since(mine, RULES.view(state, 0), 0)
    assert ("landmark", "west") in report.marks and ("space", james[0]) in report.marks
    assert ("space", "t2" if james[0] == "t1" else "t1") not in report.marks
    name = C.cards()[RULES.view(state, 0).stacks[james[0]][0]].name
    assert report.lines == (f"James placed a 2 at the western wildlife landmark, sent 2 to {name}.",)
    # Nothing changed since the seat's own move: no marks, no lines.
    assert not GAME.narrator.changes_since(RULES.view(state, 0), RULES.view(state, 0), 0)


def test_a_secret_nectar_card_shows_only_to_its_owner():
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    before = {seat: RULES.view(state, seat) for seat in (0, 1, SPECTATOR)}
    state = state.model_copy(deep=True)
    state.nectar_deck = ["N01", *state.nectar_deck]
    RULES._draw_nectar(state, 1)
    drawn = next(card for card in C.nectar_cards() if card.id == "N01")
    secret = f"{next(b.name for b in C.biomes() if b.key == drawn.biome)} {drawn.nectar}"
    theirs = GAME.narrator.changes_since(before[1], RULES.view(state, 1), 1)
    assert f"Your new nectar card: {secret}." in theirs.lines
    # The other seat, and the table watching for seat 1, learn nothing of it.
    for looking, seat in ((0, 0), (SPECTATOR, 1)):
        report = GAME.narrator.changes_since(before[looking], RULES.view(state, looking), seat)
        assert not any(secret in line or "Your" in line for line in report.lines), report.lines


def test_a_migration_is_summed_up_in_a_few_lines_with_its_tie():
    state = named(blank(["hummingbirds", "butterflies"]), ["You", "James"])
    state.players[1].habitat["desert"] = [HabitatCard(id="H12")]
    state.players[0].habitat["aquatic"] = [HabitatCard(id="H02"), HabitatCard(id="H03")]
    lay(state, b3=[OWL], t1=[ELEPHANT])
    state.pollinators["b3"], state.pollinators["t1"] = [2, 2], [3, 1]
    before = RULES.view(state, 0)
    after = RULES.view(migrate_all(state), 0)
    report = GAME.narrator.changes_since(before, after, 0)
    assert ("habitat", 0) in report.marks and ("habitat", 1) in report.marks
    assert len(report.lines) <= 6
    text = "\n".join(report.lines)
    assert f"Migration: You won {C.cards()[ELEPHANT].name} (3 to 1)." in report.lines
    assert "Tie on Edelweiss Owl: You and James had 2 pollinators each; James won it with the fewest habitat cards (1)." in text


# ----------------------------------------------------------------- table moments


def test_the_migration_moment_names_every_winner_and_the_tie():
    state = named(blank(["hummingbirds", "butterflies"]), ["You", "James"])
    state.players[0].habitat["aquatic"] = [HabitatCard(id="H02"), HabitatCard(id="H03")]
    state.players[1].habitat["desert"] = [HabitatCard(id="H12")]
    lay(state, b3=[OWL], t1=[ELEPHANT])
    state.pollinators["b3"], state.pollinators["t1"] = [2, 2], [3, 1]
    before = RULES.view(state, SPECTATOR)
    after = RULES.view(migrate_all(state), SPECTATOR)
    moments = GAME.narrator.table_moments(before, after)
    migration = next(moment for moment in moments if moment.heading == "Migration, round 1")
    owl, elephant = C.cards()[OWL].name, C.cards()[ELEPHANT].name
    assert f"You won {elephant} (3 to 1)." in migration.lines
    assert f"James won {owl} (2 to 2)." in migration.lines
    assert (
        f"Tie on {owl}: You and James had 2 pollinators each; James won it with the fewest habitat cards (1)."
        in migration.lines
    )
    assert any(line.startswith("Points now: You ") for line in migration.lines)


def test_every_public_event_of_a_game_is_announced_once_and_in_order():
    headings: list[str] = []
    told = {"view": None}

    def watch(before, after, seat, action):
        if told["view"] is None:
            told["view"] = RULES.view(before, SPECTATOR)
        now = RULES.view(after, SPECTATOR)
        for moment in GAME.narrator.table_moments(told["view"], now):
            headings.append(moment.heading)
            assert moment.lines and all(line and not BAD_GRAMMAR.search(line) for line in moment.lines), moment
        told["view"] = now

    play(3, 11, watch)
    rounds = C.numbers().rounds
    expected = ["The nectar discards"]
    for number in range(1, rounds + 1):
        expected += [f"Round {number} of {rounds} begins", f"Migration, round {number}", f"Pollination, round {number}"]
    expected.append("The game is over")
    # "Round 2: an event" may come between, when an event turns up later in a round.
    assert [heading for heading in headings if ": " not in heading] == expected


def test_the_bees_hive_is_their_move_told_in_the_log_not_a_second_announcement():
    """The hive set after a round's announcement used to be an announcement of its own."""
    hives_set_later = 0
    for seed in range(1, 12):
        headings: list[str] = []
        told = {"view": None}

        def watch(before, after, seat, action):
            nonlocal hives_set_later
            if told["view"] is None:
                told["view"] = RULES.view(before, SPECTATOR)
            now = RULES.view(after, SPECTATOR)
            headings.extend(moment.heading for moment in GAME.narrator.table_moments(told["view"], now))
            if before.choice is not None and before.choice.task.kind == "hive" and after.hive != before.hive:
                hives_set_later += 1
                line = f"The beehive covers landmark {after.landmarks[after.hive][0]}."
                assert line in GAME.narrator.changes_since(RULES.view(before, SPECTATOR), now, SPECTATOR).lines
            told["view"] = now

        play(3, seed, watch)
        assert not [heading for heading in headings if "beehive" in heading]
    assert hives_set_later >= 3


# ----------------------------------------------------------------- the score sheet


def test_the_score_sheet_itemises_every_point_and_reveals_every_nectar_card():
    final = play(3, 5)
    sheet = RULES.score_sheet(final)
    for seat in range(3):
        assert sum(row.values[seat] for row in sheet.rows) == sheet.totals[seat]
    categories = [row.category for row in sheet.rows]
    assert "Other points during play" not in categories
    assert {"Habitat tiles", "Bloom track", "Biomes without a tile"} <= set(categories)
    biome_names = [info.name for info in C.biomes()]
    for name in biome_names:
        row = sheet.rows[categories.index(f"{name} nectar")]
        for seat, detail in enumerate(row.details):
            assert detail == "no nectar" or re.fullmatch(rf"\d+ nectar \(.+\), (tied )?\d(st|nd|rd|th)(, 1 per \d)? → {row.values[seat]}", detail), detail
    public_log = " ".join(entry.text for entry in RULES.view(final, SPECTATOR).log)
    for seat, player in enumerate(final.players):
        from boardgames_tui.games.everbloom.rules import nectar_card_name

        cards = [nectar_card_name(card) for card in player.nectar]
        assert all(card in sheet.notes[seat] for card in cards)
        assert f"{final.seats[seat].name} held the nectar cards" in public_log


def test_a_nectar_row_gives_amount_and_rank():
    state = blank(["bats", "butterflies"])
    forest = next(card for card in C.hybrids() if card.biomes == ("forest",))
    state.players[0].habitat["forest"] = [HabitatCard(id=forest.id, pollinated=True)]
    RULES._final_scoring(state)
    row = next(row for row in RULES.score_sheet(state).rows if row.category == "Forest nectar")
    assert row.details == [f"{forest.nectar} nectar (habitat {forest.nectar}), 1st → {forest.nectar}", "no nectar"]


# ----------------------------------------------------------------- hints


def test_the_hint_names_the_discarded_nectar_card_and_what_is_kept():
    state = RULES.setup(EverbloomOptions(), [Seat(name="You"), Seat(name="James")], 3)
    view = RULES.view(state, 0)
    card = view.players[0].draft[0]
    info = next(nectar for nectar in C.nectar_cards() if nectar.id == card)
    biome = next(b.name for b in C.biomes() if b.key == info.biome)
    explanation = GAME.narrator.explain_move(view, 0, DiscardNectar(card=card))
    assert explanation.move == f"Discard the {biome} nectar card ({info.nectar})"
    assert explanation.reason.startswith("you keep ") and f"the {biome} grove" in explanation.reason


def test_a_placement_hint_names_chip_landmark_and_a_legal_split_that_leads():
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    lay(state, t1=[ELEPHANT], t2=[CRAB])
    state.pollinators["t1"] = [0, 1]
    view = RULES.view(state, 0)
    place = PlaceChip(chip=3, landmark="west")
    split = GAME.narrator.suggest_split(view, 0, place)
    assert sum(split.values()) == RULES.plan(view, 0, 3, "west", False).count
    # The split is one the rules take, pollinator by pollinator.
    sends = [SendPollinator(space=space) for space, count in split.items() for _ in range(count)]
    act(state, 0, place, *sends)
    explanation = GAME.narrator.explain_move(view, 0, place)
    assert explanation.move.startswith("Place your 3 on the western wildlife landmark, sending ")
    for space, count in split.items():
        if count:
            assert f"{count} to {C.cards()[state.stacks[space][0]].name}" in explanation.move
    assert "you would lead on" in explanation.reason


def test_a_placements_hint_plays_its_split_as_the_rules_take_it():
    """The hint's search plays a chip's sends as its words name them (`follow_through`):
    one per pollinator, from the supply while it lasts, then from the groves."""
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    lay(state, t1=[ELEPHANT], t2=[CRAB])
    state.pollinators["t1"] = [0, 1]
    state.players[0].supply = 1
    grove = C.BIOMES[0]
    state.groves[grove][0] = 4
    view = RULES.view(state, 0)
    place = PlaceChip(chip=3, landmark="west")
    split = GAME.narrator.suggest_split(view, 0, place)
    sends = GAME.narrator.follow_through(view, 0, place)
    assert sends == (SendPollinator(space=sends[0].space), *[SendPollinator(space=s.space, grove=grove) for s in sends[1:]])
    after = act(state, 0, place, *sends)
    assert after.turn is None and after.turn_seat == 1, "the chip's turn is over"
    for space, count in split.items():
        assert after.pollinators[space][0] == state.pollinators[space][0] + count
    assert GAME.narrator.follow_through(view, 0, SendPollinator(space="t1")) == ()


def test_a_send_hint_names_the_card_and_the_lead():
    state = blank(["bats", "butterflies"])
    lay(state, t1=[ELEPHANT])
    state.pollinators["t1"] = [1, 1]
    explanation = GAME.narrator.explain_move(RULES.view(state, 0), 0, SendPollinator(space="t1"))
    assert explanation.move == f"Send a pollinator to {C.cards()[ELEPHANT].name}"
    assert explanation.reason == f"you would lead on {C.cards()[ELEPHANT].name} (2 to 1)"


def test_every_legal_move_of_a_game_has_words_and_a_reason():
    def explain(before, after, seat, action):
        view = RULES.view(before, seat)
        for legal in RULES.legal_actions(before, seat)[:12]:
            words = GAME.narrator.explain_move(view, seat, legal)
            assert words.move and not BAD_GRAMMAR.search(words.move + (words.reason or ""))
            assert words.reason, (legal, words)

    play(2, 8, explain)


# ----------------------------------------------------------------- words


def test_the_log_and_the_summaries_read_right_for_any_name():
    lines: list[str] = []

    def collect(before, after, seat, action):
        lines.extend(line for other in range(len(after.players))
                     for line in GAME.narrator.changes_since(RULES.view(before, other), RULES.view(after, other), other).lines)

    for seats, seed in ((2, 1), (4, 2)):
        final = play(seats, seed, collect)
        lines.extend(entry.text for entry in final.log)
        sheet = RULES.score_sheet(final)
        lines.extend(sheet.notes)
        lines.extend(detail for row in sheet.rows for detail in row.details or [])
    bad = [line for line in lines if BAD_GRAMMAR.search(line)]
    assert not bad, bad[:5]
    assert any(line.startswith("You ") for line in lines) and any(line.startswith("James ") for line in lines)


def test_a_tied_public_bonus_is_named_in_the_migration():
    """Coral Blossom's bonus goes to the faction with the fewest points among those with
    pollinators on it: level on points, the usual tie-breaks settle it (ruling 17)."""
    coral = next(card.id for card in C.events() if card.name == "Coral Blossom")
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    lay(state, t1=[coral])
    state.pollinators["t1"] = [2, 1]
    before = RULES.view(state, SPECTATOR)
    after = RULES.view(migrate_all(state), SPECTATOR)
    migration = next(m for m in GAME.narrator.table_moments(before, after) if m.heading.startswith("Migration"))
    assert (
        "Tie for the bonus of Coral Blossom: You and James had 0 points each; "
        "with 0 habitat cards and 0 points each, You won it by coming first in turn order."
    ) in migration.lines


def test_a_pollinator_moved_by_the_butterflies_is_told_as_their_move_not_its_owners():
    # Found playing: the Butterflies' 4 moved one of "You"'s pollinators, and the panel
    # said "You sent 1 to …, moved 1 from …" as if You had done it.
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    lay(state, t1=[ELEPHANT], t2=[CRAB])
    state = act(state, 0, PlaceChip(chip=1, landmark="west"), SendPollinator(space="t1"))
    mine = RULES.view(state, 0)
    state = act(state, 1, PlaceChip(chip=4, landmark="west"))
    move = next(
        action for action in RULES.legal_actions(state, 1)
        if isinstance(action, MovePollinator) and action.owner == 0 and action.source == "t1" and action.target == "t2"
    )
    state = act(state, 1, move)
    while RULES.to_act(state) == [1] and state.turn is not None and state.turn.seat == 1:
        state = act(state, 1, SendPollinator(space="t1"))
    lines = GAME.narrator.changes_since(mine, RULES.view(state, 0), 0).lines
    elephant, crab = C.cards()[ELEPHANT].name, C.cards()[CRAB].name
    assert not any(line.startswith("You ") for line in lines), lines
    assert any(
        line.startswith("James placed a 4 at the western wildlife landmark")
        and f"moved one of your pollinators from {elephant} to {crab}" in line
        for line in lines
    ), lines
    # The log, for everybody, says whose with the cards' names too (right for any name).
    assert f"James moved a pollinator belonging to You from {elephant} to {crab}." in [entry.text for entry in state.log]
    assert not BAD_GRAMMAR.search(" ".join(lines))


def test_a_placement_hint_that_only_ties_still_says_who_would():
    # Found playing: "— tie on Cactus Gecko (1 to 1)", "— still trail on …" with no subject.
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    lay(state, t1=[ELEPHANT])
    state.pollinators["t1"] = [0, 1]
    explanation = GAME.narrator.explain_move(RULES.view(state, 0), 0, PlaceChip(chip=1, landmark="west"))
    assert explanation.reason.startswith(f"you would tie on {C.cards()[ELEPHANT].name} (1 to 1)"), explanation.reason


def test_a_faction_without_a_chip_value_says_so_not_that_it_is_spent():
    # Found playing: the Lizards pressing 4 were told "You have no 4 chip left to place".
    state = blank(["lizards", "bats"])
    with pytest.raises(IllegalMove) as refusal:
        RULES.validate(state, 0, PlaceChip(chip=4, landmark="west"))
    assert refusal.value.reason == "The Lizards have no 4 chip: theirs are 1, 2, 3, 5"


def test_the_pollination_points_are_told_as_one_per_pollinated_card_of_the_habitat():
    # Found playing: "…pollinated Tumbleweed Jackrabbit: 4 points." read as if that one
    # card gave 4 points; and "took 0 …, pollinated nothing: 1 point."
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    done = PollinationDone(round=1, seat=1, grove="desert", taken=0, cards=[], points=1)
    assert pollination_line(state, done) == (
        "James took none from the Desert grove, pollinated nothing new: 1 point for the 1 pollinated card in their habitat."
    )
    done = PollinationDone(round=1, seat=0, grove="aquatic", taken=3, cards=[CRAB], left=1, leftover_grove="forest", points=4)
    assert pollination_line(state, done) == (
        f"You took 3 from the Aquatic grove, pollinated {C.cards()[CRAB].name}, 1 back to the Forest grove: "
        "4 points for the 4 pollinated cards in your habitat."
    )


def test_a_new_round_tells_what_the_flipped_landmarks_now_ask_and_which_card_the_event_moved():
    # Found playing: "Landmarks 29 and 1 flipped." and "Event on t1: Through Sand." left a
    # newcomer to find the new rules and the displaced card on the board.
    starts = []

    def on_move(before, after, seat, action):
        for moment in GAME.narrator.table_moments(RULES.view(before, SPECTATOR), RULES.view(after, SPECTATOR)):
            if moment.heading.startswith("Round 2"):
                starts.append((after, moment.lines))

    play(3, 4, on_move)
    (state, lines), = starts
    flipped = [number for number, side in state.landmarks.values() if side]
    for number in flipped:
        rule = C.landmarks()[number].unnumbered.rule.summary
        assert f"Landmark {number} flipped: {rule[:1].lower()}{rule[1:]}." in lines
    event = next(line for line in lines if line.startswith("Event on "))
    space = event.split()[2].rstrip(":")
    empty = next(other for other, cards in state.stacks.items() if cards and cards[0] != state.stacks[space][0] and f"to {other}." in event)
    assert event == (
        f"Event on {space}: {C.cards()[state.stacks[space][0]].name}; "
        f"{C.cards()[state.stacks[empty][0]].name} moved from {space} to {empty}."
    )


def test_the_placements_made_after_the_seats_last_look_are_told_once_the_migration_began():
    # Found playing: the bots' last chips of a round (placed after the seat's own last
    # one) were never told: once the migration began the panel spoke only of it.
    state = RULES.setup(EverbloomOptions(), [Seat(name=name) for name in NAMES[:3]], 4)
    rng = random.Random(4)
    looked = None
    while True:
        seat = RULES.to_act(state)[0]
        if seat == 0 and looked is not None and looked.phase == "wilderness" and state.phase == "migration":
            break
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        if seat == 0:
            looked = RULES.view(state, 0)
    lines = GAME.narrator.changes_since(looked, RULES.view(state, 0), 0).lines
    assert lines[0] == "James placed the first player's \"1\" chip at landmark 21, sent 1 to Edge of the Jungle.", lines
    assert lines[1].startswith("Migration: ")


def test_what_the_seats_own_last_chip_set_off_is_told_but_not_the_chip_itself():
    # Found playing: the migration that the seat's own last chip started ran on (another
    # seat won a card, on a tie against it) and the panel never said so: it compared
    # from the state after the seat's move, which held those results already.
    state = named(blank(["bats", "butterflies"]), ["You", "James"])
    lay(state, t1=[ELEPHANT], t2=[CRAB])
    state.pollinators["t1"] = [0, 2]
    for player in state.players:
        player.chips, player.first_chip = [], False
    state.players[0].chips = [1]
    pre = state
    post = act(state, 0, PlaceChip(chip=1, landmark="n1"), SendPollinator(space="t2"))
    assert post.phase == "migration"
    report = GAME.narrator.changes_set_off(RULES.view(pre, 0), RULES.view(post, 0), 0)
    elephant = C.cards()[ELEPHANT].name
    assert report.lines[0] == f"Migration: James won {elephant} (2, alone).", report.lines
    assert not any(line.startswith("You placed") for line in report.lines)
    assert ("space", "t1") in report.marks and not any(mark[0] == "landmark" for mark in report.marks)
    # A move that sets nothing off adds nothing.
    quiet = named(blank(["bats", "butterflies"]), ["You", "James"])
    lay(quiet, t1=[ELEPHANT])
    after = act(quiet, 0, PlaceChip(chip=1, landmark="west"), SendPollinator(space="t1"))
    assert not GAME.narrator.changes_set_off(RULES.view(quiet, 0), RULES.view(after, 0), 0)



def test_a_rounds_start_and_the_placements_after_it_fit_the_since_panel_whole():
    # Found playing: round 2's start (two flipped landmarks, the event, the first player,
    # the bloom cards) and the placements before the seat's turn were cut at six lines.
    state = RULES.setup(EverbloomOptions(), [Seat(name=name) for name in NAMES[:3]], 4)
    rng = random.Random(4)
    looked = None
    while True:
        seat = RULES.to_act(state)[0]
        if seat == 0 and state.round == 2 and state.phase == "wilderness" and state.first_player != 0:
            break
        state = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)))
        if seat == 0:
            looked = RULES.view(state, 0)
    lines = GAME.narrator.changes_since(looked, RULES.view(state, 0), 0).lines
    assert any(line.startswith("Landmark ") and " flipped: " in line for line in lines), lines
    assert any(" placed " in line for line in lines), lines
    assert not any("more in the log" in line for line in lines), lines



def test_the_winner_line_has_no_brackets_inside_brackets():
    # Found playing: "Winner: Bot 2 (most points (70))."
    final = play(2, 5)
    line = end_lines(final)[0]
    names = and_list([final.name(seat) for seat in final.final.winners])
    assert line == f"Winner{'s' if len(final.final.winners) > 1 else ''}: {names} — {final.final.decided_by}."
    assert "))" not in line


def test_the_seats_own_discard_is_told_as_its_own():
    """Found playing: a seat's since panel said "Ann discarded …" to Ann herself."""
    state = RULES.setup(EverbloomOptions(), [Seat(name="Ann"), Seat(name="James")], 3)
    before = RULES.view(state, 1)
    while state.phase == "draft":
        seat = RULES.to_act(state)[0]
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
    lines = " ".join(GAME.narrator.changes_since(before, RULES.view(state, 1), 1).lines)
    assert "You discarded" in lines and "Ann discarded" in lines and "James discarded" not in lines


def test_the_placements_since_a_seats_last_move_come_in_the_order_they_were_made():
    # Issue #29: the panel listed Ann's chip before the bot's, which came first.
    state = named(blank(["bats", "butterflies", "lizards"]), ["Ann", "James", "Bot"])
    lay(state, t1=[ELEPHANT], t2=[CRAB])

    def place(state, seat, chip):
        targets = RULES.plan(state, seat, chip, "west", False).targets
        return act(state, seat, PlaceChip(chip=chip, landmark="west"), *[SendPollinator(space=targets[0])] * chip)

    state = place(state, 0, 1)
    state = place(state, 1, 1)
    james = RULES.view(state, 1)
    state = place(state, 2, 2)
    state = place(state, 0, 2)
    lines = GAME.narrator.changes_since(james, RULES.view(state, 1), 1).lines
    assert [line.split()[0] for line in lines] == ["Bot", "Ann"]


def test_the_first_player_named_is_the_one_the_table_waits_for_or_the_hive_is_named_first():
    """The Bees set their hive before the first chip: the round's news names its setter,
    as the status line will wait for them, not only a first player who must wait too."""
    options = EverbloomOptions.with_factions(["butterflies", "bees", "lemurs"])
    seats = [Seat(name=name) for name in ("You", "Ada", "Ben")]
    state = next(state for seed in range(20) if (state := RULES.setup(options, seats, seed)).first_player != 1)
    first = state.name(state.first_player)
    said = f"First player: {first}, once Ada has set the Bees' hive."
    assert said in [entry.text for entry in state.log]
    told = []
    # The draft, then an event's hybrid to move if the first player must choose one.
    while state.phase == "draft" or (state.choice is not None and state.choice.seat != 1):
        before, seat = state, RULES.to_act(state)[0]
        state = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0])
        moments = GAME.narrator.table_moments(RULES.view(before, SPECTATOR), RULES.view(state, SPECTATOR))
        told += [line for moment in moments for line in moment.lines]
    assert RULES.to_act(state) == [1] and said in told
