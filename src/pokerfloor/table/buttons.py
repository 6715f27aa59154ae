"""Where the button and the blinds go next, who is dealt in, and who owes which blind.

Pure functions of the previous hand's positions and of what each occupied seat is doing. The
three button rules (RROP11 Button & Blind Use item 2; WIKI_BIP "Moving the button"):

- ``dead_button`` (TDA 2024 R32, RROP11 item 2(b)): the big blind always moves on to the next
  player due for it; the small blind goes to the seat that had the big blind and the button to
  the seat that had the small blind, even when those seats are empty (a dead small blind, a dead
  button).
- ``moving_button`` (RROP11 item 2(a)): the button always moves to the next player and the blinds
  follow it; a player the blinds passed over because someone left owes the blind skipped, paid
  one blind a hand, biggest first (WIKI_BIP Moving button), so there may be two big blinds.
- ``simplified`` (WIKI_BIP Simplified): as the moving button, and skipped blinds are forgiven.

Heads-up the button posts the small blind (TDA 2024 R34-B; RROP11 item 3). Going from three
players to two, ``no_bb_twice`` moves the button so nobody has the big blind twice in a row
(TDA 2024 R34-B); ``simplified`` moves the button on to the next player and writes off what is
owed (WIKI_BIP Simplified).

Seats that are away miss the blinds that pass them and owe one set on their return (RROP11 Button
& Blind Use, missed blinds; WIKI_BIP Posting). Under the dead button a blind never jumps past a
player, except when heads-up play ends; that blind is not owed (logged ``skipped_blind_forgiven``).

New and returning players wait for the big blind or post to come in at once, but never between
the small blind and the button (TDA 2024 R8-A, R10-A; RROP11). A seat the big blind reaches comes
in with it and owes nothing more: old missed and skipped blinds lapse there (WIKI_BIP Posting).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from pokerfloor import citations as cite
from pokerfloor.errors import InvalidArgument, PokerfloorError
from pokerfloor.hand import Post

ButtonRule = Literal["dead_button", "moving_button", "simplified"]
HeadsUpTransition = Literal["no_bb_twice", "simplified"]
WaitingSmallBlind = Literal["not_owed", "dead"]
Status = Literal["playing", "sitting_out", "waiting"]

R_DEAD = cite.DEAD_BUTTON
R_MOVING = cite.MOVING_BUTTON
R_SIMPLIFIED = cite.SIMPLIFIED
R_HEADS_UP = cite.HEADS_UP
R_HEADS_UP_SIMPLIFIED = cite.HEADS_UP_SIMPLIFIED
R_NEW_PLAYER = cite.NEW_PLAYER
R_POSTING = cite.POSTING
R_NEW_GAME = cite.NEW_GAME
R_OBLIGATIONS = cite.BLIND_OBLIGATIONS


@dataclass(frozen=True, slots=True)
class Owed:
    """The blinds a seat owes before it plays again (only one set: WIKI_BIP Posting)."""

    new_player: bool = False
    missed_small: bool = False
    missed_big: bool = False
    skipped_small: bool = False
    skipped_big: bool = False
    waited_small: bool = False
    """The small blind that passed while the seat waited between the button and the small blind
    (house rule ``waiting_small_blind="dead"``): posted dead with the missed ones."""

    @property
    def anything(self) -> bool:
        return (self.new_player or self.missed_small or self.missed_big or self.skipped_small or self.skipped_big
                or self.waited_small)

    @property
    def to_come_in(self) -> bool:
        """Owes a post to be dealt in again (new, or missed blinds while away)."""
        return self.new_player or self.missed_small or self.missed_big


NOTHING_OWED = Owed()


@dataclass(frozen=True, slots=True)
class SeatState:
    """What the button and blinds need to know about one occupied seat.

    ``playing`` seats are dealt every hand; ``sitting_out`` seats (away, or broke) are passed by
    the blinds and miss them; ``waiting`` seats (new, or back from a break owing blinds) come in
    when the big blind reaches them, or at once when ``post`` is set and the seat is not between
    the small blind and the button.
    """

    status: Status
    owes: Owed = NOTHING_OWED
    post: bool = False


@dataclass(frozen=True, slots=True)
class Positions:
    """Where one hand's button and blinds were.

    ``small_blind`` is the seat the small blind was due from, even when it was dead; heads-up it
    is the button. ``dealt`` counts the seats dealt in, to recognise the move to heads-up.
    """

    button: int
    small_blind: int
    big_blind: int
    dealt: int


NoteKind = Literal[
    "new_game",
    "dead_button",
    "dead_small_blind",
    "heads_up",
    "missed_small_blind",
    "missed_big_blind",
    "skipped_small_blind",
    "skipped_big_blind",
    "skipped_blind_forgiven",
    "owed_written_off",
    "comes_in_at_big_blind",
    "posts_to_come_in",
    "waits_between_blinds_and_button",
    "waits_for_big_blind",
    "small_blind_passed_while_waiting",
]


@dataclass(frozen=True, slots=True)
class Note:
    """One ruling a player might argue about, with the rule behind it (for the table's log)."""

    kind: NoteKind
    seat: int
    rule: str


@dataclass(frozen=True, slots=True)
class BlindPlan:
    """The next hand's button, blinds, seats dealt in, forced posts and debts."""

    positions: Positions
    dealt: tuple[int, ...]
    posts: tuple[Post, ...]
    owes: Mapping[int, Owed]
    notes: tuple[Note, ...] = ()
    small_blind_seat: int | None = None
    heads_up: bool = False
    new_game: bool = False
    waiting: tuple[int, ...] = field(default=())
    dealer_button: int | None = None

    @property
    def button_seat(self) -> int:
        """The button of the hand: the seat before the first blind, or the seat posting it in a
        button-blind game (``positions.button`` is where the last two blinds' rotation puts it)."""
        return self.positions.button if self.dealer_button is None else self.dealer_button

    @property
    def big_blind_seat(self) -> int:
        return self.positions.big_blind

    @property
    def under_the_gun(self) -> int:
        """The first seat to act before the flop when only the blinds are posted."""
        return next_seat(self.positions.big_blind, self.dealt)


class NotEnoughPlayers(PokerfloorError, ValueError):
    """Fewer than two players can be dealt in."""


# ---------------------------------------------------------------------------------- seat geometry
def next_seat(after: int, seats: Iterable[int]) -> int:
    """The first of ``seats`` clockwise strictly after ``after`` (``after`` itself if alone)."""
    ordered = sorted(set(seats))
    if not ordered:
        raise InvalidArgument("no seats to choose from")
    return next((s for s in ordered if s > after), ordered[0])


def between(start: int, end: int, seat: int) -> bool:
    """Whether ``seat`` lies strictly between ``start`` and ``end`` going clockwise."""
    if start == end:
        return False
    if start < end:
        return start < seat < end
    return seat > start or seat < end


def clockwise(after: int, seats: Iterable[int]) -> tuple[int, ...]:
    """``seats`` in clockwise order starting left of ``after``."""
    ordered = sorted(set(seats))
    return tuple([s for s in ordered if s > after] + [s for s in ordered if s <= after])


def _seat_before(seat: int, table_size: int) -> int:
    return table_size if seat == 1 else seat - 1


# ---------------------------------------------------------------------------------- the plan
def place_blinds(
    seats: Mapping[int, SeatState],
    table_size: int,
    previous: Positions | None,
    *,
    blinds: tuple[int, ...],
    rule: ButtonRule = "dead_button",
    heads_up_transition: HeadsUpTransition = "no_bb_twice",
    first_button: int | None = None,
    first_blind_on_button: bool = False,
    waiting_small_blind: WaitingSmallBlind = "not_owed",
) -> BlindPlan:
    """Plan the next hand: button, blinds, seats dealt in, posts, and what each seat owes after.

    ``seats`` holds the occupied seats (numbered 1..``table_size``); ``blinds`` is (small, big), a
    small blind of 0 meaning a one-blind game, or three blinds (first, small, big). ``previous``
    is the last hand's ``positions``, or ``None`` for a new game, whose button goes to
    ``first_button``. ``first_blind_on_button`` puts the first blind on the button (WIKI_BIP).
    ``waiting_small_blind="dead"`` charges a returning seat the small blind that passed it while
    it waited between the button and the small blind (house rule ``waiting_small_blind``).

    The last two blinds move, and are owed, posted and missed, as in a two-blind game; a first of
    three blinds is posted from the seat before the small blind (RROP11 Button & Blind Use: with
    more than two blinds the little blind is normally left of the button), and short-handed by the
    button itself, as heads-up (TDA 2024 R34-B); heads-up it goes unposted.
    """
    first = blinds[0] if len(blinds) == 3 else 0
    pair = (blinds[-2], blinds[-1]) if len(blinds) >= 2 else (0, blinds[0])
    if not first and not first_blind_on_button:
        return _place_two_blinds(
            seats, table_size, previous, pair, rule, heads_up_transition, first_button, waiting_small_blind
        )
    present = [s for s, st in seats.items() if st.status != "sitting_out"]
    if previous is None and first_button is not None and first_button in present:
        # The drawn button is the dealer's: start the rotation so its first blind lands on it (or
        # left of it), counting back from where the rotation posts that blind.
        left_of_button = not first_blind_on_button and len(present) > len(blinds)
        steps = (1 if left_of_button else 0) - (0 if first else 1 if pair[0] else 2)
        order = clockwise(first_button, present)
        first_button = order[(len(order) - 1 + steps) % len(order)]
    plan = _place_two_blinds(
        seats, table_size, previous, pair, rule, heads_up_transition, first_button, waiting_small_blind
    )
    return _with_first_blind(plan, first, first_blind_on_button, sorted(seats))


def _with_first_blind(plan: BlindPlan, first: int, on_button: bool, occupied: Sequence[int]) -> BlindPlan:
    """A three-blind or button-blind game's plan from the rotation of its last two blinds: the
    first of three blinds from the seat the rotation makes the button, and the dealer button on
    the occupied seat before it (on that seat itself short-handed, or when the first blind is the
    button's); with two blinds or one on the button, the dealer button is the seat posting the first."""
    pos, dealt = plan.positions, set(plan.dealt)
    posts = list(plan.posts)
    kind: Literal["sb", "button_blind"] = "button_blind" if on_button else "sb"
    if first:
        taken = {p.seat for p in posts}
        if pos.button in dealt and pos.button not in taken and pos.button != pos.small_blind:
            posts.insert(0, Post(pos.button, first, kind))
        short_handed = len(dealt) <= 3
        before = [s for s in clockwise(pos.button, occupied) if s != pos.button]
        button = pos.button if on_button or short_handed or not before else before[-1]
    else:
        first_poster = pos.small_blind if any(p.kind == "sb" for p in posts) else pos.big_blind
        button = first_poster
        posts = [Post(p.seat, p.amount, "button_blind") if p.kind == "sb" else p for p in posts]
    return replace(plan, posts=tuple(posts), dealt=clockwise(button, dealt), dealer_button=button)


def _place_two_blinds(
    seats: Mapping[int, SeatState],
    table_size: int,
    previous: Positions | None,
    blinds: tuple[int, int],
    rule: ButtonRule,
    heads_up_transition: HeadsUpTransition,
    first_button: int | None,
    waiting_small_blind: WaitingSmallBlind = "not_owed",
) -> BlindPlan:
    """``place_blinds`` for a small and a big blind (a small blind of 0: one blind)."""
    playing = sorted(s for s, st in seats.items() if st.status == "playing")
    if previous is None or len(playing) < 2:
        return _new_game(seats, previous, blinds, first_button, heads_up_transition)
    waiting = [s for s, st in seats.items() if st.status == "waiting"]
    candidates = sorted(playing + waiting)
    if rule == "dead_button":
        bb = next_seat(previous.big_blind, candidates)
        sb_due = previous.big_blind
        button = previous.small_blind
        if not between(bb, sb_due, button):
            button = _seat_before(sb_due, table_size)
    else:
        button = next_seat(previous.button, playing)
        sb_due = next_seat(button, playing)
        bb = next_seat(sb_due, candidates)
    gap = {button, sb_due} | {s for s in seats if between(button, sb_due, s)}
    dealt = set(playing) | {bb}
    dealt |= {s for s in waiting if seats[s].post and s not in gap}
    heads_up = len(dealt) == 2
    notes: list[Note] = []
    if heads_up:
        button, sb_due, bb = _heads_up(previous, sorted(dealt), heads_up_transition)
        notes.append(Note("heads_up", button, R_HEADS_UP))
    elif rule == "dead_button":
        if button not in dealt:
            notes.append(Note("dead_button", button, R_DEAD))
        if sb_due not in dealt:
            notes.append(Note("dead_small_blind", sb_due, R_DEAD))
    positions = Positions(button, sb_due, bb, len(dealt))
    owes = {s: st.owes for s, st in seats.items()}
    notes += _charge_passed_seats(seats, owes, previous, positions, rule, heads_up)
    if waiting_small_blind == "dead" and blinds[0] and not heads_up:
        for s in sorted(set(waiting) - dealt):
            owed = owes[s]
            passed = s == sb_due or between(button, sb_due, s)
            if passed and (owed.missed_small or owed.missed_big) and not owed.waited_small:
                owes[s] = replace(owed, waited_small=True)
                notes.append(Note("small_blind_passed_while_waiting", s, R_OBLIGATIONS))
    posts, small_blind_seat = _posts(seats, owes, positions, dealt, blinds, notes)
    for s in sorted(set(waiting) - dealt):
        kind: NoteKind = "waits_between_blinds_and_button" if s in gap else "waits_for_big_blind"
        notes.append(Note(kind, s, R_NEW_PLAYER))
    return BlindPlan(
        positions=positions,
        dealt=clockwise(button, dealt),
        posts=tuple(posts),
        owes=owes,
        notes=tuple(notes),
        small_blind_seat=small_blind_seat,
        heads_up=heads_up,
        waiting=tuple(sorted(set(waiting) - dealt)),
    )


def _new_game(
    seats: Mapping[int, SeatState],
    previous: Positions | None,
    blinds: tuple[int, int],
    first_button: int | None,
    transition: HeadsUpTransition = "no_bb_twice",
) -> BlindPlan:
    """A game (re)starting: everyone present is dealt in and owes nothing (RROP11, new game);
    a seat away when the blinds are placed past it misses them.

    A game restarted after a hand (``previous``), say when a heads-up button leaves and a new
    player sits, is contested: read as a new game, its button simply moves on, so the player
    left may post the big blind again (RROP11 Button & Blind Use, newly started game; WIKI_BIP
    Simplified, ``heads_up_transition="simplified"``). Under ``"no_bb_twice"`` (TDA 2024 R34-B:
    nobody posts the big blind twice in a row; RROP11 item 2: every player meets the blind
    obligations in turn) the big blind moves on one player from the last hand's, as in a game that
    goes on, and the button and small blind are placed behind it.
    """
    players = sorted(s for s, st in seats.items() if st.status != "sitting_out")
    if len(players) < 2:
        raise NotEnoughPlayers("a hand needs at least two players ready to play")
    if previous is not None and transition == "no_bb_twice":
        behind_big_blind = clockwise(next_seat(previous.big_blind, players), players)
        button = behind_big_blind[-2] if len(players) == 2 else behind_big_blind[-3]
    elif first_button in players:
        button = first_button
    elif previous is not None:
        button = next_seat(previous.button, players)
    else:
        button = players[0]
    heads_up = len(players) == 2
    sb = button if heads_up else next_seat(button, players)
    bb = next_seat(sb, players)
    posts = [Post(bb, blinds[1], "bb")]
    if blinds[0]:
        posts.insert(0, Post(sb, blinds[0], "sb"))
    owes = {s: (NOTHING_OWED if s in players else st.owes) for s, st in seats.items()}
    positions = Positions(button, sb, bb, len(players))
    notes = [Note("new_game", s, R_NEW_GAME) for s in players if seats[s].owes.anything]
    away = {s: st for s, st in seats.items() if st.status == "sitting_out"}
    notes += _charge_passed_seats(away, owes, Positions(button, button, button, 0), positions, "dead_button", heads_up)
    return BlindPlan(
        positions=positions,
        dealt=clockwise(button, players),
        posts=tuple(posts),
        owes=owes,
        notes=tuple(notes),
        small_blind_seat=sb if blinds[0] else None,
        heads_up=heads_up,
        new_game=True,
    )


def _heads_up(previous: Positions, pair: Sequence[int], transition: HeadsUpTransition) -> tuple[int, int, int]:
    """Heads-up the button is the small blind (TDA 2024 R34-B), placed by the transition rule."""
    if previous.dealt <= 2 or transition == "no_bb_twice":
        bb = next_seat(previous.big_blind, pair)
        button = pair[0] if pair[1] == bb else pair[1]
    else:
        button = next_seat(previous.button, pair)
        bb = pair[0] if pair[1] == button else pair[1]
    return button, button, bb


def _charge_passed_seats(
    seats: Mapping[int, SeatState],
    owes: dict[int, Owed],
    previous: Positions,
    now: Positions,
    rule: ButtonRule,
    heads_up: bool,
) -> list[Note]:
    """Blinds that moved past a seat: missed when it was away, skipped when it was playing."""
    notes: list[Note] = []
    around = rule != "dead_button" and not heads_up
    for seat, state in sorted(seats.items()):
        passed_big = _passed(previous.big_blind, now.big_blind, seat, around)
        passed_small = _passed(previous.small_blind, now.small_blind, seat, around)
        owed = owes[seat]
        if state.status == "sitting_out":
            if passed_big and not owed.missed_big:
                owed = replace(owed, missed_big=True)
                notes.append(Note("missed_big_blind", seat, R_POSTING))
            if (passed_small or seat == now.small_blind) and not owed.missed_small:
                owed = replace(owed, missed_small=True)
                notes.append(Note("missed_small_blind", seat, R_POSTING))
        elif state.status == "playing" and heads_up:
            if owed.skipped_big or owed.skipped_small:
                owed = replace(owed, skipped_big=False, skipped_small=False)
                notes.append(Note("owed_written_off", seat, R_HEADS_UP_SIMPLIFIED))
        elif state.status == "playing" and rule == "moving_button":
            if passed_big:
                owed = replace(owed, skipped_big=True)
                notes.append(Note("skipped_big_blind", seat, R_MOVING))
            if passed_small:
                owed = replace(owed, skipped_small=True)
                notes.append(Note("skipped_small_blind", seat, R_MOVING))
        elif state.status == "playing" and (passed_big or passed_small):
            notes.append(Note("skipped_blind_forgiven", seat, R_SIMPLIFIED if rule == "simplified" else R_DEAD))
        owes[seat] = owed
    return notes


def _passed(start: int, end: int, seat: int, around: bool) -> bool:
    """Whether a blind moving from ``start`` to ``end`` went past ``seat``. A moving button that
    jumps over seats can carry a blind back to the seat it left: all the way round (``around``)."""
    return between(start, end, seat) or (around and start == end and seat != end)


def _posts(
    seats: Mapping[int, SeatState],
    owes: dict[int, Owed],
    now: Positions,
    dealt: set[int],
    blinds: tuple[int, int],
    notes: list[Note],
) -> tuple[list[Post], int | None]:
    """Each dealt seat's forced bets; ``owes`` is updated to what each still owes after them."""
    small, big = blinds
    posts: list[Post] = []
    small_blind_seat: int | None = None
    for seat in clockwise(now.button, dealt):
        state, owed = seats[seat], owes[seat]
        if seat == now.big_blind:
            posts.append(Post(seat, big, "bb"))
            if state.status == "waiting":
                notes.append(Note("comes_in_at_big_blind", seat, R_POSTING))
            # Old missed and skipped blinds lapse when the big blind reaches the seat (WIKI_BIP
            # Posting: "old missed blinds are removed when the big blind returns to that player's
            # seat"; RROP11 Button & Blind Use): a blind skipped this hand cannot be this seat's.
            owed = NOTHING_OWED
        elif state.status == "waiting":
            notes.append(Note("posts_to_come_in", seat, R_POSTING))
            posts += _come_in_posts(seat, owed, blinds)
            owed = replace(owed, new_player=False, missed_small=False, missed_big=False, waited_small=False)
        else:
            post, owed = _one_blind(seat, owed, seat == now.small_blind and small > 0, blinds)
            if post is not None:
                posts.append(post)
                small_blind_seat = seat if post.kind == "sb" else small_blind_seat
        owes[seat] = owed
    return posts, small_blind_seat


def _come_in_posts(seat: int, owed: Owed, blinds: tuple[int, int]) -> list[Post]:
    """A new player posts a big blind live; a returning one posts the blinds missed, the part up
    to the minimum opening bet live and the rest dead (RROP11 Button & Blind Use; WIKI_BIP
    Posting). A seat that owes nothing (a tournament entrant) just comes in (TDA 2024 R8-A)."""
    small, big = blinds
    posts: list[Post] = []
    if owed.new_player or owed.missed_big:
        posts.append(Post(seat, big, "new_player" if owed.new_player and not owed.missed_big else "missed_bb"))
    if owed.missed_small and small:
        posts.append(Post(seat, small, "missed_sb", live=not posts))
    if owed.waited_small and small:
        posts.append(Post(seat, small, "missed_sb", live=False))  # house rule waiting_small_blind
    return posts


def _one_blind(seat: int, owed: Owed, due_small: bool, blinds: tuple[int, int]) -> tuple[Post | None, Owed]:
    """One blind a hand, biggest first: a small blind put off for a skipped big one is owed next
    hand (WIKI_BIP Moving button). Skipped blinds are paid live."""
    small, big = blinds
    if owed.skipped_big:
        later = replace(owed, skipped_big=False, skipped_small=owed.skipped_small or due_small)
        return Post(seat, big, "missed_bb"), later
    if due_small:
        return Post(seat, small, "sb"), owed
    if owed.skipped_small:
        return (Post(seat, small, "missed_sb") if small else None), replace(owed, skipped_small=False)
    return None, owed


def rotate_button(
    seats: Mapping[int, SeatState], previous: Positions | None, first_button: int | None, *, keep_owed: bool = False
) -> BlindPlan:
    """For games without blinds, whose forced bets the hand places itself (stud's antes and
    bring-in): everyone present is dealt in and the button moves on one. A seat dealt in owes
    no blinds after it, unless ``keep_owed`` (a mixed game whose house keeps the blinds a player
    owes through the stud hands, house rule ``owed_blinds_in_stud``: only blinds pay them)."""
    players = sorted(s for s, st in seats.items() if st.status != "sitting_out")
    if len(players) < 2:
        raise NotEnoughPlayers("a hand needs at least two players ready to play")
    if previous is not None:
        button = next_seat(previous.button, players)
    else:
        button = first_button if first_button in players else players[0]
    return BlindPlan(
        positions=Positions(button, button, button, len(players)),
        dealt=clockwise(button, players),
        posts=(),
        owes={s: (NOTHING_OWED if s in players and not keep_owed else st.owes) for s, st in seats.items()},
        heads_up=len(players) == 2,
        new_game=previous is None,
    )
