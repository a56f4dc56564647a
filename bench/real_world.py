"""Rebuild the real-code corpus of docs/real-world.md and check it with the real CLI.

Nothing of the public repositories is committed here. `bench/real_world_corpus.json`
names each repository with the commit it was reviewed at, and the history
pairs (a maintainer's fix of a gradient-lifecycle bug: the parent must be
reported, the fixed version silent). The snapshots come from `fetch` (git
directories under /work/.mirror/owner+name/); this script extracts the
reviewed commit into a scratch folder, runs
`python -m zerograd_lint check --select ALL --no-cache --jobs 1 --format json`
on it, counts files, files with a backward and the training loops / step
bodies the analysis finds, and matches every report against the verdicts of
`bench/real_world_triage.json` (reports not judged yet are "untriaged").

    python bench/real_world.py                        # corpus, history pairs, torch's own tree
    python bench/real_world.py --only karpathy/nanoGPT --show reports
    python bench/real_world.py --reuse --markdown     # re-read the last run's reports, print docs tables

Run it from the root of the engine to measure, with PYTHONPATH=$PWD (the CLI
runs as `python -m zerograd_lint`, which imports from the current folder
first): `cd /work/wt/other && PYTHONPATH=$PWD python /work/wt/corpus/bench/real_world.py
--scratch /tmp/rw_other` measures another checkout without touching this run's
saved reports. Repositories are checked one at a time with one job: the
machine is shared.

Recall beside precision, every run (issue 25):
- the labelled sets (`tests/data/synthetic/`, `tests/data/real_world_cases/`,
  `tests/data/pending/`, `tests/data/project/` of this script's checkout, so every engine is scored on
  the same labels; a subfolder of one is a multi-module tree, checked as one
  `check FOLDER`, its files labelled by their path in the set): each file's
  `# expect:` header is the label; recall =
  expected reports found / expected, precision = reports expected / reports,
  a report matching by code, line and column as the tests do;
- the history pairs: recall = parents reported / pairs, and the fixed
  versions left silent;
- the corpus: precision = true / (true + false) over the triaged reports;
  recall = true / (true + the known misses still missed), a known miss being a
  verdict "missed" in the triage file (a bug RULES.md wants reported that the
  engine did not report when it was judged; it counts as found once a report
  matches it).

Every run saves its figures in SCRATCH/_reports/ (one file per tree, plus
`_summary.json` with the labelled sets and the pairs). `--compare OTHER`
lists, against another run's SCRATCH, the reports gained and lost per
repository with their verdicts, the labelled reports gained and lost, the pairs
that changed, and both runs' figures:

    cd /work/main && PYTHONPATH=$PWD python /work/wt/corpus/bench/real_world.py --scratch /tmp/rw_main
    cd /work/wt/other && PYTHONPATH=$PWD python /work/wt/corpus/bench/real_world.py \
        --scratch /tmp/rw_other --trees /tmp/rw_main --skip loops --compare /tmp/rw_main

(`--trees` reuses the trees main's run extracted; `--skip loops` leaves out the
loop count, most of a tree's time besides the CLI.)
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from importlib.metadata import version
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

HERE = Path(__file__).resolve().parent
CORPUS_FILE = HERE / "real_world_corpus.json"
TRIAGE_FILE = HERE / "real_world_triage.json"
TORCH = "torch (installed)"
# A call that writes .grad (RULES.md's backward), as text: what "files with a backward" counts.
BACKWARD_CALL = re.compile(r"\b(?:backward|manual_backward)\s*\(")


@dataclass(frozen=True)
class Report:
    repo: str
    path: str  # relative to the repository root
    line: int
    column: int
    code: str
    text: str  # the reported line, stripped: recognises a report whose line moved
    message: str
    cell: int | None = None

    @property
    def where(self) -> str:
        cell = f"cell {self.cell}:" if self.cell else ""
        return f"{self.path}:{cell}{self.line}:{self.column}"


@dataclass
class RepoResult:
    repo: str
    commit: str
    files: int = 0
    notebooks: int = 0
    with_backward: int = 0
    loops: int = 0
    absent: int = 0  # source files whose blobs the snapshot lacks (its largest files may be left out)
    left_out: list[str] = field(default_factory=list)  # "path: what" the engine gave up on (a loop did not settle)
    seconds: float = 0.0
    reports: list[Report] = field(default_factory=list)


# ---------------------------------------------------------------- snapshots


def git_dir(mirror: Path, repo: str) -> Path:
    base = mirror / repo.replace("/", "+") / "repo"
    return base / ".git" if (base / ".git").is_dir() else base


# What `extract` writes, in its stamp: a tree extracted before the root markers were is extracted again.
EXTRACTED = "sources and root markers, .git"


def extract(mirror: Path, target: Path, repo: str, commit: str) -> Path:
    """The source files of `repo` at `commit` in the folder `target` (extracted once per commit).

    Only what the linter reads is written: the sources, and what marks a project's root
    (`project_index.ROOT_MARKERS`) in a clone: its `setup.cfg` and `pyproject.toml` files, and a `.git` folder
    (empty) at the top, so that imports are found from the roots a user's checkout has; a snapshot may lack its
    largest blobs, and those are counted in `.missing_blobs` rather than failing the run.
    """
    from zerograd_lint.files.discovery import SOURCE_SUFFIXES
    from zerograd_lint.files.project_index import ROOT_MARKERS

    stamp = target / ".reviewed_commit"
    stamped = f"{commit}\n{EXTRACTED}\n"
    if stamp.is_file() and stamp.read_text() == stamped:
        return target
    source = git_dir(mirror, repo)
    if not source.is_dir():
        raise FileNotFoundError(f"{repo}: no snapshot at {source} (fetch github:{repo} first)")
    shutil.rmtree(target, ignore_errors=True)
    (target / ".git").mkdir(parents=True)
    listing = subprocess.run(["git", "--git-dir", str(source), "ls-tree", "-r", "-z", commit],
                             capture_output=True, check=True).stdout
    blobs = []
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, _, name = entry.partition(b"\t")
        mode, kind, sha = meta.split()
        path = name.decode("utf-8", "surrogateescape")
        if kind == b"blob" and mode in (b"100644", b"100755") and (
                path.endswith(SOURCE_SUFFIXES) or path.rpartition("/")[2] in ROOT_MARKERS):
            blobs.append((sha, path))
    missing = 0
    with subprocess.Popen(["git", "--git-dir", str(source), "cat-file", "--batch"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE) as batch:
        for sha, path in blobs:
            batch.stdin.write(sha + b"\n")
            batch.stdin.flush()
            header = batch.stdout.readline().split()
            if header[-1] == b"missing":
                missing += 1
                continue
            data = batch.stdout.read(int(header[2]) + 1)[:-1]
            out = target / path
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(data)
        batch.stdin.close()
    (target / ".missing_blobs").write_text(f"{missing}\n")
    stamp.write_text(stamped)
    return target


def file_at(mirror: Path, repo: str, commit: str, path: str) -> str | None:
    done = subprocess.run(
        ["git", "--git-dir", str(git_dir(mirror, repo)), "show", f"{commit}:{path}"],
        capture_output=True, text=True, errors="replace",
    )
    return done.stdout if done.returncode == 0 else None


def parent_of(mirror: Path, repo: str, commit: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(git_dir(mirror, repo)), "rev-parse", f"{commit}^"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()


# ---------------------------------------------------------------- the engine


def opt_in_codes() -> list[str]:
    from zerograd_lint.rules import all_rules

    return sorted(rule.code for rule in all_rules() if not rule.enabled_by_default)


# What the CLI says on stderr when it leaves a function out (its loop did not settle): silent, not clean.
LEFT_OUT = re.compile(r"^zerograd-lint: (?P<path>.+?): (?P<what>.+) not analysed: ", re.MULTILINE)


def run_cli(paths: list[Path]) -> tuple[list[dict], list[tuple[str, str]]]:
    """The real CLI over `paths`, every rule on: its JSON items, and the (path, function) it left out."""
    command = [sys.executable, "-m", "zerograd_lint", "check", "--select", "ALL", "--no-cache",
               "--jobs", "1", "--format", "json", "--exit-zero", "--quiet"]
    extra = opt_in_codes()
    if extra:
        command += ["--extend-select", ",".join(extra)]
    done = subprocess.run(command + [str(p) for p in paths], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"zerograd-lint exited {done.returncode}: {done.stderr.strip()[-2000:]}")
    left_out = [(m["path"], m["what"]) for m in LEFT_OUT.finditer(done.stderr)]
    return json.loads(done.stdout or "[]"), left_out


def program_of(path: Path) -> tuple[str, list[tuple[int, int]] | None]:
    """The Python text the engine sees, and for a notebook each line's (cell, line)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix != ".ipynb":
        return text, None
    from zerograd_lint.files.notebook import NotebookError, read_notebook

    try:
        program = read_notebook(text)
    except NotebookError:
        return "", []
    return program.source, list(program.origins)


