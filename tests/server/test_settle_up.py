"""Money by the table's rules (issue 35, finding 10): the ledger's Net and its settle-up agree at
every moment, mid-hand too (the page showed "Net -69" for a player the settle-up had pay 60),
and top-ups follow the buy-in's rules (GENRULES buy-in, seed 002) and the host's approval."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.server.downloads import results, session_summary, settle_up

from .played import play


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), hands=st.integers(1, 6), more=st.integers(0, 12), players=st.integers(2, 6))
def test_the_net_and_the_settle_up_agree_at_every_moment(seed: int, hands: int, more: int, players: int) -> None:
    """A random session stopped anywhere (``more`` inputs into a hand): the results add up to
    zero, the settle-up pays each loser's loss and each winner's win exactly, and the summary's
    results are the same figures."""
    room, _ = play(hands, seed=seed, more=more, players=players)
    net = results(room)
    assert sum(net.values()) == 0
    paid: dict[str, int] = dict.fromkeys(net, 0)
    for payer, payee, chips in settle_up(net):
        assert chips > 0 and net[payer] < 0 < net[payee]
        paid[payer] -= chips
        paid[payee] += chips
    assert paid == net
    summary = {p["player_id"]: p["result"] for p in session_summary(room)["players"]}
    assert {p: r for p, r in summary.items() if p in net} == {p: net[p] for p in summary}
    ledger = room.table.ledger
    for player in net:      # the Net a page shows: what the book holds, taken away, less brought in
        assert net[player] == ledger.holding(player) + ledger.taken_away(player) - ledger.brought_in(player)
