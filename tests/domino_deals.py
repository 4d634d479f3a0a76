"""Deals of dominoes games for the tests: the same game with two tiles exchanged."""

from gamewidgets.domino import Game


def swapped_game(game: Game, x, y):
    """The game with tiles ``x`` and ``y`` exchanged in the deal and the same actions
    replayed, or None when the actions cannot be replayed (not consistent)."""
    deal = game.record()["deal"]

    def swap(tile):
        tile = tuple(tile)
        return list(y if tile == x else x if tile == y else tile)

    other = Game.from_deal([[swap(t) for t in hand] for hand in deal["hands"]], [swap(t) for t in deal["boneyard"]])
    if other.opener != game.opener:  # who leads is public from the start
        return None
    try:
        for event in game.history:
            other.play(event.move)
    except ValueError:
        return None
    return other
