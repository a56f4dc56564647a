"""The per-file cache: a warm run says exactly what a cold one says, and a bad entry is never trusted."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, cli_env, run_bounded, run_cli

from zerograd_lint.files.cache import OLD_KEYS_KEPT

BUGGY = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in loader:
    optimizer.zero_grad()
    loss = (model(x) - y).pow(2).mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad
"""
FIXED = BUGGY.replace("    optimizer.zero_grad\n", "")
CLEAN = "def add(a, b):\n    return a + b\n"


def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "train.py").write_text(BUGGY)
    (tmp_path / "src" / "util.py").write_text(CLEAN)
    return tmp_path


def entries(root: Path) -> list[Path]:
    """The per-file entries: the JSON files of the cache's version folders."""
    cache = root / ".zerograd_lint_cache"
    return sorted(entry for folder in cache.iterdir() if folder.is_dir() for entry in folder.glob("*.json"))


def ruled_out_file(root: Path) -> Path:
    [folder] = [folder for folder in (root / ".zerograd_lint_cache").iterdir() if folder.is_dir()]
    return folder / "ruled_out"


def ruled_out_keys(root: Path) -> list[str]:
    """The keys of the files the text stage ruled out, as the cache holds them: under a hash of the rest."""
    digest, _, body = ruled_out_file(root).read_text().partition("\n")
    assert hashlib.sha256(body.encode()).hexdigest() == digest
    return body.split()


def plant_ruled_out(root: Path, keys: list[str]) -> None:
    body = "".join(f"{key}\n" for key in keys)
    ruled_out_file(root).write_text(hashlib.sha256(body.encode()).hexdigest() + "\n" + body)


