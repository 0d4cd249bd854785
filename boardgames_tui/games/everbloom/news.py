"""What Everbloom tells its players about what happened: the changes since a seat's
last move, the public moments announced to the table, and the final score sheet.

Pure functions over two views of one audience (rules never import Textual);
`EverbloomRules.changes_since`, `table_moments` and `score_sheet` call them.

Marks (`ChangeReport.marks`), the keys the screen draws on the board, are tuples:

* ``("space", space)``: the card space `space` (an id of the state's ``stacks``, such
  as ``"t3"``) whose card or pollinators changed;
* ``("landmark", space)``: the landmark space `space` (an id of the state's
  ``chips``, wildlife landmarks included) that got a chip;
* ``("grove", biome)``: the grove of `biome` (a key of the state's ``groves``) whose
  pollinators changed;
* ``("track", seat)``: the bloom-track marker of `seat` that moved;
* ``("habitat", seat)``: the habitat of `seat` that gained a card or a habitat tile.

Lines name seats in the past tense ("Ann placed", "You won": right for any name);
only a line about the seat's own secret (a nectar card it drew) says "Your", and
only the seat's own view holds such a secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames_tui.engine.contract import ChangeReport, NO_CHANGES, TableMoment
from boardgames_tui.engine.text import and_list, plural, their
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import Chip, Contest, EverbloomState, PollinationDone, is_hidden
from boardgames_tui.games.everbloom.rules import (
    BIOMES,
    MIGRATION_BEGINS,
    biome_name,
    card_info,
    card_name,
    first_player_line,
    move_words,
    nectar_card_name,
    space_card_name,
)

if TYPE_CHECKING:
    from boardgames_tui.games.everbloom.rules import EverbloomRules

Mark = tuple[str, str] | tuple[str, int]

# Everbloom's "since your last turn" panel scrolls: a round's start and two seats'
# placements fit whole (six lines would cut them into "… more in the log").
CHANGE_LINES = 10

_TRACK = C.bloom_track()
_NUM = C.numbers()
_NECTAR = {card.id: card for card in C.nectar_cards()}
_BLOOM_NAMES = {card.id: card.name for card in C.blooms()}
_LANDMARKS = C.landmarks()


def article(word: str) -> str:
    """"an Aquatic", "a Forest"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _is_event(card: str) -> bool:
    return not is_hidden(card) and getattr(card_info(card), "is_event", False)


# -- marks -------------------------------------------------------------------------------------------
def change_marks(before: EverbloomState, after: EverbloomState) -> frozenset[Mark]:
    """What the board marks as changed from `before` to `after` (see the module's list)."""
    marks: set[Mark] = set()
    for space, cards in after.stacks.items():
        if cards != before.stacks.get(space) or after.pollinators.get(space) != before.pollinators.get(space):
            marks.add(("space", space))
    for space in after.chips:
        if _new_chips(before, after, space):
            marks.add(("landmark", space))
    for biome, counts in after.groves.items():
        if counts != before.groves.get(biome):
            marks.add(("grove", biome))
    for seat, (old, new) in enumerate(zip(before.players, after.players)):
        if new.bloom != old.bloom:
            marks.add(("track", seat))
        if new.card_count() > old.card_count() or len(new.tiles) > len(old.tiles):
            marks.add(("habitat", seat))
    return frozenset(marks)


def _same_round(before: EverbloomState, after: EverbloomState) -> bool:
    """Whether the chips and pollinators of `before` are still on the board in `after`
    (no migration or new round between them)."""
    return before.round == after.round and before.contests == after.contests and before.phase == after.phase == "wilderness"


def _new_chips(before: EverbloomState, after: EverbloomState, space: str) -> list[Chip]:
    now = after.chips.get(space, [])
    if not _same_round(before, after):
        return list(now)
    then = before.chips.get(space, [])
    return list(now[len(then):]) if now[: len(then)] == then else list(now)


# -- lines -------------------------------------------------------------------------------------------
def _chip_words(chip: Chip) -> str:
    return 'the "1" chip' if chip.first_chip else f"a {chip.value}"


