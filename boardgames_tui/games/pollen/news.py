"""What happened in Pollen, in words: changes since a seat's last move, the table's
scoring moments, and what a hinted move does (pure, no Textual).

Everything here is built from views only (a seat's own, or the public one), so it
never tells its audience more than that view holds.  Lines may speak to a seat as
"you" only when they are built for that seat's own screen (`viewer`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from boardgames_tui.engine.bots import view_after
from boardgames_tui.engine.contract import HIDDEN, NO_CHANGES, ChangeReport, MoveExplanation, TableMoment
from boardgames_tui.engine.text import and_list, capital, name_verb, plural, possessive
from boardgames_tui.games.pollen.content import insects
from boardgames_tui.games.pollen.model import InsectResult, PlaceToken, Plant, Pollination, PollenState
from boardgames_tui.games.pollen.rules import (
    attract_points,
    pollinate_point,
    card_label,
    card_owner,
    cell_corners,
    cell_label,
    garden_map,
    insect_counts,
    point_cells,
    point_label,
    standing,
    token_insects,
    token_label,
)
from boardgames_tui.games.pollen.standings import InsectLead, insect_leads

_INSECTS = insects()
# The most pollinations the "since your last turn" panel spells out one by one (the
# table was shown each of them in full as it happened).
SINCE_POLLINATIONS = 1

# Keys of the board marks (`ChangeReport.marks`): ("card", x, y), ("token", x, y), ("scored", x, y).
CARD_MARK = "card"
TOKEN_MARK = "token"
SCORED_MARK = "scored"


class Voice:
    """Names seats for one audience: "you" for the viewer's own seat, else its name (a
    seat named You is spoken to all the same: "You win")."""

    def __init__(self, names: Sequence[str], viewer: int | None = None) -> None:
        self.names = list(names)
        self.viewer = viewer

    def who(self, seat: int) -> str:
        return "you" if seat == self.viewer else self.names[seat]

    def does(self, seat: int, verb: str) -> str:
        """ "you win" / "Ann wins" (`verb` in its plain form)."""
        if seat == self.viewer:
            return f"you {verb}"
        return name_verb(self.names[seat], verb)

    def group(self, seats: Sequence[int]) -> str:
        return and_list([self.who(seat) for seat in seats])

    def group_does(self, seats: Sequence[int], verb: str) -> str:
        """ "Ann and Ben lead" / "Ann leads" / "you lead"."""
        if len(seats) == 1:
            return self.does(seats[0], verb)
        return f"{self.group(seats)} {verb}"


# -- one scored insect, one scored token ----------------------------------------------------------
def result_words(result: InsectResult, voice: Voice) -> str:
    """ "Ann wins a Bee meeple (4 to 2)", "Junebugs tied at 1 (Ann and Ben): no meeple"."""
    insect = _INSECTS[result.insect]
    counts = result.counts
    if result.winner is not None:
        others = [count for seat, count in enumerate(counts) if seat != result.winner]
        words = (
            f"{voice.does(result.winner, 'win')} a {insect.name} meeple "
            f"({counts[result.winner]} to {max(others) if others else 0})"
        )
        if result.from_empty_pile:
            words += ", from an empty pile (it still counts)"
        return words
    best = max(counts)
    if best == 0:
        return f"no {insect.plural} by it: no meeple"
    tied = [seat for seat, count in enumerate(counts) if count == best]
    return f"{insect.plural} tied at {best} ({voice.group(tied)}): no meeple"


def short_pollination(pollination: Pollination, voice: Voice) -> str:
    """A scored token in a few words: "Ann wins Bee (5 to 3) and Junebug (2 to 0); Butterflies tied at 1"."""
    won: dict[int, list[str]] = {}
    tied = []
    for result in pollination.results:
        insect = _INSECTS[result.insect]
        if result.winner is not None:
            others = max((count for seat, count in enumerate(result.counts) if seat != result.winner), default=0)
            won.setdefault(result.winner, []).append(f"{insect.name} ({result.counts[result.winner]} to {others})")
        elif max(result.counts):
            tied.append(f"{insect.plural} tied at {max(result.counts)}")
    parts = [f"{voice.does(seat, 'win')} {and_list(insects_won)}" for seat, insects_won in won.items()]
    parts.extend(tied)
    return "; ".join(parts) or "nobody has its insects"


def pollination_words(pollination: Pollination, voice: Voice) -> str:
    return "; ".join(result_words(result, voice) for result in pollination.results)


def token_name(pollination: Pollination) -> str:
    return f"the {token_label(pollination.token)} token at {point_label((pollination.x, pollination.y))}"


# -- the leads, before and after ------------------------------------------------------------
def lead_words(lead: InsectLead, voice: Voice) -> str:
    """One insect's standing: "Ann leads Bees (3 to 2)", "Bees: Ann and Ben tied at 2"."""
    insect = _INSECTS[lead.insect]
    if lead.leader is not None:
        return f"{voice.does(lead.leader, 'lead')} {insect.plural} ({lead.best} to {lead.runner_up})"
    if lead.best == 0:
        return f"nobody has a {insect.name} meeple yet"
    return f"{insect.plural}: {voice.group(lead.top)} tied at {lead.best}, so nobody leads them"


