"""Everbloom's moves in the words of the seat making them, with what they do, for hints.

`explain_move(rules, view, seat, action)` names the card, chip, landmark or grove
("Discard the Forest nectar card (3)", "Place your 3 on landmark 12, sending 2 to
Pearl Narwhal and 1 to Coral Wyrm") and gives a reason in the game's terms, computed
from the rules' own scoring on `seat`'s view: which cards the seat would lead or tie
on, the points a tile or a bloom-track step is worth, the nectar standing a card
changes.  Nothing here looks past the view.

A split is not one action of the rules: a chip is placed (`PlaceChip`), then each
pollinator is sent on its own (`SendPollinator`).  `suggest_split` gives the split
the hint has in mind for a placement, so that a screen showing a chip's split before
it is placed can show the same counts the hint's words name.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from boardgames_tui.engine.contract import MoveExplanation
from boardgames_tui.engine.text import and_list, plural
from boardgames_tui.games.everbloom import content as C
from boardgames_tui.games.everbloom.model import (
    ChipToGrove,
    Choose,
    DiscardNectar,
    EverbloomState,
    FinishPollination,
    MovePollinator,
    PlaceChip,
    Pollinate,
    PullFromGrove,
    SendPollinator,
    Skip,
    TakeGrove,
    is_hidden,
)
from boardgames_tui.games.everbloom.rules import (
    BIOMES,
    auto_pollinates,
    biome_name,
    card_biomes,
    card_cost,
    card_info,
    card_name,
    majority_divisors,
    nectar_card_name,
    place_words,
    send_action,
    splits_keeping_rules,
)

if TYPE_CHECKING:
    from boardgames_tui.games.everbloom.rules import EverbloomRules, Plan

_NECTAR = {card.id: card for card in C.nectar_cards()}
_TRACK = C.bloom_track()
_CAVE = C.cave_track()
_NUM = C.numbers()
_WILDLIFE = {card.id: card for card in C.wildlife_cards()}


# -- small words ------------------------------------------------------------------------------------
def _top(view: EverbloomState, space: str) -> str:
    stack = view.stacks.get(space) or []
    return card_name(stack[0]) if stack else f"the empty space {space}"


def _chip(action: PlaceChip | ChipToGrove) -> str:
    return 'your first player\'s "1" chip' if action.first_chip else f"your {action.chip}"


def gain_words(gain: C.Gain) -> str:
    """What a bonus gives: "2 points, 1 bloom-track step and a nectar card"."""
    parts = []
    if gain.points:
        parts.append(plural(gain.points, "point"))
    if gain.bloom:
        parts.append(plural(gain.bloom, "bloom-track step"))
    if gain.nectar_cards:
        parts.append(plural(gain.nectar_cards, "nectar card"))
    if gain.groves:
        parts.append(plural(len(gain.groves), "pollinator") + " in a grove")
    return and_list(parts) or "nothing"


def _majority_points(values: list[int], seat: int) -> int:
    divisor = majority_divisors(values)[seat]
    return values[seat] // divisor if divisor else 0


# -- leads on the cards -------------------------------------------------------------------------------
def _lead_words(view: EverbloomState, seat: int, space: str, mine: int) -> tuple[int, str]:
    """(1 lead, 0 tie, -1 behind) and "Pearl Narwhal (3 to 2)" for `mine` pollinators there."""
    counts = view.pollinators.get(space, [0] * len(view.players))
    best = max((count for other, count in enumerate(counts) if other != seat), default=0)
    words = f"{_top(view, space)} ({mine} to {best})"
    if mine > best:
        return 1, words
    return (0 if mine == best and mine else -1), words


def _top_id(view: EverbloomState, space: str) -> str:
    """The card on top of `space` ('' when there is none, or it is unseen)."""
    stack = view.stacks.get(space) or []
    return stack[0] if stack and not is_hidden(stack[0]) else ""


def gain_worth(gain: C.Gain) -> float:
    """A bonus in points, as the hints weigh it: a point each, a bloom-track step about a
    point, a nectar card about two, a pollinator in a grove half a point."""
    return gain.points + gain.bloom + 2 * gain.nectar_cards + 0.5 * len(gain.groves)


# A bonus scoring per grove, biome or nectar card of the winner's: about this many points.
_POINTS_PER_WORTH = 3.0


@cache
def _card_worths(card: str) -> tuple[float, int, float, float]:
    """What the pollinators sent to the card `card` ('' unseen) may take, in points as the
    hints weigh them: (its winner: its nectar plus one and its bonus for the winner; the
    pollinators its public bonus asks of everyone (0: none); that bonus; each faction
    with pollinators there that does not win it)."""
    if not card:
        return 1.0, 0, 0.0, 0.0
    info = card_info(card)
    ability = getattr(info, "ability", None)
    kind = ability.kind if ability is not None else ""
    win = info.nectar + 1.0
    if kind == "gain":
        win += gain_worth(ability.gain)
    elif kind == "points_per":
        win += _POINTS_PER_WORTH
    if kind == "public":
        return win, ability.min_pollinators, gain_worth(ability.gain), 0.0
    if kind == "public_losers":
        return win, 0, 0.0, gain_worth(ability.gain)
    return win, 0, 0.0, 0.0


def _split_reason(view: EverbloomState, seat: int, counts: dict[str, int]) -> str:
    leads, ties, behind = [], [], []
    for space, added in counts.items():
        if not added:
            continue
        mine = view.pollinators[space][seat] + added
        outcome, words = _lead_words(view, seat, space, mine)
        (leads if outcome > 0 else ties if outcome == 0 else behind).append(words)
    parts = []
    if leads:
        parts.append(f"lead on {and_list(leads)}")
    if ties:
        parts.append(f"tie on {and_list(ties)}")
    if behind:
        parts.append(f"still trail on {and_list(behind)}")
    # "you would" once, before whichever comes first.
    return f"you would {', '.join(parts)}" if parts else ""


def suggest_split(rules: EverbloomRules, view: EverbloomState, seat: int, place: PlaceChip) -> dict[str, int]:
    """How the hint would share out the pollinators of `place` over the cards it
    reaches: every split the cards' and the landmark's rules allow, the one whose
    pollinators take the most (the cards it leads on, their bonuses, the public bonuses
    it reaches: `_best_split`; then tying on the most cards, then the most even).  Empty
    when the chip sends nothing."""
    return best_split(rules, view, seat, place)[1]


def best_split(
    rules: EverbloomRules, view: EverbloomState, seat: int, place: PlaceChip
) -> tuple[tuple[float, int, int], dict[str, int]]:
    """`suggest_split`'s split with its rank (`_best_split`); (0, 0, 0) and an empty split
    when the chip sends nothing."""
    plan = rules.plan(view, seat, place.chip, place.landmark, place.ignore_rule)
    if plan.reason is not None or not plan.targets or plan.count <= 0:
        return (0, 0, 0), {}
    return best_split_of(view, seat, plan, plan.count, view.pollinators)


def best_split_of(
    view: EverbloomState, seat: int, plan: Plan, count: int, counts: dict[str, list[int]],
    sent: dict[str, int] | None = None, *, whole: bool = False, standings: dict[str, Any] | None = None,
) -> tuple[tuple[float, int, int], dict[str, int]]:
    """The best split of `count` pollinators over `plan`'s cards, given the pollinators
    on them (`counts`) and those of the chip already `sent` (their sum with the split
    must keep every rule: `splits_keeping_rules`), with its rank (`_best_split`); (0, 0,
    0) and an empty split when none keeps the rules.  The rank is of the split alone on
    `counts`, or, `whole`, of the chip's whole split (what was sent and the split) on
    the counts before the chip: the split that completes the chip as its hint would
    have split it.  `standings` keeps each card's standing for the next call on the
    same `counts` (not `whole`): a quick game's answer weighs every placement."""
    assert standings is None or not whole, "a whole split's standing depends on what was sent"
    targets = plan.targets
    already = tuple(sent[space] for space in targets) if sent is not None else (0,) * len(targets)
    # Per card: the seat's pollinators there (before the chip, `whole`), the most any
    # other seat has, and what its pollinators may take.
    standing = []
    for space, before in zip(targets, already):
        known = None if standings is None else standings.get(space)
        if known is None:
            here = counts[space]
            # The other seats' counts, sliced out: every placement of every hint's quick game asks.
            others = max(here[:seat] + here[seat + 1:], default=0)
            known = (here[seat] - (before if whole else 0), others, _card_worths(_top_id(view, space)))
            if standings is not None:
                standings[space] = known
        standing.append(known)
    rank, chosen = _best_split(count, already, plan.limits, plan.one_card, plan.even, whole, tuple(standing))
    if rank is None:
        return (0, 0, 0), {}
    return rank, dict(zip(targets, chosen))


