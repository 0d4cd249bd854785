"""The situations that bring Coin's lessons up (lessons.json, beside this module)."""

from __future__ import annotations

from typing import Any

from coin_game.rules import CoinState, Toss


def may_toss(view: CoinState, seat: int, legal: list[Any]) -> bool:
    return any(isinstance(action, Toss) for action in legal)


SITUATIONS = {"may_toss": may_toss}
