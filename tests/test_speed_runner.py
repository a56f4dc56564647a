"""One runner for check and fix: what a run imports, fixing in parallel, Ctrl-C during --fix, the allowance of work per file."""

from __future__ import annotations

import ast
import gc
import json
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO, cli_env, run_cli, run_python

from zerograd_lint.analysis import work
from zerograd_lint.core.selection import Selection
from zerograd_lint.doors.flake8_plugin import ZerogradChecker
from zerograd_lint.files import runner
from zerograd_lint.files.buffer import lint_python
from zerograd_lint.files.config import Settings
from zerograd_lint.files.runner import check_paths
from zerograd_lint.formats import json_format

GENERATOR = REPO / "bench" / "generate_training_tree.py"
PLAIN = "import os\n\n\ndef size(path):\n    return os.path.getsize(path)\n"
TRAINING = "for x, y in loader:\n    loss = model(x)\n    loss.backward()\n    optimizer.step()\n"


def modules_after(*args: str, cwd: Path) -> list[str]:
    """The modules a real `zerograd-lint ARGS` run leaves imported (run in a fresh interpreter)."""
    program = (
        "import sys\nfrom zerograd_lint.doors.cli import main\n"
        f"try:\n    main({list(args)!r})\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    run = subprocess.run([sys.executable, "-c", program], cwd=cwd, env=cli_env(), capture_output=True, text=True, timeout=600)
    return run.stderr.splitlines()


def test_checking_files_without_training_code_imports_no_libcst_fixes_or_other_formats(tmp_path):
    (tmp_path / "util.py").write_text(PLAIN)
    (tmp_path / "notes.py").write_text("# loss.backward() then optimizer.step(); p.grad\n")
    imported = modules_after("check", "--no-cache", ".", cwd=tmp_path)
    assert "zerograd_lint.doors.cli" in imported
    unwanted = ("libcst", "zerograd_lint.fixes", "zerograd_lint.runtime", "zerograd_lint.analysis", "zerograd_lint.formats.sarif",
                "tomllib", "concurrent.futures.process")
    # The screen shares the analysis's words (the vocabulary, the libraries' summaries), its walks of CPython's
    # tree, the code alone of a text and the work count, and the doors hand it the project's sources: constants,
    # small helpers and plain records, no LibCST, nothing of the analysis proper.
    screen = {"zerograd_lint.analysis", "zerograd_lint.analysis.code_text", "zerograd_lint.analysis.ir", "zerograd_lint.analysis.ir.vocabulary",
              "zerograd_lint.analysis.ir.summaries", "zerograd_lint.analysis.questions",
              "zerograd_lint.analysis.questions.visitor", "zerograd_lint.analysis.work", "zerograd_lint.analysis.module_source"}
    assert [name for name in imported if name.startswith(unwanted) and name not in screen] == []


def test_checking_one_training_script_imports_the_analysis_and_nothing_for_other_doors(tmp_path):
    """Issue 28: one file's check, as pre-commit asks, pays for the analysis and the text format, not for
    what other doors, formats and commands need (counted, not timed: each is lazy where it is used)."""
    subprocess.run([sys.executable, str(GENERATOR), str(tmp_path), "--scripts", "1"], check=True, capture_output=True)
    [script] = tmp_path.rglob("train.py")
    imported = modules_after("check", "--no-cache", str(script), cwd=tmp_path)
    assert {"libcst", "zerograd_lint.analysis.facts", "zerograd_lint.formats.text"} <= set(imported)  # it was analysed
    elsewhere = (
        "zerograd_lint.doors.lsp", "pygls", "lsprotocol",  # the editor's
        "zerograd_lint.runtime", "torch",  # `run` and the guard
        "zerograd_lint.core.fixing", "libcst.matchers",  # `--fix`
        "zerograd_lint.rules.pages", "importlib.metadata",  # rule pages and their links
        "zerograd_lint.files.notebook", "zerograd_lint.doors.explain", "tomllib",  # notebooks, `explain`, a configuration
        "multiprocessing", "concurrent.futures",  # workers, for more files than one
    )
    assert [name for name in imported if name.startswith(elsewhere)] == []
    assert [name for name in imported if name.startswith("zerograd_lint.formats.") and name != "zerograd_lint.formats.text"] == []


def test_fix_never_imports_libcst_matchers(tmp_path):
    """LibCST's matchers take seconds to import: fixes find their places by walking the nodes themselves."""
    (tmp_path / "train.py").write_text(TRAINING.replace("optimizer.step()", "optimizer.zero_grad()\n    optimizer.step()"))
    imported = modules_after("check", "--fix", "--no-cache", ".", cwd=tmp_path)
    assert "libcst" in imported and "Fixed 1 report." in imported  # the file was analysed, its ZG102 fixed...
    assert "libcst.matchers" not in imported
    (tmp_path / "train.py").write_text(TRAINING.replace("    optimizer.step()", "    optimizer.step()\n    optimizer.zero_grad()"))
    imported = modules_after("check", "--fix", "--no-cache", ".", cwd=tmp_path)
    assert "libcst" in imported and "libcst.matchers" not in imported  # ...this one reports nothing


def test_forked_workers_start_with_the_analysis_imported(tmp_path):
    """The runner imports the analysis once before forking its workers, rather than each worker for its first file."""
    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text(TRAINING)
    program = (
        "import multiprocessing, sys\nfrom pathlib import Path\nfrom zerograd_lint.files import runner\n"
        "multiprocessing.set_start_method('fork')\n"
        "runner.start_worker = lambda: print(f\"imported: {'zerograd_lint.analysis.facts' in sys.modules};\", flush=True)\n"
        "runner.check_paths([Path('a.py'), Path('b.py')], jobs=3)\n"
    )
    run = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=600)
    # One message per worker, two for three processes (each one write: the two may come in either order, on one line).
    assert run.stdout.count("imported: True;") == 2 and "False" not in run.stdout, run.stdout + run.stderr