@lru_cache(maxsize=65536)
def _best_split(
    count: int, already: tuple[int, ...], limits: tuple[tuple[int, int, int], ...], one_card: bool, even: bool,
    whole: bool, standing: tuple[tuple[int, int, tuple[float, int, float, float]], ...],
) -> tuple[tuple[float, int, int] | None, tuple[int, ...]]:
    """The best of the splits keeping the rules (see `best_split_of`) and its rank: (what
    its pollinators take, in points as the hints weigh them: each card it leads on, each
    public bonus it reaches that the seat had not, and for a card it trails or ties on, a
    bonus for the losers; the cards it ties on; minus its largest count), the best rank
    first, the first such split in `splits_keeping_rules`' order on a tie.  A hint's
    quick games ask the same few questions over and over, so the answers are kept."""
    best: tuple[float, int, int] | None = None
    chosen: tuple[int, ...] = ()
    for split in splits_keeping_rules(count, already, limits, one_card, even):
        ranked = tuple(before + more for before, more in zip(already, split)) if whole else split
        worth = 0.0
        tied = 0
        for more, (mine, others, (win, public_min, public, losers)) in zip(ranked, standing):
            if not more:
                continue
            final = mine + more
            if final > others:
                worth += win
            else:
                worth += losers
                tied += final == others
            if public_min and mine < public_min <= final:
                worth += public
        rank = (worth, tied, -max(ranked))
        if best is None or rank > best:
            best, chosen = rank, split
    return best, chosen


