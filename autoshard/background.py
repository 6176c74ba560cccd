"""`BackgroundCall`: a function run in a forked child process while the caller goes on, its result sent back.

The child is a copy of the caller at the fork (its heap shared copy-on-write, nothing pickled on the way in), so a
call can start from large in-memory state, such as a built plan graph, without rebuilding it, and the caller may
change that state afterwards without the child seeing it. The result comes back pickled. Where the platform cannot
fork, the child cannot be started, or it fails or dies before it sends a result, `result()` runs the function in
the caller instead: the outcome is the function's either way (an exception it raises is raised again there), only
where the time goes differs. A process running threads of its own is not forked (a lock one of them held at the
fork would stay held in the child): other Python threads, or JAX's runtime once imported; the call runs in place
there. No more children run at once than the machine has cores beside the caller's (`spare_cores`): one more
would only take time from the others, so the call runs in place instead. A caller that has changed what the
function reads since the fork asks `result(in_place=False)`, which raises `BackgroundCallFailed` instead.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import traceback
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Generic, TypeVar

T = TypeVar("T")

#: whether calls may run in a forked child (tests turn it off to compare with the calls run in place)
ENABLED = True


#: the calls whose child may still run
_started: weakref.WeakSet[BackgroundCall] = weakref.WeakSet()
#: whether this process is a call's child (which forks none of its own: the cores are its parent's to share out)
_in_child = False


def spare_cores() -> int:
    """The cores this process may use, less the one it runs on."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(0, cores - 1)


def can_fork() -> bool:
    """Whether a call may run in a forked child here: enabled, the platform forks, no other thread runs (no other
    Python thread; JAX, once imported, runs a thread pool of its own), fewer children run than `spare_cores`, and
    this process is no call's child."""
    return (ENABLED and not _in_child and "fork" in multiprocessing.get_all_start_methods()
            and threading.active_count() == 1
            and "jax" not in sys.modules and sum(call.running for call in list(_started)) < spare_cores())


class BackgroundCallFailed(Exception):
    """The child raised, or ended without an answer; the message says which (the child's traceback's last line)."""


class BackgroundCall(Generic[T]):
    """`fn()` started in a forked child; `result()` waits for its value, `cancel()` stops it."""

    def __init__(self, fn: Callable[[], T]):
        self._fn = fn
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None
        if not can_fork():
            return
        context = multiprocessing.get_context("fork")
        receive, send = context.Pipe(duplex=False)
        # what the caller buffered must not be written again by the child when it flushes its copy of the streams
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            process = context.Process(target=_run_and_send, args=(fn, send), daemon=True)
            process.start()
        except OSError:  # no process to be had (limits, memory): run in place when asked
            receive.close()
            send.close()
            return
        send.close()  # the child holds the sending end: the pipe reads EOF once it is gone
        self._process, self._conn = process, receive
        _started.add(self)

    @property
    def running(self) -> bool:
        """Whether its child is still at work (not yet ended, whether or not its result was read)."""
        return self._process is not None and self._process.is_alive()

    @property
    def in_background(self) -> bool:
        """Whether a child runs the call (else `result()` runs it in place)."""
        return self._process is not None

    def result(self, in_place: bool = True) -> T:
        """The call's value: the child's when it sent one, else the call run here; with `in_place` False (the
        caller changed what the call reads since the fork), `BackgroundCallFailed` instead of running it here."""
        if self._process is not None and self._conn is not None:
            try:
                ok, value = self._conn.recv()
            except (EOFError, OSError):  # the child died before sending (killed, out of memory)
                ok, value = False, "the process ended without an answer"
            finally:
                self._close()
            if ok:
                return value
            if not in_place:
                raise BackgroundCallFailed(str(value).strip().splitlines()[-1])
        elif not in_place:
            raise BackgroundCallFailed("no process ran the call")
        return self._fn()

    def cancel(self) -> None:
        """Stop the child, if any; `result()` then runs the call in place."""
        if self._process is not None and self._process.is_alive():
            self._process.kill()
        self._close()

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        if self._process is not None:
            self._process.join()
        self._process, self._conn = None, None


def _run_and_send(fn: Callable[[], object], conn: Connection) -> None:
    """The child: run `fn` and send (True, value), or (False, the traceback) when it raised, so that the caller
    runs it again in place and meets the error itself."""
    global _in_child
    _in_child = True
    try:
        message = (True, fn())
    except BaseException:  # noqa: BLE001 - every failure is the caller's to meet, in place
        message = (False, traceback.format_exc())
    try:
        conn.send(message)
    except Exception:  # noqa: BLE001 - an unpicklable value: the caller runs the call in place
        conn.send((False, traceback.format_exc()))
    finally:
        conn.close()
