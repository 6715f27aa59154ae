"""Declarative configuration: the game (variant, structure, stakes, forced bets) and house rules.

Everything here is a frozen value. ``HouseRules`` holds every point where the source documents
and rulebooks disagree; its defaults follow the source documents (docs/rules.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, get_args, get_origin, get_type_hints

from pokerfloor.cards import FULL_DECK, SHORT_DECK, Card, parse_cards
from pokerfloor.citations import BRING_IN_SIZE
from pokerfloor.errors import InvalidArgument

Structure = Literal["no_limit", "pot_limit", "half_pot", "fixed_limit", "spread_limit"]
STRUCTURES: tuple[str, ...] = Structure.__args__  # type: ignore[attr-defined]
BIG_BET_STRUCTURES = frozenset({"no_limit", "pot_limit", "half_pot"})

Family = Literal["flop", "stud", "draw"]
HighRanking = Literal["high", "short_deck", "few_cards", "none"]
LowRanking = Literal["none", "ace_five_8", "ace_five", "deuce_seven", "badugi"]


@dataclass(frozen=True, kw_only=True)
class Variant:
    """The cards side of a game: how many are dealt, when, and how hands are ranked."""

    name: str
    family: Family
    hole_cards: int
    high: HighRanking = "high"
    low: LowRanking = "none"
    short_deck: bool = False
    omaha: bool = False
    board: tuple[int, ...] = (3, 1, 1)
    draws: int = 0
    title: str = ""
    deck: str = ""
    """The deck's cards as text (``"JsQsKs"``) when it is neither the full 52 cards nor short
    deck's 36: the small games of research (Kuhn poker, Leduc hold'em) deal from their own."""
    small_bets: int = 0
    """The fixed-limit betting rounds at the small bet when the variant's published rules name
    them (Rhode Island hold'em: the first only); 0 is the rulebooks' first half
    (``small_bet_rounds``)."""
    house: tuple[tuple[str, Any], ...] = ()
    """House rules that the variant's published rules fix (Kuhn poker's single bet, Leduc's
    bet and one raise, no folding when a check is free): a ``Game`` of this variant given no
    ``house`` starts from them."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck, in its order: the variant's own, or short deck's, or all 52 cards."""
        if self.deck:
            cards = _DECKS.get(self.deck)
            if cards is None:
                cards = _DECKS[self.deck] = tuple(parse_cards(self.deck))
            return cards
        return SHORT_DECK if self.short_deck else FULL_DECK

    @property
    def small_bet_rounds(self) -> int:
        """The fixed-limit betting rounds at the small bet, the rest at the big bet: stud's third
        and fourth streets, the first half of a flop or draw game's rounds (hold'em's pre-flop
        and flop), or the variant's own (``small_bets``)."""
        if self.small_bets:
            return self.small_bets
        return 2 if self.family == "stud" else (self.betting_rounds + 1) // 2

    @property
    def hi_lo(self) -> bool:
        return self.high != "none" and self.low != "none"

    @property
    def betting_rounds(self) -> int:
        if self.family == "flop":
            return 1 + len(self.board)
        if self.family == "stud":
            return 5
        return 1 + self.draws

    @property
    def deck_size(self) -> int:
        return len(self.cards)

    @property
    def max_players(self) -> int:
        """The most players one deck can deal a hand to, whatever happens in it.

        Flop games deal every hole card and the board from the deck. Stud deals six cards to
        each player by sixth street; seventh street is a single community card when the stub
        runs short (TDA 2024 RP-10-H), so eight play. In draw games the discards are shuffled
        into the stub when it runs short, the drawer's own discards kept out (RROP11 draw): a
        player can always draw a full hand while one more hand is left beyond the table's.
        """
        deck = self.deck_size
        if self.family == "flop":
            return (deck - sum(self.board)) // self.hole_cards
        if self.family == "stud":
            return deck // (self.hole_cards - 1)
        return deck // self.hole_cards - 1

    @property
    def streets(self) -> tuple[str, ...]:
        if self.family == "flop":
            return ("preflop", "flop", "turn", "river")[: self.betting_rounds]
        if self.family == "stud":
            return ("third", "fourth", "fifth", "sixth", "seventh")
        return ("predraw", *(f"draw{i}" for i in range(1, self.draws + 1)))


_DECKS: dict[str, tuple[Card, ...]] = {}
"""The variants' own decks, read from their text once."""