def lead_changes(before: PollenState, after: PollenState, voice: Voice) -> list[str]:
    """What changed in the leads: the insects each seat newly leads (one phrase per
    seat), then each insect whose top count became a tie."""
    taken: dict[int, list[str]] = {}
    tied = []
    old, new = insect_leads(before.meeples), insect_leads(after.meeples)
    for was, now in zip(old, new):
        if was.leader == now.leader and was.top == now.top:
            continue
        if now.leader is not None and was.leader != now.leader:
            taken.setdefault(now.leader, []).append(_INSECTS[now.insect].plural)
        elif now.leader is None and now.best > 0 and was.top != now.top:
            tied.append(lead_words(now, voice))
    changes = [f"{voice.does(seat, 'now lead')} {and_list(plurals)}" for seat, plurals in taken.items()]
    return changes + tied


def newly_outright(before: PollenState, after: PollenState) -> int | None:
    """A seat that leads two insects now and did not before: it would win outright."""
    def outright(meeples: Sequence[Sequence[int]]) -> int | None:
        led: dict[int, int] = {}
        for lead in insect_leads(meeples):
            if lead.leader is not None:
                led[lead.leader] = led.get(lead.leader, 0) + 1
        return next((seat for seat, count in led.items() if count >= 2), None)

    now = outright(after.meeples)
    return now if now is not None and now != outright(before.meeples) else None


def newly_leading_nothing(before: PollenState, after: PollenState) -> list[int]:
    """Seats that led an insect before and lead none now."""
    old, new = insect_leads(before.meeples), insect_leads(after.meeples)
    led_before = {lead.leader for lead in old if lead.leader is not None}
    led_now = {lead.leader for lead in new if lead.leader is not None}
    return sorted(led_before - led_now)


def out_warning(seats: Sequence[int], voice: Voice) -> str:
    return (
        f"{capital(voice.group_does(seats, 'lead'))} no insect now: whoever leads no insect when the game ends "
        "is out of the running."
    )


# -- since a seat's last move ------------------------------------------------------------------
def _is_own_view(view: PollenState, seat: int) -> bool:
    """Whether `view` is `seat`'s own (its hand shows), not the public one."""
    return HIDDEN not in view.players[seat].hand and HIDDEN not in view.players[seat].deck


def _took_part(pollination: Pollination, seat: int) -> bool:
    """Whether `seat` had any of the scored token's insects around it."""
    return any(result.counts[seat] for result in pollination.results)