def rest_of_split(
    view: EverbloomState, seat: int, plan: Plan, sent: dict[str, int], counts: dict[str, list[int]] | None = None
) -> dict[str, int]:
    """How many more of a chip's pollinators (`plan.count` of them, `sent` having gone;
    the pollinators on the cards `counts`, or the view's) the hint would send to each
    card: the best split of the whole chip (`best_split`'s measure) among those that keep
    what was sent, so that while the sends keep to the split the chip's hint named,
    the rest is the rest of that split."""
    return best_split_of(view, seat, plan, plan.count, view.pollinators if counts is None else counts, sent, whole=True)[1]


def split_sends(
    rules: EverbloomRules, view: EverbloomState, seat: int, place: PlaceChip, split: dict[str, int] | None = None
) -> tuple[SendPollinator, ...]:
    """`suggest_split`'s split (or `split`) as the rules take it (`sends_of`)."""
    return sends_of(view, seat, suggest_split(rules, view, seat, place) if split is None else split)


def sends_of(view: EverbloomState, seat: int, split: dict[str, int]) -> tuple[SendPollinator, ...]:
    """A split (card space -> count) as the rules take it, one send per pollinator: from
    the supply while it lasts, then from the seat's groves in the board's order (what
    the screen's counters send for it by default)."""
    supply = view.players[seat].supply
    groves = [biome for biome in BIOMES for _ in range(view.groves[biome][seat])]
    sends = []
    for space, count in split.items():
        for _ in range(count):
            grove = None if supply > 0 else (groves.pop(0) if groves else None)
            supply -= 1
            sends.append(send_action(space, grove))
    return tuple(sends)


