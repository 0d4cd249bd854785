"""Everbloom's rules: the nectar draft, three rounds of wilderness, migration and
pollination, and the final nectar, bloom-track and habitat scoring.

Rules decisions (where the rulebook leaves room, decided as a player would expect):

 1. Factions are chosen per seat (options `faction_1`..`faction_4`); a seat left to
    chance is dealt one nobody chose, at random.
 2. A landmark theme is offered only for the seat counts it is printed for (content:
    `players`): Duo, selected for two players, only to two seats; none is given an
    invented extra tile.
 3. The nectar draft is simultaneous and secret: each seat's discard (and so the grove
    its "3" pollinator goes to) is revealed when every seat has chosen.  Discarded
    nectar cards leave the game.
 4. The "3" pollinator of setup is three pollinators taken from the supply.
 5. An event whose placement biome matches no top hybrid goes onto the empty space.
    Only the top hybrid moves; the event goes on the rest of its stack.
 6. The hive goes on a numbered (non-wildlife) landmark space it has not covered
    before in this game; if it has covered them all, the least recently covered.
    It covers that landmark: everybody but the Bees follows the hive's rule there
    instead of the landmark's; the Bees follow no rule there.  The landmark under
    the hive still counts (and flips) at the end of the round; the hive never flips.
 7. "If lowest / If highest" compares the chip with the chips already on the
    landmark when it is placed: strictly lower (higher) than each of them; a chip on
    an empty landmark is both.
 8. "Distribute pollinators evenly": over all the cards the chip reaches, no card
    gets two more than another.  "Send pollinators to one card": all go to one card.
 9. A chip may go only where all of its pollinators can be sent under every landmark
    and card rule (storms, edges).  A faction sends what it has when supply and
    groves together hold fewer pollinators than the chip calls for.
10. A chip with no legal landmark sends its value in pollinators from the supply to
    one grove of its owner's choice; the chip is spent for the round.
11. Storm of Snow / Rain bind the faction's first chip of the round when any chip it
    holds has a placement that satisfies the storm: then only such placements are
    legal (a chip that cannot obey may neither be placed nor go to a grove).  Under
    two storms the first chip must obey as many of them as any placement of any chip
    can.  "Adjacent" includes the Lemurs' reach.
12. Edge of the Sea is mandatory when able (the faction chooses the grove); Edge of the
    Forest and the Butterflies' move are optional; they happen before sending.  The
    moved pollinator may go to any other card with a card on it.
13. The Hummingbirds choose per placement of the "2" whether to disregard the
    landmark's rule (losing its bonus too); card rules still bind.
14. Bats: "the chip directly beneath" is the top chip of the stack before placing;
    the marker stops at the track's end.  The cave bonus is chosen after the migration.
15. Gains come from the supply; a gain finds nothing when the supply is empty.
    Nectar cards are drawn while the deck lasts.
16. Wildlife landmarks: nobody wins one without chips.  If nobody wins the western
    landmark, the eastern winner chooses either bonus.  The wildlife card option is
    offered only while wildlife cards remain.
17. Events' "of your choice" counts (Petals of Anteri, Sprouting Cacti) take the best
    grove / biome for the winner.  Dune/Coral Blossom ties use the usual tie rules.
18. Bloom cards stay on display when completed; any faction may complete any of them
    any number of times.  Chip objectives count every landmark stack (wildlife ones
    included) at the start of migration, before the western landmark resolves;
    habitat tile C counts the stacks still on the board when it scores (ruling 24).
19. Pollination: a seat may stop before spending everything; auto-pollinating cards
    (and wildlife cards) flip for free when the grove is taken.  Choices stay hidden
    and are applied together, in turn order, when every seat has finished.  The
    1 point per pollinated card counts every pollinated card in the habitat.
20. Nectar majorities: factions tied on a total share the places they span and are
    paid at the rate of the lowest of them: two tied for the most hold first and
    second (1 per 2) and the next total is third (1 per 3); three or more tied for
    the most, or two or more tied for second, get 1 per 3.  A faction with no nectar
    in a biome scores nothing there.
21. Habitat tile D at night never scores below 0.
22. A chip sends every pollinator its supply holds; beyond that, sending from the
    groves is optional: each one comes from a grove the faction picks, and it may
    stop (Skip) whenever what it sent keeps every rule.  A chip may go where some
    count from its supply's share up to all it could send keeps every rule.
23. Pollinators spent in pollination go back to the supply.
24. A wildlife landmark's chips are collected when it resolves in the migration, so
    from then on they count for neither tile C nor anything else; the other chips
    stay on the landmarks until the end of the round.
25. A card of several biomes: each loser picks a matching grove for its pollinators
    and the winner a matching biome; a wild card matches every biome.  The wildlife
    card taken is the top of the face-up stack.
26. End of round flips: the lowest, then the highest number among the landmarks still
    showing a number.
27. Bloom-track bonuses from landmarks (13, 21 flipped, 7, 25) are taken at once in
    the wilderness; only bloom cards wait for migration and pollination.
28. Information: every card space's deck (a biome, or "mixed" with four seats) is
    public from setup, and a face-down top shows its back.  The top card of every
    stack turns face up at the start of each round and only then: a card uncovered
    by migration stays face down until the next round (on a mixed space its back is
    news, so the information epoch rises).
29. Every tie is told in the log, with the tie-break that settled it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from boardgames_tui.engine.contract import GameRules
from boardgames_tui.games.everbloom.model import Action, EverbloomOptions, EverbloomState
from boardgames_tui.games.everbloom.rules.setup import Setup
from boardgames_tui.games.everbloom.rules.actions import Actions
from boardgames_tui.games.everbloom.rules.wilderness import Wilderness
from boardgames_tui.games.everbloom.rules.storms_and_hive import StormsAndHive
from boardgames_tui.games.everbloom.rules.migration import Migration
from boardgames_tui.games.everbloom.rules.pollination import Pollination
from boardgames_tui.games.everbloom.rules.scoring import Scoring, place_words

# Other modules (news, hints, search, the screen, tests) import these from the rules.
from boardgames_tui.games.everbloom.rules.common import (  # noqa: F401
    BIOMES,
    MIGRATION_BEGINS,
    Plan,
    ROUNDS,
    auto_pollinates,
    biome_name,
    card_biomes,
    card_cost,
    card_info,
    card_name,
    first_player_line,
    majority_divisors,
    move_words,
    nectar_card_name,
    send_action,
    space_card_name,
    splits_keeping_rules,
)


class EverbloomRules(Setup, Actions, Wilderness, StormsAndHive, Migration, Pollination, Scoring, GameRules[EverbloomState]):
    """Everbloom's rules, one part for each phase (see each module)."""

    slug: ClassVar[str] = "everbloom"
    title: ClassVar[str] = "Everbloom"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[BaseModel]] = EverbloomOptions
    state_model = EverbloomState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)