def check(root: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli("check", "--format", "json", *args, cwd=cwd or root)


def test_warm_run_reports_what_the_cold_run_reported(tmp_path):
    root = project(tmp_path)
    cold = check(root, "src")
    assert cold.returncode == 1, cold.stderr
    assert [item["code"] for item in json.loads(cold.stdout)] == ["ZG202"]
    stored = entries(root)
    assert len(stored) == 1, "only the file the gate lets through is worth an entry"
    assert len(ruled_out_keys(root)) == 1, "the other file is ruled out by the text stage"
    verdicts = ruled_out_file(root).stat()
    warm = check(root, "src")
    assert (warm.returncode, warm.stdout) == (cold.returncode, cold.stdout)
    assert entries(root) == stored
    assert ruled_out_file(root).stat().st_mtime_ns == verdicts.st_mtime_ns, "nothing new: not written again"
    assert (root / ".zerograd_lint_cache" / "CACHEDIR.TAG").is_file()
    assert (root / ".zerograd_lint_cache" / ".gitignore").read_text() == "*\n"


def test_a_hit_is_served_from_the_entry(tmp_path):
    root = project(tmp_path)
    check(root, "src")
    [entry] = entries(root)
    items = json.loads(entry.read_text())
    items[0]["message"] = "served from the cache"
    entry.write_text(json.dumps(items))
    assert json.loads(check(root, "src").stdout)[0]["message"] == "served from the cache"
    assert json.loads(check(root, "src", "--no-cache").stdout)[0]["message"] != "served from the cache"


@pytest.mark.slow
def test_damaged_entries_are_ignored_and_replaced(tmp_path):
    root = project(tmp_path)
    fresh = check(root, "src").stdout
    [entry] = entries(root)
    good = entry.read_text()
    for damage in ("", "{not json", '{"line": 1}', '[{"line": "x"}]', "[1, 2]", good[: len(good) // 2]):
        entry.write_text(damage)
        again = check(root, "src")
        assert (again.returncode, again.stdout) == (1, fresh), damage
        assert entry.read_text() == good, "the damaged entry is written anew"


def test_a_ruled_out_file_is_served_without_the_text_stage(tmp_path):
    """A verdict planted for a file the text stage lets through: the run believes it, `--no-cache` does not."""
    root = project(tmp_path)
    check(root, "src")
    [entry] = entries(root)
    entry.unlink()
    plant_ruled_out(root, [entry.stem, *ruled_out_keys(root)])  # the key of train.py's entry
    served = check(root, "src")
    assert (served.returncode, served.stdout) == (0, "[]\n")
    assert not entries(root), "not sent to the engine either"
    assert check(root, "src", "--no-cache").returncode == 1


def test_a_file_the_engine_finds_silent_is_kept_with_the_ruled_out_ones(tmp_path):
    """A file the text stage lets through and whose analysis, reading no other module, reports nothing gets no entry
    of its own: its key joins the ruled-out ones (written once for the run), and a warm run serves it from there."""
    root = project(tmp_path)
    (root / "src" / "train.py").write_text(FIXED)
    cold = check(root, "src")
    assert (cold.returncode, cold.stdout) == (0, "[]\n")
    assert not entries(root) and len(ruled_out_keys(root)) == 2
    verdicts = ruled_out_file(root).stat()
    warm = check(root, "src")
    assert (warm.returncode, warm.stdout) == (0, "[]\n") and ruled_out_file(root).stat().st_mtime_ns == verdicts.st_mtime_ns
    assert not entries(root)


def test_a_run_the_cache_answers_imports_neither_the_gate_nor_the_engine(tmp_path):
    """Every file known to the cache (an entry, or ruled out): the text stage is never asked, not even imported."""
    root = project(tmp_path)
    program = (
        "import sys\nfrom zerograd_lint.doors.cli import main\n"
        "try:\n    main(['check', '--quiet', 'src'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(name for name in sys.modules if name.startswith('zerograd_lint.core.')))\n"
    )

    def run() -> tuple[str, str]:
        done = subprocess.run([sys.executable, "-c", program], cwd=root, env=cli_env(), capture_output=True, text=True, timeout=300)
        report, imported = done.stdout.splitlines()
        return report, imported

    cold_report, cold_imported = run()
    assert "zerograd_lint.core.gate" in cold_imported and "zerograd_lint.core.engine" in cold_imported
    warm_report, warm_imported = run()
    assert warm_report == cold_report and "ZG202" in warm_report
    assert "zerograd_lint.core.gate" not in warm_imported and "zerograd_lint.core.engine" not in warm_imported


@pytest.mark.slow
def test_a_damaged_ruled_out_file_changes_no_report(tmp_path):
    root = project(tmp_path)
    fresh = check(root, "src").stdout
    [entry] = entries(root)
    [clean] = ruled_out_keys(root)
    planted = f"{entry.stem}\n{clean}\n"
    good_digest = hashlib.sha256(planted.encode()).hexdigest()
    for damage in (
        "0" * 64 + "\n" + planted,  # the hash of something else
        (good_digest + "\n" + planted)[:-40],  # cut short
        planted,  # no hash
        "",
        "\n\n",
        "\udcff\x00" + planted,
    ):
        ruled_out_file(root).write_bytes(damage.encode("utf-8", "surrogateescape"))
        again = check(root, "src")
        assert (again.returncode, again.stdout) == (1, fresh), damage
        assert ruled_out_keys(root) == [clean], "written anew with what the run ruled out"


def test_an_edited_file_is_checked_again(tmp_path):
    root = project(tmp_path)
    util = root / "src" / "util.py"
    check(root, "src")
    assert len(ruled_out_keys(root)) == 1
    util.write_text(BUGGY)
    assert [i["path"] for i in json.loads(check(root, "src").stdout)] == ["src/train.py", "src/util.py"]
    util.write_text(CLEAN)
    assert [i["path"] for i in json.loads(check(root, "src").stdout)] == ["src/train.py"]


def test_the_ruled_out_file_keeps_what_the_run_met_and_the_newest_others(tmp_path):
    root = project(tmp_path)
    check(root, "src")
    [clean] = ruled_out_keys(root)
    others = [f"{index:064x}" for index in range(OLD_KEYS_KEPT + 10)]  # keys of files this run does not meet
    plant_ruled_out(root, others)
    check(root, "src")
    assert ruled_out_keys(root) == [clean, *others[:OLD_KEYS_KEPT]]


def test_a_cache_that_cannot_be_written_changes_no_report(tmp_path):
    root = project(tmp_path)
    fresh = check(root, "src", "--no-cache")
    (root / ".zerograd_lint_cache").write_text("a file where the cache's folder would be\n")
    for _ in range(2):
        result = check(root, "src")
        assert (result.returncode, result.stdout, result.stderr) == (1, fresh.stdout, "")


def test_a_read_only_cache_is_read_and_left_alone(tmp_path):
    """As a user (see tests/as_a_user.py): were permissions not enforced, the new files would be written."""
    root = project(tmp_path)
    check(root, "src")
    (root / "src" / "new_util.py").write_text(CLEAN + "# new\n")  # to rule out: the list would be written again
    (root / "src" / "new_train.py").write_text(BUGGY + "# new\n")  # to analyse: an entry would be written
    folder = ruled_out_file(root).parent
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    expected = check(root, "src", "--no-cache").stdout
    command = [sys.executable, "-m", "zerograd_lint", "check", "--format", "json", "src"]
    folder.chmod(0o555)
    try:
        result = run_bounded(command, cwd=root, env=cli_env(), timeout=300, as_a_user=True)
    finally:
        folder.chmod(0o755)
    assert (result.returncode, result.stdout, result.stderr) == (1, expected, "")
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def test_no_cache_neither_reads_nor_writes(tmp_path):
    root = project(tmp_path)
    result = check(root, "src", "--no-cache")
    assert result.returncode == 1
    assert not (root / ".zerograd_lint_cache").exists()


def test_key_follows_content_and_selection_not_path(tmp_path):
    root = project(tmp_path)
    train = root / "src" / "train.py"
    check(root, "src")
    train.write_text(FIXED)
    assert check(root, "src").returncode == 0, "an edited file is analysed again"
    train.write_text(BUGGY)
    assert [i["code"] for i in json.loads(check(root, "src", "--ignore", "ZG202").stdout)] == []
    # One key per (content, selection): an entry for the reports, the silent ones kept with the ruled-out ones (the
    # fixed file's, the file checked without ZG202, and util.py under either selection)
    assert len(entries(root)) == 1 and len(ruled_out_keys(root)) == 4
    (root / "src" / "copy.py").write_text(BUGGY)
    paths = [i["path"] for i in json.loads(check(root, "src").stdout)]
    assert paths == ["src/copy.py", "src/train.py"]  # same entry, each file's own path
    assert len(entries(root)) == 1 and len(ruled_out_keys(root)) == 4


def test_cache_lives_at_the_project_root(tmp_path):
    root = project(tmp_path)
    result = check(root, ".", cwd=root / "src")
    assert result.returncode == 1
    assert entries(root)
    assert not (root / "src" / ".zerograd_lint_cache").exists()


@pytest.mark.slow
def test_concurrent_runs_share_the_cache_safely(tmp_path):
    root = project(tmp_path)
    for index in range(30):
        (root / "src" / f"train_{index}.py").write_text(BUGGY + f"# variant {index}\n")
        (root / "src" / f"util_{index}.py").write_text(CLEAN + f"# variant {index}\n")
    expected = check(root, "src", "--no-cache").stdout
    command = [sys.executable, "-m", "zerograd_lint", "check", "--format", "json", "src"]
    runs = [subprocess.Popen(command, cwd=root, env=cli_env(), stdout=subprocess.PIPE, text=True) for _ in range(4)]
    outputs = [run.communicate(timeout=300)[0] for run in runs]
    assert outputs == [expected] * 4
    stored = entries(root)
    assert len(stored) == 31
    assert all(entry.suffix == ".json" and isinstance(json.loads(entry.read_text()), list) for entry in stored)
    assert len(ruled_out_keys(root)) == 31
    assert sorted(path.name for path in ruled_out_file(root).parent.iterdir()) == sorted(
        [*(entry.name for entry in stored), "ruled_out"]
    ), "no temporary file left behind"
    assert check(root, "src").stdout == expected


def test_editing_the_tool_changes_every_key(tmp_path):
    """The key holds a hash of the tool's own code: an engine edited in a checkout never reads stale entries."""
    copy = tmp_path / "checkout"
    shutil.copytree(REPO / "zerograd_lint", copy / "zerograd_lint", ignore=shutil.ignore_patterns("__pycache__"))
    probe = [sys.executable, "-c", "from zerograd_lint.files.cache import tool_fingerprint; print(tool_fingerprint())"]

    def fingerprint() -> str:
        env = {**cli_env(), "PYTHONPATH": str(copy)}
        return subprocess.run(probe, cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout

    before = fingerprint()
    assert fingerprint() == before
    rule = copy / "zerograd_lint" / "rules" / "zg101_missing_zero_grad.py"
    with rule.open("a") as edited:
        edited.write("\n# an edit\n")
    edited_once = fingerprint()
    assert edited_once != before
    rule.write_text(rule.read_text().replace("# an edit", "# an EDIT"))  # the same size
    assert fingerprint() != edited_once
