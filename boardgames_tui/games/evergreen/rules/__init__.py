"""Evergreen's rules, with the Cherry Blossoms and Bamboo modules.

Rules choices where the rulebooks are silent (also in assets/evergreen/rules.md):

- Flow of a round: a sequential draft (first player, then clockwise), then the
  leftover card is resolved (a wild leftover with a fertility-type icon waits for
  the last picker's biome), then every seat's drafted power rises one level and the
  action phase is simultaneous.
- The action phase is a sequence of small steps per seat (power uses, action
  steps, lake growths) ending with Done.  Each step is applied at once to that
  seat's private working board (`Plan.board`); other seats' views show only the
  public board and whether the seat is done.  When the last seat is done, every plan
  is revealed together (info_epoch rises) and carried out on the public board
  (against the shared pool, below).
- The action is not chosen up front: its steps so far must fit one of the four
  options (plant up to 3 / grow 2 / plant 1 + grow 1, all in the card's biome or,
  for a wild card, in one biome of the player's choice; or one step anywhere).
  Every count is an upper limit and Done may come at any time.  A step's space must
  differ from the action's other steps; powers and lake growths may touch any space.
- Powers come before the first action step or after the last one: the first power
  use after an action step closes the action.  The points power is one use that
  scores the power's level (the same as "up to level uses of 1 point each").
- A lake's two growths must come straight after the lake; any other step gives up
  the ones not taken.  Growth means sprout → small tree or small tree → big tree;
  cherry trees and bamboo never grow by actions or lakes.
- One shared pool holds every piece in the box (45 sprouts, 54 small trees, 61 big
  trees, 20 bushes, 20 lakes; with the modules 30 cherry trees, 20 small and 20 big
  bamboo).  It is public and changes only at a reveal and at a season's bamboo
  growth.  A growth gives the smaller piece back to the pool.
- While planning, a seat may take only what the pool held at the last reveal, less
  what its own plan has taken so far; a step past that is refused at once, with the
  reason.  Others' plans are secret, so together the revealed plans may still want
  more than the pool holds: at the reveal the plans are carried out one seat at a
  time in turn order from the player who led this round's draft, each step in the
  order it was planned.
  A step whose piece the pool no longer holds is refused and logged, and so is a
  later step of the same plan that relied on it (a growth of a sprout that was not
  planted, a lake's growths when the lake was not placed).  The rest goes ahead.
- Every lit small bamboo grows, as long as the pool holds a big bamboo: planets in
  turn order from the holder of the first-player marker (who leads the next round),
  on each planet the ones nearest the sun first (equal distances line by line); any
  the pool cannot cover stay small, logged.
- If nobody takes the card with the first-player marker, the lead passes clockwise.
- A draft row that the deck cannot fill is completed from the discard pile,
  shuffled.  Setup's reveal shuffles back wild, multiplier, aridity and blank cards.
- An aridity leftover turns the last card of its biome's stack (the top one) face
  down, whatever it shows, even an earlier aridity card; then it joins the stack
  face up on top (it counts as a card for multipliers).  On an empty stack it just
  joins.
- Light: sprouts, bushes and lakes have height 0 and neither shade nor score.  The
  biggest forest counts small and big trees, bushes, cherry trees and bamboo, 1 point
  each; sprouts and lakes are not part of a forest.
- Ties are won by the player earliest in turn order, counted from the player holding
  the first-player marker at the end.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from boardgames_tui.engine.contract import GameRules
from boardgames_tui.games.evergreen.model import Action, EvergreenOptions, EvergreenState
from boardgames_tui.games.evergreen.rules.setup import Setup
from boardgames_tui.games.evergreen.rules.actions import Actions
from boardgames_tui.games.evergreen.rules.seasons import Seasons
from boardgames_tui.games.evergreen.rules.scoring import Scoring

# The game's other modules (news, search, catalogue, the screen) and the tests import these from the rules.
from boardgames_tui.games.evergreen.rules.common import (  # noqa: F401
    BASE_POWERS,
    BIG,
    BIG_BAMBOO,
    BIOME_AT,
    BIOME_KEYS,
    BIOME_NAMES,
    BOX,
    CARDS,
    CELLS,
    CHERRY,
    COLUMNS,
    EMPTY,
    EMPTY_BOARD,
    GROWTH,
    PIECE_NAMES,
    PLAYABLE,
    POINTS,
    POWERS,
    POWER_TRACK_MAX,
    RAVINE,
    SEASONS,
    SEASON_ROUNDS,
    SIZE,
    SMALL_BAMBOO,
    SUN,
    TOTAL_ROUNDS,
    bamboo_biomes,
    big_trees_by_biome,
    biggest_forest,
    biggest_forest_size,
    card_label,
    fertility_points,
    fertility_values,
    forests,
    grow_bamboo,
    light_points,
    light_preview,
    lit_spaces,
    open_options,
    options_with_room,
    player_fertility,
    pool_left,
    pool_line,
    progress_words,
    season_preview,
    space_name,
    sun_edge,
    turn_order,
    working_board,
)


class EvergreenRules(Setup, Actions, Seasons, Scoring, GameRules[EvergreenState]):
    """Evergreen's rules, one part for each phase (see each module)."""

    slug: ClassVar[str] = "evergreen"
    title: ClassVar[str] = "Evergreen"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = EvergreenOptions
    state_model = EvergreenState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)
