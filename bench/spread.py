"""How every bench times and reports: its steps run interleaved, N times each (so a busy
moment of a shared machine falls on the program and on its floor alike), and each
figure is printed as min / median / max, with the ratio of medians against the floor.

    runs = interleaved(5, floor=lambda: ..., ours=lambda: ...)
    print(spread_line("floor", runs["floor"]))
    print(ratio_line(runs["ours"], runs["floor"], goal=1.5))
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

RUNS = 5  # the least every bench runs, so the spread means something


def timed(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def interleaved(runs: int, **steps: Callable[[], object]) -> dict[str, list[float]]:
    """Seconds of each step, run after run in the order given (at least RUNS runs)."""
    times: dict[str, list[float]] = {name: [] for name in steps}
    for _run in range(max(runs, RUNS)):
        for name, step in steps.items():
            times[name].append(timed(step))
    return times


def spread(times: list[float]) -> str:
    return (f"min {min(times):.3f} / median {statistics.median(times):.3f} / "
            f"max {max(times):.3f} s")


def spread_line(label: str, times: list[float], width: int = 44) -> str:
    return f"{label + ':':<{width}} {spread(times)}  ({len(times)} runs)"


def ratio_line(ours: list[float], floor: list[float], goal: float, what: str = "") -> str:
    ratio = statistics.median(ours) / statistics.median(floor)
    verdict = "met" if ratio <= goal else "MISSED"
    name = f" {what}" if what else ""
    return f"ratio{name} (medians): {ratio:.2f}  goal: within {goal}  {verdict}"


def ms_spread(times: list[float]) -> str:
    """The same in milliseconds, for the benches of a window's reads."""
    return (f"min {min(times) * 1000:.1f} / median {statistics.median(times) * 1000:.1f} / "
            f"max {max(times) * 1000:.1f} ms")


def cpu_seconds() -> float:
    """CPU time of this process (all its threads) and of the children it has waited for:
    on a shared, loaded machine the wall-clock ratio swings with the load, this one
    does not (a bench prints both)."""
    used = time.process_time()
    try:
        import resource
    except ImportError:  # Windows: this process only
        return used
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used + children.ru_utime + children.ru_stime


def with_cpu(step: Callable[[], object], spent: list[float]) -> Callable[[], None]:
    """`step`, noting its CPU seconds in `spent` each time it runs."""
    def run() -> None:
        started = cpu_seconds()
        step()
        spent.append(cpu_seconds() - started)
    return run


def cpu_ratio_line(ours: list[float], floor: list[float], goal: float, what: str = "") -> str:
    ratio = statistics.median(ours) / statistics.median(floor)
    name = f" {what}" if what else ""
    return (f"CPU-time ratio{name} (medians {statistics.median(ours):.2f} / "
            f"{statistics.median(floor):.2f} s): {ratio:.2f}  goal: within {goal}  "
            f"{'met' if ratio <= goal else 'MISSED'}")
