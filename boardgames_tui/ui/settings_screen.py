"""The Settings screen: every field of the settings model, saved to the settings file."""

from __future__ import annotations

import os

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Header, Input, Label, Select, Static

from boardgames_tui.settings import ENV_PREFIX, Settings, settings_path
from boardgames_tui.ui.base import SizedScreen
from boardgames_tui.ui.footer import KeysFooter
from boardgames_tui.ui.widgets import OnOffBox


# The settings that are on or off: one checkbox each.
SWITCHES = [name for name, field in Settings.model_fields.items() if field.annotation is bool]


def field_title(name: str) -> str:
    return Settings.model_fields[name].title or name


def field_help(name: str) -> str:
    help_text = Settings.model_fields[name].description or ""
    variable = ENV_PREFIX + name.upper()
    if variable in os.environ:
        help_text += f" ({variable} is set: it wins over this file at the next start.)"
    return help_text


class SettingsScreen(SizedScreen[None]):
    MIN_SIZE = (70, 20)
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def compose_body(self) -> ComposeResult:
        settings = self.app.settings  # type: ignore[attr-defined]
        themes = sorted(self.app.available_themes)
        yield Header()
        with VerticalScroll(classes="panel wide", id="settings-form"):
            yield Static("Settings", classes="heading")
            with Horizontal(classes="option-row"):
                yield Label(field_title("theme"), classes="option-label")
                yield Select([(name, name) for name in themes], value=self.app.theme, allow_blank=False, id="setting-theme")
            yield Static(field_help("theme"), classes="setting-help")
            with Horizontal(classes="option-row"):
                yield Label(field_title("bot_pause"), classes="option-label")
                yield Input(f"{settings.bot_pause:g}", restrict=r"[0-9.]*", max_length=5, id="setting-bot_pause")
            # The only field that can be refused is the bot pause: its error sits right under it, so it
            # shows with the field even when the form is taller than the window.
            yield Static("", id="settings-error")
            yield Static(field_help("bot_pause"), classes="setting-help")
            # Every switch the model has, in its order, under its title: a field added later shows itself.
            for name in SWITCHES:
                with Horizontal(classes="option-row"):
                    yield OnOffBox(field_title(name), value=getattr(settings, name), id=f"setting-{name}")
                yield Static(field_help(name), classes="setting-help")
            yield Static(Text(f"Kept in {settings_path()} (only what you change)."), classes="hint")
            with Horizontal(id="settings-buttons"):
                yield Button("Save", id="settings-save", variant="primary")
                yield Button("Back", id="settings-back")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Settings"
        self.query_one("#setting-bot_pause", Input).cursor_blink = self.app.cursor_blink  # type: ignore[attr-defined]
        self.query_one("#setting-theme", Select).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "settings-save":
            self.action_save()
        else:
            self.action_back()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def _refuse(self, field_id: str, message: str) -> None:
        error = self.query_one("#settings-error", Static)
        error.update(Text(message, style="bold red"))
        error.display = True
        field = self.query_one(f"#{field_id}")
        # The form can be taller than the window: its row goes to the top, so the error under it shows too
        # (focus alone would centre the field and might leave the error below the window).
        field.focus(scroll_visible=False)
        self.call_after_refresh(field.parent.scroll_visible, animate=False, top=True)

    def action_save(self) -> None:
        text = self.query_one("#setting-bot_pause", Input).value.strip()
        try:
            pause = float(text)
        except ValueError:
            self._refuse("setting-bot_pause", "The bot pause is a number of seconds, like 0.6.")
            return
        if not 0 <= pause <= 5:
            self._refuse("setting-bot_pause", "The bot pause is between 0 and 5 seconds.")
            return
        changes = {
            "theme": str(self.query_one("#setting-theme", Select).value),
            "bot_pause": pause,
        }
        changes.update({name: self.query_one(f"#setting-{name}", Checkbox).value for name in SWITCHES})
        if self.app.change_settings(**changes):  # type: ignore[attr-defined]
            self.app.notify("Settings saved.", title="Settings")
            self.dismiss(None)

    def action_back(self) -> None:
        self.dismiss(None)
