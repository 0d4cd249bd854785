"""What Everbloom's screen says about the table: the words of every legal action, and
the inspector's whole texts (a landmark, a card stack, a habitat, the bloom board).

Rich text only, no Textual: the widgets and the screen draw these words, and they can
be read without a screen.  Everything here is said to one audience, `viewer` (None:
the whole table), and only from the view that audience may see.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardgames_tui.engine.reference import CatalogueEntry
from boardgames_tui.engine.text import owner, plural
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.catalogue import (
    bloom_entry,
    bloom_track_entries,
    card_entry,
    faction_entry,
    tile_entry,
)
from boardgames_tui.games.everbloom.letters import landmark_keys
from boardgames_tui.games.everbloom.model import (
    ChipToGrove,
    Choose,
    DiscardNectar,
    EverbloomState,
    FinishPollination,
    MovePollinator,
    PlaceChip,
    Pollinate,
    PullFromGrove,
    SendPollinator,
    Skip,
    TakeGrove,
    hidden_back,
    is_hidden,
)
from boardgames_tui.games.everbloom.rules import BIOMES, EverbloomRules, biome_name, card_cost, card_info, card_name

FACTIONS = C.factions()
BIOME_INFO = {info.key: info for info in C.biomes()}
LANDMARKS = C.landmarks()
BLOOMS = {card.id: card for card in C.blooms()}
NECTAR = {card.id: card for card in C.nectar_cards()}
WILDLIFE = {card.id: card for card in C.wildlife_cards()}
TILES = C.habitat_tiles()


def pollinators(count: int) -> str:
    return plural(count, "pollinator")


def card_style(card: str) -> str:
    """The colour a card's name is written in: its biome's (a hidden card dim)."""
    if is_hidden(card):
        return "dim"
    biomes = card_info(card).biomes
    if biomes == (C.WILD,) or biomes[0] not in BIOME_INFO:
        return "bold white"
    return f"bold {BIOME_INFO[biomes[0]].colour}"


def faction_of(view: EverbloomState, seat: int) -> Any:
    return FACTIONS[view.players[seat].faction]


def card_summary(card: str) -> str:
    """Everything printed on a card, in one line."""
    if is_hidden(card):
        back = hidden_back(card)
        return f"a face-down card ({back} back)" if back else "a face-down card"
    info = card_info(card)
    biomes = "wild" if info.biomes == (C.WILD,) else "/".join(info.biomes)
    kind = "event" if getattr(info, "is_event", False) else ("wildlife" if card.startswith("W") else "hybrid")
    ability = getattr(info, "ability", None)
    said = f"{info.name} ({kind}, {biomes}, cost {info.cost}, nectar {info.nectar})"
    return said + (f": {ability.summary}" if ability is not None else "")


def landmark_rule(view: EverbloomState, space: str) -> str:
    side = C.board_side(view.side)
    wild = next((s.wildlife for s in side.landmark_spaces if s.id == space), None)
    if wild == "west":
        return "Western wildlife: its winner takes a wildlife card or bloom advances"
    if wild == "east":
        return "Eastern wildlife: its winner takes the bonus the west left"
    if view.hive == space:
        return f"Hive (not for the Bees): {C.hive().rule.summary}"
    number, flipped = view.landmarks[space]
    tile = LANDMARKS[number]
    return (tile.unnumbered if flipped else tile.numbered).rule.summary


class TableWords:
    """The words for one audience (`viewer`, None: the table) about views it may see."""

    def __init__(self, rules: EverbloomRules, viewer: int | None) -> None:
        self.rules = rules
        self.viewer = viewer

    def space_words(self, view: EverbloomState, space: str) -> str:
        if space in view.stacks:
            stack = view.stacks[space]
            return f"{space} {card_name(stack[0]) if stack else '(empty)'}"
        if space in view.chips:
            return f"{space} ({self.rules.landmark_label(view, space)})"
        return space

    def label(self, view: EverbloomState, action: Any) -> Text:
        """One line a player understands for `action`, built from its fields."""
        if isinstance(action, PlaceChip):
            chip = '"1" chip' if action.first_chip else f"chip {action.chip}"
            text = Text(f"Place {chip} at ")
            text.append(self.space_words(view, action.landmark), style="bold")
            if action.ignore_rule:
                text.append(" disregarding its rule", style="italic")
            reach = self.rules.reach(view, self.viewer if self.viewer is not None else 0, action.landmark)
            text.append(f" → {', '.join(reach)}", style="dim")
            return text
        if isinstance(action, ChipToGrove):
            return Text(f"Chip {action.chip} fits nowhere: {pollinators(action.chip)} to the {biome_name(action.grove)} grove")
        if isinstance(action, SendPollinator):
            text = Text("Send a pollinator to ")
            text.append(self.space_words(view, action.space), style="bold")
            if action.grove:
                text.append(f" (from the {biome_name(action.grove)} grove)")
            return text
        if isinstance(action, MovePollinator):
            whose = owner(view.name(action.owner), own=action.owner == self.viewer, capital=False)
            return Text(
                f"Move {whose} pollinator from {self.space_words(view, action.source)} to "
                f"{self.space_words(view, action.target)}"
            )
        if isinstance(action, PullFromGrove):
            return Text(f"Bring a pollinator from the {biome_name(action.grove)} grove")
        if isinstance(action, Skip):
            return Text("Do not move a pollinator")
        if isinstance(action, TakeGrove):
            mine = view.groves[action.grove][self.viewer] if self.viewer is not None else 0
            return Text(f"Take the {biome_name(action.grove)} grove ({pollinators(mine)})")
        if isinstance(action, Pollinate):
            return Text(f"Pollinate {card_name(action.card)} (cost {card_cost(action.card)})")
        if isinstance(action, FinishPollination):
            if action.grove is None:
                return Text("Finish pollinating")
            player = view.players[self.viewer] if self.viewer is not None else None
            left = player.pollination.left if player is not None and player.pollination is not None else 0
            return Text(f"Finish; {left} leftover to the {biome_name(action.grove)} grove")
        if isinstance(action, DiscardNectar):
            card = NECTAR.get(action.card)
            if card is None:
                return Text("Discard a nectar card")
            return Text(f"Discard the {biome_name(card.biome)} nectar card worth {card.nectar} (keep the others)")
        if isinstance(action, Choose):
            return self.option_words(view, action.option)
        return Text(str(action))

    def option_words(self, view: EverbloomState, option: str) -> Text:
        choice = view.choice
        if option in view.stacks or option in view.chips:
            return Text(self.space_words(view, option))
        if option in BIOMES:
            return Text(biome_name(option))
        if option == "card":
            # The wildlife deck's order is public: say which card would come (the hint does).
            top = WILDLIFE.get(view.wildlife_deck[0]) if view.wildlife_deck else None
            if top is None:
                return Text("Take a wildlife card")
            return Text(f"Take the wildlife card {top.name} ({top.nectar} nectar in any biome)")
        if option == "bloom":
            return Text(f"Advance {C.numbers().wildlife_bloom_advances} on the bloom track")
        if choice is not None and choice.task.kind in ("tile", "place") and option in TILES:
            scoring = TILES[option].side(view.options.habitat_theme)
            seat = choice.seat
            counts = choice.task.counts
            try:
                points = self.rules.tile_points(view, seat, option, choice.task.card, counts[seat] if counts else 0)
                worth = f" (worth {points} now)"
            except Exception:  # a preview only: never let it break the screen
                worth = ""
            return Text(f"Tile {option}: {scoring.summary}{worth}")
        if option in TILES:
            return Text(f"Tile {option}: {TILES[option].side(view.options.habitat_theme).summary}")
        if option.isdigit():
            spaces = C.cave_track().spaces
            index = int(option) - 1
            if 0 <= index < len(spaces):
                return Text(f"Cave space {option}: gain {spaces[index].gain.summary}")
        return Text(option)

    def detail(self, view: EverbloomState, action: Any) -> Text:
        """More about the highlighted action: the landmark's rule, the card's text."""
        if action is None:
            return Text("")
        spaces = self.spaces_of(view, action)
        parts = []
        for space in spaces:
            if space in view.chips:
                parts.append(f"{space}: {landmark_rule(view, space)}")
            elif space in view.stacks:
                stack = view.stacks[space]
                parts.append(f"{space}: {card_summary(stack[0]) if stack else 'empty'}")
        if isinstance(action, Pollinate):
            parts.append(card_summary(action.card))
        return Text(" · ".join(parts), style="italic")

    @staticmethod
    def spaces_of(view: EverbloomState, action: Any) -> list[str]:
        if isinstance(action, PlaceChip):
            return [action.landmark]
        if isinstance(action, SendPollinator):
            return [action.space]
        if isinstance(action, MovePollinator):
            return [action.source, action.target]
        if isinstance(action, Choose) and (action.option in view.stacks or action.option in view.chips):
            return [action.option]
        return []

    def spaces_entry(self, view: EverbloomState, spaces: list[str], lines: list[str]) -> CatalogueEntry:
        """The spaces named, each in full: a landmark's rule and chips, a card stack's top card."""
        facts = list(lines)
        for space in spaces:
            facts.extend(self.space_facts(view, space))
        title = self.space_words(view, spaces[0]) if spaces else "Wilderness"
        return CatalogueEntry(title, tuple(facts))

    def space_facts(self, view: EverbloomState, space: str) -> list[str]:
        if space in view.chips or space in landmark_keys(view.side):
            chips = " ".join(f"{faction_of(view, chip.seat).letter}{chip.value}" for chip in view.chips.get(space, []))
            facts = [f"Landmark {space} ({self.rules.landmark_label(view, space)}): {landmark_rule(view, space)}."]
            facts.append(f"Chips, bottom first: {chips}." if chips else "No chips yet.")
            return facts
        stack = view.stacks.get(space)
        if stack is None:
            return []
        if not stack:
            return [f"Card space {space}: empty."]
        pollinators = ", ".join(
            f"{view.name(seat)} {count}" for seat, count in enumerate(view.pollinators.get(space, [])) if count
        )
        facts = [f"Card space {space}: {plural(len(stack), 'card')} in the stack."]
        facts.extend(self.card_facts(stack[0]))
        facts.append(f"Pollinators here: {pollinators}." if pollinators else "No pollinators here yet.")
        return facts

    @staticmethod
    def card_facts(card: str) -> list[str]:
        if is_hidden(card):
            return [f"On top: {card_summary(card)}."]
        entry = card_entry(card_info(card))
        return [f"On top: {entry.title}.", *entry.lines]

    def action_entry(self, view: EverbloomState, action: Any) -> CatalogueEntry:
        title = self.label(view, action).plain
        spaces = self.spaces_of(view, action)
        facts: list[str] = []
        for space in spaces:
            facts.extend(self.space_facts(view, space))
        if isinstance(action, Pollinate):
            facts.extend(self.card_facts(action.card))
        if isinstance(action, Choose) and action.option in TILES:
            facts.extend(tile_entry(TILES[action.option]).lines)
        if isinstance(action, Choose) and action.option == "bloom":
            facts.extend(self.table_entry(view).lines)
        effect = self.choice_effect(view, action)
        if effect is not None:
            facts.insert(0, effect)
        if isinstance(action, (MovePollinator, PullFromGrove, Skip)):
            reason = self.asked_because(view)
            if reason is not None:
                facts.insert(0, reason)
        if not facts:
            facts.append(self.detail(view, action).plain or "Nothing more to say about this choice.")
        return CatalogueEntry(title, tuple(facts))

    def choice_effect(self, view: EverbloomState, action: Any) -> str | None:
        """What taking `action` does, where its label does not say it (the inspector's
        first line): the nectar discard's pollinators, a grove taken, a wildlife prize."""
        if isinstance(action, DiscardNectar):
            card = NECTAR.get(action.card)
            if card is None:
                return None
            player = view.players[self.viewer] if self.viewer is not None else None
            moved = min(C.numbers().discard_grove_pollinators, player.supply) if player is not None else C.numbers().discard_grove_pollinators
            return (
                f"Choosing it: this card leaves the game, and {pollinators(moved)} of yours move from your supply "
                f"to the {biome_name(card.biome)} grove, to pay for pollination later. You keep the other two "
                "nectar cards secret; at the end they count for their biomes' nectar."
            )
        if isinstance(action, TakeGrove):
            mine = view.groves[action.grove][self.viewer] if self.viewer is not None else 0
            return (
                f"Choosing it: your {pollinators(mine)} in the {biome_name(action.grove)} grove come out to pay "
                "your hybrids' pollination costs, whatever their biome; the others stay where they are."
            )
        if isinstance(action, FinishPollination) and action.grove is not None:
            return f"Choosing it: your pollination ends; the pollinators left over wait in the {biome_name(action.grove)} grove."
        if isinstance(action, Choose) and action.option == "card":
            return "Choosing it: you take the wildlife card; it goes in any biome slot of your habitat, needs no tile and is pollinated free."
        if isinstance(action, Choose) and action.option == "bloom":
            return f"Choosing it: you move {C.numbers().wildlife_bloom_advances} spaces up the bloom track now."
        return None

    def asked_because(self, view: EverbloomState) -> str | None:
        """Why a chip's turn asks something before its pollinators are sent: the
        Butterflies' chip, or the Edge of the Forest or of the Sea beside its landmark."""
        turn = view.turn
        if turn is None or not turn.steps:
            return None
        kind, _, space = turn.steps[0].partition(":")
        if kind == "butterfly":
            whose = owner(view.name(turn.seat), own=turn.seat == self.viewer, capital=False)
            return (
                f"Asked because {whose} {turn.value} chip is the Butterflies' power: before its pollinators are sent, "
                "any one pollinator on the board (anyone's) may move from one card to another, or none."
            )
        where = self.space_words(view, space)
        if kind == "forest":
            return f"Asked because the Edge of the Forest on {where} lets one pollinator of yours move from it to another card before sending, or none."
        if kind == "sea":
            return f"Asked because the Edge of the Sea on {where} brings one of your pollinators from a grove onto it when you have none there."
        return None

    def habitat_entry(self, view: EverbloomState, seat: int) -> CatalogueEntry:
        """`seat`'s habitat: each tile's scoring and each card's whole text."""
        player = view.players[seat]
        facts = []
        for biome in BIOMES:
            tile = player.tiles.get(biome)
            if tile:
                scoring = TILES[tile].side(view.options.habitat_theme)
                facts.append(f"{biome_name(biome)}: tile {tile}, {scoring.summary}.")
            else:
                facts.append(f"{biome_name(biome)}: no tile yet.")
            for card in player.habitat[biome]:
                state = "pollinated" if card.pollinated else "not pollinated"
                facts.extend(f"  {line}" for line in [f"{card_name(card.id)} ({state})", *self.card_facts(card.id)[1:]])
        return CatalogueEntry(f"{owner(view.name(seat), own=seat == self.viewer)} habitat", tuple(facts))

    def table_entry(self, view: EverbloomState) -> CatalogueEntry:
        """The bloom board (track spaces with their points, the bloom cards) and the faction."""
        facts = []
        for card in view.bloom_shown:
            bloom = BLOOMS.get(card)
            if bloom is not None:
                entry = bloom_entry(bloom)
                facts.append(f"{entry.title}: " + " ".join(entry.lines))
        track = [f"{entry.title}: {entry.lines[0]}" for entry in bloom_track_entries() if entry.lines[0] != "Nothing."]
        facts.append("Bloom track (space 0 is the start): " + " · ".join(track))
        where = ", ".join(f"{view.name(seat)} on space {player.bloom}" for seat, player in enumerate(view.players))
        facts.append(f"Markers: {where}.")
        if self.viewer is not None:
            faction = faction_entry(faction_of(view, self.viewer))
            facts.append(f"Your faction, {faction.title}: " + " ".join(faction.lines))
        return CatalogueEntry("Bloom board", tuple(facts))
