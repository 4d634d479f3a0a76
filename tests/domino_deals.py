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


def hidden_swaps(game: Game, viewer: int, rnd, count: int) -> list[Game]:
    """Up to ``count`` games that ``viewer`` cannot tell from ``game``: one tile of the
    other hand or the boneyard exchanged with another hidden tile (a pair of boneyard
    tiles first when there is one), the actions replayed; drawn with ``rnd``."""
    hidden, boneyard = game.hand(1 - viewer), game.boneyard
    pairs = [(x, y) for x in hidden for y in boneyard]
    rnd.shuffle(pairs)
    if len(boneyard) >= 2:
        pairs[:0] = [tuple(rnd.sample(boneyard, 2))]
    return [other for x, y in pairs[:count] if (other := swapped_game(game, x, y)) is not None]
