"""Hand histories in and out.

- ``phh``: Poker Hand History files (``.phh``, ``.phhs``) read and written field for field;
- ``replay``: a history played on the engine, action by action (``replay.replay(history)``);
- ``verify``: replayed hands judged against their recorded stacks, known causes explained;
- ``export``: any engine hand written back as a PHH history;
- ``ohh``: any engine hand as Open Hand History JSON, and OHH hands read back;
- ``pokerstars``, ``pokernow``: the sites' text and log histories read as PHH (``sitehand``);
- ``imports``: any of these formats, found by the file's content.
"""

from pokerfloor.io import export, imports, ohh, phh, pokernow, pokerstars, replay, sitehand, verify

__all__ = ["export", "imports", "ohh", "phh", "pokernow", "pokerstars", "replay", "sitehand", "verify"]
