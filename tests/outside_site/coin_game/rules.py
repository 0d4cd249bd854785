"""Coin's rules: each seat tosses a coin only it may see, and may toss it again a few
times before keeping it; when every coin is kept they are shown, and heads scores."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from boardgames_tui.engine.contract import (
    GameRules,
    GameState,
    IllegalMove,
    Outcome,
    copy_containers,
    shallow_copy,
    visible_log,
)

HEADS, TAILS = "heads", "tails"
# Stands in a view for a coin the viewing seat may not see.
UNSEEN = "?"


class Toss(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["toss"] = "toss"


class Keep(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["keep"] = "keep"


Action = Annotated[Union[Toss, Keep], Field(discriminator="kind")]


class CoinOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tosses: Literal[1, 2, 3] = Field(2, description="Tosses again each")


class CoinState(GameState):
    # Each seat's coin; UNSEEN in a view where that seat's coin is hidden.
    faces: list[str]
    tosses_left: list[int]
    kept: list[bool]
    active: int = 0


class CoinRules(GameRules[CoinState]):
    slug = "coin"
    title = "Coin"
    min_players = 1
    max_players = 2
    options_model = CoinOptions
    state_model = CoinState
    action_adapter = TypeAdapter(Action)

    def setup(self, options: BaseModel, seats: list[Any], seed: int) -> CoinState:
        assert isinstance(options, CoinOptions)
        self.check_players(len(seats))
        count = len(seats)
        state = CoinState(
            game=self.slug, seats=list(seats), seed=seed, faces=[], tosses_left=[options.tosses] * count, kept=[False] * count
        )
        state.faces = [state.rng().choice((HEADS, TAILS)) for _ in seats]
        state.say("The coins are tossed; each of you sees only your own.")
        return state

    def to_act(self, state: CoinState) -> list[int]:
        return [] if self.is_over(state) else [state.active]

    def is_over(self, state: CoinState) -> bool:
        return all(state.kept)

    def legal_actions(self, state: CoinState, seat: int) -> list[Any]:
        if self.is_over(state) or seat != state.active:
            return []
        return [Keep(), Toss()] if state.tosses_left[seat] else [Keep()]

    def validate(self, state: CoinState, seat: int, action: Any) -> None:
        if self.is_over(state):
            raise IllegalMove("The game is over.")
        if not isinstance(action, (Toss, Keep)):
            raise IllegalMove("That is not a move in Coin.")
        if seat != state.active:
            raise IllegalMove("It is not your turn.")
        if isinstance(action, Toss) and not state.tosses_left[seat]:
            raise IllegalMove("You have no tosses left: keep your coin.")

    def apply(self, state: CoinState, seat: int, action: Any) -> CoinState:
        new = copy_containers(state)
        new.say(self.log_line(state, seat, action))
        if isinstance(action, Toss):
            new.tosses_left[seat] -= 1
            new.faces[seat] = new.rng().choice((HEADS, TAILS))
            new.info_epoch += 1
            new.say(f"Your coin came up {new.faces[seat]}.", visible_to=(seat,))
        else:
            new.kept[seat] = True
        waiting = [other for other in range(seat + 1, seat + 1 + len(new.kept)) if not new.kept[other % len(new.kept)]]
        if waiting:
            new.active = waiting[0] % len(new.kept)
        else:
            new.info_epoch += 1
            shown = "; ".join(f"{new.name(index)}: {face}" for index, face in enumerate(new.faces))
            new.say(f"Every coin is shown. {shown}.")
        return new

    def view(self, state: CoinState, seat: int) -> CoinState:
        over = self.is_over(state)
        faces = [face if over or index == seat else UNSEEN for index, face in enumerate(state.faces)]
        return shallow_copy(state, seed=0, rng_draws=0, faces=faces, log=visible_log(state.log, seat))

    def outcome(self, state: CoinState) -> Outcome:
        totals = tuple(int(face == HEADS) for face in state.faces)
        return Outcome(totals=totals, winners=tuple(seat for seat, total in enumerate(totals) if total == max(totals)))

    def log_line(self, state: CoinState, seat: int, action: Any) -> str:
        if isinstance(action, Toss):
            return f"{state.name(seat)} tossed the coin again."
        return f"{state.name(seat)} kept the coin."
