"""Shared test helpers: the real CLI, run as a user runs it, in a subprocess."""

from __future__ import annotations

import ast
import faulthandler
import hashlib
import heapq
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import tokenize
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple, Sequence

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"
# Where the subprocesses keep compiled modules when the environment writes none (PYTHONDONTWRITEBYTECODE): out
# of the checkout, yet each of the suite's hundreds of interpreters no longer compiles the package anew.
BYTECODE = Path(tempfile.gettempdir()) / f"zerograd-lint-tests-bytecode-{os.getuid()}"
if sys.dont_write_bytecode:  # and this process's: the test modules, rewritten by pytest, and the package they import
    sys.dont_write_bytecode = False
    sys.pycache_prefix = sys.pycache_prefix or str(BYTECODE)
# Ctrl-C as at a terminal: a shell that starts the suite in the background with job control off hands it SIGINT
# ignored, which the CLIs that tests interrupt would inherit (the tests of Ctrl-C need the default: KeyboardInterrupt).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A test stuck for this long has every thread's stack printed and its process ended, by faulthandler's own thread:
# it runs even while the stuck code holds the interpreter's lock (gloo's teardown once did; a watchdog in Python,
# as pytest-timeout's, waits for that lock for ever). Under pytest-xdist the worker ends and another takes over.
STUCK_SECONDS = 900
stuck_report_fd = -1


def pytest_configure(config: pytest.Config) -> None:
    global stuck_report_fd
    stuck_report_fd = os.dup(sys.stderr.fileno())  # the terminal's: later, pytest captures fd 2 during each test
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False  # pytest-xdist keeps the order `pytest_collection_modifyitems` gives


