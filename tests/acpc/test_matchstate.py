"""MATCHSTATE strings and STATE lines, read and written, cross-checked with PokerKit's ACPC
converter (``HandHistory.to_acpc_protocol``) on the same random hands."""

from __future__ import annotations

import random
from collections.abc import Callable

import pokerkit as pk
import pytest

import pokerfloor as pf
from pokerfloor import acpc
from pokerfloor.acpc.matchstate import betting_tokens

HU = acpc.gamedef_of(pf.Game.no_limit_holdem(50, 100), (20_000, 20_000))
LIMIT_GAME = pf.Game.fixed_limit_holdem(10, 20).with_house(cap_lifted_heads_up=False, fold_facing_no_bet="refused")


def test_raise_amount_is_the_seats_total_for_the_hand() -> None:
    hand = pf.Hand(HU.game, {1: 20_000, 2: 20_000}, button=2, rng=random.Random(3))
    hand.act(2, "raise", to=300)
    hand.act(1, "call")
    hand.act(1, "bet", to=600)   # 300 before the flop + 600 on it
    assert acpc.betting_of(hand) == "r300c/r900"


def test_a_seat_sees_only_its_own_hole_cards_before_a_showdown() -> None:
    hand = pf.Hand(HU.game, {1: 20_000, 2: 20_000}, button=2, holes={1: "AsKs", 2: "7h2c"}, rng=random.Random(1))
    state = acpc.matchstate_of(hand, 1, 5)
    assert str(state) == "MATCHSTATE:1:5::|7h2c"
    assert acpc.parse_matchstate(str(state) + "\r\n") == state


def test_matchstate_read_back_is_the_same() -> None:
    text = "MATCHSTATE:0:30:r300c/cr900r2300c/r20000c/:5sJd|Th4c/7sJh9h/Qc/Ah"
    state = acpc.parse_matchstate(text)
    assert (state.position, state.hand_number, state.seat) == (0, 30, 1)
    assert [str(c) for c in state.board[0]] == ["7s", "Jh", "9h"]
    assert str(state) == text


@pytest.mark.parametrize(
    "bad", ["MATCHSTATE:0:1:x:AsKs|", "MATCHSTATE:2:1::AsKs|", "STATE:0:1::|", "MATCHSTATE:0:1::Zz|"]
)
def test_unreadable_matchstates_are_refused(bad: str) -> None:
    with pytest.raises(acpc.MatchStateError):
        acpc.parse_matchstate(bad)


def test_response_is_the_state_then_the_action() -> None:
    assert acpc.parse_response("MATCHSTATE:0:1::AsKs|:r300\r\n") == ("MATCHSTATE:0:1::AsKs|", "r300")
    with pytest.raises(acpc.MatchStateError):
        acpc.parse_response("r300")


def test_betting_tokens_mark_each_round() -> None:
    assert betting_tokens("r300c/cr900f") == ["r300", "c", "/", "c", "r900", "f"]


def test_replaying_an_illegal_raise_names_it() -> None:
    with pytest.raises(acpc.MatchStateError, match="r150"):
        acpc.hand_of(HU, "r150", [(), ()])


def test_limit_raises_have_no_amount() -> None:
    gamedef = acpc.gamedef_of(LIMIT_GAME, (1000, 1000))
    hand = acpc.hand_of(gamedef, "rrc/r", [pf.parse_cards("AsKs"), ()])
    assert hand.contributions == {1: 40, 2: 30}
    assert acpc.betting_of(hand) == "rrc/r"


# ------------------------------------------------------------------ against PokerKit
Actions = list[tuple[int, str, int | None]]


def _play_randomly(hand: pf.Hand, rng: random.Random, amount: Callable[[pf.Range], int]) -> Actions:
    """Play the hand out with random legal actions (raises to ``amount`` of the range)."""
    actions: Actions = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal()
        option = legal.bet or legal.raise_
        roll = rng.random()
        if option and roll < 0.3:
            act: tuple[str, int | None] = ("raise", amount(option))
        elif legal.fold and roll < 0.45:
            act = ("fold", None)
        else:
            act = ("check" if legal.check else "call", None)
        hand.act(seat, *act)
        actions.append((seat, *act))
    return actions


def _random_hand(seed: int, players: int) -> tuple[pf.Hand, Actions]:
    rng = random.Random(seed)
    stacks = {k + 1: rng.choice([300, 1_000, 5_000]) for k in range(players)}
    game = pf.Game.no_limit_holdem(5, 10).with_house(fold_facing_no_bet="refused")  # as PokerKit and ACPC
    hand = pf.Hand(game, stacks, button=players, rng=rng)
    return hand, _play_randomly(hand, rng, lambda option: rng.choice([option.min_to, option.max_to]))


