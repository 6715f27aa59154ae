"""The PettingZoo AEC environment: the API test for every game, observations that never hold a
hidden card, an exact action mask, refusals with their reason and rule, abstractions mapped onto
legal amounts, draws by discard masks, and table sessions with rebuys."""

from __future__ import annotations

import copy
import pickle
import random
import warnings

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test

from pokerfloor.cli.games import SHORT_NAMES, game
from pokerfloor.envs.aec import ALL_IN, CALL, FOLD, FixedSizes, PokerAECEnv, PotFractions, aec_env
from pokerfloor.errors import IllegalAction
from pokerfloor.hand import Call, Hand, Legal, Range


def _quiet_api_test(env: PokerAECEnv, cycles: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=cycles)


@pytest.mark.parametrize("name", sorted(SHORT_NAMES))
def test_api_test_passes_for_every_game(name: str) -> None:
    _quiet_api_test(aec_env(game(name, 1, 2), players=3, stack=60), 200)


def test_api_test_passes_for_a_session_with_rebuys_and_an_abstraction() -> None:
    _quiet_api_test(aec_env(players=3, stack=40, hands=15, rebuy_after=1), 300)
    _quiet_api_test(aec_env(players=2, abstraction=PotFractions()), 300)


def _random_play(env: PokerAECEnv, rng: random.Random, steps: int):  # type: ignore[no-untyped-def]
    """Yield (env, agent, observation) at every decision of random legal play."""
    env.reset(seed=rng.randrange(1 << 30))
    for _ in range(steps):
        agent = env.agent_selection
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(1 << 30))
            continue
        yield agent, obs
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


@pytest.mark.parametrize("name", ["nlhe", "stud", "27td", "plo"])
def test_observations_never_hold_a_hidden_card(name: str) -> None:
    """No agent's observation has a card its seat may not see (PettingZoo #233's leak): every
    card in it is in the seat's SeatView, and no other seat's face-down card is."""
    env = aec_env(game(name, 1, 2), players=3, stack=60)
    cards = 4 * 52
    for _, _ in _random_play(env, random.Random(1), 400):
        hand = env._hand
        assert hand is not None
        for agent in env.agents:
            seat = env._seat[agent]
            seen = np.flatnonzero(env.observe(agent)["observation"][:cards]) % 52
            view = hand.view(seat)
            visible = {c for cs in view.holes.values() for c in cs if c is not None} | {
                c for c in view.board if c is not None
            }
            assert set(seen.tolist()) <= visible
            hidden = {c for s, cs in hand.holes.items() if s != seat for c, v in zip(cs, view.holes[s]) if v is None}
            assert not hidden & set(seen.tolist())


@pytest.mark.parametrize("name", sorted(SHORT_NAMES))
def test_incremental_observations_equal_the_seat_views_encoding(name: str) -> None:
    """``observe`` builds each observation from the events since the last step; at every
    decision, for every agent (the one to act and the others, in one-hand episodes and in
    table sessions with rebuys), it must equal ``encode`` of the agent's ``SeatView`` built
    from scratch: the same cards, chips and history, so no card that view hides."""
    for env in (
        aec_env(game(name, 1, 2), players=3, stack=60),
        aec_env(game(name, 1, 2), players=4, stack=40, hands=12, rebuy_after=1, history=6),
    ):
        rng, ended = random.Random(7), 0
        env.reset(seed=7)
        for _ in range(300):
            for agent in env.possible_agents:
                observed = env.observe(agent)["observation"]
                assert np.array_equal(observed, env.encode(env.view(agent))), agent
            obs, _, done, _, _ = env.last()
            if done:  # the hand's end, cards shown or not, is checked too
                ended += 1
                env.step(None)
                if not env.agents:
                    env.reset(seed=rng.randrange(1 << 30))
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        assert ended > 0


