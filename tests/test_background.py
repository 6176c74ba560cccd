"""`BackgroundCall`: a call run in a forked child gives the call's outcome, whatever becomes of the child."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from autoshard import background
from autoshard.background import BackgroundCall

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def forkable() -> None:
    """Calls fork only a process running no other thread (an earlier test may have left one, or imported JAX)."""
    if not background.can_fork():
        pytest.skip("no fork here, or other threads run in this process (JAX imported): calls run in place")


def test_the_call_runs_in_a_child_and_its_value_comes_back(forkable: None) -> None:
    parent = os.getpid()
    call = BackgroundCall(lambda: (os.getpid(), [1.5, "x"]))
    assert call.in_background
    pid, value = call.result()
    assert pid != parent and value == [1.5, "x"]


def test_without_a_child_the_call_runs_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "ENABLED", False)
    call = BackgroundCall(os.getpid)
    assert not call.in_background
    assert call.result() == os.getpid()


def test_an_error_in_the_child_is_met_again_in_place(forkable: None) -> None:
    parent = os.getpid()
    ran_here = []

    def fail() -> None:
        if os.getpid() == parent:
            ran_here.append(True)
        raise ValueError("bad program")

    call = BackgroundCall(fail)
    with pytest.raises(ValueError, match="bad program"):
        call.result()
    assert ran_here == [True]


def test_a_child_that_dies_before_answering_leaves_the_call_to_run_in_place(forkable: None) -> None:
    parent = os.getpid()

    def die_in_the_child() -> str:
        if os.getpid() != parent:
            os._exit(3)
        return "here"

    assert BackgroundCall(die_in_the_child).result() == "here"


def test_a_cancelled_call_stops_its_child(forkable: None) -> None:
    parent = os.getpid()
    call = BackgroundCall(lambda: time.sleep(60) if os.getpid() != parent else "here")
    process = call._process
    started = time.monotonic()
    call.cancel()
    assert not process.is_alive() and time.monotonic() - started < 30
    assert call.result() == "here"


def test_a_caller_that_changed_the_state_is_told_of_the_failure_instead_of_a_rerun(forkable: None) -> None:
    def fail() -> None:
        raise ValueError("bad program")

    with pytest.raises(background.BackgroundCallFailed, match="ValueError: bad program"):
        BackgroundCall(fail).result(in_place=False)


def test_without_a_child_a_changed_state_is_never_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "ENABLED", False)
    with pytest.raises(background.BackgroundCallFailed):
        BackgroundCall(os.getpid).result(in_place=False)


def test_a_process_running_other_threads_is_not_forked(forkable: None) -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        call = BackgroundCall(os.getpid)
        assert not call.in_background
        assert call.result() == os.getpid()
    finally:
        stop.set()
        other.join()


def test_no_more_children_run_than_spare_cores(forkable: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """With one core beside the caller's, a call started while another's child works runs in place; once that child
    has ended, calls fork again."""
    monkeypatch.setattr(background, "spare_cores", lambda: 1)
    parent = os.getpid()
    first = BackgroundCall(lambda: time.sleep(0.5) or os.getpid())
    second = BackgroundCall(os.getpid)
    assert first.in_background and not second.in_background
    assert second.result() == parent and first.result() != parent
    third = BackgroundCall(os.getpid)
    assert third.in_background and third.result() != parent


def test_a_child_forks_no_child_of_its_own(forkable: None) -> None:
    call = BackgroundCall(lambda: (background.can_fork(), BackgroundCall(os.getpid).in_background))
    assert call.in_background and call.result() == (False, False)


#: run in a fresh interpreter (no JAX imported, no other thread: a child can be forked whatever this process holds)
FRESH_PROCESS_CHECKS = """
import os
from autoshard.background import BackgroundCall, BackgroundCallFailed, can_fork
parent = os.getpid()
assert can_fork()
call = BackgroundCall(lambda: os.getpid())
assert call.in_background and call.result() != parent
def fail():
    raise ValueError("bad program")
try:
    BackgroundCall(fail).result(in_place=False)
    raise AssertionError("no failure reported")
except BackgroundCallFailed as e:
    assert "ValueError: bad program" in str(e)
def die_in_the_child():
    if os.getpid() != parent:
        os._exit(3)
    return "here"
assert BackgroundCall(die_in_the_child).result() == "here"
import time
import autoshard.background as background
background.spare_cores = lambda: 1
slow = BackgroundCall(lambda: time.sleep(0.5) or os.getpid())
beside = BackgroundCall(os.getpid)
assert slow.in_background and not beside.in_background and beside.result() == parent
assert slow.result() != parent and BackgroundCall(os.getpid).in_background
nested = BackgroundCall(lambda: (can_fork(), BackgroundCall(os.getpid).in_background))
assert nested.in_background and nested.result() == (False, False)
print("ok")
"""


def test_a_fresh_process_forks_and_meets_the_child_s_outcomes() -> None:
    """The same behaviour in a process that can fork whatever the test process has imported (JAX, from other
    tests, keeps this one from forking)."""
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork here")
    done = subprocess.run([sys.executable, "-c", FRESH_PROCESS_CHECKS], capture_output=True, text=True, timeout=300,
                          cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