# -- the moves ------------------------------------------------------------------------------------------
def explain_move(rules: EverbloomRules, view: EverbloomState, seat: int, action: Any) -> MoveExplanation:
    """`action` in `seat`'s own words with what it does, from `seat`'s `view`."""
    if isinstance(action, DiscardNectar):
        return _discard(view, seat, action)
    if isinstance(action, PlaceChip):
        return _place(rules, view, seat, action)
    if isinstance(action, ChipToGrove):
        grove = biome_name(action.grove)
        return MoveExplanation(
            f"Send {_chip(action)} to the {grove} grove",
            f"no landmark takes it; {plural(action.chip, 'pollinator')} wait there for pollination",
        )
    if isinstance(action, SendPollinator):
        return _send(rules, view, seat, action)
    if isinstance(action, MovePollinator):
        return _move(view, seat, action)
    if isinstance(action, PullFromGrove):
        step = view.turn.steps[0] if view.turn is not None and view.turn.steps else ""
        space = step.partition(":")[2]
        target = f" to {_top(view, space)}" if space else ""
        return MoveExplanation(
            f"Bring a pollinator from your {biome_name(action.grove)} grove{target}",
            "Edge of the Sea asks for one of your pollinators there",
        )
    if isinstance(action, Skip):
        if view.turn is not None and not view.turn.steps:
            return MoveExplanation("Leave the rest of the chip's pollinators in your groves", "what you sent keeps every rule")
        return MoveExplanation("Move no pollinator", "every pollinator stays where it is")
    if isinstance(action, Choose):
        return _choose(rules, view, seat, action.option)
    if isinstance(action, TakeGrove):
        return _take(view, seat, action.grove)
    if isinstance(action, Pollinate):
        return _pollinate(rules, view, seat, action.card)
    if isinstance(action, FinishPollination):
        work = view.players[seat].pollination
        left = work.left if work is not None else 0
        if action.grove is None or not left:
            return MoveExplanation("Finish pollinating", "nothing is left to pay with")
        return MoveExplanation(
            f"Finish pollinating: {plural(left, 'leftover pollinator')} to the {biome_name(action.grove)} grove",
            f"your {biome_name(action.grove)} grove would hold {view.groves[action.grove][seat] + left}",
        )
    return MoveExplanation(rules.log_line(view, seat, action))


def _discard(view: EverbloomState, seat: int, action: DiscardNectar) -> MoveExplanation:
    info = _NECTAR.get(action.card)
    if info is None:
        return MoveExplanation("Discard a nectar card")
    kept = [card for card in view.players[seat].draft if card != action.card]
    grove = biome_name(info.biome)
    return MoveExplanation(
        f"Discard the {grove} nectar card ({info.nectar})",
        f"you keep {and_list([nectar_card_name(card) for card in kept])}; "
        f"{plural(_NUM.discard_grove_pollinators, 'pollinator')} go to the {grove} grove",
    )


def _place(rules: EverbloomRules, view: EverbloomState, seat: int, action: PlaceChip) -> MoveExplanation:
    where = rules.landmark_label(view, action.landmark)
    split = suggest_split(rules, view, seat, action)
    sends = [f"{count} to {_top(view, space)}" for space, count in split.items() if count]
    words = f"Place {_chip(action)} on {where}"
    if action.ignore_rule:
        words += ", disregarding its rule"
    if sends:
        words += f", sending {and_list(sends)}"
    reasons = []
    if split:
        reasons.append(_split_reason(view, seat, split))
    plan = rules.plan(view, seat, action.chip, action.landmark, action.ignore_rule)
    if plan.bloom:
        reasons.append(f"{plural(plan.bloom, 'bloom-track step')} from the landmark")
    chips = view.chips.get(action.landmark, [])
    if rules.is_wildlife(view, action.landmark):
        totals = [0] * len(view.players)
        for chip in chips:
            totals[chip.seat] += chip.value
        mine = totals[seat] + action.chip
        best = max((t for other, t in enumerate(totals) if other != seat), default=0)
        state = "lead" if mine > best else "tie" if mine == best else "trail"
        reasons.append(f"you would {state} at {where} ({mine} to {best} in chips)")
    player = view.players[seat]
    if player.faction == "bats" and chips and action.chip > chips[-1].value:
        reasons.append("your cave marker moves on")
    return MoveExplanation(words, "; ".join(reason for reason in reasons if reason) or None)


def _send(rules: EverbloomRules, view: EverbloomState, seat: int, action: SendPollinator) -> MoveExplanation:
    """A send in words.  While more of the chip's pollinators are to go, the words name
    the whole split it begins, the rest as the hint would send them ("Send 4
    pollinators: 2 to Mangrove Ray and 2 to Orchid Tree Frog"): a send's hint is
    searched with them sent so (`search.finish_sends`), the screen's counters take that
    split, and two sends that begin the same split are one move (their words are the
    same), so a hint never calls them "either is fine"."""
    source = f" from your {biome_name(action.grove)} grove" if action.grove else ""
    split = split_of_send(rules, view, seat, action)
    total = sum(split.values())
    if total <= 1:
        mine = view.pollinators[action.space][seat] + 1
        outcome, words = _lead_words(view, seat, action.space, mine)
        state = "you would lead on" if outcome > 0 else "you would tie on" if outcome == 0 else "you would still trail on"
        return MoveExplanation(f"Send a pollinator{source} to {_top(view, action.space)}", f"{state} {words}")
    named = and_list([f"{count} to {_top(view, space)}" for space, count in split.items() if count])
    first = f" (the first{source})" if source else ""
    return MoveExplanation(f"Send {total} pollinators{first}: {named}", _split_reason(view, seat, split) or None)