@pytest.hookimpl(tryfirst=True)  # before `-m "not slow"` deselects: a file holding a slow test is a costly file
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files holding slow tests first, then the others by their number of tests. `--dist loadfile` hands the
    files out in this order, a worker taking the next as it finishes one: pytest-xdist's own order (the most tests
    first) left a file of few, costly tests (a walk over every module, the standard library parsed) for last, one
    worker running it alone while the other had finished."""
    tests_in = Counter(item.path for item in items)
    costly = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: (item.path not in costly, -tests_in[item.path]))  # stable: a file's tests stay in order


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    faulthandler.dump_traceback_later(STUCK_SECONDS, exit=True, file=stuck_report_fd)
    yield
    faulthandler.cancel_dump_traceback_later()


forks_of_this_process = 0


def count_fork() -> None:
    global forks_of_this_process
    forks_of_this_process += 1


os.register_at_fork(after_in_parent=count_fork)


@pytest.fixture(autouse=True)
def never_forks_the_test_process() -> Iterator[None]:
    """Under pytest-xdist a child forked from a worker inherits the worker's channel to the controller: one that
    outlives a stuck test keeps the controller from seeing the worker end, and the whole run waits forever. Code
    that forks (the runner's pools, screening ahead) is tested in a subprocess of its own."""
    before = forks_of_this_process
    yield
    assert forks_of_this_process == before, "this test forked the test process: run the forking code in a subprocess"


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env.pop("FORCE_COLOR", None)
    if env.pop("PYTHONDONTWRITEBYTECODE", None):
        env.setdefault("PYTHONPYCACHEPREFIX", str(BYTECODE))
    return env


def env_with_project_urls(folder: Path, urls: dict[str, str], entry_points: str = "") -> dict[str, str]:
    """cli_env(), with the package's metadata giving these `[project.urls]` and entry points (the text of
    entry_points.txt): a dist-info folder as pip writes it from pyproject.toml, first on the path, so
    importlib.metadata finds it before any installed copy's."""
    info = folder / "zerograd_lint-0.1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    fields = ["Metadata-Version: 2.1", "Name: zerograd-lint", "Version: 0.1.0", *(f"Project-URL: {k}, {v}" for k, v in urls.items())]
    (info / "METADATA").write_text("\n".join(fields) + "\n")
    (info / "entry_points.txt").write_text(entry_points)
    env = cli_env()
    env["PYTHONPATH"] = os.pathsep.join([str(folder), env["PYTHONPATH"]])
    return env


AS_A_USER = Path(__file__).resolve().parent / "as_a_user.py"


def run_bounded(
    command: list[str], *, cwd: Path, env: dict[str, str], input: str | None = None, timeout: float = 600,
    as_a_user: bool = False,
) -> subprocess.CompletedProcess[str]:
    """`subprocess.run(command, capture_output=True, text=True)`, in a session of its own: past `timeout` the
    whole session is killed, the processes it started included (workers, torchrun's ranks), which would
    otherwise hold its output open and the test with it. `as_a_user`: under root, without the capabilities
    that ignore file permissions (tests/as_a_user.py drops them, then runs the command)."""
    if as_a_user:
        command = [sys.executable, str(AS_A_USER), *command]
    with subprocess.Popen(
        command, cwd=cwd, env=env, text=True, start_new_session=True,
        stdin=subprocess.DEVNULL if input is None else subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    ) as process:
        try:
            stdout, stderr = process.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:  # the whole session ended meanwhile
                pass
            stdout, stderr = process.communicate()
            raise subprocess.TimeoutExpired(command, timeout, stdout, stderr) from None
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def run_python(program: str, *args: str, cwd: Path | None = None, timeout: float = 300) -> object:
    """What `python -c PROGRAM ARGS` prints as JSON, in a process of its own, with this checkout on the path: for
    code that forks (see `never_forks_the_test_process`)."""
    run = run_bounded([sys.executable, "-c", program, *args], cwd=cwd or REPO, env=cli_env(), timeout=timeout)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def run_cli(
    *args: str, cwd: Path | None = None, input: str | None = None, hash_seed: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`zerograd-lint ARGS` as a subprocess (python -m, so the checkout's code runs). `hash_seed`: Python's string
    hashes salted so (`PYTHONHASHSEED`), for the tests that no answer follows the order of a set of strings."""
    env = cli_env() if hash_seed is None else {**cli_env(), "PYTHONHASHSEED": hash_seed}
    return run_bounded([sys.executable, "-m", "zerograd_lint", *args], cwd=cwd or REPO, env=env, input=input)


# `zerograd-lint ARGS` in CWD for each run read from stdin (a JSON line: args, cwd, the text for stdin or null), one
# after another in this interpreter: `main` called as other code calls it (SystemExit, never os._exit), each run's
# status, output and error output written back as a JSON line, as a subprocess's would be collected.
SERVING_RUNS = """
import contextlib, io, json, os, sys, traceback
import zerograd_lint.rules
from zerograd_lint.doors.cli import main

zerograd_lint.rules.__path__.extend(sys.argv[1:])  # folders of rules of the tests' own, found as the real ones are
answers = sys.stdout

def run(args, cwd, input):
    os.chdir(cwd)
    stdout, stderr = io.StringIO(), io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO((input or "").encode()), encoding="utf-8")
    status = 0
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            main(args, prog_name="python -m zerograd_lint")  # as run_cli's process is named in a usage error
        except SystemExit as end:  # its status as the interpreter would end with it
            status = 0 if end.code is None else end.code if isinstance(end.code, int) else 1
            if not isinstance(end.code, (int, type(None))):
                print(end.code, file=sys.stderr)
        except Exception:  # an uncaught error, as it ends a process: its traceback, status 1
            traceback.print_exc()
            status = 1
    return [status, stdout.getvalue(), stderr.getvalue()]

for line in sys.stdin:
    print(json.dumps(run(*json.loads(line))), file=answers, flush=True)
"""


class CliInterpreter:
    """`run_cli(*ARGS, cwd=CWD, input=TEXT)` for one run after another, in one interpreter of its own: each run is a
    `check` (or `explain`, `rule`...) of its own (a run finds its modules afresh), and the interpreter starts and
    imports the analysis once for all. For what the CLI prints and its status; a test of what only a process shows
    (a crash's exit code, signals, the cache between processes, imports made at the start) runs `run_cli`.
    `test_rules`: with ZG990 and ZG991, as `run_with_test_rules` runs it."""

    def __init__(self, *, test_rules: bool = False) -> None:
        rules = [str(TEST_RULES_LAUNCHER.parent)] if test_rules else []
        self.errors = tempfile.TemporaryFile("w+")  # the interpreter's own: what it says if it fails
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVING_RUNS, *rules], cwd=REPO, env=cli_env(), text=True, start_new_session=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors,
        )

    def __call__(self, *args: str, cwd: Path | None = None, input: str | None = None) -> subprocess.CompletedProcess[str]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([list(args), str(cwd or REPO), input]) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            self.errors.seek(0)
            raise AssertionError(f"the CLI's interpreter ended: {self.errors.read()}")
        status, stdout, stderr = json.loads(answer)
        return subprocess.CompletedProcess(["zerograd-lint", *args], status, stdout, stderr)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            status = self.process.wait(timeout=60)
        finally:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.errors.seek(0)
        assert status == 0, self.errors.read()
        self.errors.close()


def run_cli_each(runs: Sequence[tuple[Sequence[str], Path]], *, test_rules: bool = False) -> list[subprocess.CompletedProcess[str]]:
    """`run_cli(*ARGS, cwd=CWD)` for each (ARGS, CWD), in one interpreter (`CliInterpreter`): a hundred loops checked
    alone cost one start, not a hundred."""
    cli = CliInterpreter(test_rules=test_rules)
    try:
        return [cli(*args, cwd=cwd) for args, cwd in runs]
    finally:
        cli.close()


@pytest.fixture(scope="module")
def cli_here() -> Iterator[CliInterpreter]:
    """One interpreter for the CLI runs of a test module (`CliInterpreter`)."""
    cli = CliInterpreter()
    yield cli
    cli.close()


@pytest.fixture(scope="module")
def cli_here_with_test_rules() -> Iterator[CliInterpreter]:
    """One interpreter for the CLI runs of a test module, with the test rules ZG990 and ZG991 (`CliInterpreter`)."""
    cli = CliInterpreter(test_rules=True)
    yield cli
    cli.close()


def run_json(*args: str, cwd: Path | None = None) -> tuple[int, list[dict]]:
    proc = run_cli("check", "--format", "json", *args, cwd=cwd)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def run_flake8(*args: str, cwd: Path, metadata: Path) -> subprocess.CompletedProcess[str]:
    """`flake8 ARGS` in this interpreter, finding the `ZG` plugin as an install registers it: by pyproject.toml's
    entry point, in the package's metadata written under `metadata`. No virtual environment is built (seconds
    of pip): tests/test_flake8_plugin.py checks the plugin installed by pip end to end."""
    from zerograd_lint.files.config import read_toml

    plugins = read_toml(REPO / "pyproject.toml")["project"]["entry-points"]["flake8.extension"]
    entry_points = "[flake8.extension]\n" + "".join(f"{name} = {target}\n" for name, target in plugins.items())
    return run_bounded([sys.executable, "-m", "flake8", *args], cwd=cwd, env=env_with_project_urls(metadata, {}, entry_points))


def project_modules() -> list[Path]:
    """Every Python module of fixtures/, tests/data/ and the package: the code the walks are checked over."""
    return sorted([*REPO.glob("fixtures/**/*.py"), *REPO.glob("tests/data/**/*.py"), *REPO.glob("zerograd_lint/**/*.py")])


class Source(NamedTuple):
    """A module's text as the walks read it: its bytes, its text (`read_text`: a bad byte replaced), and CPython's tree
    of that text (None where it does not parse: some tests read bad input on purpose)."""

    path: Path
    data: bytes
    text: str
    tree: ast.Module | None


def project_sources() -> Iterator[Source]:
    """Each distinct text of `project_modules()` once, parsed as the walk reaches it: the walks over every module
    (test_statements.py, test_code_text.py, test_reached_code.py, test_text_scans.py, test_def_code.py...) read the
    copies the project trees repeat too. Not kept for the worker's life: its million nodes, frozen out of the
    collections, went back in with the first test that unfreezes (test_file_scope.py), and every full collection of
    the worker walked them (test_outline.py's LibCST walk 25 s -> 100 s of wall time)."""
    for path in distinct_files(project_modules()):
        data, text = path.read_bytes(), path.read_text(encoding="utf-8", errors="replace")
        try:
            tree: ast.Module | None = ast.parse(text)
        except (SyntaxError, ValueError):
            tree = None
        yield Source(path, data, text, tree)


def syntax_shapes(source: Source) -> set[tuple[str, ...]]:
    """What a module's text holds of the language: each (node, field, child node) of its CPython tree, each operator
    and token kind, each string prefix."""
    shapes: set[tuple[str, ...]] = set()
    for node in ast.walk(source.tree) if source.tree else ():
        for field, value in ast.iter_fields(node):
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    shapes.add((type(node).__name__, field, type(child).__name__))
    try:
        for token in tokenize.generate_tokens(io.StringIO(source.text).readline):
            if token.type == tokenize.STRING:
                shapes.add(("prefix", token.string[:token.string.index(token.string[-1])].lower()))
            else:
                shapes.add((tokenize.tok_name[token.type], token.string if token.type == tokenize.OP else ""))
    except (tokenize.TokenError, SyntaxError):
        pass
    return shapes


def shape_cover(sources: Iterable[Source]) -> list[Source]:
    """Few of `sources` that together hold every shape of `syntax_shapes` the whole of them holds: a walk that compares
    two traversals (or two parses) node by node learns nothing more from a module all of whose shapes it has met.
    Chosen greedily, the most new shapes per byte first (ties in path order), so the walk reads about a third of
    the bytes."""
    candidates = [(source, syntax_shapes(source)) for source in sources if source.tree is not None]
    # Lazy greedy: a module's gain only falls as shapes are met, so one whose gain, counted again, still leads is best.
    heap = [(-len(shapes) / (len(source.text) + 2000), index) for index, (source, shapes) in enumerate(candidates)]
    heapq.heapify(heap)
    met: set[tuple[str, ...]] = set()
    chosen = []
    while heap:
        _, index = heapq.heappop(heap)
        source, shapes = candidates[index]
        gain = -len(shapes - met) / (len(source.text) + 2000)
        if gain == 0:
            continue
        if heap and (gain, index) > heap[0]:
            heapq.heappush(heap, (gain, index))
            continue
        chosen.append(source)
        met |= shapes
    return sorted(chosen, key=lambda source: source.path)


TEST_RULES_LAUNCHER = REPO / "tests" / "data" / "test_rules" / "launch.py"


def run_with_test_rules(
    tool: str, *args: str, cwd: Path, python: str = sys.executable
) -> subprocess.CompletedProcess[str]:
    """`zerograd-lint` or `flake8` with the test-only rules ZG990 (on) and ZG991 (off by default):
    they report every call to `mark_bug()` and `mark_style()` in a file the engine analyses
    (one with a backward and a step, such as `opt.zero_grad(); loss.backward(); opt.step()`)."""
    return run_bounded([python, str(TEST_RULES_LAUNCHER), tool, *args], cwd=cwd, env=cli_env())


@contextmanager
def ungated() -> Iterator[None]:
    """The engine as if the gate let every file through with every need met, at every analysis root."""
    from zerograd_lint.core.gate import Gate, Needs

    originals = Gate.in_text, Gate.in_tree
    Gate.in_text = lambda self, text, words=None: self.asked()  # type: ignore[method-assign]
    Gate.in_tree = lambda self, in_text, tree, mark=None, summary=None: Needs(in_text)  # type: ignore[method-assign]
    try:
        yield
    finally:
        Gate.in_text, Gate.in_tree = originals  # type: ignore[method-assign]


def distinct_files(paths: Iterable[Path]) -> list[Path]:
    """`paths` less each file whose bytes an earlier one holds: a walk that reads a module's text alone learns
    nothing more from its copy (the project trees under tests/data/ repeat modules: 226 of 2,700)."""
    seen: set[bytes] = set()
    kept = []
    for path in paths:
        digest = hashlib.sha256(path.read_bytes()).digest()
        if digest not in seen:
            seen.add(digest)
            kept.append(path)
    return kept
