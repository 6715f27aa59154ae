"""Behaviour is unchanged (issue 36): a trace of events, legal choices, public state and every
seat's view over seeded random hands of every variant and option (handtrace.py) hashes to the value
stored when the trace was written. A change of behaviour that is meant is stored anew with
``python tests/hand/handtrace.py --write``; ``--dump FILE`` writes the text to compare two versions."""

from __future__ import annotations

from handtrace import stored, trace


def test_the_trace_of_every_variant_is_unchanged() -> None:
    digest = trace().digest.hexdigest()
    assert digest == stored(), "the engine's behaviour changed: compare `python tests/hand/handtrace.py --dump FILE`"
