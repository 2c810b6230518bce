"""One runner for the headless commands' matches (``simulate``, ``tournament``, ``balance``): per-seed
jobs played in one process, in a pool of worker processes (``--jobs``) or on a Dask distributed
cluster (``--scheduler ADDRESS``, or ``local``: a ``LocalCluster`` of ``--jobs`` worker processes),
their results given back **in job order** whatever the backend, so that a command's tally (made in
that order) is the same, byte for byte, for the same seed.

The API, all a command needs:

- ``run_jobs(play, setup, items, jobs=1, scheduler=None)`` -> an iterator of ``play(setup, item)``
  for each item, in the items' order (``what``: the progress bar's name; ``chunk``: items a worker
  takes at once; ``worker_jobs``: items a pool worker plays before a fresh one takes its place).
  ``play`` is a module-level function and ``setup`` a picklable, hashable value (a frozen dataclass):
  both go to the workers. The iterator must be consumed, or closed, to end the workers.
- ``table(setup)``: what ``setup()`` builds (a game on its table), built once per worker process
  (per worker thread on a cluster) and kept while the setup is the same: ``play`` reads it there.
- ``add_scheduler_argument(parser)``: the ``--scheduler`` option; ``backend(jobs, scheduler)``:
  where the matches were played, in words, for the speed line on standard error.

A pool's workers ignore Ctrl-C (the parent ends the pool), end at once on SIGTERM, and end by
themselves when the parent dies (``_follow_parent``); SIGTERM in the parent unwinds like Ctrl-C.
A cluster's matches are sent in chunks, a bounded number in flight, and read back in order;
``local`` starts its cluster in a temporary folder and ends it, workers and folder, when the run
ends, however. Without Dask installed, ``--scheduler`` says in one line how to install it; an
address that does not answer within ``CONNECT_SECONDS`` is refused in one line (docs/scale.md)."""

from __future__ import annotations

import argparse
import collections
import gc
import logging
import multiprocessing
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from paintcheck import logs
from paintcheck.ai.playout import collector_paused
from paintcheck.cli.errors import CommandError
from paintcheck.cli.progress import progress

log = logging.getLogger(__name__)

J = TypeVar("J")
R = TypeVar("R")

LOCAL = "local"  # --scheduler local: a LocalCluster on this machine
INSTALL_HINT = "pip install paintcheck-digital[cluster]"
CONNECT_SECONDS = 10.0  # an address that does not answer within this is refused
CHUNK_MAX = 32  # items a worker takes at once: results stream back in small batches
IN_FLIGHT_PER_WORKER = 3  # chunks sent ahead per cluster worker: busy workers, bounded memory
PARENT_WATCH_SECONDS = 0.5  # a pool worker whose parent is gone ends within this

_tables = threading.local()  # each worker thread's table (``built``) and its ``setup``
_pool_job: tuple[Callable[..., Any], Any] | None = None  # a pool worker's (play, setup)


def add_scheduler_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="play the matches on a Dask distributed cluster: its scheduler's address "
                             "(tcp://HOST:8786), or 'local' for a cluster of --jobs worker processes "
                             f"on this machine (needs {INSTALL_HINT}; docs/scale.md)")


def backend(jobs: int, scheduler: str | None) -> str:
    """Where the matches were played, for a command's speed line: "2 job(s)", "2 job(s) on a local
    Dask cluster", "the Dask cluster at tcp://club-1:8786"."""
    if scheduler is None:
        return f"{jobs} job(s)"
    return f"{jobs} job(s) on a local Dask cluster" if scheduler.strip() == LOCAL else \
        f"the Dask cluster at {scheduler.strip()}"


def table(setup: Callable[[], Any]) -> Any:
    """``setup()``, built once in this worker (process, or thread of a cluster's worker) and kept
    while the setups asked for are equal: only the last one is kept (a process that runs command
    after command, such as the window's, does not pile tables up)."""
    if getattr(_tables, "setup", None) != setup:
        _tables.setup, _tables.built = None, None  # the old table goes before the new one is built
        _tables.built = setup()
        _tables.setup = setup
        gc.freeze()  # the table, built once and kept, is left out of the collector's passes
    return _tables.built


def run_jobs(play: Callable[[Any, J], R], setup: Any, items: Sequence[J], *, jobs: int = 1,
             scheduler: str | None = None, what: str = "matches", chunk: int | None = None,
             worker_jobs: int | None = None) -> Iterator[R]:
    """``play(setup, item)`` for each of ``items``, in their order, played in this process
    (``jobs`` 1, no scheduler), in ``jobs`` worker processes, or on the Dask cluster at ``scheduler``
    (``local``: a LocalCluster of ``jobs`` processes). Without Dask, a scheduler is refused here; a
    bad address at the first result, before any match (``CommandError``, one line)."""
    if scheduler is not None:
        _dask()  # without Dask: refused now, in one line
        return progress(_on_cluster(scheduler, jobs, play, setup, items, chunk), len(items), what)
    if jobs <= 1 or len(items) < 2:
        return progress(_here(play, setup, items), len(items), what)
    return progress(_in_pool(play, setup, items, min(jobs, len(items)), chunk, worker_jobs), len(items), what)