def test_the_observation_carries_the_action_history() -> None:
    env = aec_env(players=2, stack=100)
    env.reset(seed=3)
    env.step(CALL)  # the button calls
    obs = env.observe(env.agent_selection)["observation"]
    history = obs[-4 * env.history :].reshape(env.history, 4)
    kinds = [int(k) for k in history[:, 1] if k]
    assert kinds[:3] == [11, 11, 3]  # two posts, then the call


def _accepted(hand: Hand, env: PokerAECEnv, code: int) -> bool:
    copy = Hand.from_record(hand.record())
    seat = copy.to_act
    try:
        kind, to, discard = env.decode(code)
        copy.act(seat, kind, to, discard)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("name", ["nlhe", "plo", "lhe", "stud", "27td"])
def test_the_action_mask_is_exact(name: str) -> None:
    """Every code the mask allows is accepted by the hand, and every other code is refused."""
    env = aec_env(game(name, 1, 2), players=3, stack=12)
    for _, obs in _random_play(env, random.Random(2), 60):
        hand = env._hand
        assert hand is not None
        for code in range(env.codes.n):
            assert bool(obs["action_mask"][code]) == _accepted(hand, env, code), (code, hand.legal())


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    env = aec_env(players=2, stack=100)
    env.reset(seed=4)
    agent = env.agent_selection
    before = env.observe(agent)["observation"].copy()
    env.step(env.codes.raise_to + 3)  # a raise to 3 is below the minimum of 4
    assert env.agent_selection == agent
    refused = env.infos[agent]["refused"]
    assert refused["reason"] and refused["rule"]
    assert (env.observe(agent)["observation"] == before).all()
    assert env.infos[agent]["min_to"] == 4 and env.infos[agent]["max_to"] == 100


def test_info_always_carries_the_legal_range() -> None:
    env = aec_env(players=2, stack=100)
    env.reset(seed=5)
    info = env.infos[env.agent_selection]
    assert info["legal"]["raise_"] == [4, 100, 1] and info["legal"]["call"] == [2, 1]


def test_infos_built_when_read_are_those_of_the_last_step() -> None:
    """``infos`` are built when read (``last`` builds only its agent's): whenever and in whatever
    order they are read, each agent's is the one of the last step, one dictionary per agent
    shared by ``last`` and ``infos`` and kept until the next step."""
    env = aec_env(players=3, stack=100)
    env.reset(seed=8)
    rng = random.Random(8)
    for _ in range(60):
        _, _, done, _, info = env.last()
        if done:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        assert info is env.infos[env.agent_selection] is env.last()[4]
        acting = env.agent_selection
        for agent in env.agents:
            expected = {"legal": {}, "min_to": None, "max_to": None, "hand": 1}
            if agent == acting:
                legal = env._hand.legal()  # type: ignore[union-attr]
                assert env.infos[agent]["legal"]["fold"] is legal.fold
                assert np.array_equal(env.infos[agent]["action_mask"], env.observe(agent)["action_mask"])
            else:
                assert env.infos[agent] == expected
        mask = env.observe(acting)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_exact_raises_and_all_in() -> None:
    env = aec_env(players=2, stack=100)
    env.reset(seed=6)
    env.step(env.codes.raise_to + 7)
    assert env._hand is not None and env._hand.view(None).bets[2] == 7
    env.step(ALL_IN)
    assert env._hand.view(None).bets[1] == 100


def test_pot_fractions_map_onto_legal_amounts() -> None:
    env = aec_env(players=2, stack=100, abstraction=PotFractions((0.5, 1.0, 10.0)))
    env.reset(seed=7)
    assert env.codes.n == env.codes.raise_to + 3
    env.step(env.codes.raise_to + 1)  # pot: call 1 to 2, pot 4, raise to 2 + 4
    assert env._hand is not None and env._hand.view(None).bets[2] == 6
    env.step(env.codes.raise_to + 2)  # ten pots is more than the stack: all-in
    assert env._hand.view(None).bets[1] == 100


