"""The new-game form: seats (human, remote or bot, names), the game's options, a seed."""

from __future__ import annotations

import importlib.util
import random
from typing import Any

from pydantic import BaseModel, ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Header, Input, Label, Select, Static

from boardgames_tui.engine.bots import BOT_LEVELS, DEFAULT_BOT_LEVEL
from boardgames_tui.engine.contract import Seat, option_choices
from boardgames_tui.engine.parts import Game, Rules
from boardgames_tui.engine.seats import HUMAN, REMOTE, SeatRefused, bot_choice, default_name, make_seat
from boardgames_tui.engine.text import NAME_LENGTH, clean_text, plural, repeated_name
from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.footer import KeysFooter
from boardgames_tui.ui.widgets import OnOffBox

MAX_SEATS = 4
# A row of the form that is no seat: the kinds' choices are engine/seats.py's.
EMPTY = "empty"


def seat_kinds() -> list[tuple[str, str]]:
    # Remote seats only where aiohttp is installed (an environment made before it came with
    # the app lacks it), found, not loaded.
    remote = [("Remote (joins with a link)", REMOTE)] if importlib.util.find_spec("aiohttp") else []
    bots = [(f"Bot · {level}", bot_choice(level)) for level in BOT_LEVELS]
    return [("Human", HUMAN)] + remote + bots + [("— empty —", EMPTY)]


class NameInput(Input):
    """A text field for a name: control characters (a paste can hold ESC or a bidi
    override) are dropped as they enter, so they never reach the screen."""

    def validate_value(self, value: str) -> str:
        return clean_text(value)


class SetupProblem(ValueError):
    """A form error and the id of the field at fault, which gets the focus."""

    def __init__(self, message: str, field_id: str) -> None:
        super().__init__(message)
        self.field_id = field_id


def default_seat_name(kind: str, number: int) -> str:
    return "" if kind == EMPTY else default_name(kind, number)


class StartRequest(BaseModel):
    slug: str
    # A seat of the "remote" kind makes the game a hosted one.
    seats: list[Seat]
    options: dict[str, Any]
    seed: int


def build_seats(rows: list[tuple[str, str]], rules: Rules) -> list[Seat]:
    """Turns (kind, name) form rows into seats, or raises ValueError with the reason."""
    seats: list[Seat] = []
    numbers: list[int] = []  # each seat's row, to point at the name a refusal is about
    for number, (kind, name) in enumerate(rows, start=1):
        if kind == EMPTY:
            continue
        numbers.append(number)
        try:
            seats.append(make_seat(kind, name, number))
        except SeatRefused as refusal:
            raise SetupProblem(str(refusal), f"{refusal.about}-{number}") from None
    repeated = repeated_name([seat.name for seat in seats])
    if repeated is not None:
        raise SetupProblem("Two seats have the same name; give each player a different one.", f"name-{numbers[repeated]}")
    if not rules.min_players <= len(seats) <= rules.max_players:
        filled = plural(len(seats), "seat is", "seats are")
        raise SetupProblem(f"{rules.title} takes {rules.player_count()}; {filled} filled.", "kind-1")
    return seats


def parse_seed(text: str) -> int:
    text = text.strip()
    if not text:
        return random.SystemRandom().randrange(1, 10**9)
    if not text.isdigit() or len(text) > 18:
        raise ValueError("The seed must be a whole number (or empty for a random one).")
    return int(text)


