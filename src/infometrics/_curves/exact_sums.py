"""Running sums of floats without rounding: what a curve reads must not depend
on the order or the scale of the weights.

A float64 is an integer times a power of two, so every value of a set of
floats is an integer multiple of the smallest power of two any of them uses.
Cutting each value's magnitude into ``bits``-wide slices ("limbs") of that
common grid, each with the value's sign, turns each slice into an int64,
whose running sums numpy computes exactly.
The sums are read at the requested positions, the limbs are carried into
each other (every limb but the top one then lies in ``[0, 2**bits)``) and
only then converted to one float, from the top limb down: the result is
within one unit in the last place of the exact sum, and exactly 0 where the
exact sum is 0, however many decades the values span.

The common case is cheap: when the values are integers of one grid whose
total stays below ``2**53`` (integer weights, scaled by any power of two),
a plain float running sum is already exact and is used as is.
"""

import numpy as np

# float64 significand, sign excluded.
_SIGNIFICAND_BITS = 53


def _grid_exponent(values):
    """``e`` such that every value is an integer multiple of ``2**e``
    (``None`` when every value is 0).

    A float of exponent ``x`` (``frexp``) is a 53-bit integer times
    ``2**(x - 53)``, and every value's exponent is at least the smallest
    one's: one minimum, no look at the individual bits.
    """
    smallest = np.min(np.abs(values), where=values != 0, initial=np.inf)
    if not np.isfinite(smallest):
        return None
    return int(np.frexp(smallest)[1]) - _SIGNIFICAND_BITS


def _top_exponent(values):
    """``e`` with ``abs(values) < 2**e``."""
    largest = float(np.max(np.abs(values))) if values.size else 0.0
    return int(np.frexp(largest)[1]) if largest > 0 else None


def plain_sums_are_exact(values):
    """Whether ``np.cumsum(values)`` rounds nowhere (and every sum of a
    sub-range of ``values`` is exact too).

    True when the values are integers of one power-of-two grid whose absolute
    total is below ``2**53``: every partial sum is then such an integer.
    """
    values = np.asarray(values, dtype=np.float64)
    magnitude = float(np.abs(values).sum())
    if magnitude == 0.0:
        return True
    if not np.isfinite(magnitude):
        return False
    # Scale (exactly) so that the total lies in [2**52, 2**53): the sums are
    # exact iff every scaled value is an integer.
    shift = _SIGNIFICAND_BITS - int(np.frexp(magnitude)[1])
    scaled = np.ldexp(values, shift)
    return bool(np.all(scaled == np.floor(scaled)))


def _scale(values, exponent, out=None):
    """``values * 2**exponent``, exactly (a product with a power of two)."""
    if -1022 <= exponent <= 1023:
        return np.multiply(values, 2.0**exponent, out=out)
    return np.ldexp(values, exponent, out=out)


