"""Pollen's standings as they are now, from what everybody can see (pure, no Textual).

Meeples are public, so every seat (and the table) sees the same standings: who leads
each insect, who is tied, who would be out if the game ended now, and how near the
end is.  A seat's hand cannot change who leads (meeples are only won when a token is
scored), so nothing private goes into them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from boardgames_tui.engine.text import and_list, name_verb, plural, verb_for
from boardgames_tui.games.pollen.content import insects
from boardgames_tui.games.pollen.model import PollenState

_INSECTS = insects()
_INSECT_COUNT = len(_INSECTS)


@dataclass(frozen=True)
class InsectLead:
    """Who has the most meeples of one insect."""

    insect: int
    # The seat with strictly the most, or None (a tie at the top, or nobody has any).
    leader: int | None
    # The highest count, and the seats that have it (one seat when there is a leader).
    best: int
    top: tuple[int, ...]
    # The next count below the best (0 when nobody else has any).
    runner_up: int


@dataclass(frozen=True)
class LiveStandings:
    insects: tuple[InsectLead, ...]
    # Per seat: the insects it leads now.
    led: tuple[tuple[int, ...], ...]
    # Seats leading no insect while some insect has a leader: out if the game ended now.
    at_risk: tuple[int, ...]
    # A seat leading two or more insects: it would win outright if the game ended now.
    outright: int | None
    # How near the end is, when it could come within about a round; else None.
    end_near: str | None


def insect_leads(meeples: Sequence[Sequence[int]]) -> tuple[InsectLead, ...]:
    """Each insect's leader (strictly the most meeples), top count and runner-up."""
    leads = []
    for insect in range(_INSECT_COUNT):
        column = [row[insect] for row in meeples]
        best = max(column)
        top = tuple(seat for seat, count in enumerate(column) if count == best) if best > 0 else ()
        below = [count for count in column if count < best]
        leads.append(
            InsectLead(
                insect=insect,
                leader=top[0] if len(top) == 1 else None,
                best=best,
                top=top,
                runner_up=max(below) if below else best,
            )
        )
    return tuple(leads)


def live_standings(view: PollenState) -> LiveStandings:
    """The standings in `view` (any seat's view or the public one: all of it is public)."""
    leads = insect_leads(view.meeples)
    players = len(view.meeples)
    led = tuple(tuple(lead.insect for lead in leads if lead.leader == seat) for seat in range(players))
    anybody_leads = any(lead.leader is not None for lead in leads)
    at_risk = tuple(seat for seat in range(players) if anybody_leads and not led[seat])
    outright = next((seat for seat in range(players) if len(led[seat]) >= 2), None)
    return LiveStandings(leads, led, at_risk, outright, end_near(view))


def if_it_ended_now(standings: LiveStandings, names: Sequence[str]) -> list[str]:
    """What the printed end would do with the meeples as they are: "Ann wins outright
    (two leads)", "Ben and Cy are out (no lead)"."""
    words = []
    if standings.outright is not None:
        words.append(f"{name_verb(names[standings.outright], 'win')} outright (two leads)")
    if standings.at_risk:
        at_risk = [names[seat] for seat in standings.at_risk]
        are = verb_for(at_risk[0], "be") if len(at_risk) == 1 else "are"
        words.append(f"{and_list(at_risk)} {are} out (no lead)")
    return words


def end_near(view: PollenState) -> str | None:
    """What could end the game within about a round, in a few words, or None.

    The game ends after the turn in which a meeple pile runs out, the last token is
    placed, or the last card is planted (see rules.end_reasons).
    """
    if view.phase == "over":
        return None
    players = len(view.players)
    reasons = []
    for insect, left in enumerate(view.supply):
        # A turn can score up to four tokens; a pile of a few meeples can go in a round.
        if left <= players:
            reasons.append(f"{plural(left, _INSECTS[insect].name + ' meeple')} left")
    tokens_left = len(view.bag) + (view.next_up is not None)
    if tokens_left <= players:
        reasons.append(f"{plural(tokens_left, 'token')} left")
    cards_left = sum(len(player.hand) + len(player.deck) for player in view.players)
    if cards_left <= players:
        reasons.append(f"{plural(cards_left, 'card')} left to plant")
    if not reasons:
        return None
    return "The end is near: " + ", ".join(reasons) + "."