def changes_since(before: PollenState, after: PollenState, seat: int) -> ChangeReport:
    """The cards planted, tokens placed and tokens scored from `before` to `after` (two
    views of one audience), marked and summed up in a few lines for `seat`."""
    if after.garden[: len(before.garden)] != before.garden or len(after.pollinations) < len(before.pollinations):
        return NO_CHANGES  # not the same game line (an undo went back past `before`)
    voice = Voice([info.name for info in after.seats], seat if _is_own_view(after, seat) else None)
    marks: set[Hashable] = set()
    lines: list[str] = []
    planted = after.garden[len(before.garden) :]
    marks.update((CARD_MARK, card.x, card.y) for card in planted)
    if len(planted) == 1:
        card = planted[0]
        lines.append(
            f"{capital(voice.who(card_owner(card.card)))} planted "
            f"{card_label(card.card)} at {cell_label((card.x, card.y))}."
        )
    elif planted:
        # Only other seats moved since this one's last move: each card is named by its owner.
        each = "; ".join(
            f"{possessive(voice.names[card_owner(card.card)])} {card_label(card.card)} at {cell_label((card.x, card.y))}"
            for card in planted
        )
        lines.append(f"Planted: {each}.")
    old_tokens = {(placed.x, placed.y) for placed in before.tokens}
    new_tokens = [placed for placed in after.tokens if (placed.x, placed.y) not in old_tokens]
    marks.update((TOKEN_MARK, placed.x, placed.y) for placed in new_tokens if placed.face_up)
    scored = after.pollinations[len(before.pollinations) :]
    marks.update((SCORED_MARK, pollination.x, pollination.y) for pollination in scored)
    # New tokens are marked on the board (<BeJu>); the lines say who planted and won what,
    # the tokens this seat had cards by first (what it won or lost matters most to it).
    told = sorted(scored, key=lambda pollination: not _took_part(pollination, seat))
    for pollination in told[:SINCE_POLLINATIONS]:
        lines.append(f"Scored {token_label(pollination.token)}: {short_pollination(pollination, voice)}.")
    if len(scored) > SINCE_POLLINATIONS:
        rest = len(scored) - SINCE_POLLINATIONS
        lines.append(f"Also {plural(rest, 'more token')} scored (marked on the board).")
    # The leads themselves are in the standings beside this summary, ★ by each.
    return ChangeReport(marks=frozenset(marks), lines=tuple(lines))


# -- what the whole table is told ------------------------------------------------------------------
def table_moments(before: PollenState, after: PollenState) -> list[TableMoment]:
    """Tokens scored (every insect's counts, ties named), the leads that changed, seats
    left leading nothing, and the end of the game with how it was decided."""
    if len(after.pollinations) < len(before.pollinations):
        return []
    voice = Voice([info.name for info in after.seats])
    moments = []
    scored = after.pollinations[len(before.pollinations) :]
    if scored:
        lines = []
        for pollination in scored:
            lines.append(f"{capital(token_name(pollination))}:")
            names = voice.names
            for result in pollination.results:
                insect = _INSECTS[result.insect]
                shown = ", ".join(f"{names[seat]} {count}" for seat, count in enumerate(result.counts) if count)
                lines.append(f"  {insect.plural} ({shown or 'none'}): {result_words(result, voice)}.")
        changes = lead_changes(before, after, voice)
        if changes:
            lines.append(capital("; ".join(changes)) + ".")
        leader = newly_outright(before, after)
        if leader is not None and after.phase != "over":
            lines.append(
                f"{capital(voice.does(leader, 'now lead'))} two insects: if the game ended now, that would win outright."
            )
        fallen = newly_leading_nothing(before, after)
        if fallen:
            lines.append(out_warning(fallen, voice))
        heading = "A token is scored" if len(scored) == 1 else f"{plural(len(scored), 'token')} are scored"
        moments.append(TableMoment(heading, tuple(lines)))
    if after.phase == "over" and before.phase != "over":
        moments.append(TableMoment("The game is over", end_lines(after)))
    return moments