def test_the_import_before_the_fork_makes_no_collection_and_is_frozen(tmp_path):
    """What imports build is never garbage: the runner imports the analysis with the collector off (about 60 collections
    otherwise, a twentieth of the import), then freezes it out of later walks (as a worker and the editor's server do);
    the collector is on again after it."""
    program = (
        "import gc\nfrom zerograd_lint.files import runner\n"
        "collections = []\ngc.callbacks.append(lambda phase, info: phase == 'start' and collections.append(info))\n"
        "runner.forks_workers = lambda: True\nrunner.import_before_fork()\n"
        "print(len(collections), gc.isenabled(), gc.get_freeze_count() > 10_000)\n"
    )
    run = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=600)
    assert run.stdout.split() == ["0", "True", "True"], run.stdout + run.stderr


def test_this_process_analyses_the_tasks_no_worker_has_started(tmp_path):
    """`--jobs 2`: one worker, and this process, once every file is read, takes back each task the worker has not
    started and analyses it itself (a second worker would cost its start and a copy of each page it writes)."""
    for number in range(6):
        (tmp_path / f"{number}.py").write_text(TRAINING)
    program = (
        "import multiprocessing, os, time\nfrom pathlib import Path\nfrom zerograd_lint.files import runner\n"
        "multiprocessing.set_start_method('fork')\n"
        "parent, run = os.getpid(), runner.run_task\n"
        "def traced(task, workers=None):\n"
        "    outcome = run(task, workers)\n"
        "    os.write(1, b'here\\n' if os.getpid() == parent else b'worker\\n')  # one write: under PYTHONUNBUFFERED, print's\n"
        "    # text and its newline are two, and the two processes' lines could interleave ('hereworker')\n"
        "    open('ran here', 'w').close() if os.getpid() == parent else None\n"
        "    return outcome\n"
        "def started():\n"
        "    os.write(1, b'started\\n')\n"
        "    waiting = time.monotonic() + 60  # (not forever where this process runs none: the assertions say so)\n"
        "    while not os.path.exists('ran here') and time.monotonic() < waiting:  # no task for the worker until one ran here\n"
        "        time.sleep(0.01)\n"
        "runner.run_task, runner.start_worker = traced, started\n"
        "result = runner.check_paths(sorted(Path('.').glob('*.py')), jobs=2)\n"
        "print(len(result.diagnostics), 'reports')\n"
    )
    run = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=600)
    said = run.stdout.split()
    assert said.count("started") == 1 and said.count("here") >= 1, run.stdout + run.stderr
    assert said.count("here") + said.count("worker") == 6, run.stdout + run.stderr
    serial = check_paths(sorted(tmp_path.glob("*.py")))
    assert len(serial.diagnostics) == 6 and run.stdout.endswith("6 reports\n"), run.stdout + run.stderr