def _deal_board(state: pk.State, board: list[str]) -> None:
    """Deal PokerKit whatever board cards it waits for, from the pokerfloor hand's board."""
    while state.can_deal_board():
        state.deal_board("".join(board[len(state.board_cards): len(state.board_cards) + state.board_dealing_count]))


AUTOMATIONS = tuple(a for a in pk.Automation if a not in (pk.Automation.HOLE_DEALING, pk.Automation.BOARD_DEALING))
NO_LIMIT = pk.NoLimitTexasHoldem(automations=AUTOMATIONS, ante_trimming_status=False, raw_antes=0,
                                 raw_blinds_or_straddles=(5, 10), min_bet=10)
FIXED_LIMIT = pk.FixedLimitTexasHoldem(automations=AUTOMATIONS, ante_trimming_status=False, raw_antes=0,
                                       raw_blinds_or_straddles=(5, 10), small_bet=10, big_bet=20)


def _pokerkit_lines(hand: pf.Hand, actions: Actions, position: int, game: pk.Poker = NO_LIMIT) -> list[str]:
    """The MATCHSTATEs PokerKit's converter sends ``position`` for the same hand."""
    players = len(hand.seats)
    state = game([hand.starting_stacks[k + 1] for k in range(players)], players)
    for k in range(players):
        state.deal_hole("".join(str(c) for c in hand.holes[k + 1]))
    board = [str(c) for c in hand.board]
    for _seat, kind, to in actions:
        _deal_board(state, board)
        if kind == "fold":
            state.fold()
        elif kind == "raise":
            state.complete_bet_or_raise_to(to if game is NO_LIMIT else None)
        else:
            state.check_or_call()
    _deal_board(state, board)
    history = pk.HandHistory.from_game_state(game, state)
    return [line.strip() for way, line in history.to_acpc_protocol(position, 9) if way == "S->"]


def _our_lines(hand: pf.Hand, actions: Actions, position: int) -> list[str]:
    replay = pf.Hand(hand.game, hand.starting_stacks, button=hand.button_seat,
                     holes={s: hand.holes[s] for s in hand.seats}, board=hand.board)
    lines = []
    for seat, kind, to in actions:
        lines.append(str(acpc.matchstate_of(replay, position, 9)))
        replay.act(seat, kind, to)
    lines.append(str(acpc.matchstate_of(replay, position, 9)))
    return lines


def _without_shown_cards(line: str) -> str:
    """The cards field's other players' holes: PokerKit's automation mucks a beaten hand at the
    showdown, the ACPC dealer shows every hand still in, so the last line's holes may differ."""
    head, cards = line.rsplit(":", 1)
    _holes, *board = cards.split("/")
    return head + ":" + "/".join(board)


@pytest.mark.filterwarnings("ignore:A card being dealt")  # PokerKit burns a card it was not told of
@pytest.mark.parametrize("seed", range(40))
def test_matchstates_agree_with_pokerkits_acpc_converter(seed: int) -> None:
    hand, actions = _random_hand(seed, 2 + seed % 5)
    for position in range(len(hand.seats)):
        ours = _our_lines(hand, actions, position)
        theirs = _pokerkit_lines(hand, actions, position)
        assert ours[:-1] == theirs[: len(ours) - 1]
        assert _without_shown_cards(ours[-1]) == _without_shown_cards(theirs[-1])
        assert acpc.parse_matchstate(ours[-1]).holes[position] == tuple(hand.holes[position + 1])


@pytest.mark.parametrize("seed", range(40))
def test_state_lines_replay_to_the_same_result(seed: int) -> None:
    hand, _ = _random_hand(seed, 2 + seed % 5)
    gamedef = acpc.gamedef_of(hand.game, tuple(hand.starting_stacks[s] for s in hand.seats))
    names = [f"p{s}" for s in hand.seats]
    logged = acpc.read_states("# a comment\n" + acpc.state_line(hand, 4, names) + "\nSCORE:0|0:a|b\n", gamedef)
    assert len(logged) == 1 and logged[0].agrees and logged[0].players == tuple(names)
    assert logged[0].hand.result is not None and hand.result is not None
    assert logged[0].hand.result.stacks == hand.result.stacks