def placement_lines(
    rules: EverbloomRules, before: EverbloomState, after: EverbloomState, viewer: int | None = None
) -> list[str]:
    """Who placed which chip where and sent how many pollinators to which card (told to
    `viewer`: a pollinator of its own that another moved is "one of your pollinators")."""
    if after.phase != "wilderness":
        return []
    same = _same_round(before, after)
    moves = after.moved[len(before.moved):] if same and after.moved[: len(before.moved)] == before.moved else []
    lines = []
    # In the order the seats moved: from the seat that was to move at `before` (the
    # round's first player for a new round), round the table.
    count = len(after.players)
    start = before.turn_seat if same else after.first_player
    for seat in ((start + step) % count for step in range(count)):
        placed = [
            f"{_chip_words(chip)} at {rules.landmark_label(after, space)}"
            for space in after.chips for chip in _new_chips(before, after, space) if chip.seat == seat
        ]
        # A pollinator another moved is that other's doing, not its owner's.
        moved_here = [move for move in moves if move.seat == seat]
        changes = {
            space: counts[seat] - (before.pollinators.get(space, [0] * len(counts))[seat] if same else 0)
            for space, counts in after.pollinators.items()
        }
        for move in moves:
            if move.owner == seat:
                changes[move.target] = changes.get(move.target, 0) - 1
                changes[move.source] = changes.get(move.source, 0) + 1
        sent, taken = [], []
        for space, change in changes.items():
            name = space_card_name(after, space)
            if change > 0:
                sent.append(f"{change} to {name}")
            elif change < 0:
                taken.append(f"{-change} from {name}")
        old, new = before.players[seat], after.players[seat]
        to_grove = new.chips_placed - old.chips_placed - len(placed) if same else 0
        parts = []
        if placed:
            parts.append(f"placed {and_list(placed)}")
        if to_grove > 0:
            parts.append(f"sent {plural(to_grove, 'chip')} to a grove (no landmark took it)")
        if sent:
            parts.append(f"sent {and_list(sent)}")
        if taken:
            parts.append(f"moved {and_list(taken)}")
        parts.extend(move_words(after, seat, move.owner, move.source, move.target, viewer) for move in moved_here)
        if parts:
            lines.append(f"{after.name(seat)} {', '.join(parts)}.")
    return lines


def last_placement_lines(before: EverbloomState, after: EverbloomState) -> list[str]:
    """The placements made after `before` and before the migration that followed (the
    board no longer shows them once cards migrate): the log's own lines, each seat's
    "placed" and "sent" joined into one."""
    if before.phase != "wilderness":
        return []
    new = [entry.text for entry in after.log[len(before.log):]]
    if MIGRATION_BEGINS not in new:
        return []
    lines: list[str] = []
    names = [after.name(seat) for seat in range(len(after.players))]
    for text in new[: new.index(MIGRATION_BEGINS)]:
        joined = next(
            (
                f"{lines[-1][:-1]}, {text[len(name) + 1:]}" for name in names
                if lines and text.startswith(f"{name} sent ") and lines[-1].startswith(f"{name} placed ")
                and lines[-1].endswith(".")
            ),
            None,
        )
        if joined is not None:
            lines[-1] = joined
        else:
            lines.append(text)
    return lines


def draft_lines(before: EverbloomState, after: EverbloomState, viewer: int | None = None) -> list[str]:
    """The nectar discards revealed: each seat's discarded biome and its grove's pollinators
    (`viewer`'s own told as "You discarded …")."""
    if before.phase != "draft" or after.phase == "draft":
        return []
    lines = []
    for seat in range(len(after.players)):
        who = "You" if seat == viewer else after.name(seat)
        for biome in BIOMES:
            gained = after.groves[biome][seat] - before.groves[biome][seat]
            if gained > 0:
                lines.append(
                    f"{who} discarded {article(biome_name(biome))} nectar card: "
                    f"{plural(gained, 'pollinator')} to the {biome_name(biome)} grove."
                )
    return lines


def _contest_words(rules: EverbloomRules, state: EverbloomState, contest: Contest) -> str:
    if contest.card:
        return card_name(contest.card)
    return rules.landmark_label(state, contest.space)


def _score_line(contest: Contest) -> str:
    """"3 to 2": the winner's count against the best of the others ('' alone)."""
    others = [count for seat, count in enumerate(contest.counts) if seat != contest.winner and count]
    mine = contest.counts[contest.winner]
    return f"{mine} to {max(others)}" if others else f"{mine}, alone"


def migration_lines(rules: EverbloomRules, state: EverbloomState, contests: list[Contest]) -> list[str]:
    """Who won which card (and wildlife landmark), every tie with what broke it, and
    what went back to the box: one line per winner, one per tie."""
    won: dict[int, list[str]] = {}
    ties, boxed = [], []
    for contest in contests:
        what = _contest_words(rules, state, contest)
        if contest.winner < 0:
            if contest.card:
                boxed.append(what)
            continue
        won.setdefault(contest.winner, []).append(f"{what} ({_score_line(contest)})")
        if contest.tied:
            best = contest.counts[contest.winner]
            unit = "pollinator" if contest.card else "in chips"
            amount = plural(best, unit) if contest.card else f"{best} {unit}"
            ties.append(
                f"Tie on {what}: {and_list([state.name(seat) for seat in contest.tied])} had {amount} each; "
                f"{contest.tie_break}."
            )
        if contest.bonus_tied:
            ties.append(
                f"Tie for the bonus of {what}: {and_list([state.name(seat) for seat in contest.bonus_tied])} had "
                f"{contest.bonus_tied_on} each; {contest.bonus_tie_break}."
            )
    lines = [f"{state.name(seat)} won {and_list(cards)}." for seat, cards in sorted(won.items())]
    lines.extend(ties)
    if boxed:
        lines.append(f"Nobody sent pollinators to {and_list(boxed)}: back to the box.")
    return lines