def end_lines(state: PollenState) -> tuple[str, ...]:
    """Why the game ended, every insect's lead, who is out and how the winner was found."""
    voice = Voice([info.name for info in state.seats])
    result = standing(state.meeples, voice.names)
    lines = list(state.end_reasons)
    lines.extend(capital(lead_words(lead, voice)) + "." for lead in insect_leads(state.meeples))
    out = [seat for seat, eliminated in enumerate(result.eliminated) if eliminated]
    if out and result.step != "outright":
        lines.append(f"{voice.group_does(out, 'lead')} no insect: out of the running.")
    lines.append(f"{result.decided_by}.")
    if len(result.winners) == 1:
        lines.append(f"{voice.does(result.winners[0], 'win')}.")
    else:
        lines.append(f"{voice.group(result.winners)} share the victory.")
    return tuple(lines)


# -- what a hinted move does ---------------------------------------------------------------------
def explain_move(game: Any, view: PollenState, seat: int, action: Any) -> MoveExplanation:
    """`action` in `seat`'s words and what it does, worked out by playing it on a sample
    of the hidden state drawn from `view` (seeded from the position), never on the view:
    the view's bag is sorted, not shuffled, and the other hands are hidden.  Only what
    the seat sees after the move is compared with `view`, and the tokens a new spot
    draws are a guess, so they are counted, never named.
    """
    voice = Voice([info.name for info in view.seats], seat)
    if isinstance(action, Plant):
        cell = (action.x, action.y)
        move = f"Plant your {card_label(action.card)} card at {cell_label(cell)}"
        corners = cell_corners(cell)
    elif isinstance(action, PlaceToken):
        point = (action.x, action.y)
        move = f"Place the {token_label(action.token)} token at {point_label(point)}"
        corners = (point,)
    else:
        return MoveExplanation(game.rules.log_line(view, seat, action))
    after = view_after(game, view, seat, [action])
    reasons = []
    # A spot the move opens takes the next-up token, which shows, and more drawn from
    # the bag, which are the sample's guess: one of those scored at once is not spoken of.
    known = {(placed.x, placed.y) for placed in view.tokens}
    scored = [
        pollination
        for pollination in after.pollinations[len(view.pollinations) :]
        if (pollination.x, pollination.y) in known or pollination.token == view.next_up
    ]
    for pollination in scored:
        reasons.append(f"it scores {token_name(pollination)}: {pollination_words(pollination, voice)}")
    changes = lead_changes(view, after, voice)
    if changes:
        reasons.append("; ".join(changes))
    if not scored:
        near = _standing_by_tokens(view, after, seat, corners)
        if isinstance(action, PlaceToken):
            reasons.extend(f"where it lands: {words}" for _, _, words in near)
        else:
            # The tokens nearest to being scored matter most; two keep the line short.
            reasons.extend(f"by the {token} ({words})" for _, token, words in sorted(near)[:2])
    if isinstance(action, Plant):
        spots = len(after.tokens) - len(view.tokens) + len(after.pending_points)
        if spots:
            reasons.append(f"it draws pollinators to {plural(spots, 'new spot')}")
    if not reasons:
        reasons.append("it scores nothing now and opens no new spot")
    return MoveExplanation(move, "; ".join(reasons))


# -- what a choice does, for the inspector ------------------------------------------------------------
def _spot_words(view: PollenState, seat: int, cards_after: dict[Any, int], point: Any, token: int) -> str:
    """A token at `point` with the cards `cards_after`: scored at once if its four cells are
    planted, else how the seat would stand by it (the majorities it touches)."""
    voice = Voice([info.name for info in view.seats], seat)
    players = len(view.seats)
    name = f"the {token_label(token)} token at {point_label(point)}"
    if all(cell in cards_after for cell in point_cells(point)):
        results = pollinate_point(cards_after, point, token, players)
        return f"{capital(name)} is scored at once: " + "; ".join(result_words(result, voice) for result in results)
    parts = []
    for insect in token_insects(token):
        counts = insect_counts(cards_after, point, insect, players)
        rival = max((count for other, count in enumerate(counts) if other != seat), default=0)
        mine = counts[seat]
        state = "ahead" if mine > rival else "level" if mine == rival else "behind"
        parts.append(f"{_INSECTS[insect].plural} you {mine}, best other {rival} ({state})")
    empty = sum(1 for cell in point_cells(point) if cell not in cards_after)
    return f"By {name}: " + "; ".join(parts) + f"; {plural(empty, 'cell')} still open around it"