def count_loops(source: str, path: str) -> int:
    """Training loops and step bodies the analysis finds (what `explain` lists, counted the same way)."""
    from zerograd_lint.analysis.facts import FileFacts
    from zerograd_lint.core.engine import file_facts

    try:
        facts = file_facts(source, path)
    except Exception:  # the CLI run reports internal errors; a count never stops the bench
        return 0
    if not isinstance(facts, FileFacts):
        return 0
    loops = {id(loop.node) for root in facts.roots for loop in root.training_loops}
    step_bodies = {id(root.root) for root in facts.roots if root.is_step_body and not root.training_loops}
    return len(loops) + len(step_bodies)


def line_text(program: tuple[str, list[tuple[int, int]] | None], line: int, cell: int | None) -> str:
    source, origins = program
    lines = source.splitlines()
    if origins is not None and cell is not None:
        index = next((i for i, origin in enumerate(origins) if origin == (cell, line)), None)
    else:
        index = line - 1
    return lines[index].strip() if index is not None and 0 <= index < len(lines) else ""


def source_files(root: Path) -> list[Path]:
    from zerograd_lint.files.discovery import discover

    return list(discover([str(root)]))


def check_tree(repo: str, commit: str, root: Path, loops: bool = True) -> RepoResult:
    """One tree through the CLI; with `loops`, also the loops the analysis finds in its files (the slow part)."""
    absent = root / ".missing_blobs"
    result = RepoResult(repo, commit, absent=int(absent.read_text()) if absent.is_file() else 0)
    started = time.perf_counter()
    items, left_out = run_cli([root])
    result.left_out = [f"{Path(path).relative_to(root).as_posix()}: {what}" for path, what in left_out]
    result.seconds = time.perf_counter() - started
    programs: dict[Path, tuple[str, list[tuple[int, int]] | None]] = {}
    for path in source_files(root):
        result.files += 1
        result.notebooks += path.suffix == ".ipynb"
        program = programs[path] = program_of(path)
        if BACKWARD_CALL.search(program[0]):
            result.with_backward += 1
            result.loops += count_loops(program[0], str(path)) if loops else 0
    for item in items:
        path = Path(item["path"])
        program = programs.get(path) or program_of(path)
        result.reports.append(Report(
            repo, path.relative_to(root).as_posix(), item["line"], item["column"], item["code"],
            line_text(program, item["line"], item.get("cell")), item["message"], item.get("cell"),
        ))
    return result