def test_fixed_sizes_are_clamped_to_the_legal_range() -> None:
    env = aec_env(players=2, stack=100, abstraction=FixedSizes((3, 10)))
    env.reset(seed=8)
    env.step(env.codes.raise_to)  # 3 is below the minimum raise to 4
    assert env._hand is not None and env._hand.view(None).bets[2] == 4


def test_draw_games_take_discard_masks() -> None:
    env = aec_env(game("5cd", 1, 2), players=2, stack=100)
    env.reset(seed=9)
    env.step(CALL)
    env.step(CALL)  # the big blind checks: the draw
    hand = env._hand
    assert hand is not None and hand.legal().draw is not None
    seat = hand.to_act
    assert seat is not None
    old = list(hand.view(seat).hole)
    env.step(env.codes.draw + 0b00101)  # discard the first and third cards
    new = list(hand.view(seat).hole)
    kept = [c for i, c in enumerate(old) if i not in (0, 2)]
    assert all(c in new for c in kept) and old[0] not in new and old[2] not in new


def test_a_single_hand_episode_pays_the_net_chips() -> None:
    env = aec_env(players=2, stack=100)
    env.reset(seed=10)
    env.step(FOLD)
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {"player_0": 1.0, "player_1": -1.0}


def _play_session(env: PokerAECEnv, seed: int) -> list[int]:
    """Play a session to its end, calling and now and then going all in; the button seat of
    every decision."""
    env.reset(seed=seed)
    buttons, rng = [], random.Random(0)
    while env.agents:
        table = env.table
        assert table is not None and table.hand is not None
        buttons.append(table.hand.button_seat)
        obs, _, done, _, _ = env.last()
        if done:
            env.step(None)
            continue
        mask = obs["action_mask"]
        shove = mask[ALL_IN] and rng.random() < 0.3
        env.step(ALL_IN if shove else CALL if mask[CALL] else int(np.flatnonzero(mask)[0]))
    return buttons


def test_a_session_moves_the_button_and_rebuys_after_missing_hands() -> None:
    """A session plays on at the table: the button moves, a broke seat sits out ``rebuy_after``
    hands, then rebuys and owes the blinds it missed (RROP11 Button & Blind Use)."""
    env = aec_env(players=3, stack=40, hands=40, rebuy_after=2)
    buttons = _play_session(env, 11)
    table = env.table
    assert table is not None
    rebuys = sum(1 for e in table.ledger.entries if e.kind == "rebuy")
    assert len(set(buttons)) == 3 and rebuys > 0
    assert table.hand_number == 40


def test_a_session_has_the_tables_dead_button_and_missed_blinds() -> None:
    """The session is the table's own: when a seat busts and sits out, the big blind moves on
    and the button may be dead (TDA 2024 R32), the blinds it passes are missed, and the seat
    that rebuys comes back in at the big blind (RROP11 Button & Blind Use)."""
    env = aec_env(players=4, stack=40, hands=60, rebuy_after=2)
    _play_session(env, 11)
    table = env.table
    assert table is not None
    kinds = {e.kind for e in table.events}
    assert {"dead_button", "missed_big_blind", "rebuy", "comes_in_at_big_blind"} <= kinds
    assert sum(env._cumulative_rewards.values()) == 0


def test_a_copied_environment_plays_on_as_the_original() -> None:
    """``copy.deepcopy`` and ``pickle`` carry a mid-hand environment over whole (the compiled
    observation builder included): the copy observes and plays the same."""
    env = aec_env(players=3, stack=100)
    env.reset(seed=12)
    env.step(CALL)
    for copy_ in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        for agent in env.agents:
            assert np.array_equal(copy_.observe(agent)["observation"], env.observe(agent)["observation"])
        copy_.step(CALL)
        assert copy_.agent_selection != env.agent_selection
        assert copy_.infos[copy_.agent_selection]["legal"]