def plant_effect(view: PollenState, seat: int, card: int, cell: Any) -> list[str]:
    """What planting `card` at `cell` does, in full (the inspector on a cell): each token on
    its corners, scored at once or how the seat would stand by it, and the new spots it
    makes attract.  Read from the view alone: a drawn token is not named."""
    cards_after = {**garden_map(view), cell: card}
    tokens = {(placed.x, placed.y): placed for placed in view.tokens if placed.face_up}
    lines = [
        f"Planting your {card_label(card)} here:",
        *(
            "· " + _spot_words(view, seat, cards_after, corner, tokens[corner].token) + "."
            for corner in cell_corners(cell)
            if corner in tokens
        ),
    ]
    owners = {spot: card_owner(card_there) for spot, card_there in cards_after.items()}
    spots = attract_points(owners, {(placed.x, placed.y) for placed in view.tokens}, cell_corners(cell))
    if len(spots) == 1:
        lines.append(f"· {capital(point_label(spots[0]))} then takes the next-up token (cards of two players meet there).")
    elif spots:
        lines.append(
            f"· {capital(and_list([point_label(spot) for spot in spots]))} attract tokens (cards of two players meet there): "
            f"you place the next-up token and {len(spots) - 1} more from the bag."
        )
    if len(lines) == 1:
        lines.append("· It touches no token yet and opens no new spot.")
    return lines


def token_effect(view: PollenState, seat: int, token: int, point: Any) -> str:
    """What placing the drawn `token` at `point` does (the inspector while placing)."""
    return _spot_words(view, seat, garden_map(view), point, token) + "."


def _standing_by_tokens(
    before: PollenState, after: PollenState, seat: int, points: Sequence[tuple[int, int]]
) -> list[tuple[int, str, str]]:
    """For each unscored token at `points`: (cells still open around it, its name, how
    the seat would stand by it after the move, saying whom it passes or blocks)."""
    found = []
    players = len(after.seats)
    cards_before, cards_after = garden_map(before), garden_map(after)
    # A token the move draws from the bag is not known before it is drawn: only the
    # tokens already there (or the one being placed) are spoken of.
    known = {(placed.x, placed.y) for placed in before.tokens} | set(before.pending_points)
    for placed in after.tokens:
        point = (placed.x, placed.y)
        if point not in points or point not in known or not placed.face_up:
            continue
        leading, tied, behind = [], [], []
        for insect in token_insects(placed.token):
            was = insect_counts(cards_before, point, insect, players)
            now = insect_counts(cards_after, point, insect, players)
            rival = max((count for other, count in enumerate(now) if other != seat), default=0)
            rival_was_ahead = max((count for other, count in enumerate(was) if other != seat), default=0) > was[seat]
            name = _INSECTS[insect].plural
            if now[seat] > rival:
                leading.append(f"{name} {now[seat]} to {rival}" + (", overtaking" if rival_was_ahead else ""))
            elif now[seat] == rival and now[seat] > 0:
                tied.append(f"{name} at {rival}" + (", which blocks that meeple" if rival_was_ahead else ""))
            elif rival > 0:
                behind.append(f"{name} {now[seat]} to {rival}")
        parts = []
        if leading:
            parts.append("you would lead " + and_list(leading))
        if tied:
            parts.append("tied on " + and_list(tied))
        if behind:
            parts.append("you would trail " + and_list(behind))
        if not parts:
            shown = and_list([_INSECTS[insect].plural for insect in token_insects(placed.token)])
            parts.append(f"nobody has {shown} by it yet")
        empty = sum(1 for cell in point_cells(point) if cell not in cards_after)
        parts.append(f"{plural(empty, 'cell')} still open")
        found.append((empty, f"{token_label(placed.token)} token at {point_label(point)}", "; ".join(parts)))
    return found