# ---------------------------------------------------------------- triage


@dataclass(frozen=True)
class Verdict:
    repo: str
    path: str
    line: int
    code: str
    text: str
    verdict: str  # "true", "false", or "missed": a bug RULES.md wants reported that no report matched when judged
    reason: str


def judged(verdict: Verdict | None) -> str:
    """"true", "false" or "untriaged"; a known miss that a report now matches is a true report."""
    if verdict is None:
        return "untriaged"
    return "true" if verdict.verdict == "missed" else verdict.verdict


def load_triage(path: Path) -> list[Verdict]:
    if not path.is_file():
        return []
    return [Verdict(**entry) for entry in json.loads(path.read_text())["reports"]]


def match(reports: Iterable[Report], verdicts: list[Verdict]) -> dict[Report, Verdict | None]:
    """Each report's verdict: same place and line text, else the same line text nearest in the file.

    A verdict is keyed by line, not column: it judges every report of its code
    on that line (two `.grad` reads in one expression are one judgement).
    """
    by_file: dict[tuple[str, str, str], list[Verdict]] = defaultdict(list)
    for verdict in verdicts:
        by_file[(verdict.repo, verdict.path, verdict.code)].append(verdict)
    found: dict[Report, Verdict | None] = {}
    for report in reports:
        same_text = [v for v in by_file[(report.repo, report.path, report.code)] if v.text == report.text]
        # the exact line first; else the line moved (an edit above it): the nearest one with the same text
        found[report] = min(same_text, key=lambda v: abs(v.line - report.line), default=None)
    return found