def test_a_limit_gamedef_without_stacks_has_the_acpc_dealers_default() -> None:
    text = """# heads-up limit hold'em, as the ACPC competition played it
GAMEDEF
limit
numPlayers = 2
numRounds = 4
blind = 10 5
raiseSize = 10 10 20 20
firstPlayer = 2 1 1 1
maxRaises = 3 4 4 4
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""
    gamedef = acpc.parse_gamedef(text)
    assert gamedef.stacks == (2**31 - 1, 2**31 - 1)
    assert (gamedef.game.structure, gamedef.game.small_bet, gamedef.game.big_bet) == ("fixed_limit", 10, 20)
    assert gamedef.game.house.raise_cap == 3 and not gamedef.game.house.cap_lifted_heads_up


@pytest.mark.parametrize("broken", [
    "GAMEDEF\nnumPlayers = 2\nEND GAMEDEF",                                  # no betting
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumHoleCards = 4\nEND GAMEDEF",        # not hold'em
    "GAMEDEF\nnolimit\nnumPlayers = 2\nsomething = 1\nEND GAMEDEF",           # unknown field
])
def test_broken_or_foreign_gamedefs_are_refused(broken: str) -> None:
    with pytest.raises(acpc.GamedefError):
        acpc.parse_gamedef(broken)


def _random_limit_hand(seed: int) -> tuple[pf.Hand, Actions]:
    rng = random.Random(seed)
    players = 2 + seed % 3
    hand = pf.Hand(LIMIT_GAME, dict.fromkeys(range(1, players + 1), 1_000), button=players, rng=rng)
    return hand, _play_randomly(hand, rng, lambda option: option.min_to)


@pytest.mark.filterwarnings("ignore:A card being dealt")
@pytest.mark.parametrize("seed", range(15))
def test_limit_matchstates_agree_with_pokerkit(seed: int) -> None:
    hand, actions = _random_limit_hand(seed)
    ours, theirs = _our_lines(hand, actions, 0), _pokerkit_lines(hand, actions, 0, FIXED_LIMIT)
    assert ours[:-1] == theirs[: len(ours) - 1]
    assert _without_shown_cards(ours[-1]) == _without_shown_cards(theirs[-1])


def test_a_limit_game_that_lifts_the_cap_heads_up_is_not_expressible() -> None:
    with pytest.raises(acpc.GamedefError, match="cap_lifted_heads_up"):
        acpc.gamedef_of(pf.Game.fixed_limit_holdem(10, 20), (500, 500, 500))
    uncapped = pf.Game.fixed_limit_holdem(10, 20).with_house(raise_cap=None)
    assert "maxRaises" not in acpc.gamedef_of(uncapped, (500, 500)).text()


PLURIBUS_GAMEDEF = """GAMEDEF
nolimit
numPlayers = 6
numRounds = 4
stack = 10000 10000 10000 10000 10000 10000
blind = 50 100 0 0 0 0
firstPlayer = 3 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""
PLURIBUS_LOG = """\
STATE:0:ffr225fff:3c9s|6d5s|9dTs|8h7c|8dQs|4dJc:-50|-100|0|0|150|0:MrPink|MrOrange|MrBlue|MrWhite|Bill|Pluribus
STATE:1:r200ffcfc/cr850ff:Ah2c|Td9d|KsKc|7h7d|QcJh|As5s/Kd7s3h:-50|-200|450|0|0|-200:MrOrange|MrBlue|MrWhite|Bill|Pluribus|MrPink
STATE:2:r250ffffc/cc/cc/cc:7c2d|KdKs|Ah2c|8s8d|QcJc|6h5h/7s3h9c/4d/Jh:-50|300|-250|0|0|0:MrBlue|MrWhite|Bill|Pluribus|MrPink|MrOrange
"""


def test_pluribus_log_lines_are_read_as_hand_histories() -> None:
    """Lines as the Pluribus logs write them (six-max, blinds 50/100, 10,000 chips, every hole
    card listed, players named per hand): each becomes a finished ``pf.Hand`` whose result is
    the recorded one: a raise taking the blinds, a bet folded to on the flop with the uncalled
    part returned, and a showdown."""
    logged = acpc.read_states(PLURIBUS_LOG, acpc.parse_gamedef(PLURIBUS_GAMEDEF))
    assert [entry.number for entry in logged] == [0, 1, 2]
    assert all(entry.agrees for entry in logged)
    assert logged[0].players[5] == "Pluribus" and logged[1].players[4] == "Pluribus"
    first, second, third = (entry.hand for entry in logged)
    assert first.result is not None and first.result.net[5] == 150
    assert second.result is not None and second.result.net[3] == 450
    assert [str(c) for c in second.board] == ["Kd", "7s", "3h"]
    assert any(e.kind == "return" and e.amount == 650 for e in second.events)
    assert third.result is not None and third.result.net[2] == 300 and third.street == "showdown"


def test_a_pluribus_line_whose_nets_differ_does_not_agree() -> None:
    wrong = PLURIBUS_LOG.splitlines()[0].replace("-50|-100|0|0|150|0", "-50|-100|0|0|0|150")
    (entry,) = acpc.read_states(wrong, acpc.parse_gamedef(PLURIBUS_GAMEDEF))
    assert not entry.agrees
