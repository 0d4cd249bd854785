"""What the chip turn's panels say: the place step's rows, the split's rows, their
headings and the detail under them, for the seat whose turn `ChipTurn` builds.

Rich text only, no Textual: the screen draws these words and its inspector quotes
them, and they are read headless beside the turn builder (chip_turn.py).
"""

from __future__ import annotations

from rich.text import Text

from boardgames_tui.games.everbloom.chip_turn import ChipTurn, PlaceRow, Seen, chip_words
from boardgames_tui.games.everbloom.describe import (
    BIOME_INFO,
    card_info,
    card_style,
    card_summary,
    is_hidden,
    landmark_rule,
    pollinators,
)
from boardgames_tui.games.everbloom.model import ChipToGrove
from boardgames_tui.games.everbloom.rules import EverbloomRules, card_name


class ChipTurnWords:
    """The words of one seat's chip turn as `turn` holds it now."""

    def __init__(self, rules: EverbloomRules, turn: ChipTurn) -> None:
        self.rules = rules
        self.turn = turn

    # -- placing a chip ------------------------------------------------------------------
    def place_heading(self, seen: Seen) -> str:
        """The chips on offer, the selected one in brackets, and what to do next."""
        turn = self.turn
        chip = turn.selected_chip(seen)
        words = []
        for option in turn.chip_options(seen):
            label = '"1"' if option[1] else str(option[0])
            words.append(f"[{label}]" if option == chip else label)
        heading = "Place a chip: " + " ".join(words)
        if turn.fits_nowhere(seen):
            return heading + " · it fits nowhere: pick a grove"
        if turn.can_ignore(seen):
            heading += " · x: disregard rule " + ("ON" if turn.ignore else "off")
        return heading + " · then its landmark"

    def place_row(self, seen: Seen, row: PlaceRow, *, under_cursor: bool = False) -> Text:
        """One landmark (or grove) of the place step: what the chip would do there, or
        the rule that closes it.  Under the cursor the cards it reaches are named whole,
        at any size: the board cuts long names, and a small window has no detail line."""
        if isinstance(row.action, ChipToGrove):
            info = BIOME_INFO[row.action.grove]
            text = Text(f"{pollinators(row.action.chip)} to the ")
            text.append(f"{info.name} grove", style=f"bold {info.colour}")
            text.append(f" (you have {seen.view.groves[row.action.grove][seen.seat]} there)", style="dim")
            return text
        label = self.rules.landmark_label(seen.view, row.space)
        plan = row.plan
        if under_cursor and plan is not None and plan.targets and "wildlife" in label:
            # The card names need the room: "west" says which, and the board shows it.
            text = Text(f"{row.space}: ", style="bold")
        else:
            text = Text(f"{row.space:<5}", style="bold")
            text.append(f"{label}: ")
        if row.action is None:
            text.append(f"closed: {row.why}", style="dim red")
            return text
        assert plan is not None
        text.append(f"{pollinators(plan.count)} → ", style="green")
        if under_cursor and plan.targets:
            text.append_text(self._cards_named(seen, plan.targets))
        else:
            text.append(", ".join(plan.targets) or "nowhere", style="green")
        if row.action.ignore_rule:
            text.append(" (rule disregarded)", style="italic")
        return text

    def _cards_named(self, seen: Seen, spaces: list[str]) -> Text:
        """"t1 Agave Fennec, b3 (face down)": each space and its top card's whole name."""
        text = Text()
        for index, space in enumerate(spaces):
            stack = seen.view.stacks.get(space) or []
            if index:
                text.append(", ")
            text.append(f"{space} ", style="green")
            if not stack:
                text.append("(empty)", style="dim")
            elif is_hidden(stack[0]):
                text.append("(face down)", style="dim")
            else:
                text.append(card_name(stack[0]), style=card_style(stack[0]))
        return text

    def place_detail(self, seen: Seen, row: PlaceRow | None) -> Text:
        """Under the place step: the highlighted landmark's rule, or why it is closed (the
        cards it reaches are named in its row)."""
        if row is None:
            return Text("")
        if isinstance(row.action, ChipToGrove):
            text = Text("No landmark takes this chip, so its pollinators go to a grove of your choice.", style="italic")
            text.append("\nA D F J T: that grove · ↑/↓ and Enter · ←/→ or a digit: another chip", style="dim")
            return text
        view = seen.view
        text = Text(f"{row.space}: {landmark_rule(view, row.space)}", style="italic")
        if row.why is not None:
            text.append(f"\nClosed: {row.why}", style="bold red")
        return text

    # -- sharing out the pollinators -----------------------------------------------------------
    def send_heading(self, seen: Seen) -> str:
        """The chip and its landmark, and how many pollinators are placed and left."""
        sending = self.turn.sending
        assert sending is not None
        label = self.rules.landmark_label(seen.view, sending.landmark)
        # "west", "m1 (landmark 29)", "n1, the hive (on landmark 21)": the wildlife
        # landmarks' long names add nothing here, and brackets never nest.
        if "wildlife" in label:
            where = sending.landmark
        elif "(" in label:
            where = f"{sending.landmark}, {label}"
        else:
            where = f"{sending.landmark} ({label})"
        if sending.place is not None:
            head = f"{chip_words((sending.place.chip, sending.place.first_chip)).capitalize()} at {where}"
        else:
            head = f"Send from {where}"
        left = sending.left()
        tail = f"{pollinators(sending.total - sending.kept)}" + (f", {left} still to place" if left else ", all placed")
        need = sending.need_from_groves(seen)
        if need:
            tail += f" · {sending.kept} stay in groves" if sending.kept else f" · {need} from groves"
        return f"{head}: {tail}"

    def send_rows(self, seen: Seen) -> list[Text]:
        """One row per card the chip reaches (its count between ◀ ▶), then one per grove
        the pollinators may come from when the supply runs short."""
        sending = self.turn.sending
        assert sending is not None
        view = seen.view
        rows: list[Text] = []
        for index, space in enumerate(sending.targets):
            stack = view.stacks.get(space) or []
            count = sending.counts.get(space, 0)
            text = Text(f"{space:<3} ", style="bold")
            name = Text(card_name(stack[0]) if stack else "(empty)", style=card_style(stack[0]) if stack else "dim")
            whole = name.copy()
            name.truncate(22, pad=True)
            text.append_text(name)
            text.append(" ◀ ", style="dim")
            text.append(f"{count}", style="bold reverse" if count else "bold")
            text.append(" ▶", style="dim")
            already = sending.sent.get(space, 0)
            if already:
                text.append(f" (+{already} sent)", style="dim")
            rule = self.rules.card_rule(view, space)
            if rule is not None and rule.kind.startswith(("storm_m", "edge_must")):
                text.append(f"  {rule.summary}", style="italic yellow")
            if index == sending.cursor and stack and not is_hidden(stack[0]):
                # The card under the cursor whole, at any size: its name and its ability.
                ability = getattr(card_info(stack[0]), "ability", None)
                cut = whole.cell_len > name.cell_len
                if cut or ability is not None:
                    text.append("\n")
                if cut:
                    text.append_text(whole)
                    text.append(": " if ability is not None else "")
                if ability is not None:
                    text.append(f"{ability.summary}.", style="italic")
            rows.append(text)
        if sending.need_from_groves(seen):
            for biome in sending.my_groves(seen):
                info = BIOME_INFO[biome]
                take = sending.groves.get(biome, 0)
                text = Text("from the ")
                text.append(f"{info.name} grove", style=f"bold {info.colour}")
                text.append(f" ({view.groves[biome][seen.seat]} there)", style="dim")
                text.append(" ◀ ", style="dim")
                text.append(f"{take}", style="bold reverse" if take else "bold")
                text.append(" ▶", style="dim")
                rows.append(text)
        return rows

    def send_detail(self, seen: Seen) -> Text:
        """Under the split: the landmark's rule and the highlighted card's."""
        sending = self.turn.sending
        assert sending is not None
        view = seen.view
        parts = [f"{sending.landmark}: {landmark_rule(view, sending.landmark)}"]
        if sending.place is not None and sending.place.ignore_rule:
            parts[0] += " (disregarded)"
        if sending.cursor < len(sending.targets):
            space = sending.targets[sending.cursor]
            stack = view.stacks.get(space) or []
            parts.append(f"{space}: {card_summary(stack[0]) if stack else 'empty'}")
        return Text("\n".join(parts), style="italic")
