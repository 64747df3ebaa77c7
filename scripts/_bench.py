"""What the benchmark scripts share: the native protoc reference, runs taken in turns, and
figures said as median [min–max] with the machine's conditions.

- ``protoc()``: the native C++ ``protoc`` (Debian's ``protobuf-compiler``), installed with
  ``apt-get`` when it is missing and this user may (as ``.ci/run`` installs Qt's libraries),
  else None with a sentence saying how to install it. ``python -m grpc_tools.protoc`` is not
  a reference: it is the same parser behind a Python start-up (issue 26 measured it
  1.47-1.85 times slower).
- ``rounds(commands, n)``: each command run as a process of its own, in turns (A B C, A B C,
  ...), so that a slow spell of a shared machine falls on every command of a round; each run
  gives its seconds, peak RSS and exit code. ``in_turns`` does the same for functions.
- ``spread(times)`` says ``median [min–max]``; ``ratios(a, b)`` the same of a/b round by round
  (each pair ran back to back), steadier than median/median on a machine whose speed drifts.
- ``conditions()``: CPUs, load average before the run, Python, protobuf, protoc, so that a
  figure comes with what it was measured under.
"""
from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: a run: (seconds, peak RSS in bytes, exit code, CPU seconds: user + system)
Run = tuple[float, int, int, float]

# A child's peak RSS as the kernel counts it starts from its parent's at fork (the bench
# holds whole records): a small launcher forks the measured command, so the count starts from
# the launcher's size, and prints the command's time, peak and exit code.
_LAUNCH = """
import os, sys, time
t = time.perf_counter()
pid = os.fork()
if pid == 0:
    if sys.argv[1] != "-":
        os.dup2(os.open(sys.argv[1], os.O_RDONLY), 0)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - t, usage.ru_maxrss, os.waitstatus_to_exitcode(status),
      usage.ru_utime + usage.ru_stime)
"""


def compile_sources() -> None:
    """Byte-compile the editor's modules before any process is timed, as an installed package
    has them (a checkout run with PYTHONDONTWRITEBYTECODE compiles ~75 ms of sources in every
    process)."""
    import compileall

    compileall.compile_dir(str(ROOT / "editor"), quiet=1)


def editor_command() -> list[str]:
    """``record-editor`` as installed next to this Python (else ``python -m editor``)."""
    exe = Path(sys.executable).with_name("record-editor")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("record-editor")
    return [found] if found else [sys.executable, "-m", "editor"]


def protoc(install: bool = True) -> str | None:
    """The native ``protoc``; installed from Debian's ``protobuf-compiler`` when missing and
    `install` (as root, or with sudo, on a system with apt-get). None, said on stderr, when
    there is none."""
    found = shutil.which("protoc")
    if found or not install:
        return found
    apt = shutil.which("apt-get")
    sudo = [] if os.geteuid() == 0 else (["sudo", "-n"] if shutil.which("sudo") else None)
    if apt and sudo is not None:
        print("installing the native protoc (Debian's protobuf-compiler) for the reference...", file=sys.stderr)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for step in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "protobuf-compiler"]):
            if subprocess.run([*sudo, *step], env=env, capture_output=True).returncode != 0:
                break
        found = shutil.which("protoc")
    if not found:
        print("no native protoc: install Debian's protobuf-compiler (apt-get install protobuf-compiler) or "
              "another native protoc on PATH; the figures against it are left out", file=sys.stderr)
    return found


def protoc_version(path: str | None) -> str:
    if path is None:
        return "none"
    done = subprocess.run([path, "--version"], capture_output=True, text=True)
    return done.stdout.strip() or "?"


def protoc_encode(path: str, dialect) -> list[str]:
    """``protoc --encode`` of `dialect`'s message: reads text on stdin, the C++ parser."""
    from editor.paths import proto_dir

    return [path, f"-I{proto_dir()}", f"--encode={dialect.full_name}", dialect.proto_file]


def conditions() -> str:
    """One line: what the figures were measured under."""
    import google.protobuf
    from google.protobuf.internal import api_implementation

    load = " / ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (f"conditions: {os.cpu_count()} CPUs, load average {load} (1/5/15 min) at the start; "
            f"python {sys.version.split()[0]}, protobuf {google.protobuf.__version__} "
            f"({api_implementation.Type()}), {protoc_version(shutil.which('protoc'))}")


def load_now() -> str:
    """The 1-minute load average now (said again at the end: other work may have come)."""
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "?"


def process(argv: Sequence[str], stdin: Path | None = None) -> Run:
    """(seconds, peak RSS in bytes, exit code, CPU seconds) of one run of `argv` as a process of
    its own. On a machine others are busy on, CPU time is the steadier measure of the work;
    the wall clock is what a user waits for."""
    done = subprocess.run([sys.executable, "-c", _LAUNCH, str(stdin) if stdin else "-", *argv],
                          capture_output=True, text=True)
    try:
        seconds, rss, code, cpu = done.stdout.split()
    except ValueError:
        raise SystemExit(f"{' '.join(argv[:4])}… could not be measured: {done.stderr[-500:]}") from None
    return float(seconds), int(rss) * (1 if sys.platform == "darwin" else 1024), int(code), float(cpu)


#: a command for `rounds`: (argv, stdin file or None, something to do untimed before each run or None)
Command = tuple[Sequence[str], Path | None, Callable[[], object] | None]


def rounds(commands: Sequence[Command], n: int) -> list[list[Run]]:
    """Every run of each command, `n` rounds in turns (A B C, A B C, …)."""
    runs: list[list[Run]] = [[] for _ in commands]
    for _ in range(n):
        for i, (argv, stdin, before) in enumerate(commands):
            if before is not None:
                before()
            runs[i].append(process(argv, stdin))
    return runs


def in_turns(functions: Sequence[Callable[[], object]], n: int) -> list[list[float]]:
    """Seconds of each function, `n` rounds in turns, in this process."""
    times: list[list[float]] = [[] for _ in functions]
    for _ in range(n):
        for i, fn in enumerate(functions):
            t = time.perf_counter()
            fn()
            times[i].append(time.perf_counter() - t)
    return times


def seconds(runs: Sequence[Run]) -> list[float]:
    return [r[0] for r in runs]


def cpu(runs: Sequence[Run]) -> list[float]:
    """The CPU seconds (user + system) of each run."""
    return [r[3] for r in runs]


def peak(runs: Sequence[Run]) -> int:
    return max(r[1] for r in runs)


def spread(values: Sequence[float], fmt: str = ".3f") -> str:
    """``median [min–max]`` of `values`."""
    return f"{statistics.median(values):{fmt}} [{min(values):{fmt}}–{max(values):{fmt}}]"


def ratios(a: Sequence[float], b: Sequence[float], fmt: str = ".2f") -> str:
    """a/b round by round (the two ran back to back): ``median [min–max]``."""
    return spread([x / y for x, y in zip(a, b, strict=True)], fmt)


def median(values: Sequence[float]) -> float:
    return statistics.median(values)
