"""What a player is told when the app meets an internal error: one sentence, never a
traceback, with the details written to a file beside the saves."""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from boardgames_tui.engine.match import Match
    from boardgames_tui.engine.saves import SaveStore


def crash_words(exception: BaseException | None, store: SaveStore, match: Match | None) -> Text:
    """The sentence for a crash, once its details are written through `store`; `match`:
    the game that was open, if any."""
    details = "".join(traceback.format_exception(exception)) if exception else "unknown error"
    try:
        where = f"The details are in {store.write_crash_report(details)}."
    except OSError:
        where = "The details could not be written to disk."
    saved = ""
    if unfinished_game_saved(match):
        saved = "The game was saved after the last move it accepted; choose Continue to carry on. "
    # Text, not markup: the path can hold any character.
    return Text(f"boardgames-tui met an internal error and had to close. {saved}{where}")


def unfinished_game_saved(match: Match | None) -> bool:
    """Whether a game Continue can carry on was running and its last save worked."""
    if match is None or match.store is None or match.save_error is not None:
        return False
    try:
        return not match.is_over()
    except Exception:
        return False  # the crash may be in the rules themselves: promise nothing
