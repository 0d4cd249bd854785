"""The Textual app: menu → setup → a game's screen → the score sheet."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from rich.text import Text
from textual import events
from textual.actions import SkipAction
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen

from boardgames_tui import missing_dependency

from boardgames_tui.ui.crash_words import crash_words
from boardgames_tui.ui.menu import MenuScreen
from boardgames_tui.ui.plain import PlainCharacters
from boardgames_tui.ui import palette, textual_compat
from boardgames_tui.ui.across_machines import AcrossMachines

# The engine, pydantic, the settings and the game screens load on first use or just
# after the menu's first frame, not at start-up: the menu appears as fast as a bare
# Textual app's first frame allows (tests/ui/test_startup.py).
if TYPE_CHECKING:
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.replay_table import ReplayTable
    from boardgames_tui.engine.table import Table
    from boardgames_tui.remote.host import RemoteHost
    from boardgames_tui.remote.wire import JoinLink
    from boardgames_tui.settings import Settings
    from boardgames_tui.engine.saves import SaveStore
    from boardgames_tui.ui.setup import StartRequest

# The port a hosted game listens on unless told (`host --listen`): the same one each
# time, so that a host resuming a game from Continue keeps its join links valid.
DEFAULT_HOST_PORT = 8470


# The key panel (?) is never narrower than this: its longest descriptions fit on one line.
KEY_PANEL_MIN_WIDTH = 46
# The header's columns beside its words: its icon on the left, the clock's room on the right.
HEADER_SIDES = 8 + 10


class BoardGamesApp(textual_compat.QuietCrashes, PlainCharacters, palette.LegibleColours, App[None]):
    CSS_PATH = "ui/app.tcss"
    TITLE = "boardgames-tui"
    # Screens with their own F1 or ? (a game's rules, the rules viewer) take precedence.
    BINDINGS = [
        Binding("f1", "help", "Rules", show=False),
        Binding("question_mark", "toggle_keys", "Keys", show=False),
        # Before any screen's Escape: an open key panel is closed first.
        Binding("escape", "close_keys", "Close keys", show=False, priority=True),
    ]

    def __init__(
        self,
        *,
        store: SaveStore | None = None,
        start: StartRequest | None = None,
        cursor_blink: bool = True,
        bot_delay: float | None = None,
        settings: Settings | None = None,
        join: JoinLink | None = None,
        listen: tuple[str, int] = ("127.0.0.1", DEFAULT_HOST_PORT),
        seat_only: bool = False,
    ) -> None:
        super().__init__()
        textual_compat.install()
        # A seat of another machine's table to join at start (`boardgames-tui join`).
        self.join_link = join
        # A browser seat, run on the host's machine: the joined game and nothing else
        # (no menu with the host's saves); leaving the game ends the app.
        self.seat_only = seat_only
        self.across = AcrossMachines(self, listen)
        self._store = store
        self.start_request = start
        self.cursor_blink = cursor_blink
        self.settings_problem: str | None = None
        # Read from the settings file when first needed (see `settings`).
        self._settings = settings
        self._settings_applied = False
        # Seconds a bot's move stays "thinking" on screen (a test may pass its own).
        self._bot_delay = bot_delay
        self.match: Match | None = None
        self._crash_message: Text | None = None
        # Said as the app closes when a game's save could not be written even then.
        self.unsaved_message: Text | None = None

    @property
    def settings(self) -> Settings:
        """The player's settings, read on first use: pydantic-settings costs a good part
        of a bare Textual app's start, and the menu's first frame does not need them."""
        if self._settings is None:
            from boardgames_tui.settings import load_settings

            self._settings, self.settings_problem = load_settings()
        return self._settings

    @property
    def bot_delay(self) -> float:
        return self.settings.bot_pause if self._bot_delay is None else self._bot_delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self._bot_delay = seconds

    def on_ready(self) -> None:
        # The first frame is up: now the settings (the theme may change at once).
        self.apply_settings()

    def apply_settings(self) -> None:
        """The theme from the settings, and a notice if they could not all be read; once."""
        if self._settings_applied:
            return
        self._settings_applied = True
        settings = self.settings
        self.set_plain_characters(settings.plain)
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        else:
            unknown = f"There is no theme called {settings.theme!r}; the default is used."
            self.settings_problem = f"{self.settings_problem} {unknown}" if self.settings_problem else unknown
        if self.settings_problem is not None:
            self.notify(self.settings_problem, title="Settings", severity="warning", markup=False)
        self.theme_changed_signal.subscribe(self, lambda theme: self.change_settings(theme=theme.name))

    @property
    def store(self) -> SaveStore:
        if self._store is None:
            from boardgames_tui.engine.saves import SaveStore

            self._store = SaveStore()
        return self._store

    def on_mount(self) -> None:
        if self.seat_only:
            from boardgames_tui.ui.seat_only import SeatOnlyScreen

            self.push_screen(SeatOnlyScreen())
        else:
            self.push_screen(MenuScreen())
        if self.start_request is not None:
            self.start_match(self.start_request)
        if self.join_link is not None:
            self.run_worker(self.across.join(self.join_link), exit_on_error=False)

    async def on_unmount(self) -> None:
        await self.across.close()
        match = self.match
        # A game whose last autosave failed is written once more as the app closes.
        if match is not None and not match.retry_save():
            self.unsaved_message = Text(f"{match.save_error}. This game's moves since its last save are lost.")

    def action_join_links(self) -> None:
        """The links, on a screen of their own (the game hidden), after a warning."""
        screen = self.across.links_screen()
        if screen is not None:
            self.push_screen(screen)

    @property
    def remote_host(self) -> RemoteHost | None:
        """The host of the game this app hosts, while one runs."""
        return self.across.host

    # -- keys every screen shares -------------------------------------------------------------
    def action_help(self) -> None:
        from boardgames_tui.ui.menu import GamePickScreen

        if not (isinstance(self.screen, GamePickScreen) and self.screen.purpose == "rules"):
            self.push_screen(GamePickScreen(purpose="rules"))

    def action_show_help_panel(self) -> None:
        super().action_show_help_panel()
        self.place_key_panel()

    def on_resize(self) -> None:
        self.place_key_panel()

    def place_key_panel(self) -> None:
        """The key panel on the right, never narrower than KEY_PANEL_MIN_WIDTH: at 80×24
        35% of the width is 28 columns, where "Copy selected text" wraps one word a line."""
        width = min(self.size.width, max(KEY_PANEL_MIN_WIDTH, self.size.width * 35 // 100))
        for panel in self.screen.query("HelpPanel"):
            panel.styles.width = width
            panel.styles.offset = (self.size.width - width, 0)

    def action_toggle_keys(self) -> None:
        if self.screen.query("HelpPanel"):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def action_close_keys(self) -> None:
        if not self.screen.query("HelpPanel"):
            raise SkipAction()
        self.action_hide_help_panel()

    # -- settings and screenshots --------------------------------------------------------------
    def change_settings(self, **changes: object) -> bool:
        """Applies and remembers what the player changed; False (and a notice) if it cannot be kept."""
        changes = {key: value for key, value in changes.items() if getattr(self.settings, key) != value}
        if not changes:
            return True
        from boardgames_tui.settings import SettingsError, save_changes

        try:
            save_changes(changes)
        except (SettingsError, ValueError) as error:
            reason = f"{error.path} {error.message}" if isinstance(error, SettingsError) else str(error)
            self.notify(f"The setting is not kept: {reason}.", title="Settings", severity="error", markup=False)
            return False
        for key, value in changes.items():
            setattr(self.settings, key, value)
        if "plain" in changes:
            self.set_plain_characters(self.settings.plain)
        if "bot_pause" in changes:
            self.bot_delay = self.settings.bot_pause
        if "theme" in changes and self.theme != self.settings.theme:
            self.theme = self.settings.theme
        return True

    def screenshots_directory(self) -> Path:
        from boardgames_tui.engine.saves import default_data_dir

        return default_data_dir() / "screenshots"

    def action_save_screenshot(self) -> None:
        """Textual's own Screenshot writes to ~/Downloads, which may not exist: ours goes
        beside the saves (in a browser, the browser receives the file instead)."""
        directory = self.screenshots_directory()
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.notify(f"No screenshot: {directory} cannot be created ({error.strerror}).", severity="error", markup=False)
            return
        self.deliver_screenshot(path=str(directory))

    def action_settings(self) -> None:
        from boardgames_tui.ui.settings_screen import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    # -- navigation ------------------------------------------------------------------------
    def return_to_menu(self) -> None:
        if self.seat_only:
            self.exit()  # a browser seat has no menu
            return
        self.match = None
        # A hosted game's table lives as long as the game is open here.
        self.across.pause_table()
        while len(self.screen_stack) > 2 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    def start_match(self, request: StartRequest, listen: tuple[str, int] | None = None) -> None:
        """`listen`: where a hosted game's table listens (default: where the app was told)."""
        from boardgames_tui.engine.match import Match
        from boardgames_tui.engine.registry import get_game

        game = get_game(request.slug)
        match = Match(game, game.rules.parse_options(request.options), request.seats, request.seed, store=self.store)
        if match.remote_seats:
            match.listen = listen
        match.autosave()
        self._show_match(match)

    def start_guided(self, slug: str) -> None:
        """Learn to play: the game's guided first game, the learner against bots on the
        deal its lessons were chosen for, every lesson taught as it comes up."""
        from boardgames_tui.engine.lessons import lesson_book
        from boardgames_tui.engine.match import Match
        from boardgames_tui.engine.registry import get_game

        game = get_game(slug)
        book = lesson_book(slug)
        if book is None:
            self.notify(f"{game.title} has no guided game yet.", severity="warning", markup=False)
            return
        guided = book.guided
        match = Match(game, game.rules.parse_options(guided.options), guided.seats(), guided.seed, store=self.store)
        match.autosave()
        self._show_match(match, guided=True)

    def resume(self, path: Path, on_error: Callable[[str], None]) -> None:
        from boardgames_tui.engine.saves import SaveError
        from boardgames_tui.engine.text import clean_text

        try:
            match = self.store.load(path)
        except SaveError as error:
            on_error(f"{clean_text(error.path.name)} {error.message}. The file is left as it is.")
            return
        if match.is_over():
            on_error("That game is already over.")
            return
        self._show_match(match)

    def _show_match(self, match: Match, *, guided: bool = False) -> None:
        self.return_to_menu()
        self.match = match
        if match.remote_seats:
            # A hosted game (new, or resumed from Continue: its links stay valid).
            self.run_worker(self._host_then_show(match), exit_on_error=False)
            return
        self._push_game_screen(match, guided)

    def _push_game_screen(self, match: Match, guided: bool = False) -> None:
        from boardgames_tui.ui.game_screen import game_screen_class

        screen = game_screen_class(match.game)(match)
        screen.lessons.teach_the_seats_here(guided, self.settings.teach_as_i_play, self.store.directory.parent)
        self.push_screen(screen)

    async def _host_then_show(self, match: Match) -> None:
        """Opens the table, then offers its join links before the game's first curtain
        (or first seat's screen): the host sends them before anyone's cards are up.  A
        table that cannot open says why and what to do; the game stays in Continue."""
        problem = await self.across.start_hosting(match)
        if self.match is not match:
            return  # left meanwhile: the table was not kept
        links = self.across.links_screen(starting=True)
        if problem is not None or links is None:
            self.match = None
            self.notify(problem or "The table could not open.", title="Cannot host", severity="error", markup=False, timeout=30)
            return
        self.push_screen(links, lambda _: self._push_game_screen(match) if self.match is match else None)

    def show_score_sheet(self, match: Table) -> None:
        from boardgames_tui.engine.match import Match
        from boardgames_tui.ui.records import keep_finished_game
        from boardgames_tui.ui.scoresheet import ScoreSheetScreen
        from boardgames_tui.ui.setup import StartRequest

        if not isinstance(match, Match):
            # A joined seat's game: the host keeps it in its records.
            self.push_screen(ScoreSheetScreen.of_match(match), lambda choice: self.return_to_menu())
            return
        keep_finished_game(self, match)

        def after(choice: str | None) -> None:
            if choice == "again":
                self.start_match(
                    StartRequest(
                        slug=match.rules.slug,
                        seats=match.seats,
                        options=match.options.model_dump(mode="json"),
                        seed=(match.seed * 7919 + 1) % 10**9,
                    ),
                    # The same place: the friends' tunnels and firewalls expect that port.
                    listen=match.listen,
                )
            else:
                self.return_to_menu()

        self.push_screen(ScoreSheetScreen.of_match(match), after)

    def show_final_boards(self, match: Match) -> None:
        """A finished match's last position in the replay viewer, over its score sheet."""
        from boardgames_tui.ui.replay import replay_screen

        self.push_screen(replay_screen(match))

    # -- no traceback for players ------------------------------------------------------------
    def on_crash(self, exception: BaseException | None) -> None:
        """The details go to a file, not the screen.  Only the first error of a crash is
        reported: whatever fails while the app closes follows from it."""
        if self._crash_message is not None:
            return
        missing = missing_dependency(exception) if exception else None
        if missing is not None:
            # Not a bug to report: the install lacks a package that loads on first use.
            self._crash_message = Text(missing)
            return
        self._crash_message = crash_words(exception, self.store, self.match)
        self.bell()

    def printed_on_exit(self) -> list[Text]:
        return [self.unsaved_message] if self.unsaved_message is not None else []

    def crash_printout(self) -> Text | None:
        return self._crash_message

    def format_title(self, title: str, sub_title: str) -> Content:
        # "Title — subtitle", or the subtitle alone where both do not fit: never cut short.
        if sub_title and len(title) + len(" — ") + len(sub_title) > self.size.width - HEADER_SIDES:
            return Content(sub_title).stylize("dim")
        return super().format_title(title, sub_title)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":
                yield command
        yield SystemCommand(
            "Screenshot", "Save an SVG picture of the screen beside the saves", lambda: self.set_timer(0.1, self.action_save_screenshot)
        )
        yield SystemCommand("Settings", "Theme, bot pause and confirmations, remembered", self.action_settings)
        yield from self.across.commands()
        from boardgames_tui.ui.game_screen import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Rules", f"Read the rules of {screen.rules.title}", screen.action_rules)
            yield SystemCommand("Undo", "Take back your last move, if the rules allow it", screen.action_undo)
            if screen.table.joined:
                yield SystemCommand("Leave the table", "Your seat waits for you; the link rejoins", screen.action_leave)
            else:
                yield SystemCommand("Save & quit", "Save this game and return to the menu", screen.action_leave)


def replay_app(table: ReplayTable | Match, **options: Any) -> App[None]:
    """The app opened on one replay, closing when it is left: `boardgames-tui replay FILE`."""

    class ReplayApp(BoardGamesApp):
        # Textual reads a relative CSS_PATH beside the module of the class being run.
        CSS_PATH = str(Path(inspect.getfile(BoardGamesApp)).parent / str(BoardGamesApp.CSS_PATH))

        def on_mount(self, event: events.Mount) -> None:
            from boardgames_tui.ui.replay import replay_screen

            # The app starts as it always does (its menu stays underneath), then the replay
            # goes on top; BoardGamesApp's own on_mount is called here, not a second time.
            event.prevent_default()
            super().on_mount()
            self.push_screen(replay_screen(table, step=0), lambda _: self.exit())

    return ReplayApp(**options)
