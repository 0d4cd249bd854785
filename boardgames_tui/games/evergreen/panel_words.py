"""The choice panel's words: the draft row's cards, this round's cards and a planning
seat's plan, and what changed, where the small window has no sidebar for it."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import owner, plural
from boardgames_tui.games.evergreen.catalogue import card_entry
from boardgames_tui.games.evergreen.legend import ACTION_OPTIONS
from boardgames_tui.games.evergreen.model import EvergreenState
from boardgames_tui.games.evergreen.rules import (
    BIOME_NAMES,
    CARDS,
    POINTS,
    POWERS,
    EvergreenRules,
    light_preview,
    options_with_room,
    season_preview,
    sun_edge,
)
from boardgames_tui.games.evergreen.summary import choice_effect
from boardgames_tui.games.evergreen.widgets import CHANGED, card_text
from boardgames_tui.ui.game_screen import SINCE_HEADING


def since_lines(lines: list[str]) -> list[Text]:
    """What changed since the viewer's last move, for above the choices."""
    if not lines:
        return []
    return [Text(f"{SINCE_HEADING}:", style="bold"), *(Text(f"· {line}") for line in lines), Text("")]


def drafted_lines(
    view: EvergreenState, marked: set[int], joiner: str, style: str = "", indent: str = "", *, first: int | None = None
) -> list[Text]:
    """Each seat's card of this round, by whom (seat `first`'s before the others);
    those drafted since the viewer's last move marked first, where a narrow panel
    cannot wrap the mark away from its card."""
    lines = []
    seats = sorted(range(len(view.players)), key=lambda seat: seat != first)
    for seat in seats:
        player = view.players[seat]
        if player.card is None:
            continue
        line = Text(f"{CHANGED} " if player.card in marked else indent, style="bold")
        line.append(f"{view.name(seat)}{joiner}", style=style)
        line.append_text(card_text(player.card))
        lines.append(line)
    return lines


def card_line(card: int, layout: str, *, marker: bool = False) -> Text:
    """A card of the row; with room to spare, its power's text under it.  The card
    with the first-player marker says so: whoever takes it leads the next round."""
    line = card_text(card)
    if marker:
        line.append(" ◀ first-player marker: leads next round", style="bold yellow")
    if layout == "large":
        line.append(f"\n    {POWERS[CARDS[card].power].text}", style="dim")
    return line


def plan_words(layout: str) -> str:
    return " · plan" if layout == "compact" else " · your secret plan"


def planet_shown(view: EvergreenState, seat: int, viewer: int | None, yours: bool, layout: str) -> tuple[Any, Any, str]:
    """The board shown of `seat`'s planet, its light preview and its title: the viewer's
    own with its plan so far, another's as last revealed (public).  `yours` when the
    screen is that seat's alone ("Your planet"; the table reads the name)."""
    whose = f"{owner(view.name(seat), own=yours)} planet"
    player = view.players[seat]
    if seat == viewer:
        board = player.plan.board if player.plan else player.board
        return board, season_preview(view, seat), whose + (plan_words(layout) if player.plan else "")
    board = player.board
    preview = light_preview(board, sun_edge(view))
    if viewer is None:
        return board, preview, f"{whose} (public)"
    return board, preview, f"{whose} " + ("(v: next)" if layout == "compact" else "(public · v: next)")


def round_summary(rules: EvergreenRules, view: EvergreenState, viewer: int | None, marked: set[int]) -> list[Text]:
    """This round's cards; for a seat planning, its own card first and what is left of
    its turn right under it, above the others' cards: the panel's first rows are in
    sight whatever the status line's height (a long hint), the others' may scroll."""
    cards = drafted_lines(view, marked, ": ", first=viewer)
    lines = cards[:1]
    if viewer is not None and view.phase == "actions":
        player = view.players[viewer]
        plan = player.plan
        if plan is not None and player.card is not None:
            power = CARDS[player.card].power
            level = player.levels[view.powers.index(power)]
            left = (0 if plan.uses else 1) if power == POINTS else level - plan.uses
            # Only the options that would still take a step: three sprouts fit option 1,
            # and yet it has no room for a fourth.
            options = options_with_room(plan, player.card)
            lines.append(Text(f"Power {POWERS[power].short}: level {level}, {plural(left, 'use')} left", style="bold"))
            if options:
                lines.append(Text("Action options still open:", style="bold"))
                lines.extend(Text(f" {option} {ACTION_OPTIONS[option]}") for option in options)
            else:
                lines.append(Text("Your action is complete: no step is left in it.", style="bold"))
            # The plan is in no log until the reveal: its steps so far are listed here.
            steps = rules.plan_summary(view, player, plan) if plan.steps else "nothing yet"
            lines.append(Text(f"Your plan so far: {steps}", style="italic"))
    return lines + cards[1:]


def choice_entry(view: EvergreenState, acting: int | None, choice: Any) -> CatalogueEntry:
    """A draft card or the wild leftover's biome in full, with what taking it does for
    `acting`, the seat that may take it (None: nobody now)."""
    effect = choice_effect(view, acting, choice) if acting is not None else None
    if view.phase == "draft":
        entry = card_entry(choice.card)
        return CatalogueEntry(entry.title, (effect, *entry.lines) if effect else entry.lines)
    return CatalogueEntry(BIOME_NAMES[choice.biome], (effect or "The wild leftover joins this biome's fertility stack.",))


def draft_tooltip(view: EvergreenState, choice: Any) -> str | None:
    """The highlighted draft card in full, for the mouse."""
    if view.phase != "draft":
        return None
    entry = card_entry(choice.card)
    return "\n".join((entry.title, *entry.lines))
