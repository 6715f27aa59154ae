"""Many hands at one table: seats, buy-ins, the button and blinds, posting, customs, the ledger."""

from pokerfloor.table.buttons import BlindPlan, NotEnoughPlayers, Owed, Positions
from pokerfloor.table.customs import KillButton, KillGame, Straddles, TableOptions
from pokerfloor.table.event import MultiTableTournament
from pokerfloor.table.event_types import Break, FloorEvent, Place
from pokerfloor.table.ledger import Entry, Ledger, LedgerError
from pokerfloor.table.payouts import chip_chop, prize_table
from pokerfloor.table.record import TableRecord
from pokerfloor.table.rotation import LimitStakes, Rotation, RotationState
from pokerfloor.table.seats import ManualClock, Seat, TableEvent, buy_in_limits
from pokerfloor.table.table import Table
from pokerfloor.table.tournament import Finish, Level, Tournament

__all__ = [
    "BlindPlan",
    "Break",
    "Entry",
    "Finish",
    "FloorEvent",
    "KillButton",
    "KillGame",
    "Ledger",
    "LedgerError",
    "Level",
    "LimitStakes",
    "ManualClock",
    "MultiTableTournament",
    "NotEnoughPlayers",
    "Owed",
    "Place",
    "Positions",
    "Rotation",
    "RotationState",
    "Seat",
    "Straddles",
    "Table",
    "TableEvent",
    "TableOptions",
    "TableRecord",
    "Tournament",
    "buy_in_limits",
    "chip_chop",
    "prize_table",
]
