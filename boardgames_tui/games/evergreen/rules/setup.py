"""Evergreen's rules, setup and the draft: the planet and hands dealt, who acts,
the draft and its leftover card, and what a seat may see.

One part of `EvergreenRules` (rules/__init__.py), which mixes the parts together."""

from __future__ import annotations

from pydantic import BaseModel

from boardgames_tui.engine.contract import (
    HIDDEN,
    Seat,
    copy_with_all_given,
    count_every_field_given,
    set_fields,
)
from boardgames_tui.engine.text import and_list, name_verb, plural
from boardgames_tui.games.evergreen.content import WILD
from boardgames_tui.games.evergreen.model import EvergreenOptions, EvergreenState, PlayerState, ZoneCard
from boardgames_tui.games.evergreen.rules.common import (
    BASE_POWERS,
    BIOME_KEYS,
    BIOME_NAMES,
    BOX,
    CARDS,
    EMPTY_BOARD,
    POWERS,
    SEASONS,
    SEASON_ROUNDS,
    SETUP_ICONS,
    STARTING_POINTS,
    MODULE_GLYPHS,
    public_players,
    card_label,
    turn_order,
)


class Setup:
    # -- setup ------------------------------------------------------------------------------
    def setup(self, options: BaseModel, seats: list[Seat], seed: int) -> EvergreenState:
        self.check_players(len(seats))
        if not isinstance(options, EvergreenOptions):
            options = EvergreenOptions.model_validate(options.model_dump())
        count = len(seats)
        state = EvergreenState(
            game=self.slug,
            seats=list(seats),
            seed=seed,
            modules=options.modules,
            powers=list(BASE_POWERS),
            pool={},
            deck=[],
            zone={biome: [] for biome in BIOME_KEYS},
            players=[],
        )
        state.say(f"{and_list([seat.name for seat in seats])} sit down to Evergreen.")
        modules = {"none": [], "cherry": ["cherry"], "bamboo": ["bamboo"], "both": ["cherry", "bamboo"]}[options.modules]
        choice = {"cherry": options.cherry_replaces, "bamboo": options.bamboo_replaces}
        for module in modules:
            if choice[module] != "random":
                state.replaced[module] = choice[module]
        for module in modules:
            if choice[module] == "random":
                pool = [power for power in BASE_POWERS if power not in state.replaced.values()]
                state.replaced[module] = state.rng().choice(pool)
        for module in modules:
            old = state.replaced[module]
            state.powers[state.powers.index(old)] = module
            state.say(f"Module: {POWERS[module].name} replaces {POWERS[old].name}; its cards leave the deck.")
        in_play = {glyph for glyph in BOX}
        for module in ("cherry", "bamboo"):
            if module not in modules:
                in_play -= set(MODULE_GLYPHS[module])
        state.pool = {glyph: BOX[glyph] for glyph in BOX if glyph in in_play}
        state.deck = [card.id for card in CARDS if card.power in state.powers]
        state.rng().shuffle(state.deck)
        self._seed_fertility_zone(state)
        first = state.rng().randrange(count)
        state.first_player = first
        state.players = [
            PlayerState(
                board=EMPTY_BOARD,
                levels=[0] * len(state.powers),
                start_points=STARTING_POINTS[(seat - first) % count],
            )
            for seat in range(count)
        ]
        order = turn_order(state)
        state.say(
            f"{name_verb(state.name(first), 'go')} first. Starting points: "
            + ", ".join(f"{state.name(seat)} {state.players[seat].start_points}" for seat in order)
            + "."
        )
        self._deal(state)
        # Every move copies the state (and every view): a set of given fields that names
        # every field is shared by the copies instead of copied (a saved game's names them all).
        count_every_field_given(state)
        return state

    def _seed_fertility_zone(self, state: EvergreenState) -> None:
        icons = 0
        aside = []
        while icons < SETUP_ICONS and state.deck:
            card = state.deck.pop(0)
            info = CARDS[card]
            if info.biome != WILD and (info.fertility > 0 or info.negative):
                state.zone[info.biome] = [*state.zone[info.biome], ZoneCard(card=card)]
                icons += info.fertility + info.negative
                state.say(f"Fertility zone: {card_label(card)} goes to {BIOME_NAMES[info.biome]}.")
            else:
                aside.append(card)
        if aside:
            state.deck.extend(aside)
            state.rng().shuffle(state.deck)
            state.say(f"{plural(len(aside), 'revealed card')} without fertility icons shuffled back into the deck.")

    def _deal(self, state: EvergreenState, *, logged: bool = True) -> None:
        """A new round's draft row, from the deck (the discard pile shuffled into a new
        deck when it runs out).  The seats' records hold no card already: a new game's,
        or those the reveal made."""
        values = state.__dict__
        need = len(values["players"]) + 1
        deck = values["deck"]
        row = deck[:need]
        del deck[:need]
        if len(row) < need and values["discard"]:
            deck = values["discard"]
            set_fields(state, deck=deck, discard=[])
            state.rng().shuffle(deck)
            if logged:
                state.say("The deck is empty: the discard pile is shuffled into a new deck.")
            more = need - len(row)
            row += deck[:more]
            del deck[:more]
        set_fields(
            state,
            row=row,
            marker=None,
            marker_taken_by=None,
            picked=0,
            phase="draft",
            info_epoch=values["info_epoch"] + 1,
        )
        if logged:
            season = values["season"]
            state.say(
                f"{SEASONS[season]}, round {values['round']} of {SEASON_ROUNDS[season]}: the draft row shows "
                + "; ".join(map(card_label, row))
                + "."
            )

    # -- who acts -------------------------------------------------------------------------------
    def to_act(self, state: EvergreenState) -> list[int]:
        # The fields read from the state's dictionary: every turn of a game asks this.
        values = state.__dict__
        phase = values["phase"]
        if phase == "actions":
            return [seat for seat, player in enumerate(values["players"]) if not player.committed]
        if phase == "draft":
            return [(values["first_player"] + values["picked"]) % len(values["players"])]
        if phase == "wild":
            return [self._last_picker(state)]
        return []

    @staticmethod
    def _last_picker(state: EvergreenState) -> int:
        return (state.first_player + len(state.players) - 1) % len(state.players)

    def _may_act(self, state: EvergreenState, seat: int) -> bool:
        phase = state.phase
        if phase == "actions":
            return not state.players[seat].committed
        if phase == "draft":
            return seat == (state.first_player + state.picked) % len(state.players)
        if phase == "wild":
            return seat == self._last_picker(state)
        return False

    def is_over(self, state: EvergreenState) -> bool:
        return state.phase == "over"

    def prompt(self, state: EvergreenState, seat: int) -> str:
        """What `seat` is asked to do now, in a few words."""
        if not 0 <= seat < len(state.players) or not self._may_act(state, seat):
            return ""
        if state.phase == "draft":
            return "draft a card from the row"
        if state.phase == "wild":
            return "choose the biome for the leftover wild card"
        plan = state.players[seat].plan
        if plan is not None and plan.lake is not None and len(plan.lake_grown) < 2:
            return "grow plants beside the new lake, or go on"
        return "plan your power uses and action, then finish"

    def _draft(self, state: EvergreenState, seat: int, card: int, *, logged: bool = True) -> None:
        # Fields are read from the state's dictionary and set at once: a draft is a quarter of a game's moves.
        values = state.__dict__
        row = values["row"]
        row.remove(card)
        players = values["players"]
        player = players[seat]
        drafter = players[seat] = player.copied()
        drafter.card = card
        drafter.drafted = [*player.drafted, card]
        picked = values["picked"]
        marker = values["marker"]
        if picked == 0 and row:
            marker = row[0]
            if len(players) > 1 and logged:
                state.say(f"The first-player marker goes on {card_label(marker)}.")
        picked += 1
        set_fields(
            state,
            marker=marker,
            marker_taken_by=seat if card == marker else values["marker_taken_by"],
            picked=picked,
        )
        if picked < len(players):
            return
        leftover = row[0] if row else None
        set_fields(state, row=[])
        if leftover is None:
            self._start_actions(state, logged=logged)
            return
        info = CARDS[leftover]
        if info.biome == WILD and info.fertile:
            set_fields(state, leftover=leftover, phase="wild")
            if logged:
                chooser = self._last_picker(state)
                state.say(f"The leftover {card_label(leftover)} needs a biome: the choice goes to {state.name(chooser)}.")
            return
        self._resolve_leftover(state, leftover, info.biome, logged=logged)
        self._start_actions(state, logged=logged)

    def _resolve_leftover(self, state: EvergreenState, card: int, biome: str, *, logged: bool = True) -> None:
        info = CARDS[card]
        label = card_label(card)
        if info.fertile:
            state.zone[biome] = [*state.zone[biome], ZoneCard(card=card)]
            if logged:
                state.say(f"The leftover {label} joins the {BIOME_NAMES[biome]} fertility stack.")
        elif info.aridity:
            # The last card of the stack dries out, whatever it shows (rules.md).
            stack = list(state.zone[biome])
            flipped = None
            if stack and stack[-1].face_up:
                flipped = stack[-1].card
                stack[-1] = ZoneCard(card=flipped, face_up=False)
            stack.append(ZoneCard(card=card))
            state.zone[biome] = stack
            if logged and flipped is None:
                state.say(f"The leftover {label} joins the {BIOME_NAMES[biome]} stack; nothing there to dry out.")
            elif logged:
                state.say(f"Aridity: the leftover {label} turns {card_label(flipped)} face down in {BIOME_NAMES[biome]}.")
        else:
            state.discard.append(card)
            if logged:
                state.say(f"The leftover {label} has no icon and is discarded.")

    # -- what a seat may see ------------------------------------------------------------------------------
    def view(self, state: EvergreenState, seat: int) -> EvergreenState:
        values = state.__dict__.copy()
        values["players"] = public_players(values["players"], seat)
        values["seed"] = values["rng_draws"] = 0
        # The face-down deck: one list for each length, shared by the views (a view is
        # read, and a move made from one copies the deck before it changes it).
        count = len(values["deck"])
        hidden = _HIDDEN_DECKS.get(count)
        if hidden is None:
            hidden = _HIDDEN_DECKS[count] = [HIDDEN] * count
        values["deck"] = hidden
        # Every line of an Evergreen log is public (EvergreenState.log): the seat sees it
        # all, in the state's own list.  A log is changed in place only by the rules, on
        # the copy a move makes (`apply`, never the state given), so the view's stays
        # as it is.
        return copy_with_all_given(state, values)


# Deck length -> a face-down deck of that length.
_HIDDEN_DECKS: dict[int, list[int]] = {}
