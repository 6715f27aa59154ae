"""Small PHH files the reader tests start from and mutate: a triple-draw and a stud hand."""

DRAW = """variant = "F2L3D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = [
  "d dh p1 7h6c4c3d2c",
  "d dh p2 AsQs6s5c3c",
  "p2 cc",
  "p1 cc",
  "p1 sd",
  "p2 sd AsQs",
  "d dh p2 2hQh",
]
"""

STUD = """variant = "F7S"
antes = [1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 AcKd2s",
  "d dh p2 3c4d5h",
  "d dh p3 9c9dTs",
  "p1 pb",
  "p2 cc",
  "p3 cc",
]
"""
