"""What happened in Bloom Kingdom, told from views: reveals, effects, round scorings.

Pure functions over two views of one audience (never the full state): the table's
announcements (`table_moments`, over public views) and a seat's "since your last
turn" summary (`changes_since`, over that seat's own views).  They read the state's
structure for who played and kept what, and the public log for what the effects
did, since the rules narrate every effect there as it happens.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from boardgames_tui.engine.contract import ChangeReport, TableMoment
from boardgames_tui.engine.text import plural
from boardgames_tui.games.bloom_kingdom.content import cards, characters, column_order
from boardgames_tui.games.bloom_kingdom.model import (
    ROUNDS,
    BloomKingdomState,
    FortuneChoice,
    JesterChoice,
    KnightChoice,
    WizardChoice,
)
from boardgames_tui.games.bloom_kingdom.log_words import (
    Decision,
    card_label,
    character_of,
    decision_line,
    face_down_line,
    kept_cards_explained,
    reveal_prefix,
    totals,
    unicorn_return_line,
)
from boardgames_tui.games.bloom_kingdom.scoring import KEPT_CARDS, best_keep, column_counts
from boardgames_tui.engine.text import and_list

_CARDS = cards()
_NAMES = {key: info.name for key, info in characters().items()}
_COLUMNS = column_order()
# How many effect lines a seat's summary quotes before pointing at the log.
SUMMARY_EFFECTS = 4


def _after_the_reveal_lines(state: BloomKingdomState) -> set[str]:
    """Every line a decision taken after a reveal can write (a Unicorn's return too):
    where the lines the reveal's own announcement could not tell begin."""
    seats = range(len(state.seats))
    decisions: list[Decision] = [KnightChoice(remove=True), KnightChoice(remove=False), WizardChoice(column=None)]
    decisions += [WizardChoice(column=column) for column in _COLUMNS]
    decisions += [JesterChoice(column=column) for column in _COLUMNS]
    decisions += [FortuneChoice(target=target) for target in seats]
    lines = {decision_line(state, seat, decision) for seat in seats for decision in decisions}
    return lines | {unicorn_return_line(state.name(seat)) for seat in seats}


def _new_lines(before: BloomKingdomState, after: BloomKingdomState) -> list[str]:
    """The log lines written between two views of one audience (none after an undo)."""
    if after.log[: len(before.log)] != before.log:
        return []
    return [entry.text for entry in after.log[len(before.log) :]]


def _lines_since_reveal(state: BloomKingdomState, turn: int) -> list[str]:
    """The log lines from turn `turn`'s reveal on (the latest one of that number)."""
    prefix = reveal_prefix(turn)
    for index in range(len(state.log) - 1, -1, -1):
        if state.log[index].text.startswith(prefix):
            return [entry.text for entry in state.log[index + 1 :]]
    return []


def _effect_lines(state: BloomKingdomState, lines: list[str]) -> list[str]:
    """What the cards did: `lines` without the face-down plays, the reveals and the
    round's scoring and deal (those are told from the state itself)."""
    routine = {face_down_line(seat.name) for seat in state.seats}
    effects = []
    for line in lines:
        if line.startswith("Round ") or line.startswith("The third round") or line.startswith("The deck"):
            # A round's scoring, the next deal or the game's end: told from `rounds`.
            continue
        if line in routine or (line.startswith("Turn ") and " reveal:" in line):
            continue
        effects.append(line)
    return effects


# -- reveals ---------------------------------------------------------------------------------------
def _revealed_between(before: BloomKingdomState, after: BloomKingdomState) -> bool:
    """Whether cards were revealed after `before`."""
    return after.revealed_at is not None and after.revealed_at != before.revealed_at


def played_line(state: BloomKingdomState) -> str:
    """Who revealed what: "Ann Dragon · Ben Knight 12"."""
    return " · ".join(
        f"{state.name(seat)} {card_label(card)}" for seat, card in enumerate(state.revealed) if card is not None
    )


def same_character_lines(state: BloomKingdomState) -> list[str]:
    """Players who revealed the same character at once ("Ann and Cy both played a Queen")."""
    by_character: dict[str, list[str]] = {}
    for seat, card in enumerate(state.revealed):
        if card is not None:
            by_character.setdefault(character_of(card), []).append(state.name(seat))
    lines = []
    for character, names in by_character.items():
        if len(names) > 1:
            both = "both" if len(names) == 2 else "all"
            lines.append(f"{and_list(names)} {both} played a {_NAMES[character]}.")
    return lines


def _pending_line(state: BloomKingdomState) -> str | None:
    """Who still decides before the turn is over."""
    if state.phase == "unicorn":
        names = and_list([state.name(seat) for seat in state.unicorn_pending])
        return f"Waiting for {names} to return a card to the box (Unicorn)."
    if state.phase in ("knight", "wizard", "jester", "fortune") and state.queue:
        card = state.queue[0]
        owner = state.name(state.revealed.index(card))
        return f"Waiting for {owner} to decide what {card_label(card)} does."
    return None


def lead_line(names: list[str], scores: list[int], *, over: bool = False) -> str:
    """"In the lead: Ann, by 2 points (20 to 18)." or "Shared lead: Ann and Ben, 20 points
    each."; once the game is `over`, who won: "Winner: Ann, by 2 points (20 to 18)." or
    "Shared victory: Ann and Ben, 20 points each." (the rules share a tie for the most
    points).  No verb follows a name, so any name reads right (even one spelt "You")."""
    lead, shared = ("Winner", "Shared victory") if over else ("In the lead", "Shared lead")
    best = max(scores)
    leaders = [names[seat] for seat, score in enumerate(scores) if score == best]
    if len(leaders) > 1:
        return f"{shared}: {and_list(leaders)}, {plural(best, 'point')} each."
    runner_up = max((score for score in scores if score != best), default=best)
    return f"{lead}: {leaders[0]}, by {plural(best - runner_up, 'point')} ({best} to {runner_up})."


def round_moment(state: BloomKingdomState, number: int) -> TableMoment:
    """Round `number`'s scoring: every kept card with its points and why, the round's
    best (a tie named) and the totals after it."""
    names = [seat.name for seat in state.seats]
    results = state.rounds[number - 1]
    lines = []
    for seat, result in enumerate(results):
        cards_ = " + ".join(kept_cards_explained(names, results, seat))
        lines.append(f"{names[seat]} kept {cards_}: {plural(result.total, 'point')}.")
    round_scores = [result.total for result in results]
    best = max(round_scores)
    best_names = [names[seat] for seat, score in enumerate(round_scores) if score == best]
    if len(best_names) > 1:
        lines.append(f"A tie for the round's best: {and_list(best_names)}, {plural(best, 'point')} each.")
    else:
        lines.append(f"Best this round: {best_names[0]} with {plural(best, 'point')}.")
    scores = totals(state.rounds[:number], len(names))
    lines.append("Totals: " + " · ".join(f"{name} {score}" for name, score in zip(names, scores)) + ".")
    lines.append(lead_line(names, scores, over=state.phase == "over" and number == len(state.rounds)))
    if number < ROUNDS and state.phase != "over":
        heading = f"Round {number} scored — the display stays for round {number + 1}"
    else:
        heading = f"Round {number} scored — the last round"
    return TableMoment(heading, tuple(lines))


def reveal_moment(before: BloomKingdomState, after: BloomKingdomState, effects: list[str]) -> TableMoment:
    round_number, turn = after.revealed_at or (after.round, after.turn)
    lines = [f"Played: {played_line(after)}.", *same_character_lines(after), *effects]
    pending = _pending_line(after)
    if pending:
        lines.append(pending)
    return TableMoment(f"Round {round_number}, turn {turn}: the cards are revealed", tuple(lines))


def _last_turn_decided(state: BloomKingdomState, turn: int) -> list[str]:
    """What was decided in turn `turn` after its reveal (a Knight, a Wizard, a Jester,
    a Fortune Teller, and what followed them): the effect lines from its first
    decision on, without the Unicorns' returns (which card went back is secret).
    Empty when nothing was decided or that turn's round is already scored."""
    prefix = reveal_prefix(turn)
    start = next((index for index in range(len(state.log) - 1, -1, -1) if state.log[index].text.startswith(prefix)), None)
    if start is None:
        return []
    lines = [entry.text for entry in state.log[start + 1 :]]
    after_reveal = _after_the_reveal_lines(state)
    first = next((index for index, line in enumerate(lines) if line in after_reveal), None)
    if first is None:
        return []
    ended = []
    for line in lines[first:]:
        if line.startswith("Round ") or line.startswith(reveal_prefix(turn + 1)):
            # The round's scoring, or the next turn's reveal: the turn is over.
            break
        ended.append(line)
    returns = {unicorn_return_line(seat.name) for seat in state.seats}
    return [line for line in _effect_lines(state, ended) if line not in returns]


def _decided_block(turn: int, decided: list[str]) -> list[str]:
    """Turn `turn`'s decisions, told at the head of the next announcement."""
    if not decided:
        return []
    return [f"Turn {turn}, decided after its reveal:", *(f"  {line}" for line in decided), ""]


def _together(first: TableMoment, then: TableMoment, heading: str) -> TableMoment:
    """Two moments of one move told in one announcement: one Enter for the table."""
    return TableMoment(heading, (*first.lines, "", f"{then.heading}:", *then.lines))


def table_moments(before: BloomKingdomState, after: BloomKingdomState) -> list[TableMoment]:
    """The public events from `before` to `after`, two public views, told in one
    announcement per turn: its reveal (who played what and what it did at once), led
    by what the turn before decided after its own reveal; a round's scoring shares the
    announcement of the move that ends the round.  Decisions are not announced when
    they are taken (each seat's "since your last turn" tells them): a turn with a
    Knight and a Jester would otherwise cost the table three announcements."""
    effects = _effect_lines(after, _new_lines(before, after))
    scored = [round_moment(after, number) for number in range(len(before.rounds) + 1, len(after.rounds) + 1)]
    moment: TableMoment | None = None
    if _revealed_between(before, after):
        round_number, turn = after.revealed_at or (after.round, after.turn)
        reveal = reveal_moment(before, after, effects)
        earlier = _decided_block(turn - 1, _last_turn_decided(after, turn - 1)) if turn > 1 else []
        moment = TableMoment(reveal.heading, (*earlier, *reveal.lines), shown_on_board=True)
    elif scored and before.revealed_at is not None:
        # The last decision of a round's last turn: what it decided, then the scoring.
        turn = before.revealed_at[1]
        decided = _decided_block(turn, _last_turn_decided(after, turn))
        if decided:
            first = scored.pop(0)
            moment = TableMoment(first.heading, (*decided, *first.lines))
    if moment is not None and scored:
        first = scored.pop(0)
        moment = _together(moment, first, f"{moment.heading}, and round {len(before.rounds) + 1} is scored")
    return [*([moment] if moment else []), *scored]


# -- since a seat's last move -------------------------------------------------------------------
def changes_since(before: BloomKingdomState, after: BloomKingdomState, seat: int) -> ChangeReport:
    """What `seat` sees changed between two of its own views: marks for the columns that
    changed, the cards just revealed and the players who scored; a few lines."""
    marks: set[Hashable] = set()
    for column in _COLUMNS:
        if before.display.get(column) != after.display.get(column):
            marks.add(("column", column))
    revealed = _revealed_between(before, after)
    if revealed:
        marks.update(("revealed", other) for other, card in enumerate(after.revealed) if card is not None)
    before_totals = totals(before.rounds, len(before.seats))
    after_totals = totals(after.rounds, len(after.seats))
    for other, (old, new) in enumerate(zip(before_totals, after_totals)):
        if len(after.rounds) > len(before.rounds) or old != new:
            marks.add(("player", other))
    lines: list[str] = []
    if revealed:
        round_number, turn = after.revealed_at or (after.round, after.turn)
        when = f"Turn {turn}" if round_number == after.round else f"Round {round_number}, turn {turn}"
        lines.append(f"{when}: {played_line(after)}.")
    # A Unicorn's return follows its draw: the draw says it all.
    returns = {unicorn_return_line(info.name) for info in after.seats}
    effects = [line for line in _effect_lines(after, _new_lines(before, after)) if line not in returns]
    if len(effects) > SUMMARY_EFFECTS:
        hidden = len(effects) - SUMMARY_EFFECTS + 1
        effects = [*effects[: SUMMARY_EFFECTS - 1], f"…and {plural(hidden, 'more line')} in the log."]
    lines.extend(effects)
    names = [info.name for info in after.seats]
    for number in range(len(before.rounds) + 1, len(after.rounds) + 1):
        scored = " · ".join(f"{name} {result.total}" for name, result in zip(names, after.rounds[number - 1]))
        lines.append(f"Round {number} scored: {scored}.")
    if len(after.rounds) > len(before.rounds):
        lines.append(lead_line(names, after_totals, over=after.phase == "over"))
    return ChangeReport(marks=frozenset(marks), lines=tuple(lines))


# -- live standings ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Standing:
    """One seat as every player can track it: points, place, and this round's plays."""

    seat: int
    name: str
    total: int
    # "1st", "=1st" (shared), "2nd"…
    place: str
    rounds: tuple[int, ...]
    # Labels of the cards played this round, in order (public once revealed).
    played: tuple[str, ...]
    cards_in_hand: int


def turns_this_round(view: BloomKingdomState) -> int:
    """How many turns the round being played has: the cards dealt, less the two kept.
    Public: hand sizes and played cards (a Unicorn that drew still owes one back)."""
    if len(view.played) != len(view.players) or len(view.played[0]) < view.turn - 1:
        # A round begun in a save from before the played cards were kept: the full
        # deal is the best guess.
        return max(view.turn, view.hand_size - KEPT_CARDS)
    dealt = min(
        len(player.hand) + (player.chosen is not None) + len(view.played[seat])
        for seat, player in enumerate(view.players)
    )
    return max(view.turn, dealt - KEPT_CARDS)


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def standings(view: BloomKingdomState) -> list[Standing]:
    """Every seat's standing from what the whole table knows (any view will do: it
    reads only public parts)."""
    scores = totals(view.rounds, len(view.seats))
    result = []
    for seat, score in enumerate(scores):
        place = 1 + sum(1 for other in scores if other > score)
        shared = scores.count(score) > 1
        played = view.played[seat] if seat < len(view.played) else []
        result.append(
            Standing(
                seat=seat,
                name=view.name(seat),
                total=score,
                place=("=" if shared else "") + ordinal(place),
                rounds=tuple(results[seat].total for results in view.rounds),
                played=tuple(card_label(card) for card in played),
                cards_in_hand=len(view.players[seat].hand),
            )
        )
    return result


def outlook(view: BloomKingdomState, seat: int) -> str | None:
    """For `seat` itself: the two cards it would keep if the round ended now."""
    hand = view.players[seat].hand
    if not hand or view.phase == "over":
        return None
    pair, points = best_keep(list(hand), column_counts(view.display))
    return f"Best two to keep now: {and_list([card_label(card) for card in pair])} ({plural(points, 'point')})"