def _flop(name: str, title: str, holes: int = 2, **kw: Any) -> Variant:
    return Variant(name=name, family="flop", hole_cards=holes, title=title, **kw)


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _flop("holdem", "Texas hold'em"),
        _flop("short_deck", "Short-deck hold'em", high="short_deck", short_deck=True),
        _flop("omaha", "Omaha", 4, omaha=True),
        _flop("omaha5", "Five-card Omaha", 5, omaha=True),
        _flop("omaha6", "Six-card Omaha", 6, omaha=True),
        _flop("omaha_hilo", "Omaha hi-lo 8 or better", 4, omaha=True, low="ace_five_8"),
        _flop("omaha5_hilo", "Five-card Omaha hi-lo", 5, omaha=True, low="ace_five_8"),
        Variant(name="stud", family="stud", hole_cards=7, title="Seven-card stud"),
        Variant(
            name="stud_hilo",
            family="stud",
            hole_cards=7,
            low="ace_five_8",
            title="Seven-card stud hi-lo 8 or better",
        ),
        Variant(name="razz", family="stud", hole_cards=7, high="none", low="ace_five", title="Razz"),
        Variant(name="five_card_draw", family="draw", hole_cards=5, draws=1, title="Five-card draw"),
        Variant(
            name="deuce_seven_single",
            family="draw",
            hole_cards=5,
            draws=1,
            high="none",
            low="deuce_seven",
            title="2-7 single draw",
        ),
        Variant(
            name="deuce_seven_triple",
            family="draw",
            hole_cards=5,
            draws=3,
            high="none",
            low="deuce_seven",
            title="2-7 triple draw",
        ),
        Variant(
            name="ace_five_triple",
            family="draw",
            hole_cards=5,
            draws=3,
            high="none",
            low="ace_five",
            title="A-5 triple draw",
        ),
        Variant(
            name="badugi",
            family="draw",
            hole_cards=4,
            draws=3,
            high="none",
            low="badugi",
            title="Badugi",
        ),
    )
}

RESEARCH_VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        # Kuhn (1950): J, Q, K; one card each, one betting round of one bet, no raise, and a pass
        # facing no bet is a check. Leduc (Southey et al. 2005): two suits of J, Q, K; one card
        # each and one on the board between two rounds, a bet and one raise a round; a pair with
        # the board beats any unpaired card. Both fixed limit, ante only (Game.kuhn, Game.leduc).
        _flop(
            "kuhn",
            "Kuhn poker",
            1,
            board=(),
            high="few_cards",
            deck="JsQsKs",
            house=(("raise_cap", 0), ("cap_lifted_heads_up", False), ("fold_facing_no_bet", "refused")),
        ),
        _flop(
            "leduc",
            "Leduc hold'em",
            1,
            board=(1,),
            high="few_cards",
            deck="JsJhQsQhKsKh",
            house=(("raise_cap", 1), ("cap_lifted_heads_up", False), ("fold_facing_no_bet", "refused")),
        ),
        # Rhode Island hold'em (Shi and Littman 2001; as Gilpin and Sandholm's GSI describes it):
        # the full deck, one card each, a flop of one card and a turn of one, three betting rounds
        # (the bet 10, then 20 and 20), three raises a round, the best three-card hand wins (a
        # straight beats a flush, three of a kind both). Game.rhode_island().
        _flop(
            "rhode_island",
            "Rhode Island hold'em",
            1,
            board=(1, 1),
            high="few_cards",
            small_bets=1,
            house=(("raise_cap", 3), ("cap_lifted_heads_up", False), ("fold_facing_no_bet", "refused")),
        ),
    )
}
"""The small games research papers start on, played by ``Hand`` but not offered at the tables
(``VARIANTS`` is what a room deals): ``Game.kuhn()``, ``Game.leduc()``, ``Game.rhode_island()``."""

ALL_VARIANTS: dict[str, Variant] = {**VARIANTS, **RESEARCH_VARIANTS}
"""Every variant a ``Game`` may name."""

RULEBOOK: Literal["rulebook"] = "rulebook"