def _here(play: Callable[[Any, J], R], setup: Any, items: Sequence[J]) -> Iterator[R]:
    table(setup)
    with collector_paused():
        for item in items:
            yield play(setup, item)


def _chunk(items: Sequence[Any], workers: int, chunk: int | None) -> int:
    return chunk if chunk is not None else max(1, min(CHUNK_MAX, len(items) // (4 * workers)))


# --- a pool of worker processes ------------------------------------------------------------------

def _in_pool(play: Callable[[Any, J], R], setup: Any, items: Sequence[J], jobs: int, chunk: int | None,
             worker_jobs: int | None) -> Iterator[R]:
    """The items shared among ``jobs`` worker processes, read back in order as they come.

    SIGTERM is turned into an exception while the pool lives, so that leaving the ``with`` block
    (``Pool.__exit__`` terminates the workers) happens on SIGTERM as on Ctrl-C or an error."""
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                      else "spawn")
    size = _chunk(items, jobs, chunk)
    life = None if worker_jobs is None else max(1, worker_jobs // size)
    main = threading.current_thread() is threading.main_thread()  # only it may handle signals
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if main else None
    try:
        with ctx.Pool(jobs, _init_pool_worker, (play, setup), maxtasksperchild=life) as pool:
            yield from pool.imap(_play_in_pool, items, chunksize=size)
    finally:
        if main:
            signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def _init_pool_worker(play: Callable[..., Any], setup: Any) -> None:
    """A pool's worker process: Ctrl-C is its parent's business (the parent ends the pool); SIGTERM
    ends it at once; it goes when its parent dies, however (``_follow_parent``); it builds its table
    once, and plays without the collector's passes for its whole life (as ``collector_paused``)."""
    global _pool_job
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _follow_parent()
    _pool_job = (play, setup)
    table(setup)
    gc.disable()


def _play_in_pool(item: Any) -> Any:
    if _pool_job is None:
        raise RuntimeError("a pool worker with nothing to play: _init_pool_worker was not called")
    play, setup = _pool_job
    return play(setup, item)


def _follow_parent() -> None:
    """End this worker when its parent process is gone (killed outright, it could not end its pool):
    a thread looks at the parent's id every ``PARENT_WATCH_SECONDS``.

    Not Linux's ``PR_SET_PDEATHSIG``: that signal follows the parent *thread* that forked the
    worker, and the pool forks the fresh workers that take over from worn ones (``worker_jobs``) in
    a thread of its own, which ends when the pool ends: the signal then killed an idle worker
    holding the pool's task-queue lock, and the pool waited for that lock for ever."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_WATCH_SECONDS)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class _Terminated(SystemExit):
    """SIGTERM in the parent: unwinds like an exception, so the pool (or the cluster) ends."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise _Terminated(128 + signum)


# --- a Dask distributed cluster ------------------------------------------------------------------

def _dask() -> Any:
    """``dask.distributed``, or one line saying how to install it."""
    try:
        import dask
        import distributed
    except ImportError:
        raise CommandError(f"--scheduler needs Dask, which is not installed here: {INSTALL_HINT}") from None
    return dask, distributed


class _Outside(logging.Filter):
    """Drops the log records that name ``folder`` (a LocalCluster's, removed by us)."""

    def __init__(self, folder: str):
        super().__init__()
        self.folder = folder

    def filter(self, record: logging.LogRecord) -> bool:
        return self.folder not in record.getMessage()


class _Connection:
    """A client of a cluster, and what ends with it (a LocalCluster and its temporary folder)."""

    def __init__(self, client: Any, cluster: Any = None,
                 folder: tempfile.TemporaryDirectory[str] | None = None):
        self.client, self.cluster, self.folder = client, cluster, folder

    def close(self) -> None:
        # what Dask says while our own cluster ends goes to the log file only: a worker busy with its
        # chunk is ended after a few seconds (a warning), a chunk stopped by Ctrl-C or SIGTERM while
        # its result was on its way is "forgotten" (an error of the scheduler, which runs here): the
        # ending asked for, not news for the user
        if self.cluster is not None:
            logs.keep_to_the_file("distributed")
        for part in (self.client, self.cluster):
            if part is None:
                continue
            try:
                part.close()
            except Exception:  # noqa: BLE001 - ending a cluster that is going anyway: said in the log
                log.warning("closing %s failed", type(part).__name__, exc_info=True)
        self.client = self.cluster = None
        if self.folder is not None:
            # the scheduler removes its scratch folder (inside ours) when it is collected, which may
            # come after ours is gone: Dask's complaint about that folder is left out
            logging.getLogger("distributed.diskutils").addFilter(_Outside(self.folder.name))
            self.folder.cleanup()


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """While a LocalCluster starts its worker processes: Ctrl-C ignored here, so that they inherit
    an ignored SIGINT (kept through their start, where ``dask_setup`` ignores it for good): Ctrl-C,
    sent to the whole process group, is the parent's business alone, as in a pool. A Ctrl-C pressed
    in those few seconds is lost (press it again). Blocking it instead (``pthread_sigmask``) did not
    reach the workers: Dask starts them from a thread of its own, and they printed tracebacks."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def dask_setup(worker: Any) -> None:
    """Dask's preload hook, given to the workers of ``--scheduler local`` only: Ctrl-C is ignored
    for the worker's life (asyncio would otherwise take it back): the parent ends the cluster, and
    a worker does not print its KeyboardInterrupt. (A club's ``dask worker`` keeps its Ctrl-C.)"""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _connect(scheduler: str, jobs: int) -> _Connection:
    dask, distributed = _dask()
    address = scheduler.strip()
    if not address:
        raise CommandError("--scheduler needs an address (tcp://HOST:8786) or 'local'")
    if address == LOCAL:
        temporary = tempfile.TemporaryDirectory(prefix="paintcheck-dask-")
        connection, folder = _Connection(None, None, temporary), temporary.name
        try:
            with dask.config.set({"temporary-directory": folder}), _ctrl_c_ignored():  # the workers start
                connection.cluster = distributed.LocalCluster(
                    n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                    local_directory=folder, silence_logs=logging.ERROR, scheduler_port=0,
                    host="127.0.0.1", preload=[__name__],
                    # the scheduler's HTTP server (health and metrics, no dashboard) on a free port:
                    # on 8787, taken by a club's own Dask, it warned in four lines
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
                connection.client = distributed.Client(connection.cluster, timeout=CONNECT_SECONDS)
        except BaseException:
            connection.close()
            raise
        return connection
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    except (OSError, ValueError, TypeError) as exc:  # TimeoutError is an OSError
        log.info("no scheduler at %s", address, exc_info=True)
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if not isinstance(exc, OSError):
            raise CommandError(f"--scheduler {address}: not a scheduler's address, such as "
                               f"tcp://HOST:8786 or 'local' ({first[:160]})") from None
        raise CommandError(f"--scheduler {address}: no Dask scheduler answered within "
                           f"{CONNECT_SECONDS:g} s ({first[:160]})") from None
    return _Connection(client)


def _play_chunk(play: Callable[[Any, J], R], setup: Any, items: Sequence[J]) -> list[R]:
    """On a cluster's worker: ``items`` played on the worker's table (built at its first chunk)."""
    table(setup)
    with collector_paused():
        return [play(setup, item) for item in items]


def _result(future: Any, scheduler: str) -> list[Any]:
    """A chunk's results, or one line: a cluster that cannot play (its scheduler or a worker without
    the project, another version of it, a worker lost for good) is a setup to mend, not a bug."""
    try:
        results: list[Any] = future.result()
        return results
    except Exception as exc:  # noqa: BLE001 - whatever the cluster raised: logged with its traceback
        log.info("the cluster at %s failed a chunk", scheduler, exc_info=True)
        first = (str(exc).strip().splitlines() or [""])[0][:160]
        raise CommandError(f"--scheduler {scheduler}: the cluster could not play the matches "
                           f"({type(exc).__name__}: {first}); are its scheduler and workers started "
                           "with this version of paintcheck-digital installed? (docs/scale.md)") from None


def _on_cluster(scheduler: str, jobs: int, play: Callable[[Any, J], R], setup: Any, items: Sequence[J],
                chunk: int | None) -> Iterator[R]:
    """The items sent in chunks to the cluster's workers, a few per worker in flight, and read back
    in the chunks' order. The connection is made at the first result (a bad address refused then,
    before any match); SIGTERM unwinds as Ctrl-C does, so the connection (and a local cluster) ends
    either way."""
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if main else None
    connection: _Connection | None = None
    try:
        connection = _connect(scheduler, jobs)
        client = connection.client
        workers = max(1, sum(client.nthreads().values()))
        size = _chunk(items, workers, chunk)
        starts = iter(range(0, len(items), size))
        pending: collections.deque[Any] = collections.deque()
        for start in starts:
            pending.append(client.submit(_play_chunk, play, setup, items[start:start + size], pure=False))
            if len(pending) >= IN_FLIGHT_PER_WORKER * workers:
                break
        while pending:
            results = _result(pending.popleft(), scheduler)
            following = next(starts, None)
            if following is not None:
                pending.append(client.submit(_play_chunk, play, setup, items[following:following + size],
                                             pure=False))
            yield from results
    finally:
        try:
            if connection is not None:
                connection.close()
        finally:
            if main:
                signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)