# ---------------------------------------------------------------- history pairs


@dataclass(frozen=True)
class HistoryPair:
    repo: str
    fix: str  # the maintainer's fixing commit; its parent has the bug
    path: str
    code: str
    line: int  # where RULES.md places the report in the parent's file
    note: str
    fixed_path: str | None = None  # when the fix also renamed the file
    fixed_still: tuple[int, ...] = ()  # lines of the fixed file where RULES.md still wants `code` (a partial fix)
    added: str = ""  # the round that added the pair
    tree: bool = False  # the bug needs other modules of the project (an imported step, scheduler or loss): check whole trees


def check_history(mirror: Path, scratch: Path, pairs: list[HistoryPair]) -> list[tuple[HistoryPair, bool, bool, list[str]]]:
    """Per pair: the parent reported at the expected line?, the fixed version silent on that code?, other reports."""
    folder = scratch / "_history"
    shutil.rmtree(folder, ignore_errors=True)
    files = folder / "files"  # the single-file pairs, checked in one run
    trees: list[Path] = []  # the whole-tree pairs' trees, each checked as its own project
    sides: list[tuple[Path, Path]] = []  # per pair: the parent's file, the fixed file
    for number, pair in enumerate(pairs):
        written = []
        for side, commit, path in (("parent", parent_of(mirror, pair.repo, pair.fix), pair.path),
                                   ("fixed", pair.fix, pair.fixed_path or pair.path)):
            if pair.tree:
                tree = extract(mirror, folder / "trees" / f"{number:03d}_{side}", pair.repo, commit)
                trees.append(tree)
                written.append(tree / path)
                continue
            text = file_at(mirror, pair.repo, commit, path)
            if text is None:
                raise FileNotFoundError(f"{pair.repo}@{commit[:12]}: no {path}")
            target = files / f"{number:03d}_{side}" / Path(path).name
            target.parent.mkdir(parents=True)
            target.write_text(text)
            written.append(target)
        sides.append((written[0], written[1]))
    seen: dict[Path, list[tuple[str, int]]] = defaultdict(list)
    for root in ([files] if files.is_dir() else []) + trees:
        for item in run_cli([root])[0]:
            seen[Path(item["path"])].append((item["code"], item["line"]))
    results = []
    for pair, (parent, fixed) in zip(pairs, sides):
        found = (pair.code, pair.line) in seen[parent]
        silent = {line for code, line in seen[fixed] if code == pair.code} <= set(pair.fixed_still)
        others = [f"parent {code}:{line}" for code, line in sorted(seen[parent]) if (code, line) != (pair.code, pair.line)]
        others += [f"fixed {code}:{line}" for code, line in sorted(seen[fixed])]
        results.append((pair, found, silent, others))
    return results


# ---------------------------------------------------------------- labelled sets

# Folders of small programs whose `# expect:` headers label them, from this script's checkout.
LABELLED = [HERE.parent / "tests" / "data" / name for name in ("synthetic", "real_world_cases", "pending", "project")]

Label = tuple[str, str, int, int]  # (the file's path in its set, code, line, column)


@dataclass
class LabelledResult:
    name: str  # the folder, relative to the checkout
    files: int
    expected: int
    reported: int
    missed: list[Label]  # expected, not reported
    extra: list[Label]  # reported, not expected

    @property
    def found(self) -> int:
        return self.expected - len(self.missed)