def exact_sums(terms, constants=(), *, n_out, reads=()):
    """Exact ``sum(constants) + sum over reads of sign * running sum``.

    The running sum is that of ``sum_t sign_t * values_t`` (elementwise over
    the terms, all of one length), read at each of ``reads``.

    Parameters
    ----------
    terms : sequence of (values, sign)
        Finite float64 arrays of one length ``n``, each with +1 or -1.
    constants : sequence of arrays
        Finite float64 arrays, summed whole into every output.
    n_out : int
    reads : sequence of (positions, sign)
        ``positions``: int array of length ``n_out`` (prefix lengths,
        ``0 .. n``), added with ``sign``.

    Returns
    -------
    sums : ndarray of float64, shape (n_out,)
        Each within one unit in the last place of the exact value, exactly 0
        where the exact value is 0.
    """
    arrays = [np.asarray(values, dtype=np.float64) for values, _ in terms]
    signs = [sign for _, sign in terms]
    fixed = [np.asarray(values, dtype=np.float64).ravel() for values in constants]
    every = arrays + fixed
    tops = [top for top in map(_top_exponent, every) if top is not None]
    lows = [low for low in map(_grid_exponent, every) if low is not None]
    if not tops:
        return np.zeros(n_out)
    top, low = max(tops), min(lows)
    n_values = sum(values.size for values in every) + 2
    # Running sums of |limb| < 2**bits over n_values entries stay within int64.
    bits = max(1, min(_SIGNIFICAND_BITS - 1, 62 - int(np.ceil(np.log2(n_values)))))
    n_limbs = max(1, -(-(top - low) // bits))
    limb_low = [top - (k + 1) * bits for k in range(n_limbs)]
    totals = np.zeros((n_limbs, n_out), dtype=np.int64)
    # What is left of each array below the limbs taken so far.
    rests = [values.copy() for values in arrays]
    fixed_rests = [values.copy() for values in fixed]
    n = arrays[0].size if arrays else 0
    running = np.zeros(n + 1, dtype=np.int64)
    scaled = np.empty(n)

    def take_limb(rest, k, buffer):
        """The integers of limb ``k`` of ``rest``; ``rest`` keeps the lower
        bits. Truncation toward 0 keeps the sign: the rest is a subset of
        the value's own bits, so the subtraction is exact (a floor would turn
        a small negative value into a long run of ones)."""
        whole = np.trunc(_scale(rest, -limb_low[k], out=buffer), out=buffer)
        limb = whole.astype(np.int64)
        if k < n_limbs - 1:
            rest -= _scale(whole, limb_low[k], out=buffer)
        return limb

    for k in range(n_limbs):
        if arrays:
            combined = np.zeros(n, dtype=np.int64)
            for rest, sign in zip(rests, signs, strict=True):
                limb = take_limb(rest, k, scaled)
                if sign > 0:
                    combined += limb
                else:
                    combined -= limb
            np.cumsum(combined, out=running[1:])
            for positions, sign in reads:
                if sign > 0:
                    totals[k] += running[positions]
                else:
                    totals[k] -= running[positions]
        for rest in fixed_rests:
            totals[k] += take_limb(rest, k, np.empty(rest.size)).sum()
    # Carry upwards: every limb but the top one into [0, 2**bits).
    for k in range(n_limbs - 1, 0, -1):
        carry = totals[k] >> bits
        totals[k] -= carry << bits
        totals[k - 1] += carry
    sums = np.ldexp(totals[0].astype(np.float64), limb_low[0])
    for k in range(1, n_limbs):
        sums = sums + np.ldexp(totals[k].astype(np.float64), limb_low[k])
    return sums


def prefix_sums(values, positions, *, plain=None):
    """``sum(values[:k])`` for ``k`` in ``positions``, exactly (see
    :func:`exact_sums`); a plain running sum when that is exact (``plain``:
    whether it is, when the caller knows)."""
    values = np.asarray(values, dtype=np.float64)
    positions = np.asarray(positions)
    if plain_sums_are_exact(values) if plain is None else plain:
        running = np.zeros(values.size + 1)
        np.cumsum(values, out=running[1:])
        return running[positions]
    return exact_sums([(values, 1)], n_out=positions.size, reads=[(positions, 1)])


def range_sums(values, starts, stops, *, plain=None):
    """``sum(values[a:b])`` for every ``(a, b)`` of ``starts, stops``, exactly
    (``plain`` as for :func:`prefix_sums`)."""
    values = np.asarray(values, dtype=np.float64)
    starts, stops = np.asarray(starts), np.asarray(stops)
    if plain_sums_are_exact(values) if plain is None else plain:
        running = np.zeros(values.size + 1)
        np.cumsum(values, out=running[1:])
        return running[stops] - running[starts]
    return exact_sums(
        [(values, 1)], n_out=np.size(starts), reads=[(stops, 1), (starts, -1)]
    )


def key_sums(keys, values, n_keys, *, plain=None):
    """``np.bincount(keys, weights=values, minlength=n_keys)``, exactly
    (``plain`` as for :func:`prefix_sums`)."""
    values = np.asarray(values, dtype=np.float64)
    if plain_sums_are_exact(values) if plain is None else plain:
        return np.bincount(keys, weights=values, minlength=n_keys)
    order = np.argsort(keys, kind="stable")
    stops = np.cumsum(np.bincount(keys, minlength=n_keys))
    return range_sums(
        values[order], stops - np.diff(stops, prepend=0), stops, plain=False
    )
