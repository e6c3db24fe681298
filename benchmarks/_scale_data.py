"""Labels generated chunk by chunk on the workers (bench_scale.py).

A module of its own so that worker processes import it (and keep its pool)
instead of receiving a pickled copy of the function with every task.
"""

import numpy as np

N_CLASSES = 10


_POOL_SIZE = 1 << 24
_POOL = {}


def _pool():
    """A fixed pool of random (true, predicted) labels, made once per worker."""
    if not _POOL:
        rng = np.random.default_rng(12345)
        y_true = rng.integers(0, N_CLASSES, _POOL_SIZE, dtype=np.int8)
        noise = rng.random(_POOL_SIZE, dtype=np.float32)
        wrong = rng.integers(-1, N_CLASSES, _POOL_SIZE, dtype=np.int8)
        _POOL["labels"] = np.stack([y_true, np.where(noise < 0.8, y_true, wrong)])
    return _POOL["labels"]


def generate_chunk(block_info=None):
    """Labels of one chunk, made where the chunk is computed.

    Drawing fresh random numbers costs more than counting them, so a chunk is
    a pseudo-random window of a fixed random pool: cheap to make, different
    for every chunk, and nothing is ever held outside the chunk.
    """
    # Blocks are (2, chunk): the second axis runs over the samples.
    location = block_info[None]["chunk-location"][1]
    size = block_info[None]["chunk-shape"][1]
    pool = _pool()
    start = (location * 2654435761) % _POOL_SIZE
    pieces, remaining = [], size
    while remaining:
        piece = pool[:, start : start + remaining]
        pieces.append(piece)
        remaining -= piece.shape[1]
        start = 0
    return np.concatenate(pieces, axis=1)


_SAMPLER = {}


def start_memory_sampler(interval=0.02):
    """Start sampling this process's resident memory; returns it now, in MB.

    ``ru_maxrss`` would not do: a worker forked from a large parent inherits
    the parent's high-water mark.
    """
    import threading

    import psutil

    process = psutil.Process()
    stop = threading.Event()
    state = {"peak": process.memory_info().rss}

    def sample():
        while not stop.wait(interval):
            state["peak"] = max(state["peak"], process.memory_info().rss)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    _SAMPLER.update(stop=stop, thread=thread, state=state)
    return state["peak"] / 2**20


def stop_memory_sampler():
    """Stop sampling; the peak resident memory since the start, in MB."""
    _SAMPLER["stop"].set()
    _SAMPLER["thread"].join()
    return _SAMPLER["state"]["peak"] / 2**20