@pytest.mark.slow
def test_fixing_in_parallel_writes_what_fixing_serially_writes(tmp_path):
    subprocess.run([sys.executable, str(GENERATOR), str(tmp_path / "serial"), "--scripts", "16"], check=True)
    shutil.copytree(tmp_path / "serial", tmp_path / "parallel")
    serial = run_cli("check", "--fix", "--show-fixes", "--no-cache", "--jobs", "1", ".", cwd=tmp_path / "serial")
    parallel = run_cli("check", "--fix", "--show-fixes", "--no-cache", "--jobs", "2", ".", cwd=tmp_path / "parallel")
    assert "fixed:" in serial.stderr, serial.stderr
    assert (parallel.returncode, parallel.stdout, parallel.stderr) == (serial.returncode, serial.stdout, serial.stderr)
    for path in sorted((tmp_path / "serial").rglob("*.py")):
        assert path.read_bytes() == (tmp_path / "parallel" / path.relative_to(tmp_path / "serial")).read_bytes(), path


def test_fix_reads_and_writes_files_as_check_reads_them(tmp_path):
    """A PEP 263 file is fixed in its own encoding; a file over the size limit is reported, not fixed."""
    latin = tmp_path / "latin.py"
    latin.write_bytes(b"# -*- coding: latin-1 -*-\n" + TRAINING.replace("loss = model(x)", "loss = model(x)  # caf\xe9").encode("latin-1"))
    large = tmp_path / "large.py"
    large.write_text(TRAINING + "# " + "x" * (4 * 2**20) + "\n")
    result = run_cli("check", "--fix", "--no-cache", ".", cwd=tmp_path)
    assert "Fixed 1 report." in result.stderr, result.stderr
    assert latin.read_bytes() == (
        b"# -*- coding: latin-1 -*-\nfor x, y in loader:\n    optimizer.zero_grad()\n"
        b"    loss = model(x)  # caf\xe9\n    loss.backward()\n    optimizer.step()\n"
    )
    assert result.stdout == "large.py:1:1: ZG000 file too large to analyse (4.0 MiB; the limit is 4 MiB)\n"