@dataclass(frozen=True, kw_only=True)
class HouseRules:
    """Every point where the rulebooks or rooms disagree; the defaults are the source documents'.

    ``incomplete_raise_rule`` and ``raise_cap`` default to ``"rulebook"``: the full-bet rule in
    big-bet games and the half-bet rule in limit games (TDA 2024 R47, RROP11 B&R item 6); a bet and
    three raises in games of three or more betting rounds, four raises in two-round games
    (RROP11 B&R item 3). ``raise_cap`` counts raises after the opening bet; ``None`` is no cap.
    """

    incomplete_raise_rule: Literal["rulebook", "full_bet", "half_bet"] = RULEBOOK
    raise_cap: int | Literal["rulebook"] | None = RULEBOOK
    cap_lifted_heads_up: bool = True
    straddle_min_raise: Literal["straddle_minus_bb", "straddle_amount"] = "straddle_minus_bb"
    straddle_postflop_min_bet: Literal["big_blind", "straddle"] = "big_blind"
    bba_order: Literal["big_blind_first", "ante_first"] = "big_blind_first"
    short_stack_forced_order: Literal["ante_first", "blind_first"] = "ante_first"
    sleeper_when_entered: Literal["stands", "returned"] = "stands"
    button_rule: Literal["dead_button", "moving_button", "simplified"] = "dead_button"
    heads_up_transition: Literal["no_bb_twice", "simplified"] = "no_bb_twice"
    """Going to heads-up, and restarting a game after a hand. ``"no_bb_twice"`` (TDA 2024 R34-B):
    nobody posts the big blind twice in a row, a restarted game included (the big blind moves on
    from the last hand's). ``"simplified"`` (WIKI_BIP Simplified; RROP11's newly started game):
    the button moves on to the next player, so the player left may post the big blind again."""
    mixed_stud_button: Literal["frozen", "moving"] = "frozen"
    """The button across stud hands at a table that also deals games with blinds (a mixed game).
    ``"frozen"`` (TDA 2024 Rule 11-B, citations ``MIXED_STUD_BUTTON``): after the last hand with
    blinds it moves to where it would be if the next hand had blinds and is frozen there during
    the stud hands; the blinds resume from it, as if the stud hands had not been dealt.
    ``"moving"``: it goes on moving one seat a stud hand, as a count of hands, and the blinds
    follow it when the flop games return."""
    draw_all_in_tabling: Literal["after_draws", "at_all_in"] = "after_draws"
    """When the live hands of a draw game are turned up once no more betting can happen.
    ``"after_draws"`` (RROP11 Draw poker, citations ``DRAW_ALL_IN``; TDA 2024 Rule 35-A leaves
    draw games to house rules): after the last draw, since the draws are decisions still to be
    made and a player learns no more of an opponent's hand than how many cards they drew.
    ``"at_all_in"`` (TDA 2024 Rule 16 read as in flop games): as soon as betting is over."""
    owed_blinds_in_stud: Literal["kept", "cleared"] = "kept"
    """The blinds a player owes (missed while away, or a new player's) when a mixed game deals
    stud hands. ``"kept"`` (RROP11 Button & Blind Use, missed blinds; WIKI_BIP Posting: a debt of
    blinds is paid by posting them, or lapses when the big blind reaches the seat): the player is
    dealt the stud hands and still owes them when the games with blinds return. ``"cleared"``: a
    stud hand dealt to the player clears the debt."""
    oot_mode: Literal["reject", "hold"] = "reject"
    killer_acts: Literal["last", "in_turn"] = "last"
    """Where the kill blind acts pre-flop. ``"last"`` (WIKI_BIP; WIKI_KILL, whose example has A the
    dealer and E the killer act D, A, B, C, E): the action starts left of the big blind, passes
    over the killer and ends with it, wherever it sits. ``"in_turn"`` (RROP11 Kill Pots item 2):
    the killer acts in its proper turn."""
    stud_open_pair_option: bool = True
    odd_chip_stud: Literal["all_cards", "five_card_hand"] = "all_cards"
    bring_in_tiebreak: Literal["suit", "proximity"] = "suit"
    table_stakes: bool = True
    buy_in: tuple[int, int | None] | Literal["rulebook"] = RULEBOOK
    rathole_window_minutes: int = 20
    waiting_small_blind: Literal["not_owed", "dead"] = "not_owed"
    """A player back from missing the blinds whose seat is between the button and the small blind
    waits (it is not dealt in there); the small blind then passes it. ``"not_owed"``: it posts
    one set, the big blind live and the small one dead, when it comes in (WIKI_BIP Posting: "only
    one set of missed blinds can be accumulated"; RROP11 Button & Blind Use, missed blinds).
    ``"dead"``: some rooms charge the small blind that passed while it waited as well, dead
    (RROP11 Button & Blind Use item 2: each round every player meets the total amount of the
    blind obligations)."""
    fold_facing_no_bet: Literal["allowed", "refused"] = "allowed"
    """Folding when a check is free. ``"allowed"``: no rulebook forbids it (RROP11 B&R item 1 only
    says a player *may* check) and TDA 2024 R58 makes such a fold binding, a room perhaps
    penalising it. ``"refused"``: the fold is refused, as ACPC does and PokerKit does in tournament
    mode (its cash-game mode takes the fold with a warning)."""

    def __post_init__(self) -> None:
        for name, value in self.__dict__.items():
            allowed = _HOUSE_CHOICES.get(name)
            if allowed is not None and value not in allowed:
                choices = ", ".join(repr(a) for a in allowed)
                raise InvalidArgument(f"house rule {name} is one of {choices}, not {value!r}")
        cap = self.raise_cap
        if cap != RULEBOOK and cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
            raise InvalidArgument(f"raise_cap is a number of raises (0 or more), None or 'rulebook', not {cap!r}")
        for name in ("cap_lifted_heads_up", "stud_open_pair_option", "table_stakes"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidArgument(f"house rule {name} is True or False, not {getattr(self, name)!r}")
        minutes = self.rathole_window_minutes
        if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes < 0:
            raise InvalidArgument(f"rathole_window_minutes is a whole number of minutes, not {minutes!r}")
        buy_in = self.buy_in
        if buy_in != RULEBOOK:
            if not isinstance(buy_in, tuple) or len(buy_in) != 2:
                raise InvalidArgument(f"buy_in is (minimum, maximum or None) or 'rulebook', not {buy_in!r}")
            _check_chips("the minimum buy-in", buy_in[0])
            if buy_in[1] is not None:
                _check_chips("the maximum buy-in", buy_in[1])
                if buy_in[1] < buy_in[0]:
                    raise InvalidArgument(f"the maximum buy-in {buy_in[1]} is below the minimum {buy_in[0]}")

    def incomplete_rule_for(self, structure: str) -> Literal["full_bet", "half_bet"]:
        """The incomplete-raise rule in force for this structure (TDA 2024 R47-A/B)."""
        rule = self.incomplete_raise_rule
        if rule == "full_bet" or rule == "half_bet":
            return rule
        return "full_bet" if structure in BIG_BET_STRUCTURES else "half_bet"

    def raises_allowed(self, betting_rounds: int) -> int | None:
        """Raises allowed after the bet in a limit round (RROP11 Betting & Raising item 3)."""
        cap = self.raise_cap
        if cap == RULEBOOK:
            return 3 if betting_rounds >= 3 else 4
        return cap


_HOUSE_CHOICES: dict[str, tuple[object, ...]] = {
    name: get_args(hint) for name, hint in get_type_hints(HouseRules).items() if get_origin(hint) is Literal
}
"""The named choices of each house option that is one of a few words (its ``Literal`` type)."""


def chips_problem(name: str, value: object, least: int = 0) -> str:
    """What is wrong with ``value`` as an amount of chips (whole chips only, at least ``least``;
    ``True`` is not a chip), or ``""`` when nothing is: the one check of chip amounts, whose
    callers raise the error their layer gives."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{name} must be a whole number of chips, not {value!r}"
    if value < least:
        return f"{name} cannot be negative ({value})" if least == 0 else f"{name} must be at least {least}, not {value}"
    return ""


def _check_chips(name: str, value: object) -> None:
    problem = chips_problem(name, value)
    if problem:
        raise InvalidArgument(problem)


_UNSET: Any = None


def _variant_house(variant: object) -> HouseRules:
    """The house rules a game of ``variant`` starts from: the rulebooks', with what the
    variant's published rules fix (``Variant.house``)."""
    spec = ALL_VARIANTS.get(variant) if isinstance(variant, str) else None
    return HouseRules(**dict(spec.house)) if spec is not None and spec.house else HouseRules()


@dataclass(frozen=True, kw_only=True, init=False)
class Game:
    """A game: variant, betting structure, stakes and forced bets, and the house rules.

    Money is whole chips. ``blinds`` gives one to three blinds explicitly, posted by the seats
    left of the button in order (or from the button itself when ``first_blind_on_button``, the
    WIKI_BIP three-blind layout); by default it is ``(small_blind, big_blind)``. Limit games take
    ``small_bet`` and ``big_bet`` (by default the big blind and twice it); spread limit takes
    ``spread=(minimum, maximum, maximum on the last round)``.

    The game keeps its inputs as given (the ``given_*`` fields hold the ones that have a
    default worked out from others) and works out ``blinds``, ``big_blind``, ``small_bet``,
    ``big_bet`` and ``min_bet`` when read, so ``dataclasses.replace(game, small_blind=100,
    big_blind=200)`` is a game at 100/200 in every respect.
    """

    variant: str = "holdem"
    structure: Structure = "no_limit"
    small_blind: int = 0
    given_big_blind: int = 0
    given_blinds: tuple[int, ...] = ()
    first_blind_on_button: bool = False
    ante: int = 0
    bb_ante: int = 0
    button_ante: int = 0
    bring_in: int = 0
    given_small_bet: int = 0
    given_big_bet: int = 0
    spread: tuple[int, int, int] | None = None
    given_min_bet: int = 0
    min_chip: int = 1
    house: HouseRules = field(default_factory=HouseRules)

    def __init__(
        self,
        *,
        variant: str = "holdem",
        structure: Structure = "no_limit",
        small_blind: int = 0,
        big_blind: int = _UNSET,
        blinds: tuple[int, ...] = _UNSET,
        first_blind_on_button: bool = False,
        ante: int = 0,
        bb_ante: int = 0,
        button_ante: int = 0,
        bring_in: int = 0,
        small_bet: int = _UNSET,
        big_bet: int = _UNSET,
        spread: tuple[int, int, int] | None = None,
        min_bet: int = _UNSET,
        min_chip: int = 1,
        house: HouseRules | None = None,
        given_big_blind: int = 0,
        given_blinds: tuple[int, ...] = (),
        given_small_bet: int = 0,
        given_big_bet: int = 0,
        given_min_bet: int = 0,
    ) -> None:
        # The given_* keywords are how dataclasses.replace passes the inputs on; a value under
        # the public name (a new input) wins over them.
        given = {
            "variant": variant,
            "structure": structure,
            "small_blind": small_blind,
            "given_big_blind": given_big_blind if big_blind is _UNSET else big_blind,
            "given_blinds": given_blinds if blinds is _UNSET else blinds,
            "first_blind_on_button": first_blind_on_button,
            "ante": ante,
            "bb_ante": bb_ante,
            "button_ante": button_ante,
            "bring_in": bring_in,
            "given_small_bet": given_small_bet if small_bet is _UNSET else small_bet,
            "given_big_bet": given_big_bet if big_bet is _UNSET else big_bet,
            "spread": spread,
            "given_min_bet": given_min_bet if min_bet is _UNSET else min_bet,
            "min_chip": min_chip,
            "house": _variant_house(variant) if house is None else house,
        }
        for name, value in given.items():
            object.__setattr__(self, name, value)
        self._check()

    @property
    def big_blind(self) -> int:
        """The big blind: as given, else the largest of ``blinds``."""
        return self.given_big_blind or max(self.given_blinds, default=0)

    @property
    def blinds(self) -> tuple[int, ...]:
        """The blinds posted left of the button in order: as given, else ``(small_blind,
        big_blind)`` (just the big blind when there is no small one)."""
        if self.given_blinds or not self.given_big_blind:
            return self.given_blinds
        return (self.small_blind, self.given_big_blind) if self.small_blind else (self.given_big_blind,)

    @property
    def small_bet(self) -> int:
        """The small bet of a fixed-limit game: as given, else the big blind (or twice the
        bring-in); 0 in other structures unless given."""
        if self.given_small_bet or self.structure != "fixed_limit":
            return self.given_small_bet
        return self.big_blind or 2 * self.bring_in

    @property
    def big_bet(self) -> int:
        """The big bet of a fixed-limit game: as given, else twice the small bet."""
        if self.given_big_bet or self.structure != "fixed_limit":
            return self.given_big_bet
        return 2 * self.small_bet

    @property
    def min_bet(self) -> int:
        """The smallest bet: as given, else the big blind (or the small bet; in stud twice the
        bring-in, as the fixed-limit small bet, a bring-in being less than the smallest bet; or
        one chip)."""
        return self.given_min_bet or self.big_blind or self.small_bet or 2 * self.bring_in or self.min_chip

    def _check(self) -> None:
        """Refuse a game whose inputs do not make one (a clear ValueError)."""
        if not isinstance(self.variant, str) or self.variant not in ALL_VARIANTS:
            raise InvalidArgument(f"unknown variant {self.variant!r}; known: {', '.join(ALL_VARIANTS)}")
        if not isinstance(self.structure, str) or self.structure not in STRUCTURES:
            raise InvalidArgument(f"unknown structure {self.structure!r}; known: {', '.join(STRUCTURES)}")
        if not isinstance(self.house, HouseRules):
            raise InvalidArgument(f"house rules are a HouseRules, not {self.house!r}")
        if not isinstance(self.first_blind_on_button, bool):
            raise InvalidArgument(f"first_blind_on_button is True or False, not {self.first_blind_on_button!r}")
        if not isinstance(self.given_blinds, (tuple, list)):
            raise InvalidArgument(f"blinds are a tuple of chips, not {self.given_blinds!r}")
        object.__setattr__(self, "given_blinds", tuple(self.given_blinds))
        for name, value in (
            ("small_blind", self.small_blind),
            ("big_blind", self.given_big_blind),
            ("ante", self.ante),
            ("bb_ante", self.bb_ante),
            ("button_ante", self.button_ante),
            ("bring_in", self.bring_in),
            ("small_bet", self.given_small_bet),
            ("big_bet", self.given_big_bet),
            ("min_bet", self.given_min_bet),
            ("min_chip", self.min_chip),
        ):
            _check_chips(name, value)
        if self.min_chip < 1:
            raise InvalidArgument("min_chip must be at least 1")
        for amount in self.given_blinds:
            _check_chips("a blind", amount)
            if amount == 0:
                raise InvalidArgument("a blind is at least one chip")
        if len(self.given_blinds) > 3:
            raise InvalidArgument("a game has one, two or three blinds")
        if not self.given_blinds and self.small_blind > self.given_big_blind and self.given_big_blind:
            raise InvalidArgument(f"the small blind {self.small_blind} is bigger than the big blind {self.big_blind}")
        if list(self.blinds) != sorted(self.blinds):
            raise InvalidArgument(f"each blind is at most the next one's, not {self.blinds}")
        if self.structure == "fixed_limit" and not self.small_bet:
            raise InvalidArgument("a fixed-limit game needs small_bet (or a big blind)")
        if self.structure == "spread_limit":
            if not isinstance(self.spread, tuple) or len(self.spread) != 3:
                raise InvalidArgument("a spread-limit game needs spread=(minimum, maximum, last-round maximum)")
            for amount in self.spread:
                _check_chips("a spread amount", amount)
            low, high, last = self.spread
            if not 0 < low <= high <= last:
                raise InvalidArgument("spread needs 0 < minimum <= maximum <= last-round maximum")
        if self.variant_spec.family == "stud":
            if self.blinds:
                raise InvalidArgument("stud games use antes and a bring-in, not blinds")
            smallest, named = self._smallest_bet()
            if self.bring_in and self.bring_in >= smallest:
                raise InvalidArgument(
                    f"the bring-in {self.bring_in} is not less than the {named} {smallest}: a bring-in is less than"
                    f" the normal betting minimum, so that the next players may complete it ({BRING_IN_SIZE})"
                )
        elif not self.blinds and not (self.ante or self.button_ante):
            raise InvalidArgument("this game needs blinds (small_blind and big_blind, or blinds=...) or antes")
        for amount in (*self.blinds, self.ante, self.bb_ante, self.button_ante, self.bring_in):
            if amount % self.min_chip:
                raise InvalidArgument(f"forced bet {amount} is not a multiple of the smallest chip {self.min_chip}")
        limits = (self.small_bet, self.big_bet, self.min_bet, *(self.spread or ()))
        for amount in limits if self.structure in ("fixed_limit", "spread_limit") else (self.min_bet,):
            if amount % self.min_chip:
                raise InvalidArgument(f"bet size {amount} is not a multiple of the smallest chip {self.min_chip}")

    def _smallest_bet(self) -> tuple[int, str]:
        """The smallest full bet of the first betting round and its name, for the bring-in."""
        if self.structure == "fixed_limit":
            return self.small_bet, "small bet"
        if self.structure == "spread_limit" and self.spread:
            return self.spread[0], "spread's minimum"
        return self.min_bet, "smallest bet"

    def inputs(self) -> dict[str, Any]:
        """The game as given, under the constructor's names: ``Game(**game.inputs())`` is the
        same game (the house rules are a ``HouseRules``)."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return {name.removeprefix("given_"): value for name, value in values.items()}

    @property
    def variant_spec(self) -> Variant:
        return ALL_VARIANTS[self.variant]

    def with_house(self, **options: Any) -> Game:
        """The same game under other house rules."""
        unknown = sorted(set(options) - set(HouseRules.__dataclass_fields__))
        if unknown:
            raise InvalidArgument(f"unknown house rule {unknown[0]!r}")
        return replace(self, house=replace(self.house, **options))

    # Named presets -------------------------------------------------------------------------
    @classmethod
    def no_limit_holdem(cls, small_blind: int, big_blind: int, **kw: Any) -> Game:
        return cls(variant="holdem", structure="no_limit", small_blind=small_blind, big_blind=big_blind, **kw)

    @classmethod
    def pot_limit_holdem(cls, small_blind: int, big_blind: int, **kw: Any) -> Game:
        return cls(variant="holdem", structure="pot_limit", small_blind=small_blind, big_blind=big_blind, **kw)

    @classmethod
    def fixed_limit_holdem(cls, small_bet: int, big_bet: int | None = None, **kw: Any) -> Game:
        kw.setdefault("small_blind", small_bet // 2)
        kw.setdefault("big_blind", small_bet)
        return cls(
            variant="holdem", structure="fixed_limit", small_bet=small_bet, big_bet=big_bet or 2 * small_bet, **kw
        )

    @classmethod
    def spread_limit_holdem(cls, small_blind: int, big_blind: int, spread: tuple[int, int, int], **kw: Any) -> Game:
        return cls(
            variant="holdem",
            structure="spread_limit",
            small_blind=small_blind,
            big_blind=big_blind,
            spread=spread,
            **kw,
        )

    @classmethod
    def short_deck_holdem(cls, ante: int, button_blind: int = 0, **kw: Any) -> Game:
        """Short-deck as played at Triton: antes and, optionally, one blind on the button."""
        if button_blind:
            kw.update(blinds=(button_blind,), first_blind_on_button=True)
        return cls(variant="short_deck", structure="no_limit", ante=ante, **kw)

    @classmethod
    def pot_limit_omaha(cls, small_blind: int, big_blind: int, hole_cards: int = 4, **kw: Any) -> Game:
        variant = {4: "omaha", 5: "omaha5", 6: "omaha6"}[hole_cards]
        return cls(variant=variant, structure="pot_limit", small_blind=small_blind, big_blind=big_blind, **kw)

    @classmethod
    def kuhn(cls, ante: int = 1, bet: int = 1, **kw: Any) -> Game:
        """Kuhn poker (Kuhn 1950) as OpenSpiel's ``kuhn_poker`` plays it: an ante of 1, one
        round with a bet of 1 and no raise; deal it to two seats, the button last to act."""
        return cls(variant="kuhn", structure="fixed_limit", ante=ante, small_bet=bet, big_bet=bet, **kw)

    @classmethod
    def leduc(cls, ante: int = 1, small_bet: int = 2, big_bet: int = 4, **kw: Any) -> Game:
        """Leduc hold'em (Southey et al. 2005) as OpenSpiel's ``leduc_poker`` plays it: an ante
        of 1, bets of 2 before the board card and 4 after, a bet and one raise a round."""
        return cls(variant="leduc", structure="fixed_limit", ante=ante, small_bet=small_bet, big_bet=big_bet, **kw)

    @classmethod
    def rhode_island(cls, ante: int = 5, small_bet: int = 10, big_bet: int = 20, **kw: Any) -> Game:
        """Rhode Island hold'em (Shi and Littman 2001): an ante of 5, bets of 10 before the flop
        and 20 after it and after the turn, a bet and three raises a round."""
        return cls(variant="rhode_island", structure="fixed_limit", ante=ante, small_bet=small_bet, big_bet=big_bet,
                   **kw)

    @classmethod
    def fixed_limit_omaha_hilo(cls, small_bet: int, big_bet: int | None = None, **kw: Any) -> Game:
        kw.setdefault("small_blind", small_bet // 2)
        kw.setdefault("big_blind", small_bet)
        return cls(
            variant="omaha_hilo", structure="fixed_limit", small_bet=small_bet, big_bet=big_bet or 2 * small_bet, **kw
        )