def split_of_send(rules: EverbloomRules, view: EverbloomState, seat: int, action: SendPollinator) -> dict[str, int]:
    """What a send's hint words name (card space -> count): `action`'s pollinator and
    the rest of the chip's as the hint would send them, in the cards' order; `view`
    shows the chip at its sends."""
    rest = _rest_after(rules, view, seat, action)
    targets = list(view.turn.targets) if view.turn is not None else [action.space]
    return {space: rest.get(space, 0) + (space == action.space) for space in targets}


def _rest_after(rules: EverbloomRules, view: EverbloomState, seat: int, action: SendPollinator) -> dict[str, int]:
    """The rest of the chip's pollinators after `action`, as the hint would send them
    (`rest_of_split`); empty when `action` is the last or no chip is at its sends."""
    plan = rules.sending_plan(view, seat)
    if plan is None or plan.count <= 1 or action.space not in plan.targets:
        return {}
    plan.count -= 1
    sent = {space: view.turn.sent.get(space, 0) for space in plan.targets}
    sent[action.space] += 1
    counts = {space: list(view.pollinators[space]) for space in plan.targets}
    counts[action.space][seat] += 1
    return rest_of_split(view, seat, plan, sent, counts)


def _leads(view: EverbloomState, seat: int, pollinators: dict[str, list[int]]) -> int:
    led = 0
    for space, counts in pollinators.items():
        others = max((c for other, c in enumerate(counts) if other != seat), default=0)
        if counts[seat] > others and view.stacks.get(space):
            led += 1
    return led


def _move(view: EverbloomState, seat: int, action: MovePollinator) -> MoveExplanation:
    whose = "one of your pollinators" if action.owner == seat else f"a pollinator of {view.name(action.owner)}"
    after = {space: list(counts) for space, counts in view.pollinators.items()}
    after[action.source][action.owner] -= 1
    after[action.target][action.owner] += 1
    before_leads, after_leads = _leads(view, seat, view.pollinators), _leads(view, seat, after)
    return MoveExplanation(
        f"Move {whose} from {_top(view, action.source)} to {_top(view, action.target)}",
        f"you would lead on {plural(after_leads, 'card')} (now {before_leads})",
    )


def _nectar_after(rules: EverbloomRules, view: EverbloomState, seat: int, biome: str, extra: int) -> str:
    """Your nectar in `biome` after `extra` more, with your place, as far as you know."""
    values = list(rules.nectar_totals(view)[biome])
    before = _majority_points(values, seat)
    values[seat] += extra
    after = _majority_points(values, seat)
    change = f", {after - before:+d} at the end" if after != before else ""
    return f"your {biome_name(biome)} nectar would be {values[seat]} ({place_words(values, seat)}{change})"