def check_labelled(folder: Path) -> LabelledResult:
    """The real CLI over a folder's cases, each file's reports against its `# expect:` header.

    The folder's top-level files are cases checked together; each subfolder is one tree (a multi-module
    program) checked as one, as tests/test_project.py checks tests/data/project, its files labelled by their path
    in the folder (a report on another module's line is that module's)."""
    sys.path.insert(0, str(HERE.parent / "tests"))  # tests/expect.py: the one reader of the headers
    from expect import expected_reports

    root = folder.resolve()
    flat = sorted(root.glob("*.py"))
    trees = sorted(path for path in root.iterdir() if path.is_dir() and any(path.rglob("*.py")))
    cases = flat + [path for tree in trees for path in sorted(tree.rglob("*.py"))]
    got: dict[str, Counter] = defaultdict(Counter)
    for run in ([flat] if flat else []) + [[tree] for tree in trees]:
        for item in run_cli(run)[0]:
            got[Path(item["path"]).resolve().relative_to(root).as_posix()][(item["code"], item["line"], item["column"])] += 1
    missed: list[Label] = []
    extra: list[Label] = []
    expected = 0
    for case in cases:
        name = case.relative_to(root).as_posix()
        want = Counter(expected_reports(case))
        expected += sum(want.values())
        missed += [(name, *report) for report in sorted((want - got[name]).elements())]
        extra += [(name, *report) for report in sorted((got[name] - want).elements())]
    reported = sum(sum(counts.values()) for counts in got.values())
    name = root.relative_to(HERE.parent).as_posix() if root.is_relative_to(HERE.parent) else str(folder)
    return LabelledResult(name, len(cases), expected, reported, missed, extra)


def ratio(part: int, whole: int) -> str:
    return f"{part / whole:.3f}" if whole else "-"


# ---------------------------------------------------------------- output


def torch_root() -> Path:
    """The installed torch package, found without importing it here."""
    done = subprocess.run([sys.executable, "-c", "import torch, os; print(os.path.dirname(torch.__file__))"],
                          capture_output=True, text=True, check=True)
    return Path(done.stdout.strip())


