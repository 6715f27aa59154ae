"""Multi-table tournaments on the server (issue 38): one ``pf.MultiTableTournament`` an event.

- ``config``: an event's settings from an ``open_event`` frame, validated whole; the templates.
- ``clock``: the event's clock, which the host pauses and adds time to.
- ``runner``: the one task an event runs as: it deals the tables the floor lets deal, plays
  the house bots' turns and a slow player's clock, ends each hand, tells each player moved where
  they went and why, and keeps the event's record (versioned JSON) in the store.
- ``views``: what the lobby, the big-screen clock and each player's page are sent.
- ``store``: the events' rows (``pf_events``): settings, host token digest, the latest record.
- ``routes``: the event's WebSocket (``/event/ws``) and its downloads.
"""
