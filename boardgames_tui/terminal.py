"""What the terminal can take, decided before the app starts: a full screen at all, and
characters beyond ASCII.  No Textual here: the command line asks before it loads the app.

Python's own view of the encoding cannot decide it: since Python 3.7 a process started
in the C locale sets LC_CTYPE to C.UTF-8 for itself (PEP 538) and reports UTF-8
(PEP 540), so `LANG=C` looks like UTF-8 from inside.  The terminal's locale is read
from the variables the C library reads, in its order: the first of LC_ALL, LC_CTYPE
and LANG that is set, passing over an LC_CTYPE Python put there itself.
"""

from __future__ import annotations

import os
import sys
from typing import Mapping

LOCALE_VARIABLES = ("LC_ALL", "LC_CTYPE", "LANG")
# The names Python gives LC_CTYPE when it leaves the C locale for UTF-8 (PEP 538).
PYTHONS_OWN_LC_CTYPE = {"C.UTF-8", "C.utf8", "UTF-8"}
# Set by textual-serve (and by anyone who gives Textual another driver): the app then
# draws into a browser page, not into the terminal these variables describe.
TEXTUAL_DRIVER = "TEXTUAL_DRIVER"
DUMB_TERMINALS = {"dumb"}


def terminal_locale(environ: Mapping[str, str], utf8_mode: bool) -> str:
    """The locale the terminal was set up for ("" for none, which is the C locale).
    `utf8_mode`: Python's UTF-8 mode, on by itself exactly when Python started in the C
    locale, so an LC_CTYPE of Python's own naming is then Python's, not the terminal's."""
    python_chose_lc_ctype = (
        utf8_mode
        and "PYTHONUTF8" not in environ
        and not environ.get("LC_ALL")
        and environ.get("LC_CTYPE") in PYTHONS_OWN_LC_CTYPE
    )
    for variable in LOCALE_VARIABLES:
        if variable == "LC_CTYPE" and python_chose_lc_ctype:
            continue
        value = environ.get(variable)
        if value:
            return value
    return ""


def takes_unicode(environ: Mapping[str, str] = os.environ, utf8_mode: bool | None = None, platform: str = sys.platform) -> bool:
    """Whether the app may draw characters beyond ASCII: its locale names UTF-8
    ("en_GB.UTF-8", "C.utf8"), or it draws into a browser.  Windows' console takes
    Unicode whatever the variables (it has none of them)."""
    if platform == "win32" or environ.get(TEXTUAL_DRIVER):
        return True
    if utf8_mode is None:
        utf8_mode = bool(sys.flags.utf8_mode)
    name = terminal_locale(environ, utf8_mode)
    codeset = name.partition(".")[2].partition("@")[0]
    return codeset.lower().replace("-", "").replace("_", "") == "utf8" or name.lower().replace("-", "") == "utf8"


def full_screen_refusal(environ: Mapping[str, str] = os.environ) -> str | None:
    """Why the app cannot take over this terminal, in one line of ASCII; None when it can."""
    if environ.get(TEXTUAL_DRIVER):
        return None
    term = environ.get("TERM", "")
    if term in DUMB_TERMINALS:
        return (
            f"this terminal (TERM={term}) cannot show the app's full screen: run it in a terminal such as "
            "xterm or tmux (rules, simulate and records print plain text here)"
        )
    return None
