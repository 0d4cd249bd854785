"""Pollen's rules, scoring: the standing of the insects, the outcome, the stage a
position is in, the score sheet, and everything the table could not see, revealed at
the end.

One part of `PollenRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from boardgames_tui.engine.contract import GAME_OVER, Outcome, ScoreRow, ScoreSheet, Stage, construct
from boardgames_tui.engine.reference import RevealedSection
from boardgames_tui.engine.text import and_list, capital, name_verb, plural, possessive, verb_for
from boardgames_tui.games.pollen.content import cards
from boardgames_tui.games.pollen.model import PollenState
from boardgames_tui.games.pollen.rules.common import (
    Standing,
    INSECT_COUNT,
    NAME,
    PLURAL,
    rank_words,
    card_label,
    standing,
    token_label,
)


class Scoring:
    # -- scores ------------------------------------------------------------------------------
    def standing(self, state: PollenState) -> Standing:
        return standing(state.meeples, [seat.name for seat in state.seats])

    def outcome(self, state: PollenState) -> Outcome:
        """Totals are all meeples won; the winners are found by the scoring steps
        (elimination, discard, count, tie breaker), not by the totals alone."""
        result = standing(state.meeples)
        return Outcome(totals=tuple(result.totals), winners=tuple(result.winners))

    def stage(self, state: PollenState) -> Stage:
        return GAME_OVER if state.phase == "over" else Stage("turn", state.turn)

    def score_sheet(self, state: PollenState) -> ScoreSheet:
        names = [seat.name for seat in state.seats]
        result = self.standing(state)
        players = len(names)
        rows: list[ScoreRow] = []
        # Where each meeple came from: the scored tokens that gave it, some from an empty pile.
        won_on: list[list[list[str]]] = [[[] for _ in range(INSECT_COUNT)] for _ in range(players)]
        from_empty = [[0] * INSECT_COUNT for _ in range(players)]
        for pollination in state.pollinations:
            for insect_result in pollination.results:
                if insect_result.winner is not None:
                    won_on[insect_result.winner][insect_result.insect].append(str(pollination.turn))
                    from_empty[insect_result.winner][insect_result.insect] += insect_result.from_empty_pile
        for insect in range(INSECT_COUNT):
            column = [row[insect] for row in result.meeples]
            details = []
            for seat in range(players):
                rank = rank_words(column, seat)
                sources = won_on[seat][insect]
                if sources:
                    turns = "turn" if len(sources) == 1 else "turns"
                    rank += f"; won on {plural(len(sources), 'token')} ({turns} {', '.join(sources)})"
                if from_empty[seat][insect]:
                    rank += f", {from_empty[seat][insect]} from the empty pile"
                details.append(rank)
            rows.append(_score_row(f"{PLURAL[insect]} meeples", column, details))
        rows.append(_score_row("Total meeples", list(result.totals)))
        notes: list[str] = []

        led_details = []
        for seat in range(players):
            led = result.led[seat]
            if result.step == "outright" and seat in result.winners:
                led_details.append(f"leads {and_list([PLURAL[i] for i in led])}: wins outright")
            elif led:
                led_details.append(f"leads {PLURAL[led[0]]}")
            elif result.step in ("no leaders", "shared") and all(leader is None for leader in result.leaders):
                led_details.append("no insect has a leader")
            else:
                led_details.append("leads nothing: eliminated")
        rows.append(
            _score_row(
                "1. Elimination: insects led",
                [len(led) for led in result.led],
                led_details,
            )
        )
        for seat in range(players):
            if result.eliminated[seat]:
                notes.append(f"{name_verb(names[seat], 'lead')} no insect and {verb_for(names[seat], 'be')} eliminated.")
        counted = any(count is not None for count in result.counts)
        if counted:
            rows.append(
                _score_row(
                    "2. Discard: led insect set aside",
                    [
                        0 if result.counts[seat] is None else result.meeples[seat][result.led[seat][0]]
                        for seat in range(players)
                    ],
                    [
                        "eliminated" if result.counts[seat] is None else f"{PLURAL[result.led[seat][0]]} set aside"
                        for seat in range(players)
                    ],
                )
            )
            count_details = []
            for seat in range(players):
                if result.counts[seat] is None:
                    count_details.append("eliminated")
                    continue
                kept = [
                    f"{PLURAL[insect]} {result.meeples[seat][insect]}"
                    for insect in range(INSECT_COUNT)
                    if insect != result.led[seat][0]
                ]
                count_details.append(" + ".join(kept))
            rows.append(
                _score_row(
                    "3. Count: meeples left",
                    [count or 0 for count in result.counts],
                    count_details,
                )
            )
        if result.tied:
            rows.append(
                _score_row(
                    "4. Tie breaker: total meeples",
                    [result.totals[seat] if seat in result.tied else 0 for seat in range(players)],
                    ["tied on the count" if seat in result.tied else "not tied" for seat in range(players)],
                )
            )
        if state.end_reasons:
            notes.append("The game ended: " + " ".join(state.end_reasons))
        for insect in range(INSECT_COUNT):
            if state.fill_ins[insect]:
                won = plural(state.fill_ins[insect], f"{NAME[insect]} meeple")
                notes.append(f"{won} {'was' if state.fill_ins[insect] == 1 else 'were'} won after the pile ran out; they count.")
        scored = len(state.pollinations)
        ties = sum(
            1 for pollination in state.pollinations for insect_result in pollination.results
            if insect_result.winner is None and max(insect_result.counts) > 0
        )
        notes.append(f"Tokens scored: {scored}; insects tied on them, so that nobody won the meeple: {ties}.")
        # The end reveals everything the table could not see: unplanted cards, the bag.
        for section in hidden_information(state):
            owned = section.title in names
            title = f"{capital(possessive(section.title))} cards never planted" if owned else section.title
            notes.append(f"{title}: {'; '.join(section.lines)}.")
        notes.append("Totals are all meeples won; the winner is decided by the numbered scoring steps below.")
        # Built without validation, like its rows: every value is the rules' own.
        sheet = {
            "players": names,
            "rows": rows,
            "totals": list(result.totals),
            "winners": list(result.winners),
            "decided_by": result.decided_by,
            "notes": notes,
        }
        return construct(ScoreSheet, sheet)


def _score_row(category: str, values: list[int], details: list[str] | None = None) -> ScoreRow:
    """ScoreRow(category=…, values=…[, details=…]) without validation (the values are
    the rules' own ints), as the validating constructor would leave it."""
    row = construct(ScoreRow, {"category": category, "values": values, "details": details})
    if details is None:
        row.__pydantic_fields_set__.discard("details")
    return row


def _card_names(cards: list[int]) -> str:
    return ", ".join(card_label(card) for card in cards)


def hidden_information(state: PollenState) -> list[RevealedSection]:
    """Everything a Pollen table cannot see, for the end's reveal and a replay's
    "everything revealed" view: every hand, the order of each seat's draw pile (its
    owner sees only which cards are left) and the order of the token bag."""
    sections = []
    for seat, player in enumerate(state.players):
        lines = []
        if player.hand:
            lines.append(f"Hand: {_card_names(player.hand)}")
        if player.deck:
            # Drawn from the front (rules.py: player.deck.pop(0)).
            lines.append(f"Draw pile ({len(player.deck)}), next drawn first: {_card_names(player.deck)}")
        if lines:
            sections.append(RevealedSection(state.name(seat), tuple(lines)))
    if state.bag:
        # Drawn from the end (rules.py: state.bag.pop()).
        order = ", ".join(token_label(token) for token in reversed(state.bag))
        sections.append(RevealedSection("Token bag", (f"{len(state.bag)} tokens, next drawn first: {order}",)))
    return sections
