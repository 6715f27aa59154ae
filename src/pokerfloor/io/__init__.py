"""Hand histories in and out.

- ``phh``: Poker Hand History files (``.phh``, ``.phhs``) read and written field for field;
- ``replay``: a history played on the engine, action by action (``replay.replay(history)``);
- ``verify``: replayed hands judged against their recorded stacks, known causes explained;
- ``export``: any engine hand written back as a PHH history;
- ``ohh``: any engine hand as Open Hand History JSON.
"""

from pokerfloor.io import export, ohh, phh, replay, verify

__all__ = ["export", "ohh", "phh", "replay", "verify"]