def _choose(rules: EverbloomRules, view: EverbloomState, seat: int, option: str) -> MoveExplanation:
    choice = view.choice
    if choice is None:
        return MoveExplanation(f"Choose {option}")
    task = choice.task
    kind = task.kind
    if kind == "hive":
        number = view.landmarks[option][0]
        return MoveExplanation(
            f"Set the beehive on landmark {number}",
            f"the other factions follow the hive's rule there: {C.hive().rule.summary}",
        )
    if kind == "event":
        event = card_name(task.card)
        return MoveExplanation(
            f"Let {event} take the place of {_top(view, option)}", f"{_top(view, option)} moves to the empty space"
        )
    if kind == "wildlife_bonus":
        player = view.players[seat]
        if option == "bloom":
            steps = _NUM.wildlife_bloom_advances
            end = min(player.bloom + steps, len(_TRACK.spaces) - 1)
            worth = _TRACK.points_at(end) - _TRACK.points_at(player.bloom)
            cards = _TRACK.nectar_cards_between(player.bloom, end)
            extra = f" and {plural(cards, 'nectar card')}" if cards else ""
            return MoveExplanation(
                f"Take {plural(steps, 'bloom-track step')}", f"worth {plural(worth, 'point')} at the end{extra}"
            )
        top = view.wildlife_deck[0] if view.wildlife_deck else ""
        name = _WILDLIFE[top].name if top in _WILDLIFE else "a wildlife card"
        nectar = f"{_WILDLIFE[top].nectar} nectar in any biome, " if top in _WILDLIFE else ""
        return MoveExplanation(f"Take the wildlife card {name}", f"{nectar}it pollinates itself")
    if kind == "loser":
        moved = view.pollinators.get(task.space, [0] * len(view.players))[seat]
        return MoveExplanation(
            f"Send your {plural(moved, 'pollinator')} from {card_name(task.card)} to the {biome_name(option)} grove",
            f"your {biome_name(option)} grove would hold {view.groves[option][seat] + moved}",
        )
    if kind == "place":
        name = card_name(task.card)
        player = view.players[seat]
        reasons = [f"once pollinated, {_nectar_after(rules, view, seat, option, card_info(task.card).nectar)}"]
        if task.card not in _WILDLIFE:
            letter = player.tiles.get(option)
            reasons.append(
                f"habitat tile {letter} there scores again" if letter else "that biome gets a habitat tile (no −5 for it)"
            )
        return MoveExplanation(f"Place {name} in your {biome_name(option)} biome", "; ".join(reasons))
    if kind == "tile":
        mine = task.counts[seat] if task.counts else 0
        points = rules.tile_points(view, seat, option, task.card, mine)
        return MoveExplanation(
            f"Put habitat tile {option} on your {biome_name(task.text)} biome", f"it scores {plural(points, 'point')} now"
        )
    if kind == "grove_gain":
        return MoveExplanation(
            f"Gain a pollinator in the {biome_name(option)} grove",
            f"your {biome_name(option)} grove would hold {view.groves[option][seat] + 1}",
        )
    if kind == "bats":
        gain = _CAVE.spaces[int(option) - 1].gain
        return MoveExplanation(f"Take cave bonus {option}", f"it gives {gain_words(gain)}")
    return MoveExplanation(f"Choose {option}")


def _affordable(view: EverbloomState, seat: int, budget: int) -> tuple[list[str], list[str]]:
    """(the cards that pollinate themselves, the unpollinated cards `budget` pollinators
    would pay for, most nectar first)."""
    cards = [card.id for cards in view.players[seat].habitat.values() for card in cards if not card.pollinated]
    free = [card for card in cards if auto_pollinates(card)]
    paid = []
    for card in sorted((c for c in cards if not auto_pollinates(c)), key=lambda c: -card_info(c).nectar):
        if card_cost(card) <= budget:
            paid.append(card)
            budget -= card_cost(card)
    return free, paid


def _take(view: EverbloomState, seat: int, grove: str) -> MoveExplanation:
    taken = view.groves[grove][seat]
    free, paid = _affordable(view, seat, taken)
    reasons = []
    if paid:
        nectar = sum(card_info(card).nectar for card in paid)
        reasons.append(f"enough to pollinate {and_list([card_name(card) for card in paid])} ({nectar} nectar)")
    if free:
        names = and_list([card_name(card) for card in free])
        reasons.append(f"{names} {'pollinates itself' if len(free) == 1 else 'pollinate themselves'}")
    if not reasons:
        reasons.append("no card of yours needs pollinators" if taken else "nothing to pollinate")
    what = f"your {plural(taken, 'pollinator')} from the {biome_name(grove)} grove" if taken else f"the {biome_name(grove)} grove (none of yours there)"
    return MoveExplanation(f"Take {what}", "; ".join(reasons))


def _pollinate(rules: EverbloomRules, view: EverbloomState, seat: int, card: str) -> MoveExplanation:
    player = view.players[seat]
    biome = next((b for b in BIOMES if any(c.id == card for c in player.habitat[b])), card_biomes(card)[0])
    cost = card_cost(card)
    reason = (
        f"{_nectar_after(rules, view, seat, biome, card_info(card).nectar)}; "
        f"{plural(_NUM.points_per_pollinated_card, 'point')} at every pollination from now on"
    )
    return MoveExplanation(f"Pollinate {card_name(card)} (cost {cost})", reason)
