"""Where the pipeline's work runs: a small interface, with a local process pool as the default.

The build driver hands an executor a picklable function and a list of picklable items and consumes the
results as they finish; it never shares the store with the workers. A Ray executor (routing compile and
run work to nodes with the right toolchain or GPU) implements the same two methods.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    def map_unordered(
        self, fn: Callable[[T], R], items: Iterable[T]
    ) -> Iterator[tuple[T, R | BaseException]]:
        """Run fn(item) for every item; yield (item, result or the exception it raised) as each finishes."""
        ...

    def close(self) -> None: ...


class SerialExecutor:
    """Runs everything in this process, in order: for -j 1, debugging, and tests."""

    def map_unordered(
        self, fn: Callable[[T], R], items: Iterable[T]
    ) -> Iterator[tuple[T, R | BaseException]]:
        for item in items:
            try:
                yield item, fn(item)
            except Exception as err:  # noqa: BLE001  (one bad item must not end the build)
                yield item, err

    def close(self) -> None:
        pass


class LocalExecutor:
    """A process pool on this machine. Workers start with `spawn`: the driver may hold threads (a progress
    bar, SQLite), and forking a threaded process can deadlock the child."""

    def __init__(self, jobs: int) -> None:
        self.jobs = max(1, jobs)
        self._pool: ProcessPoolExecutor | None = None

    def _get_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=ctx)
        return self._pool

    def map_unordered(
        self, fn: Callable[[T], R], items: Iterable[T]
    ) -> Iterator[tuple[T, R | BaseException]]:
        if self.jobs == 1:
            yield from SerialExecutor().map_unordered(fn, items)
            return
        pool = self._get_pool()
        pending: dict[Future[Any], T] = {}
        queue = iter(items)
        # Keep at most 2x jobs in flight so a huge suite does not pickle every job up front.
        for item in queue:
            pending[pool.submit(fn, item)] = item
            if len(pending) >= 2 * self.jobs:
                break
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                item = pending.pop(fut)
                try:
                    yield item, fut.result()
                except Exception as err:  # noqa: BLE001
                    yield item, err
                nxt = next(queue, None)
                if nxt is not None:
                    pending[pool.submit(fn, nxt)] = nxt

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def terminate(self) -> None:
        """Stop now (the build is being killed): kill the workers; their sandboxed compiles die with them
        (bubblewrap's --die-with-parent), instead of running on as orphans."""
        if self._pool is None:
            return
        for proc in list(getattr(self._pool, "_processes", {}).values()):
            proc.kill()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None


def make_executor(jobs: int) -> Executor:
    return LocalExecutor(jobs) if jobs > 1 else SerialExecutor()
