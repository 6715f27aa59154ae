"""A small game's public tree, for the exact solvers: every sequence of moves and board cards,
with the private cards left out. In these games every move is public, so a player's
information set is a public node and their own card: a strategy at a node is one row per
card, and a best response picks the best move per card, which makes it exact."""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerfloor.research.games import SmallAction, SmallGame, SmallHand


@dataclass
class Node:
    """One public node: a decision of ``player`` (``moves`` to ``children``), a board card to
    come (``children`` one per card of the deck), or the end (``folded``: who folded, else a
    showdown), with each player's chips in the pot and the board so far."""

    kind: str  # "decision", "board" or "end"
    history: str
    board: tuple[int, ...]
    player: int = -1
    moves: tuple[SmallAction, ...] = ()
    children: list[Node] = field(default_factory=list)
    contributed: tuple[int, int] = (0, 0)
    folded: int | None = None
    index: int = -1  # a decision node's number in the solvers' tables


def public_tree(game: SmallGame) -> tuple[Node, list[Node]]:
    """The root, and the decision nodes in the order of their ``index``."""
    decisions: list[Node] = []

    def grow(hand: SmallHand) -> Node:
        if hand.over:
            chips = (hand.contributed[0], hand.contributed[1])
            return Node("end", hand.moves_so_far, hand.board, contributed=chips, folded=hand.folded)
        if hand.board_due:
            node = Node("board", hand.moves_so_far, hand.board)
            for card in range(game.cards):
                dealt = hand.copy()
                dealt.deal_board(card)
                node.children.append(grow(dealt))
            return node
        player = hand.to_act if hand.to_act is not None else 0
        node = Node("decision", hand.moves_so_far, hand.board, player=player, moves=hand.legal(), index=len(decisions))
        decisions.append(node)
        for move in node.moves:
            child = hand.copy()
            child.act(player, move)
            node.children.append(grow(child))
        return node

    root = grow(SmallHand(game, cards=()))
    return root, decisions
