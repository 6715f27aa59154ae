"""Every rule the library cites, one value per rule: hand, table and interpret all cite from here.

A citation names its rulebook by the key ``errors.RULEBOOKS`` spells out for players (``TDA 2024``,
``RROP11``, ``WIKI_BIP``, ``GENRULES``) and the TDA's rules always as ``TDA 2024 Rule N`` (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

# TDA 2024 (Tournament Directors Association rules)
TURN: Final = "TDA 2024 Rule 53"
TERMS: Final = "TDA 2024 Rule 3"
SHOWDOWN: Final = "TDA 2024 Rule 17"
NEW_LEVEL: Final = "TDA 2024 Rule 23 (a new level applies to the next hand)"
NO_REBUYS: Final = "TDA 2024 Rule 27"
AT_YOUR_SEAT: Final = "TDA 2024 Rule 30"
DEAD_HAND: Final = "TDA 2024 Rules 30 and 31 (a player away from a live hand has a dead hand)"
DEAD_BUTTON: Final = "TDA 2024 Rule 32; RROP11 Button & Blind Use item 2(b)"
HEADS_UP: Final = "TDA 2024 Rule 34-B"
MISDEAL: Final = "TDA 2024 Rule 35 (the re-deal is an exact re-play: the same button, players and limits)"
SUBSTANTIAL_ACTION: Final = "TDA 2024 Rules 35-D and 36 (no misdeal once substantial action occurs)"
NEW_PLAYER: Final = "TDA 2024 Rules 8-A and 10-A; RROP11 Button & Blind Use"
FIRST_IN: Final = "TDA 2024 Rule 40-A"
AMOUNT: Final = "TDA 2024 Rule 40-C"
OVERCHIP_CALL: Final = "TDA 2024 Rule 41-C"
STRING_BET: Final = "TDA 2024 Rules 42 and 56"
MIN_RAISE: Final = "TDA 2024 Rule 43"
FIFTY_PERCENT: Final = "TDA 2024 Rule 43-A"
RAISE_TO: Final = "TDA 2024 Rule 43-B"
OVERCHIP: Final = "TDA 2024 Rule 44"
EVERY_CHIP: Final = "TDA 2024 Rule 45-A"
LAST_CHIPS: Final = "TDA 2024 Rule 45-B"
BLIND_CHIPS: Final = "TDA 2024 Rule 46-C-1"
REOPEN: Final = "TDA 2024 Rule 47"
IN_TURN: Final = "TDA 2024 Rule 50-A"
BINDING: Final = "TDA 2024 Rule 51-A"
UNDERCALL: Final = "TDA 2024 Rule 51-B"
UNDERBET: Final = "TDA 2024 Rule 52-A"
POT_OVERBET: Final = "TDA 2024 Rule 52-B"
POT_LIMIT: Final = "TDA 2024 Rule 54"
POT_WORD: Final = "TDA 2024 Rule 54-D"
INVALID: Final = "TDA 2024 Rule 55"
UNCLEAR: Final = "TDA 2024 Rule 57"
FOLD_NO_BET: Final = "TDA 2024 Rule 58"

# Robert's Rules of Poker, version 11
CAP: Final = "RROP11 Betting & Raising item 3"
CHIP: Final = "RROP11 Betting & Raising (smallest chip)"
DRAW: Final = "RROP11 Draw poker"
DRAW_ALL_IN: Final = (
    "RROP11 Draw poker (lowball: until there is action after the draw a player may learn of an opponent's hand"
    " only how many cards they drew); TDA 2024 Rule 35-A (house rules apply for draw games): the live hands are"
    " tabled after the last draw (house option draw_all_in_tabling)"
)
BRING_IN: Final = "RROP11 Seven-card stud (bring-in); WIKI_BIP bring-in; TDA 2024 RP-10-E"
KILL: Final = "RROP11 Kill Pots"
KILL_NO_BLINDS: Final = (
    "RROP11 Kill Pots (to kill a pot is to post an overblind, so a game without blinds has no kill; the kill"
    " button is neutral on the first hand of a new game, item 1(a))"
)
MOVING_BUTTON: Final = "RROP11 Button & Blind Use item 2(a); WIKI_BIP Moving button"
POSTING: Final = "RROP11 Button & Blind Use (missed blinds); WIKI_BIP Posting"
BLIND_OBLIGATIONS: Final = "RROP11 Button & Blind Use item 2 (each round every player meets the blind obligations)"
NEW_GAME: Final = "RROP11 Button & Blind Use (newly started game)"
REBUY_OWES: Final = "RROP11 Button & Blind Use (a player who goes all in and loses)"
DRAW_FOR_BUTTON: Final = "RROP11 Button & Blind Use (high card by suit draws for the button)"

# Wikipedia, Betting in poker
ACTIONS: Final = "WIKI_BIP Procedure; TDA 2024 Rule 55"
BRING_IN_SIZE: Final = "WIKI_BIP bring-in (less than the normal betting minimum)"
TABLE_STAKES: Final = "WIKI_BIP Table stakes"
FIXED_LIMIT: Final = "WIKI_BIP Fixed limit"
SPREAD_LIMIT: Final = "WIKI_BIP Spread limit"
FULL_BIG_BLIND: Final = "WIKI_BIP Blinds (callers owe the full big blind)"
STRADDLE: Final = "WIKI_BIP Live straddle"
MISSISSIPPI: Final = "WIKI_BIP Mississippi straddle"
SLEEPER: Final = "WIKI_BIP Sleepers"
ROCK: Final = "WIKI_BIP Mandatory straddle"
OPEN_STAKES: Final = "WIKI_BIP Open stakes"
SIMPLIFIED: Final = "WIKI_BIP Simplified"
HEADS_UP_SIMPLIFIED: Final = "WIKI_BIP Simplified (three players to two)"

# The house's general rules (docs/rules.md, GENRULES)
BUY_IN: Final = "GENRULES buy-in (seed 002, Robert's Rules)"
RATHOLE: Final = "GENRULES buy-in, the return rule (seed 002); WIKI_BIP Table stakes"
BUSTS: Final = "common tournament rule: busted in the same hand, the bigger starting stack finishes higher"
RUN_IT: Final = (
    "common cash-game custom, not a TDA rule: run it twice when all-in players agree"
    " (Apollonia Casino, Run it twice procedures)"
)

# Mixed games and dealer's choice (docs/guide/table.md). TDA 2024 Rule 11-B places the button of a
# mixed game's stud hands; the length of a game's round and dealer's choice follow the common
# conventions, each a house option where rooms differ.
MIXED_ORBIT: Final = (
    "common mixed-game convention: each game of the rotation is dealt for one round, every player having"
    " the chance to be the dealer for the game being played, a player joining in it included"
    " (pokerlistings, How to Play H.O.R.S.E. and Mixed Games)"
)
MIXED_STUD_BUTTON: Final = (
    "TDA 2024 Rule 11-B: when the game shifts from hold'em to stud, after the last hold'em hand the button"
    " moves to the position it would be if the next hand was hold'em and is frozen there during stud;"
    " shifting to hold'em the button starts where it was frozen (house option mixed_stud_button)"
)
MIXED_STAKES: Final = "WIKI_BIP Ante (a quarter of the minimum bet) and bring-in (often half of it)"
DEALERS_CHOICE: Final = (
    "common home-game custom: dealer's choice, the player holding the choice names the next round's game"
    " from the host's list and the choice passes one player to the left"
)

BOMB_POT: Final = (
    "common cash-game custom, not a TDA rule: a bomb pot, every player antes the agreed amount, no betting"
    " before the flop, the betting starts on the flop"
)
DOUBLE_BOARD: Final = (
    "common cash-game custom, not a TDA rule: a double board, each pot split between the two boards,"
    " an odd chip to the first board as in a board run twice"
)

ICM: Final = (
    "common tournament practice, not a TDA rule: a deal at the final table by ICM, the Malmuth-Harville"
    " model (each place won with the player's share of the chips the players not yet placed hold)"
)

# The tournament floor over many tables (table/floor.py, table/event.py, table/payouts.py;
# docs/guide/tournaments.md). Kept in one block.
RANDOM_SEATING: Final = "TDA 2024 Rule 7 (tournament seats are randomly assigned)"
LATE_ENTRY: Final = (
    "TDA 2024 Rule 8-A (late registrations and re-entries: full stacks, a seat drawn from the same pool,"
    " dealt in except between the small blind and the button)"
)
FORFEIT: Final = "TDA 2024 Rule 8-B (chips forfeited for a new stack are removed from play)"
BREAKING: Final = (
    "TDA 2024 Rule 10 (players from a broken table take any seat, drawn by a 2-step random process;"
    " Illustration Addendum)"
)
BALANCING: Final = (
    "TDA 2024 Rule 11-A (flop and mixed games: the player due the big blind next moves to the worst"
    " position, never the small blind; stud by position)"
)
MIXED_BALANCING: Final = (
    "TDA 2024 Rule 11-B (in mixed games the button is frozen during stud; the player moved is the one who"
    " would be big blind were the game hold'em) and Rule 32 (by the dead button, with the players present:"
    " the big blind goes to the next player after the last, a small blind may be dead)"
)
BALANCING_TABLE: Final = "TDA 2024 Rule 11-C (the table a player leaves is set by a predetermined procedure)"
HALTING: Final = (
    "TDA 2024 Rule 11-D (play halts at a table 3 or more players short of the longest once the blinds"
    " are impacted; Illustration Addendum)"
)
CHIP_RACE: Final = (
    "TDA 2024 Rule 24 (a scheduled colour-up races odd chips from seat 1, at most one chip a player,"
    " nobody raced out)"
)
HAND_FOR_HAND: Final = (
    "TDA 2024 RP-8 (hand-for-hand procedures) and RP-19 (the house's ways against stalling): near the money"
    " every table deals one hand and waits for the others; players out in the same hand finish by their"
    " chips at its start (Wikipedia, Hand-for-hand)"
)
HAND_FOR_HAND_CURRENT: Final = (
    "TDA 2024 RP-8-A (payoff eligibility starts at the announcement: if enough players are out on the hands"
    " being finished when hand-for-hand is announced to break into the money, they share the places paid)"
)
HAND_FOR_HAND_CLOCK: Final = (
    "TDA 2024 RP-8-B to D (during hand-for-hand the level clock loses 2 minutes a hand, at most 3, not the"
    " time the hand takes; the blinds go up as that time runs off)"
)
HAND_FOR_HAND_JUMPS: Final = (
    "common tournament practice, not a TDA rule: hand-for-hand also before a pay jump in the money, when"
    " the next players out finish at places paid differently (Wikipedia, Hand-for-hand; TDA 2024 RP-19"
    " leaves the ways against stalling to the house), a house option"
)
PAYOUTS: Final = (
    "common tournament practice, not a TDA rule: the prize pool is paid in full; places no entry can"
    " reach share out among the places paid, in proportion"
)
CHIP_CHOP: Final = (
    "common tournament practice, not a TDA rule: a chip-chop deal, each player left the smallest prize"
    " still to be won plus the rest in proportion to chips"
)
BOUNTY: Final = (
    "common tournament practice, not a TDA rule: a bounty goes to the player who eliminates its holder;"
    " eliminators in one pot split it as a pot's odd chips are (TDA 2024 Rule 20)"
)
PROGRESSIVE_BOUNTY: Final = (
    "common tournament practice, not a TDA rule: a progressive knockout pays the eliminator part of the"
    " bounty and adds the rest to the eliminator's own bounty"
)
REBUYS: Final = "TDA 2024 Rule 27 (players may not miss a hand; a declared rebuy must be made)"
ADD_ONS: Final = (
    "common tournament practice, not a TDA rule: an add-on, chips bought once at a set level or break"
)
FINAL_TABLE: Final = "common tournament practice, not a TDA rule: seats at the final table are redrawn"
BREAKS: Final = "common tournament practice, not a TDA rule: a scheduled break stops every table between hands"

REGISTRY: Final[frozenset[str]] = frozenset(
    value for name, value in dict(globals()).items() if name.isupper() and isinstance(value, str)
)
"""Every citation the library may give (a ruling's ``rule``, a table event's ``rule``)."""
