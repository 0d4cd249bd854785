"""Coin's screen: every coin at the table (yours face up), and two keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from boardgames_tui.engine.text import plural
from boardgames_tui.ui.game_screen import GameScreen
from boardgames_tui.ui.widgets import TextPanel

from coin_game.rules import UNSEEN, CoinState, Keep, Toss


class CoinScreen(GameScreen):
    CSS_PATH = Path(__file__).with_name("screen.tcss")
    BINDINGS = [
        Binding("t", "play('toss')", "Toss again"),
        Binding("k", "play('keep')", "Keep"),
    ]

    def compose_board(self) -> ComposeResult:
        yield TextPanel("", id="coin-table")

    def show_view(self, view: CoinState, viewer: int | None) -> None:  # type: ignore[override]
        lines = Text()
        for seat, face in enumerate(view.faces):
            shown = "face down" if face == UNSEEN else face
            kept = "kept" if view.kept[seat] else f"{plural(view.tosses_left[seat], 'toss', 'tosses')} left"
            lines.append(f"{view.seats[seat].name}: ", style="bold" if seat == viewer else "")
            lines.append(f"{shown} ({kept})\n")
        self.query_one("#coin-table", TextPanel).show_text(lines)

    def prompt_text(self, view: CoinState, viewer: int) -> str:
        if view.tosses_left[viewer]:
            return "t: toss your coin again, k: keep it."
        return "k: keep your coin (no tosses left)."

    def action_play(self, kind: str) -> None:
        action: Any = Toss() if kind == "toss" else Keep()
        self.submit(action)
