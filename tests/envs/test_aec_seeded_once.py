"""The AEC environment seeded once, as a training loop seeds it: ``reset(seed=k)`` once, then
``reset()`` every episode goes on from that seed (Gymnasium's rule for ``reset``)."""

from __future__ import annotations

from pokerfloor.envs.aec import aec_env


def _deals(env: object, resets: list[int | None]) -> list[tuple[object, ...]]:
    dealt = []
    for seed in resets:
        env.reset(seed=seed)  # type: ignore[attr-defined]
        hand = env._hand  # type: ignore[attr-defined]
        dealt.append(tuple(tuple(cards) for cards in hand.holes.values()))
    return dealt


def test_a_reset_without_a_seed_goes_on_from_the_last_seed() -> None:
    once = _deals(aec_env(players=2, stack=200), [7, None, None, None])
    again = _deals(aec_env(players=2, stack=200), [7, None, None, None])
    assert once == again, "seeded once, the episodes after it are repeatable"
    assert len(set(once)) == len(once), "each reset deals a new hand"


def test_a_new_seed_starts_the_stream_again() -> None:
    env = aec_env(players=2, stack=200)
    first = _deals(env, [3, None])
    assert _deals(env, [3, None]) == first