class SetupScreen(SizedScreen[None]):
    MIN_SIZE = (70, 22)
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start game"),
        Binding("f1", "rules", "Rules"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.rules = game.rules

    def compose_body(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(classes="panel wide", id="setup-form"):
            yield Static(
                Text.assemble("New game of ", (self.rules.title, "bold"), f" · {self.rules.player_count()}"),
                classes="heading",
            )
            # One human against bots by default, filling at least two seats.
            default_seats = max(self.rules.min_players, 2)
            for number in range(1, MAX_SEATS + 1):
                default_kind = HUMAN if number == 1 else (bot_choice(DEFAULT_BOT_LEVEL) if number <= default_seats else EMPTY)
                default_name = default_seat_name(default_kind, number)
                with Horizontal(classes="seat-row"):
                    yield Label(f"Seat {number}", classes="seat-label")
                    yield Select(seat_kinds(), value=default_kind, allow_blank=False, id=f"kind-{number}", classes="seat-kind")
                    # An empty seat takes no name: its field is off, and Tab passes it by.
                    yield NameInput(
                        default_name,
                        placeholder="name",
                        max_length=NAME_LENGTH,
                        id=f"name-{number}",
                        classes="seat-name",
                        disabled=default_kind == EMPTY,
                    )
            fields = self.rules.options_model.model_fields
            if fields:
                yield Static("Options", classes="subheading")
            for field_name, field in fields.items():
                label = field.description or field_name.replace("_", " ").capitalize()
                choices = option_choices(field.annotation)
                with Horizontal(classes="option-row"):
                    if field.annotation is bool:
                        yield OnOffBox(label, value=bool(field.default), id=f"option-{field_name}")
                    elif choices is not None:
                        yield Label(label, classes="option-label")
                        yield Select(
                            [(self.game.reference.option_label(field_name, choice), choice) for choice in choices],
                            value=field.default,
                            allow_blank=False,
                            id=f"option-{field_name}",
                        )
            with Horizontal(classes="option-row"):
                yield Label("Seed", classes="seed-label")
                yield Input(placeholder="empty = random", restrict=r"\d*", max_length=18, id="seed")
            yield Static("Tab or Enter moves to the next field · Enter opens a list · Ctrl+S starts the game", classes="hint")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", id="start", variant="primary")
                yield Button("Back", id="back")
        # Outside the scrolling form: in a small window the field at fault gets the
        # focus (and scrolls into sight) while the reason stays on screen.
        yield Static("", id="setup-error")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = f"New game · {self.rules.title}"
        for field in self.query(Input):
            field.cursor_blink = self.app.cursor_blink
        self.query_one("#kind-1", Select).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter in a text field moves on: a game never starts from a half-filled form.
        event.stop()
        self.focus_next()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A seat turned from bot to human (or back) drops the other kind's default name."""
        select_id = event.select.id or ""
        if not select_id.startswith("kind-"):
            return
        number = int(select_id.removeprefix("kind-"))
        name_field = self.query_one(f"#name-{number}", Input)
        name_field.disabled = event.value == EMPTY
        defaults = {default_seat_name(kind, number) for _, kind in seat_kinds()}
        if name_field.value.strip() in defaults:
            name_field.value = default_seat_name(str(event.value), number)

    def collect(self) -> StartRequest:
        rows = [
            (str(self.query_one(f"#kind-{number}", Select).value), self.query_one(f"#name-{number}", Input).value)
            for number in range(1, MAX_SEATS + 1)
        ]
        seats = build_seats(rows, self.rules)
        options = {}
        for field_name in self.rules.options_model.model_fields:
            options[field_name] = self.query_one(f"#option-{field_name}").value  # type: ignore[attr-defined]
        try:
            # A trial setup catches options that clash with the seats (a missing starting player).
            self.rules.setup(self.rules.parse_options(options), seats, 0)
        except ValidationError as error:
            first = error.errors()[0]
            raise SetupProblem(f"Options: {first['msg']}", f"option-{first['loc'][0]}" if first["loc"] else "kind-1") from None
        except ValueError as error:
            raise SetupProblem(str(error), "kind-1") from None
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
        except ValueError as error:
            raise SetupProblem(str(error), "seed") from None
        return StartRequest(slug=self.rules.slug, seats=seats, options=options, seed=seed)

    def action_start(self) -> None:
        try:
            request = self.collect()
        except SetupProblem as error:
            shown = self.query_one("#setup-error", Static)
            shown.update(Text(clean_text(str(error)), style="red"))
            shown.add_class("-shown")
            if self.query(f"#{error.field_id}"):
                self.query_one(f"#{error.field_id}").focus()
            return
        self.app.start_match(request)

    def action_rules(self) -> None:
        from boardgames_tui.ui.rules_viewer import RulesScreen

        self.app.push_screen(RulesScreen(self.game))

    def action_back(self) -> None:
        self.dismiss(None)