def save(result: RepoResult, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    data = {k: v for k, v in vars(result).items() if k != "reports"}
    data["reports"] = [vars(r) for r in result.reports]
    (folder / (result.repo.replace("/", "+").replace(" ", "_") + ".json")).write_text(json.dumps(data, indent=1))


def load(repo: str, folder: Path) -> RepoResult | None:
    path = folder / (repo.replace("/", "+").replace(" ", "_") + ".json")
    if not path.is_file():
        return None
    data = json.loads(path.read_text())
    reports = [Report(**r) for r in data.pop("reports")]
    known = {k: v for k, v in data.items() if k in RepoResult.__dataclass_fields__}  # saved by an older bench
    return RepoResult(**known, reports=reports)


def short(commit: str) -> str:
    return commit[:12] if len(commit) >= 12 else commit


def print_table(results: list[RepoResult], verdicts: dict[Report, Verdict | None], markdown: bool) -> None:
    header = ["repository", "kind", "added", "commit", "files", "with a backward", "loops", "left out", "reports", "true",
              "false", "untriaged"]
    rows = []
    totals = Counter()
    for result in results:
        verdict_counts = Counter(judged(verdicts[r]) for r in result.reports)
        files = f"{result.files - result.notebooks}" + (f" (+{result.notebooks} ipynb)" if result.notebooks else "")
        rows.append([result.repo, KINDS.get(result.repo, ""), ADDED.get(result.repo, ""), short(result.commit), files,
                     str(result.with_backward),
                     str(result.loops), str(len(result.left_out)), str(len(result.reports)), str(verdict_counts["true"]),
                     str(verdict_counts["false"]), str(verdict_counts["untriaged"])])
        totals.update(files=result.files - result.notebooks, notebooks=result.notebooks, backward=result.with_backward,
                      loops=result.loops, left_out=len(result.left_out), reports=len(result.reports),
                      true=verdict_counts["true"], false=verdict_counts["false"],
                      untriaged=verdict_counts["untriaged"])
    rows.append([f"total ({len(results)})", "", "", "", f"{totals['files']} (+{totals['notebooks']} ipynb)",
                 str(totals["backward"]), str(totals["loops"]), str(totals["left_out"]), str(totals["reports"]),
                 str(totals["true"]),
                 str(totals["false"]), str(totals["untriaged"])])
    table(header, rows, markdown)


def print_codes(results: list[RepoResult], verdicts: dict[Report, Verdict | None], markdown: bool) -> None:
    counts: dict[str, Counter] = defaultdict(Counter)
    for result in results:
        for report in result.reports:
            counts[report.code]["reports"] += 1
            counts[report.code][judged(verdicts[report])] += 1
    rows = [[code, str(c["reports"]), str(c["true"]), str(c["false"]), str(c["untriaged"])] for code, c in sorted(counts.items())]
    table(["code", "reports", "true", "false", "untriaged"], rows, markdown)


def table(header: list[str], rows: list[list[str]], markdown: bool) -> None:
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" for _ in header) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    print()


def corpus_figures(results: list[RepoResult], verdicts: dict[Report, Verdict | None],
                   triage: list[Verdict]) -> tuple[Counter, list[Verdict], list[Verdict]]:
    """The corpus's judged reports by verdict, the known misses of these trees that no report matches,
    and the reports once judged true that no report matches now (an earlier engine's: a lost report, or a
    verdict on a line that changed)."""
    counts = Counter(judged(verdicts[r]) for result in results for r in result.reports)
    matched = {id(v) for v in verdicts.values() if v is not None}
    checked = {result.repo for result in results}
    unmatched = [v for v in triage if v.repo in checked and id(v) not in matched]
    return counts, [v for v in unmatched if v.verdict == "missed"], [v for v in unmatched if v.verdict == "true"]


def print_recall(counts: Counter, still_missed: list[Verdict], labelled: list[LabelledResult],
                 pairs: list[dict] | None, markdown: bool) -> None:
    """Recall beside precision on every labelled source this run measured."""
    rows = []
    for result in labelled:
        rows.append([result.name, str(result.files), str(result.expected), str(result.reported), str(result.found),
                     ratio(result.found, result.expected), ratio(result.expected - len(result.missed), result.reported)])
    if pairs:
        found = sum(pair["found"] for pair in pairs)
        silent = sum(pair["silent"] for pair in pairs)
        # A pair's precision side: the fixed version must be silent on the pair's code.
        rows.append(["history pairs (parent / fixed)", str(len(pairs)), str(len(pairs)), f"{found + len(pairs) - silent}",
                     str(found), ratio(found, len(pairs)), ratio(found, found + len(pairs) - silent)])
    if counts:
        true, false = counts["true"], counts["false"]
        rows.append([f"corpus (triaged; {counts['untriaged']} untriaged)", "", str(true + len(still_missed)),
                     str(true + false), str(true), ratio(true, true + len(still_missed)), ratio(true, true + false)])
    table(["labelled by", "files", "bugs", "reports", "found", "recall", "precision"], rows, markdown)


# ---------------------------------------------------------------- saved runs and comparison


def history_record(outcome: list[tuple[HistoryPair, bool, bool, list[str]]]) -> list[dict]:
    return [{"repo": p.repo, "fix": p.fix, "path": p.path, "code": p.code, "found": found, "silent": silent}
            for p, found, silent, _ in outcome]


def engine_commit() -> str:
    """The commit of the checkout being measured (the current folder), as `git describe` says it."""
    done = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def save_summary(folder: Path, labelled: list[LabelledResult] | None, pairs: list[dict] | None) -> None:
    """The labelled sets' and the pairs' outcomes of this run, beside the trees' reports (kept when not re-run)."""
    path = folder / "_summary.json"
    summary = load_summary(folder)
    summary["engine"] = engine_commit()
    if labelled is not None:
        summary["labelled"] = [vars(result) for result in labelled]
    if pairs is not None:
        summary["history"] = pairs
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=1))


def load_summary(folder: Path) -> dict:
    path = folder / "_summary.json"
    return json.loads(path.read_text()) if path.is_file() else {}


def labelled_of(summary: dict) -> list[LabelledResult]:
    return [LabelledResult(**{**entry, "missed": [tuple(m) for m in entry["missed"]],
                              "extra": [tuple(e) for e in entry["extra"]]})
            for entry in summary.get("labelled", [])]


def unmatched(reports: list[Report], others: list[Report]) -> list[Report]:
    """The reports with no counterpart among `others` (same file, code and line text: a moved line still matches)."""
    left = Counter((r.path, r.code, r.text) for r in others)
    alone = []
    for report in reports:
        key = (report.path, report.code, report.text)
        if left[key]:
            left[key] -= 1
        else:
            alone.append(report)
    return alone