def gains_line(before: EverbloomState, after: EverbloomState) -> str | None:
    """Points and bloom-track steps each seat gained from `before` to `after`, in one line."""
    parts = []
    for seat, (old, new) in enumerate(zip(before.players, after.players)):
        gains = []
        if new.score != old.score:
            gains.append(f"{new.score - old.score:+d} {'point' if abs(new.score - old.score) == 1 else 'points'}")
        if new.bloom != old.bloom:
            gains.append(f"{new.bloom - old.bloom:+d} on the bloom track")
        if gains:
            parts.append(f"{after.name(seat)} {' and '.join(gains)}")
    return f"{'; '.join(parts)}." if parts else None


def points_line(state: EverbloomState) -> str:
    """Everybody's points as they stand (nectar and the bloom track count at the end)."""
    return "Points now: " + ", ".join(f"{state.name(seat)} {p.score}" for seat, p in enumerate(state.players)) + "."


def pollination_line(state: EverbloomState, done: PollinationDone) -> str:
    cards = and_list([card_name(card) for card in done.cards]) or "nothing new"
    back = f", {done.left} back to the {biome_name(done.leftover_grove)} grove" if done.left and done.leftover_grove else ""
    taken = done.taken or "none"
    # The points are for every pollinated card of the habitat, not only for this round's.
    pollinated = done.points // max(1, _NUM.points_per_pollinated_card)
    return (
        f"{state.name(done.seat)} took {taken} from the {biome_name(done.grove)} grove, "
        f"pollinated {cards}{back}: {plural(done.points, 'point')} for the "
        f"{plural(pollinated, 'pollinated card')} in {their(state.name(done.seat))} habitat."
    )


def round_lines(rules: EverbloomRules, before: EverbloomState, after: EverbloomState) -> list[str]:
    """What a new round brought: landmarks flipped, the event, the first player, bloom cards."""
    lines = []
    if after.round != before.round:
        for space, (number, side) in after.landmarks.items():
            if side and not before.landmarks.get(space, [0, 0])[1]:
                # What the new side asks, so that nobody has to find it on the board.
                rule = _LANDMARKS[number].unnumbered.rule.summary
                lines.append(f"Landmark {number} flipped: {rule[:1].lower()}{rule[1:]}.")
    # An event in play: drawn from the event deck, or turned face up on a stack (four seats).
    for space, cards in after.stacks.items():
        if cards and _is_event(cards[0]) and cards[0] not in before.face_up:
            # The card it displaced went to the space that was empty.
            empty = next(
                (other for other, others in after.stacks.items() if other != space and others and not before.stacks.get(other)),
                None,
            )
            moved = f"; {card_name(after.stacks[empty][0])} moved from {space} to {empty}" if empty is not None else ""
            lines.append(f"Event on {space}: {card_name(cards[0])}{moved}.")
    if after.round != before.round or _draft_ended(before, after):
        lines.append(first_player_line(after))
        fresh = [card for card in after.bloom_shown if card not in before.bloom_shown]
        if fresh:
            names = [_BLOOM_NAMES.get(card, card) for card in fresh]
            lines.append(f"Bloom cards on display: {and_list(names)}.")
    if after.hive is not None and after.hive != before.hive:
        lines.append(f"The beehive covers landmark {after.landmarks[after.hive][0]}.")
    return lines


def end_lines(state: EverbloomState) -> list[str]:
    """The winners, everybody's total, and every secret nectar card, now revealed."""
    final = state.final
    if final is None:
        return []
    names = and_list([state.name(seat) for seat in final.winners])
    # The reason carries its own brackets ("most points (70)"): a dash, not nested ones.
    lines = [f"Winner{'s' if len(final.winners) > 1 else ''}: {names} — {final.decided_by}."]
    lines.append("Totals: " + ", ".join(f"{state.name(seat)} {total}" for seat, total in enumerate(final.totals)) + ".")
    for seat, player in enumerate(state.players):
        if player.nectar:
            cards = and_list([nectar_card_name(card) for card in player.nectar])
            lines.append(f"{state.name(seat)} held the nectar cards {cards}.")
    return lines


def _draft_ended(before: EverbloomState, after: EverbloomState) -> bool:
    return before.phase == "draft" and after.phase != "draft"


def _migration_over(before: EverbloomState, after: EverbloomState) -> bool:
    """Whether a whole migration ended between the two views (none is announced half-way)."""
    if after.phase == "migration" or not after.contests:
        return False
    return after.contests != before.contests or before.phase == "migration"