@pytest.mark.slow
def test_ctrl_c_during_fix_exits_130_and_leaves_every_file_whole(tmp_path):
    tree = tmp_path / "tree"
    subprocess.run([sys.executable, str(GENERATOR), str(tree), "--scripts", "400"], check=True)
    originals = {path: path.read_bytes() for path in tree.rglob("*.py")}
    run = subprocess.Popen(
        [sys.executable, "-m", "zerograd_lint", "check", "--fix", "."],
        cwd=tree, env=cli_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    # Interrupt once results come in (the cache fills), i.e. in the middle of the work.
    cache = tree / ".zerograd_lint_cache"
    while not any(cache.rglob("*.json")) and run.poll() is None:
        time.sleep(0.01)
    assert run.poll() is None, "the run ended before it could be interrupted"
    run.send_signal(signal.SIGINT)
    _, stderr = run.communicate(timeout=120)

    assert run.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert sorted(tree.rglob("*.tmp")) == [] and sorted(tree.rglob(".*.py.*")) == []
    for path, original in originals.items():
        data = path.read_bytes()
        if data != original:
            ast.parse(data)  # fixed, and whole


def test_only_young_collections_while_a_file_is_analysed_and_pythons_schedule_after_it(tmp_path, monkeypatch):
    """A collection of an older generation walks every node of the file's trees (a 4 MB file's took a twentieth of
    its CPU time): none starts while the file is analysed, young ones do, and the collector's own thresholds are
    back once it is done."""
    sys.path.insert(0, str(REPO / "bench"))
    from many_loops import many_loops

    script = tmp_path / "loops.py"
    script.write_text(many_loops(12 * 1024))  # dozens of young collections at the threshold below: no size adds to that
    analysing, during = [False], []
    real_lint = runner.lint

    def lint(*args):
        analysing[0] = True
        try:
            return real_lint(*args)
        finally:
            analysing[0] = False

    def note(phase: str, info: dict) -> None:
        if phase == "start" and analysing[0]:
            during.append(info["generation"])

    monkeypatch.setattr(runner, "lint", lint)
    monkeypatch.setattr(runner, "PARSING_GC_THRESHOLD", 10_000)  # young collections in a file this small
    previous = gc.get_threshold()
    # A full collection as soon as Python's own rule allows one: after a young collection of the middle
    # generation, once what it moved to the oldest since the last full one is a quarter of what is there
    # (this process's heap, frozen, is not counted).
    gc.set_threshold(700, 1, 1)
    gc.freeze()
    gc.collect()
    gc.callbacks.append(note)
    try:
        result = check_paths([script], Settings(Selection(select=("ZG101",))))
        after = gc.get_threshold()
    finally:
        gc.callbacks.remove(note)
        gc.unfreeze()
        gc.set_threshold(*previous)
    assert {d.code for d in result.diagnostics} == {"ZG101"}
    assert during and set(during) == {0}, during
    assert after == (700, 1, 1)


def test_the_collector_is_tuned_until_the_last_of_two_files_analysed_at_once_is_done():
    """Two threads analysing a file each: the first to finish leaves the second's tuning alone."""
    previous = gc.get_threshold()
    first, second = runner.collector_tuned_for_one_file(), runner.collector_tuned_for_one_file()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    during = gc.get_threshold()
    second.__exit__(None, None, None)
    assert during == (runner.PARSING_GC_THRESHOLD, runner.NO_OLDER_COLLECTION, runner.NO_OLDER_COLLECTION)
    assert gc.get_threshold() == previous


def test_no_file_keeps_a_run_past_its_allowance_of_work(tmp_path, monkeypatch):
    script = tmp_path / "train.py"
    script.write_text("import torch\n" + TRAINING * 200)
    settings = Settings(Selection(select=("ALL",)))
    assert [d.code for d in check_paths([script], settings).diagnostics] == ["ZG101"] * 200
    monkeypatch.setattr(work, "WORK_LIMIT", 1_000)
    result = check_paths([script], settings)
    assert [(d.code, d.message) for d in result.diagnostics] == [("ZG000", work.too_complex())]
    assert "over 1,000 steps" in work.too_complex() and result.internal_errors == []


def test_the_allowance_holds_in_the_editors_engine_thread_and_in_flake8(monkeypatch):
    """The LSP server checks in a thread of its own; flake8 calls the plugin."""
    source = "import torch\n" + TRAINING * 200
    monkeypatch.setattr(work, "WORK_LIMIT", 1_000)
    found: list = []
    thread = threading.Thread(target=lambda: found.extend(lint_python(source, "train.py", Selection(select=("ALL",)))))
    thread.start()
    thread.join()
    assert [(d.code, d.message) for d in found] == [("ZG000", work.too_complex())]
    checker = ZerogradChecker(ast.parse(source), source.splitlines(keepends=True), "train.py")
    assert [message for _, _, message, _ in checker.run()] == [f"ZG000 {work.too_complex()}"]


def test_the_same_file_gives_the_same_reports_under_load(tmp_path, monkeypatch):
    """The limit counts work, not time: a file over it and one under it, checked alone and while another
    process keeps every core busy, give the same JSON, byte for byte."""
    (tmp_path / "over.py").write_text("import torch\n" + TRAINING * 60)
    (tmp_path / "under.py").write_text("import torch\n" + TRAINING * 3)
    monkeypatch.setattr(work, "WORK_LIMIT", 600)  # the 60 loops need more, the 3 less
    settings = Settings(Selection(select=("ALL",)))
    files = sorted(tmp_path.glob("*.py"))

    def report() -> str:
        return json_format.render(check_paths(files, settings, jobs=1).diagnostics)

    alone = report()
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(runner.available_cores())]
    try:
        loaded = report()
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    assert loaded == alone
    codes = [(Path(item["path"]).name, item["code"]) for item in json.loads(alone)]
    assert codes == [("over.py", "ZG000")] + [("under.py", "ZG101")] * 3