def compare(results: list[RepoResult], labelled: list[LabelledResult], pairs: list[dict] | None,
            other: Path, triage: list[Verdict]) -> None:
    """What this run reports that the run saved in `other` did not, and the reverse, with the verdicts."""
    saved = other / "_reports"
    summary = load_summary(saved)
    print(f"\nCompared with {other} (engine {summary.get('engine', 'unknown')}; this run: engine {engine_commit()})")
    gained_total = lost_total = 0
    for result in results:
        before = load(result.repo, saved)
        if before is None:
            print(f"  {result.repo}: not in {other}")
            continue
        gained, lost = unmatched(result.reports, before.reports), unmatched(before.reports, result.reports)
        gained_total += len(gained)
        lost_total += len(lost)
        verdicts = match(gained + lost, triage)
        for sign, reports in (("+", gained), ("-", lost)):
            for report in reports:
                verdict = verdicts[report]
                label = f"{verdict.verdict}: {verdict.reason}" if verdict else "untriaged"
                print(f"  {sign} {report.repo} {report.where} {report.code} [{label}]\n      {report.text}")
        if len(before.left_out) != len(result.left_out):
            print(f"  {result.repo}: left out {len(before.left_out)} -> {len(result.left_out)}")
    print(f"corpus: {gained_total} reports gained, {lost_total} lost over {len(results)} trees")
    before_sets = {result.name: result for result in labelled_of(summary)}
    for result in labelled:
        before = before_sets.get(result.name)
        if before is None:
            continue
        print(f"{result.name}: recall {ratio(before.found, before.expected)} -> {ratio(result.found, result.expected)}, "
              f"precision {ratio(before.expected - len(before.missed), before.reported)} -> "
              f"{ratio(result.expected - len(result.missed), result.reported)}")
        for what, now, then in (("found", before.missed, result.missed), ("newly missed", result.missed, before.missed),
                                ("new extra report", result.extra, before.extra),
                                ("extra report gone", before.extra, result.extra)):
            for name, code, line, column in sorted(set(now) - set(then)):
                print(f"  {what}: {name} {code} {line}:{column}")
    if pairs is not None:
        before_pairs = {(p["repo"], p["fix"], p["path"]): p for p in summary.get("history", [])}
        for pair in pairs:
            then = before_pairs.get((pair["repo"], pair["fix"], pair["path"]))
            if then and (then["found"], then["silent"]) != (pair["found"], pair["silent"]):
                print(f"  pair {pair['repo']} {short(pair['fix'])} {pair['path']} {pair['code']}: "
                      f"parent {'found' if then['found'] else 'missed'} -> {'found' if pair['found'] else 'missed'}, "
                      f"fixed {'silent' if then['silent'] else 'reported'} -> {'silent' if pair['silent'] else 'reported'}")