def test_the_kept_legal_choices_stay_bounded_and_give_what_fresh_ones_give() -> None:
    """The masks and infos kept for legal choices seen before are bounded: once full, a new one
    takes the place of the oldest (the cache stops growing), and one dropped and seen again gives
    the same mask and info as a fresh environment's."""
    env = aec_env(players=2, stack=50_000)  # so many action codes that the fewest are kept
    observer = env._observer
    kept, masks = observer._kept.values, observer._masks.values
    bound = len(observer._kept.order)
    legals = [Legal(seat=1, fold=True, call=Call(k, k), raise_=Range(2 * k, 50_000)) for k in range(2, 3 * bound)]
    for legal in legals:
        observer.choices(legal)
        assert len(kept) <= bound and len(masks) <= bound
    assert len(kept) == bound and legals[0] not in kept and legals[-1] in kept
    assert len(masks) == bound  # each raise range its own mask
    fresh = aec_env(players=2, stack=50_000)._observer
    for legal in (legals[0], legals[-1]):
        ours, theirs = observer.choices(legal), fresh.choices(legal)
        assert np.array_equal(ours.mask, theirs.mask) and ours.plain == theirs.plain
        assert observer.info(True, ours, 1).keys() == fresh.info(True, theirs, 1).keys()


def test_legal_choices_that_differ_only_in_the_amount_to_call_share_one_read_only_mask() -> None:
    """A mask depends on the actions open and the raise range, not on what calling costs: legal
    choices kept apart share it, and nobody can write into it (an info hands it out as it is)."""
    observer = aec_env(players=2, stack=200)._observer
    a = observer.choices(Legal(seat=1, fold=True, call=Call(4, 2), raise_=Range(8, 200)))
    b = observer.choices(Legal(seat=2, fold=True, call=Call(6, 3), raise_=Range(8, 200)))
    c = observer.choices(Legal(seat=1, fold=True, call=Call(4, 2), raise_=Range(9, 200)))
    assert a is not b and a.mask is b.mask and c.mask is not a.mask
    assert np.array_equal(a.mask, observer.mask(a.legal)) and not np.array_equal(c.mask, a.mask)
    info = observer.info(True, a, 1)
    assert info["action_mask"] is a.mask and not info["action_mask"].flags.writeable


class _Reference:
    """PettingZoo's own dead step (``AECEnv._was_dead_step``) on copies of the dictionaries."""

    def __init__(self, env: PokerAECEnv, skip: str | None) -> None:
        self.agents = list(env.agents)
        self.agent_selection = env.agent_selection
        self.terminations, self.truncations = dict(env.terminations), dict(env.truncations)
        self.rewards, self._cumulative_rewards = dict(env.rewards), dict(env._cumulative_rewards)
        self.infos = {agent: env.infos[agent] for agent in env.agents}
        self._skip_agent_selection = skip

    def step(self) -> None:
        AECEnv._was_dead_step(self, None)

    def _clear_rewards(self) -> None:
        AECEnv._clear_rewards(self)


def _state(env: object) -> tuple[object, ...]:
    names = ("agents", "agent_selection", "terminations", "truncations", "rewards", "_cumulative_rewards")
    return (*[getattr(env, name) for name in names], set(env.infos))  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_dead_step_as_pettingzoos(players: int) -> None:
    """Once a hand is over, each agent steps with ``None`` and leaves, as PettingZoo's
    ``AECEnv._was_dead_step`` does it (this environment does it in its compiled episodes): the
    same agents selected in the same order, the same dictionaries left; any other action is a
    ``ValueError``."""
    rng = random.Random(players)
    for seed in range(6):
        env = aec_env(players=players, stack=30)
        env.reset(seed=seed)
        while not env.terminations[env.agent_selection]:
            mask = env.last()[0]["action_mask"]  # type: ignore[index]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        with pytest.raises(ValueError, match="only valid action is None"):
            env.step(CALL)
        reference = _Reference(env, env._episodes._skip)  # the live agent to come back to
        assert _state(env) == _state(reference)
        while env.agents:
            env.step(None)
            reference.step()
            assert _state(env) == _state(reference)
        assert reference.agents == [] and env.agent_selection == reference.agent_selection
