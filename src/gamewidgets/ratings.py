"""Bradley–Terry ratings on the Elo scale, with 95 % intervals, from pairwise results.

    from gamewidgets.ratings import bradley_terry
    fit = bradley_terry([[0, 7.5], [2.5, 0]])   # points[i][j]: what i scored against j
    fit.rating, fit.low, fit.high               # numpy arrays, one entry a player

The model: player ``i`` has a log-strength ``θ_i``; it scores against ``j`` with the
chance ``1 / (1 + exp(θ_j - θ_i))``. ``points[i][j]`` is what ``i`` scored against
``j`` (a win 1, a draw ½ each way, a loss 0), so ``points[i][j] + points[j][i]`` is the
number of games they played. Choices where the issue is silent:

- **Estimate**: the maximum of the log-likelihood plus a normal prior on every
  log-strength, mean 0 and standard deviation :data:`PRIOR_SD` = 1000 Elo points (a
  ridge penalty), found by Newton's method with step halving (the objective is strictly
  concave, so the maximum is unique and the iteration deterministic). The prior is
  tiny: it moves the difference of two players who scored 75 % over 100 games by 0.15
  point (over 4 games by 4 points), and it gives a player who won or lost everything a
  finite rating (10 wins of 10: about 850 points above the loser) — the plain maximum
  likelihood would be infinite. Without any game a player is rated at the mean.
- **Scale and anchor**: ``rating = 1500 + 400 · log10(strength) = 1500 + 400 θ / ln 10``
  (the Elo scale: 400 points more is 10 times the strength, a 91 % expected score;
  75 % is ``400 · log10(3) ≈ 190.8`` points). The mean of the ratings is
  :data:`MEAN_RATING` = 1500: the prior's penalty makes the log-strengths sum to zero at
  the maximum (every game's gradient sums to zero over the players), so this anchor is
  exact, not imposed afterwards.
- **Intervals**: ``rating ± 1.96 · se`` (a normal approximation), ``se`` from the
  observed Fisher information of the log-strengths at the maximum (the Hessian
  ``L + I/σ²`` of the negative log-posterior, ``L`` the matrix of
  ``n_ij p_ij (1 - p_ij)``). Only differences of ratings are identified, so the
  covariance is taken on the anchor's plane (the ratings minus their mean):
  ``P (L + I/σ²)⁻¹ P`` with ``P = I - 11ᵀ/n`` — the pseudo-inverse of ``L`` as the prior
  vanishes. The interval of a rating is thus that of its distance from the mean of the
  ratings (with two players, half the difference's). Deterministic (no bootstrap).
- Bad input (not a square table of finite, non-negative numbers, a non-zero diagonal)
  raises :class:`RatingsError`, a ``ValueError``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .errors import GameError

#: the mean of the ratings
MEAN_RATING = 1500.0
#: Elo points per unit of natural log-strength (400 / ln 10 ≈ 173.7)
ELO_PER_NAT = 400 / math.log(10)
#: the standard deviation of the prior on every log-strength, in Elo points
PRIOR_SD = 1000.0
Z95 = 1.959963984540054  # the normal quantile of 97.5 %


class RatingsError(GameError, ValueError):
    """Pairwise results that cannot be rated; the message says why."""


@dataclass(frozen=True)
class Ratings:
    """Bradley–Terry ratings on the Elo scale, one entry a player: ``rating``, its
    standard error ``se``, the 95 % interval ``low`` – ``high``; ``games`` and
    ``points`` each player played and scored; ``covariance`` of the ratings (Elo²)."""

    rating: np.ndarray
    se: np.ndarray
    low: np.ndarray
    high: np.ndarray
    games: np.ndarray
    points: np.ndarray
    covariance: np.ndarray

    def expected_score(self, i: int, j: int) -> float:
        """The chance the model gives player ``i`` against player ``j``."""
        return float(expected_score(self.rating[i] - self.rating[j]))


def expected_score(difference: float | np.ndarray) -> float | np.ndarray:
    """The expected score of a player rated ``difference`` Elo points above the other."""
    return 1 / (1 + 10 ** (-np.asarray(difference, dtype=float) / 400))


def _checked(points: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
    try:
        table = np.array(points, dtype=float)
    except (TypeError, ValueError) as exc:
        raise RatingsError(f"points is a square table of numbers (points[i][j]: what i scored against j): {exc}"
                           ) from None
    if table.ndim != 2 or table.shape[0] != table.shape[1] or table.shape[0] < 1:
        raise RatingsError(f"points is a square table, one row and column a player, not of shape {table.shape}")
    if not np.all(np.isfinite(table)) or np.any(table < 0):
        raise RatingsError("points must be finite and non-negative (a win 1, a draw ½, a loss 0)")
    if np.any(np.diag(table) != 0):
        raise RatingsError("a player does not play itself: the diagonal of points must be 0")
    return table


def _objective(theta: np.ndarray, points: np.ndarray, penalty: float) -> float:
    """The log-posterior (up to a constant): Σ points_ij log p_ij - penalty · Σ θ² / 2."""
    diff = theta[:, None] - theta[None, :]
    return float(-np.sum(points * np.logaddexp(0.0, -diff)) - penalty * theta @ theta / 2)


def _chances(theta: np.ndarray) -> np.ndarray:
    """``p[i, j]``: the chance of ``i`` against ``j``."""
    return 1 / (1 + np.exp(-(theta[:, None] - theta[None, :])))


def _information(theta: np.ndarray, games: np.ndarray, penalty: float) -> np.ndarray:
    """The observed information (minus the Hessian of the log-posterior) at ``theta``."""
    p = _chances(theta)
    weights = games * p * p.T
    return np.diag(weights.sum(axis=1)) - weights + penalty * np.eye(len(theta))


def bradley_terry(points: Sequence[Sequence[float]] | np.ndarray, prior_sd: float = PRIOR_SD) -> Ratings:
    """The ratings of the players of ``points`` (``points[i][j]``: what player ``i``
    scored against player ``j``); see the module docstring for the model, the prior
    (``prior_sd`` Elo points), the anchor and the intervals."""
    table = _checked(points)
    if isinstance(prior_sd, bool) or not isinstance(prior_sd, (int, float)) or not 0 < prior_sd < math.inf:
        raise RatingsError(f"prior_sd is a positive number of Elo points, not {prior_sd!r}")
    n = table.shape[0]
    games = table + table.T
    penalty = (ELO_PER_NAT / prior_sd) ** 2  # 1 / σ² with σ in natural log-strength
    theta = np.zeros(n)
    value = _objective(theta, table, penalty)
    for _ in range(200):
        gradient = table.sum(axis=1) - (games * _chances(theta)).sum(axis=1) - penalty * theta
        step = np.linalg.solve(_information(theta, games, penalty), gradient)
        size = 1.0
        while size > 1e-10:  # halve the step until the objective does not fall
            candidate = theta + size * step
            new_value = _objective(candidate, table, penalty)
            if new_value >= value - 1e-12 * (1 + abs(value)):
                break
            size /= 2
        theta, value = candidate, new_value
        if np.max(np.abs(size * step)) < 1e-12:
            break
    theta -= theta.mean()  # zero up to rounding already (see the module docstring)
    centre = np.eye(n) - 1 / n
    covariance = centre @ np.linalg.inv(_information(theta, games, penalty)) @ centre * ELO_PER_NAT**2
    se = np.sqrt(np.clip(np.diag(covariance), 0, None))
    rating = MEAN_RATING + ELO_PER_NAT * theta
    return Ratings(rating=rating, se=se, low=rating - Z95 * se, high=rating + Z95 * se,
                   games=games.sum(axis=1), points=table.sum(axis=1), covariance=covariance)