def test_json_fix_field_and_fixing_agree(tmp_path):
    shutil.copy(FIXTURES / "zg404_no_update.py", tmp_path)
    items = json.loads(run_cli("check", "--format", "json", "--no-cache", ".", cwd=tmp_path).stdout)
    assert [item["fix"]["message"] for item in items if item["fix"]] == ["Insert `scaler.update()` after the scaler's step"]
    shown = run_cli("check", "--show-fixes", "--no-cache", ".", cwd=tmp_path)
    assert "ZG404 fix: Insert `scaler.update()` after the scaler's step" in shown.stderr


@pytest.mark.slow
def test_the_program_ends_at_once_with_its_whole_output_and_status(tmp_path):
    """`zerograd-lint check` skips the interpreter's teardown (os._exit): what it prints and its exit status are
    those of `main` called by other code, which exits as usual; a reader that stops early costs no traceback.
    The files are analysed once: the first run fills the cache the next two are answered from."""
    env = {name: value for name, value in cli_env().items() if name != "PYTHONUNBUFFERED"}  # output buffered, as most shells run it
    # 360 small loops that never clear, a report each: 360 lines of text and 280 KB of JSON, past the output's buffer
    # and a pipe's 64 KB, at a fifth of the analysis of the fixtures and single-file cases it checked (16 s of CPU).
    (tmp_path / "scripts").mkdir()
    for number in range(360):
        (tmp_path / "scripts" / f"train_{number:03}.py").write_text(TRAINING)
    (tmp_path / "pyproject.toml").write_text("")  # the cache's root
    check = ["check", "--select", "ALL", "scripts"]
    as_program = subprocess.run([sys.executable, "-m", "zerograd_lint", *check], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert list((tmp_path / ".zerograd_lint_cache").rglob("*.json"))
    called = subprocess.run(
        [sys.executable, "-c", f"from zerograd_lint.doors.cli import main\nmain({check!r})"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600,
    )
    assert as_program.returncode == called.returncode == 1
    assert len(as_program.stdout.splitlines()) > 300 and as_program.stdout == called.stdout
    assert as_program.stderr == called.stderr and as_program.stderr.startswith("Found ")
    reader = subprocess.Popen([sys.executable, "-m", "zerograd_lint", *check, "--format", "json"], cwd=tmp_path, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stdout.read(10)
    reader.stdout.close()  # as `| head -c 10` does, long before the end of the report
    _, stderr = reader.communicate(timeout=600)
    assert reader.returncode == 1 and b"Traceback" not in stderr and b"Exception ignored" not in stderr, stderr


@pytest.mark.slow
def test_ctrl_c_while_the_analysis_is_imported_before_the_fork_waits_for_the_import(monkeypatch):
    """Raised in the middle of a class being made, it would come out as a RuntimeError, not as Ctrl-C."""
    from zerograd_lint.core import engine

    finished: list[bool] = []

    def importing() -> None:
        signal.raise_signal(signal.SIGINT)
        finished.append(True)  # the import goes on to its end

    monkeypatch.setattr(engine, "import_analysis", importing)
    monkeypatch.setattr(runner, "forks_workers", lambda: True)
    with pytest.raises(KeyboardInterrupt):  # once the import is over
        runner.import_before_fork()
    assert finished == [True]


@pytest.mark.slow
def test_ctrl_c_while_files_are_found_exits_130_in_one_line(tmp_path):
    (tmp_path / "train.py").write_text(TRAINING)
    program = (
        "import signal, sys\nfrom zerograd_lint.doors import cli\n"
        "def interrupted(paths):\n    signal.raise_signal(signal.SIGINT)\n    yield from ()\n"
        "cli.discover_sizes = interrupted\nsys.argv = ['zerograd-lint', 'check', '.']\ncli.program()\n"
    )
    run = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=600)
    assert (run.returncode, run.stdout, run.stderr) == (130, "", "zerograd-lint: interrupted\n")


def test_stopping_the_workers_leaves_nothing_running_that_the_exit_could_race():
    """Ctrl-C kills the workers, and waits for the pool's manager thread to end: it closes a pipe that the
    interpreter's exit handler writes to, and the two at once made `OSError: Bad file descriptor` at exit."""
    manager_alive, exitcodes = run_python(
        "import json, time\nfrom concurrent.futures import ProcessPoolExecutor\nfrom zerograd_lint.files import runner\n"
        "pool = ProcessPoolExecutor(2)\n"
        "busy = [pool.submit(time.sleep, 60) for _ in range(2)]\n"
        "while not all(future.running() for future in busy):\n"
        "    time.sleep(0.01)\n"
        "manager, workers = pool._executor_manager_thread, list(pool._processes.values())\n"
        "runner.stop_workers(pool)\n"
        "for worker in workers:\n"
        "    worker.join(timeout=10)\n"
        "print(json.dumps([manager is None or manager.is_alive(), [worker.exitcode for worker in workers]]))\n"
    )
    assert manager_alive is False
    assert exitcodes == [-signal.SIGTERM] * 2


def test_the_limit_of_work_is_the_one_the_docs_state():
    from zerograd_lint.rules import rule_by_code
    from zerograd_lint.rules.pages import rule_page

    stated = f"{work.WORK_LIMIT:,}"
    assert stated in rule_page(rule_by_code("ZG000")) and stated in (REPO / "README.md").read_text(encoding="utf-8")


def test_a_file_is_read_whole_in_two_reads_whatever_happened_to_it_since_discovery(tmp_path, monkeypatch):
    """The runner reads a file sized by discovery's look at it: two reads (its bytes, then the end), and all of it
    where it has grown since; a folder is an error to report, as `open` makes it."""
    from zerograd_lint.files import source

    path = tmp_path / "train.py"
    path.write_bytes(TRAINING.encode() * 3)
    reads: list[int] = []

    def counted(fd: int, count: int) -> bytes:
        reads.append(count)
        return real_read(fd, count)

    real_read = source.os.read
    monkeypatch.setattr(source.os, "read", counted)
    size = path.stat().st_size
    assert source.read_bytes(str(path), size) == path.read_bytes() and len(reads) == 2 and reads[0] == size + 1
    reads.clear()
    assert source.read_bytes(str(path), 10) == path.read_bytes() and len(reads) > 2  # grown since: read to the end
    assert source.read_bytes(str(path), 10 * size) == path.read_bytes()  # shrunk since
    assert source.read_bytes(str(path)) == path.read_bytes()  # no size known
    with pytest.raises(IsADirectoryError):
        source.read_bytes(str(tmp_path), 0)