KINDS: dict[str, str] = {}
ADDED: dict[str, str] = {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=Path("/work/.mirror"), help="where fetch put the snapshots")
    parser.add_argument("--scratch", type=Path, default=Path("/tmp/rw"), help="where this run's reports are saved")
    parser.add_argument("--trees", type=Path,
                        help="where the trees are extracted (default: the scratch folder; another run's scratch reuses its trees)")
    parser.add_argument("--only", nargs="*", default=None, help="these repositories only (owner/name)")
    parser.add_argument("--skip", choices=["corpus", "history", "torch", "labelled", "loops"], action="append", default=[],
                        help="parts not to run (`loops`: do not count the loops, most of a tree's time besides the CLI)")
    parser.add_argument("--labelled", nargs="*", type=Path, default=LABELLED,
                        help="folders of `# expect:`-labelled cases (default: this checkout's synthetic, "
                             "real_world_cases, pending and project)")
    parser.add_argument("--reuse", action="store_true", help="read the reports of the last run instead of checking again")
    parser.add_argument("--compare", type=Path, metavar="SCRATCH",
                        help="another run's --scratch: list the reports gained and lost against it")
    parser.add_argument("--show", choices=["untriaged", "false", "reports", "lost", "none"], default="untriaged",
                        help="which reports to list after the tables")
    parser.add_argument("--markdown", action="store_true", help="tables in Markdown (for docs/real-world.md)")
    args = parser.parse_args(argv)

    corpus = json.loads(CORPUS_FILE.read_text())
    KINDS.update({entry["repo"]: entry["kind"] for entry in corpus["repositories"]})
    ADDED.update({entry["repo"]: entry["added"] for entry in corpus["repositories"]})
    saved = args.scratch / "_reports"
    targets = [] if "corpus" in args.skip else [(e["repo"], e["commit"]) for e in corpus["repositories"]]
    if "torch" not in args.skip:
        targets.append((TORCH, version("torch")))  # the installed tree: its version stands for a commit
        KINDS[TORCH], ADDED[TORCH] = "PyTorch's own source tree", "issue 10"
    results: list[RepoResult] = []
    for repo, commit in targets:
        if args.only and repo not in args.only:
            continue
        result = load(repo, saved) if args.reuse else None
        if result is None or result.commit != commit:
            root = torch_root() if repo == TORCH else extract(args.mirror, (args.trees or args.scratch) / repo.replace("/", "+"), repo, commit)
            print(f"checking {repo} ...", file=sys.stderr, flush=True)
            result = check_tree(repo, commit, root, loops="loops" not in args.skip)
            save(result, saved)
        results.append(result)

    triage = load_triage(TRIAGE_FILE)
    verdicts = match([r for result in results for r in result.reports], triage)
    if results:
        print_table(results, verdicts, args.markdown)
        print_codes(results, verdicts, args.markdown)
        listed = [(r, verdicts[r]) for result in results for r in result.reports
                  if args.show == "reports" or (args.show == "untriaged" and verdicts[r] is None)
                  or (args.show == "false" and verdicts[r] and verdicts[r].verdict == "false")]
        for report, verdict in listed:
            label = f"{verdict.verdict}: {verdict.reason}" if verdict else "untriaged"
            print(f"{report.repo} {report.where} {report.code} [{label}]\n    {report.text}\n    {report.message}")
        for result in results:
            for what in result.left_out:
                print(f"{result.repo} {what} not analysed (a loop did not settle)")
        for result in results:
            if result.absent:
                print(f"{result.repo}: {result.absent} source files absent from the snapshot", file=sys.stderr)
        seconds = sum(r.seconds for r in results)
        print(f"\nCLI time over {len(results)} trees: {seconds:.0f} s", file=sys.stderr)

    pairs = [HistoryPair(**{**p, "fixed_still": tuple(p.get("fixed_still", ()))})
             for p in corpus["history"] if not args.only or p["repo"] in args.only]
    history = None
    if "history" not in args.skip and pairs:
        outcome = check_history(args.mirror, args.scratch, pairs)
        history = history_record(outcome)
        rows = [[p.repo, short(p.fix), p.path, p.code, str(p.line), "found" if found else "MISSED",
                 "silent" if silent else "REPORTED", p.note] for p, found, silent, _ in outcome]
        print()
        table(["repository", "fix", "file", "code", "line", "parent", "fixed", "what was fixed"], rows, args.markdown)
        found = sum(1 for _, f, _, _ in outcome if f)
        silent = sum(1 for _, _, s, _ in outcome if s)
        print(f"history pairs: {len(outcome)}; parent reported {found}, fixed version silent {silent}")
        for pair, _, _, others in outcome:
            if others:
                print(f"  {pair.repo} {short(pair.fix)} {pair.path}: other reports: {', '.join(others)}")

    labelled = [] if "labelled" in args.skip else [check_labelled(folder) for folder in args.labelled if folder.is_dir()]
    for result in labelled:
        for what, entries in (("missed", result.missed), ("extra report", result.extra)):
            for name, code, line, column in entries:
                print(f"{result.name}: {what}: {name} {code} {line}:{column}")
    save_summary(saved, labelled if labelled else None, history)

    counts, still_missed, unreported = corpus_figures(results, verdicts, triage)
    print()
    print_recall(counts, still_missed, labelled, history, args.markdown)
    for verdict in still_missed:
        print(f"known miss: {verdict.repo} {verdict.path}:{verdict.line} {verdict.code} ({verdict.reason})")
    if unreported:
        print(f"{len(unreported)} reports judged true by an earlier run are not reported now (`--show lost` lists them)")
    for verdict in unreported if args.show == "lost" else []:
        print(f"lost: {verdict.repo} {verdict.path}:{verdict.line} {verdict.code}\n    {verdict.text}")
    if args.compare:
        compare(results, labelled, history, args.compare, triage)
    return 0


if __name__ == "__main__":
    sys.exit(main())
