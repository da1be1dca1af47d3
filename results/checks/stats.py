"""Statistics the checks share: Student's t quantiles and the interval clustered by game."""
import math
import re


def betainc(a, b, x):
    """The regularised incomplete beta function I_x(a, b) (continued fraction, Lentz)."""
    if x <= 0 or x >= 1:
        return max(0.0, min(1.0, x))
    if x > (a + 1) / (a + b + 2):
        return 1 - betainc(b, a, 1 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log(1 - x)) / a
    c, d, f = 1.0, 1 - (a + b) * x / (a + 1), 0.0
    d = 1 / d if abs(d) > 1e-300 else 1e300
    f = d
    for m in range(1, 500):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / d if abs(d) > 1e-300 else 1e300
            c = 1 + num / c if abs(c) > 1e-300 else 1e300
            f *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return front * f


def t_95(df):
    """The two-sided 95% quantile of Student's t with df degrees of freedom (bisection)."""
    tail = lambda t: 0.5 * betainc(df / 2, 0.5, df / (df + t * t))  # P(T > t)
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if tail(mid) > 0.025 else (lo, mid)
    return (lo + hi) / 2


def game_of(position):
    """The self-play game of a position id: `g03` for `g03-m07`, else the id itself."""
    match = re.fullmatch(r"(g[0-9]+)-m[0-9]+", position)
    return match.group(1) if match else position


def clustered(points):
    """Mean of (game, value) points with the cluster-robust 95% half-width (None for one
    game): CR1 variance, Student's t with games - 1 degrees of freedom."""
    n = len(points)
    mean = sum(v for _, v in points) / n
    residual = {}
    for game, v in points:
        residual[game] = residual.get(game, 0.0) + v - mean
    g = len(residual)
    if g < 2:
        return mean, None, g
    var = g / (g - 1) * sum(r * r for r in residual.values()) / n ** 2
    return mean, t_95(g - 1) * math.sqrt(var), g