def _pollination_over(before: EverbloomState, after: EverbloomState) -> bool:
    return bool(after.pollinations) and after.pollinations != before.pollinations


# -- what the rules hand the screen --------------------------------------------------------------------
def table_moments(rules: EverbloomRules, before: EverbloomState, after: EverbloomState) -> list[TableMoment]:
    """The public events between two public views, in the order they happened."""
    if after.log[: len(before.log)] != before.log:
        return []  # not a continuation (an undo): nothing new to tell
    moments = []
    draft = draft_lines(before, after)
    if draft:
        moments.append(TableMoment("The nectar discards", tuple(draft)))
    if _migration_over(before, after):
        lines = migration_lines(rules, after, after.contests)
        lines.append(points_line(after))
        moments.append(TableMoment(f"Migration, round {after.contests[0].round}", tuple(lines)))
    if _pollination_over(before, after):
        done = after.pollinations
        lines = [pollination_line(after, entry) for entry in done]
        moments.append(TableMoment(f"Pollination, round {done[0].round}", tuple(lines)))
    if after.phase != "over":
        start = round_lines(rules, before, after)
        if after.round != before.round or _draft_ended(before, after):
            moments.append(TableMoment(f"Round {after.round} of {_NUM.rounds} begins", tuple(start)))
        elif start and not (len(start) == 1 and after.hive is not None and after.hive != before.hive):
            # The Bees' hive, set after the round's announcement, is their move like a chip:
            # told in the log and "Since your last turn", not in a second announcement
            # of one line right after the round's own.
            moments.append(TableMoment(f"Round {after.round}: an event", tuple(start)))
    else:
        if before.phase != "over":
            moments.append(TableMoment("The game is over", tuple(end_lines(after))))
    return moments


def changes_set_off(rules: EverbloomRules, before: EverbloomState, after: EverbloomState, seat: int) -> ChangeReport:
    """What `seat`'s own move from `before` to `after` set off: the rest of a draft
    revealed, a migration run on to the next choice, a pollination revealed, a new
    round; nothing when the move set nothing off.  The move itself (its chip, its
    pollinators) is neither marked nor told: the seat made it."""
    set_off = (
        _draft_ended(before, after) or after.round != before.round
        or any(contest not in before.contests for contest in after.contests)
        or any(entry not in before.pollinations for entry in after.pollinations)
    )
    if not set_off:
        return NO_CHANGES
    return changes_since(rules, before, after, seat, own_move=True)


def changes_since(
    rules: EverbloomRules, before: EverbloomState, after: EverbloomState, seat: int, *, own_move: bool = False
) -> ChangeReport:
    """What `seat` sees changed between two views of one audience: marks and a few lines
    (`own_move`: the two views lie around the seat's own move; see `changes_set_off`)."""
    if after.log[: len(before.log)] != before.log:
        return NO_CHANGES
    marks = change_marks(before, after)
    if own_move:
        marks = frozenset(mark for mark in marks if mark[0] != "landmark")
    lines: list[str] = []
    lines.extend(draft_lines(before, after, viewer=seat if 0 <= seat < len(after.players) else None))
    if not own_move:
        lines.extend(last_placement_lines(before, after))
    new_contests = [contest for contest in after.contests if contest not in before.contests]
    if new_contests:
        migration = migration_lines(rules, after, new_contests)
        lines.extend([f"Migration: {migration[0]}", *migration[1:]])
    fresh = [entry for entry in after.pollinations if entry not in before.pollinations]
    if fresh:
        each = ", ".join(f"{after.name(entry.seat)} {plural(entry.points, 'point')}" for entry in fresh)
        lines.append(f"Pollination: {each}.")
    if after.phase == "over" and before.phase != "over":
        lines.extend(end_lines(after))
    else:
        if after.round != before.round:
            lines.append(f"Round {after.round} began.")
        lines.extend(round_lines(rules, before, after))
    if not own_move:
        lines.extend(placement_lines(rules, before, after, seat))
    if new_contests or fresh:
        gains = gains_line(before, after)
        if gains:
            lines.append(f"Gains: {gains}")
    mine_before, mine_after = before.players[seat].nectar, after.players[seat].nectar
    drawn = [card for card in mine_after[len(mine_before):] if card in _NECTAR] if after.phase != "over" else []
    if drawn:
        # Only the seat's own view shows these cards: the public view hides them.
        lines.append(f"Your new nectar card{'s' if len(drawn) > 1 else ''}: {and_list([nectar_card_name(c) for c in drawn])}.")
    # The panel gets the contract's few lines; the log holds the rest.
    room = CHANGE_LINES
    if len(lines) > room:
        lines = [*lines[: room - 1], f"… and {plural(len(lines) - room + 1, 'line')} more in the log."]
    return ChangeReport(marks=marks, lines=tuple(lines))
