"""Play the same random hand through pokerfloor and PokerKit, step by step, and compare.

Seats: pokerfloor seats 1..n with the button on seat n, so seat ``k`` is PokerKit's player
``k - 1`` in every table size (PokerKit's heads-up arrays are reversed the same way the button
posts the small blind). Cards are drawn once and given to both engines.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pokerkit as pk

import pokerfloor as pf

AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.CARD_BURNING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
    pk.Automation.RUNOUT_COUNT_SELECTION,
)


@dataclass
class Spec:
    """One random deal: the structure, stakes, stacks and cards."""

    structure: str
    variant: str
    stacks: list[int]
    blinds: tuple[int, int]
    ante: int
    holes: list[str]
    board: str
    seed: int
    notes: list[str] = field(default_factory=list)


def random_spec(seed: int, structure: str) -> Spec:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    variant = "omaha" if structure == "pot_limit" else "holdem"
    holes_per = 4 if variant == "omaha" else 2
    blinds = (1, 2)
    stacks = [rng.choice([rng.randint(1, 30), rng.randint(20, 400)]) for _ in range(n)]
    ante = rng.choice([0, 0, 1])
    deck = [str(c) for c in reversed(pf.Deck(rng).deal(52))]
    holes = ["".join(deck.pop() for _ in range(holes_per)) for _ in range(n)]
    board = "".join(deck.pop() for _ in range(5))
    return Spec(structure, variant, stacks, blinds, ante, holes, board, seed)


def make_pokerfloor(spec: Spec) -> pf.Hand:
    n = len(spec.stacks)
    if spec.structure == "fixed_limit":
        game = pf.Game(
            variant=spec.variant,
            structure="fixed_limit",
            small_blind=spec.blinds[0],
            big_blind=spec.blinds[1],
            small_bet=2,
            big_bet=4,
            ante=spec.ante,
        )
    else:
        game = pf.Game(
            variant=spec.variant,
            structure=spec.structure,
            small_blind=spec.blinds[0],
            big_blind=spec.blinds[1],
            ante=spec.ante,
        )
    return pf.Hand(
        game,
        stacks={k + 1: s for k, s in enumerate(spec.stacks)},
        button=n,
        holes={k + 1: h for k, h in enumerate(spec.holes)},
        board=spec.board,
    )


def make_pokerkit(spec: Spec) -> Any:
    n = len(spec.stacks)
    common: dict[str, Any] = dict(
        automations=AUTOMATIONS,
        ante_trimming_status=False,
        raw_antes=spec.ante,
        raw_blinds_or_straddles=spec.blinds,
        raw_starting_stacks=spec.stacks,
        player_count=n,
        mode=pk.Mode.CASH_GAME,
    )
    if spec.structure == "fixed_limit":
        state = pk.FixedLimitTexasHoldem.create_state(small_bet=2, big_bet=4, **common)
    elif spec.structure == "pot_limit":
        state = pk.PotLimitOmahaHoldem.create_state(min_bet=spec.blinds[1], **common)
    else:
        state = pk.NoLimitTexasHoldem.create_state(min_bet=spec.blinds[1], **common)
    holes = [list(pf.parse_cards(h)) for h in spec.holes]
    while state.can_deal_hole():
        player = state.hole_dealee_index
        state.deal_hole(str(holes[player].pop(0)))
    return state


def deal_pokerkit_board(state: Any, board: list[str]) -> None:
    while state.can_deal_board():
        count = state.board_dealing_count
        state.deal_board("".join(board[len(state.board_cards) : len(state.board_cards) + count]))


def pokerkit_options(state: Any) -> dict[str, Any]:
    raise_range = None
    if state.can_complete_bet_or_raise_to():
        raise_range = (
            state.min_completion_betting_or_raising_to_amount,
            state.max_completion_betting_or_raising_to_amount,
        )
    return {
        "actor": state.actor_index + 1,
        "call": state.checking_or_calling_amount if state.can_check_or_call() else None,
        "raise": raise_range,
        "fold": state.can_fold(),
    }


def pokerfloor_options(hand: pf.Hand) -> dict[str, Any]:
    legal = hand.legal()
    aggressive = legal.bet or legal.raise_ or legal.complete
    return {
        "actor": hand.to_act,
        "call": legal.call.cost if legal.call else 0,
        "raise": (aggressive.min_to, aggressive.max_to) if aggressive else None,
        "fold": legal.fold,
    }


def skip_needless_pokerkit_checks(state: Any, hand: pf.Hand) -> bool:
    """Known difference 1: PokerKit asks a seat to act when its only possible action is a check
    (every opponent all-in and the seat already covers them); pokerfloor moves on, as a dealer
    would. Answer those prompts with the check. Returns whether any were answered."""
    answered = False
    while (
        state.actor_index is not None
        and state.actor_index + 1 != hand.to_act
        and state.checking_or_calling_amount == 0
        and not state.can_complete_bet_or_raise_to()
    ):
        state.check_or_call()
        answered = True
    return answered


@dataclass
class Outcome:
    """What the two engines did with one deal."""

    spec: Spec
    disagreements: list[str]
    pokerfloor_stacks: list[int]
    pokerkit_stacks: list[int]
    known: set[str] = field(default_factory=set)


KNOWN = {
    "full_big_blind": "pokerfloor makes later players call the complete big blind when the big blind is "
    "posted short (WIKI_BIP Blinds; rules.md §2.4); PokerKit lets them call the short amount.",
    "pot_limit_full_blinds": "pre-flop, pot-limit counts the pot as if the full blinds were posted "
    "(TDA 2024 R54-B; rules.md §4); PokerKit counts the chips actually posted.",
    "antes_in_main_pot": "all antes go to the main pot (WIKI_BIP All-in before the deal; rules.md §5.4); "
    "PokerKit layers each ante with its player's other chips, so split side pots can differ in size and "
    "an odd chip can land with another winner (never more than one chip per split pot).",
    "odd_chips_to_one_winner": "a split pot's odd chips go one each to the first winners clockwise from the "
    "button, no player getting more than one (RROP11; TDA 2024 R20-A; rules.md §6); PokerKit gives the whole "
    "remainder of each pot to the first winner, so a three- or four-way split can move two or three chips.",
    "short_all_ins_reopen": "several short all-ins that add up to a full raise reopen the betting for a "
    "player who already acted (TDA 2024 R47-A, Addendum 47 Ex. 1; RROP11 NL item 5; rules.md §5.6); "
    "PokerKit keeps the betting closed for that player.",
    "half_bet_reopens": "in limit, an all-in raise of at least half a bet is a full raise and reopens the betting "
    "for a player who already acted and now faces at least half a bet more (TDA 2024 R47-B; RROP11 B&R item 6; "
    "rules.md §5.5); PokerKit keeps the betting closed for that player.",
    "raise_cap": "fixed limit caps a round at a bet and three raises, the big blind counting as the bet, "
    "and lifts the cap when no more than two players who are not all-in contest the pot (RROP11 B&R items "
    "3-4; rules.md §4); PokerKit allows four raises after the blind and never lifts the cap.",
}


def classify(hand: pf.Hand, ours: dict[str, Any], theirs: dict[str, Any]) -> str | None:
    """Name the known, justified reason two different answers differ, or None if unexplained."""
    short_blind = any(p.kind in ("sb", "bb") and p.seat in hand.all_in for p in hand.posts)
    if hand.street == "preflop" and short_blind and ours["call"] != theirs["call"]:
        return "full_big_blind"
    if (
        hand.street == "preflop"
        and short_blind
        and hand.game.structure == "pot_limit"
        and ours["raise"]
        and theirs["raise"]
        and ours["raise"][0] == theirs["raise"][0]
    ):
        return "pot_limit_full_blinds"
    if hand.game.structure == "fixed_limit" and ours["call"] == theirs["call"]:
        if ours["raise"] is None and theirs["raise"] is not None:
            return "raise_cap"
        if ours["raise"] is not None and theirs["raise"] is None and len(set(hand.in_hand) - hand.all_in) == 2:
            return "raise_cap"
        if ours["raise"] is not None and theirs["raise"] is None and acted_this_round(hand):
            return "half_bet_reopens"
    if (
        hand.game.structure != "fixed_limit"
        and ours["call"] == theirs["call"]
        and ours["raise"] is not None
        and theirs["raise"] is None
        and acted_this_round(hand)
    ):
        return "short_all_ins_reopen"
    return None


def acted_this_round(hand: pf.Hand) -> bool:
    """Whether the seat to act has already acted in this betting round."""
    street = hand.street
    return any(e.seat == hand.to_act and e.street == street and e.kind in ACTION_KINDS for e in hand.events)


ACTION_KINDS = frozenset({"check", "call", "bet", "raise", "complete"})


def play_both(seed: int, structure: str) -> Outcome:
    """Play one random hand in both engines with the same policy, recording every disagreement
    on who acts, the call amount and the bet/raise range, then compare the final stacks.
    After a known disagreement the policy keeps to actions both engines price the same."""
    spec = random_spec(seed, structure)
    hand = make_pokerfloor(spec)
    state = make_pokerkit(spec)
    board = [spec.board[i : i + 2] for i in range(0, len(spec.board), 2)]
    policy = random.Random(seed * 7919 + 1)
    disagreements: list[str] = []
    known: set[str] = set()
    while not hand.is_over:
        deal_pokerkit_board(state, board)
        skip_needless_pokerkit_checks(state, hand)
        ours, theirs = pokerfloor_options(hand), pokerkit_options(state)
        restricted = False
        if ours != theirs:
            reason = classify(hand, ours, theirs)
            if reason is None or reason == "full_big_blind":
                if reason is None:
                    disagreements.append(f"{hand.street}: pokerfloor {ours} / pokerkit {theirs}")
                else:
                    known.add(reason)
                return Outcome(spec, disagreements, [], [], known)
            known.add(reason)
            restricted = True
        legal = hand.legal()
        seat = hand.to_act
        assert seat is not None
        aggressive = legal.bet or legal.raise_ or legal.complete
        choices = ["call"] + (["fold"] if legal.fold else [])
        if aggressive and theirs["raise"] is not None:
            choices += ["min"] if restricted else ["min", "max", "mid"]
        choice = policy.choice(choices)
        if choice == "fold":
            hand.act(seat, "fold")
            state.fold()
        elif choice == "call":
            hand.act(seat, "call" if legal.call else "check")
            state.check_or_call()
        else:
            assert aggressive is not None
            to = {
                "min": aggressive.min_to,
                "max": aggressive.max_to,
                "mid": (aggressive.min_to + aggressive.max_to) // 2,
            }[choice]
            kind = "bet" if legal.bet else ("complete" if legal.complete else "raise")
            hand.act(seat, kind, to=to)
            state.complete_bet_or_raise_to(to)
    while state.status:
        deal_pokerkit_board(state, board)
        if not skip_needless_pokerkit_checks(state, hand):
            break
    assert hand.result is not None
    final = hand.result.stacks
    ours = [final[k + 1] for k in range(len(spec.stacks))]
    theirs = list(state.stacks)
    reason = odd_chip_reason(hand, ours, theirs) if ours != theirs else None
    if reason is not None:
        known.add(reason)
        theirs = ours
    return Outcome(spec, disagreements, ours, theirs, known)


def odd_chip_reason(hand: pf.Hand, ours: list[int], theirs: list[int]) -> str | None:
    """The known reason only odd chips of split pots moved, or None: KNOWN["odd_chips_to_one_winner"]
    (PokerKit's stacks are exactly ours with each split pot's remainder paid to its first winner),
    or KNOWN["antes_in_main_pot"] (with antes and several split pots, at most one chip less than
    the winners per split pot moves)."""
    assert hand.result is not None
    if sum(ours) != sum(theirs):
        return None
    if theirs == remainder_to_first_winner(hand):
        return "odd_chips_to_one_winner"
    split_awards = [award for award in hand.result.awards if len(award.winners) > 1]
    moved = sum(abs(a - b) for a, b in zip(ours, theirs)) // 2
    bound = sum(max(1, len(award.winners) - 1) for award in split_awards)
    if hand.game.ante and len(split_awards) > 1 and 0 < moved <= bound:
        return "antes_in_main_pot"
    return None


def remainder_to_first_winner(hand: pf.Hand) -> list[int]:
    """Final stacks by seat number had each split pot paid as PokerKit pays it: the quotient to
    every winner and the whole remainder to the first winner clockwise from the button."""
    assert hand.result is not None
    stacks = dict(hand.result.stacks)
    for award in hand.result.awards:
        if len(award.winners) < 2:
            continue
        order = [seat for seat in hand.seats if seat in award.winners]  # hand.seats starts left of the button
        quotient, remainder = divmod(award.amount, len(order))
        for seat in order:
            stacks[seat] += quotient + (remainder if seat == order[0] else 0) - award.winners[seat]
    return [stacks[seat] for seat in sorted(stacks)]
