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
    seconds: float = 0.0
    reports: list[Report] = field(default_factory=list)


# ---------------------------------------------------------------- snapshots


def git_dir(mirror: Path, repo: str) -> Path:
    base = mirror / repo.replace("/", "+") / "repo"
    return base / ".git" if (base / ".git").is_dir() else base


def extract(mirror: Path, scratch: Path, repo: str, commit: str) -> Path:
    """The source files of `repo` at `commit` under scratch/owner+name (extracted once per commit).

    Only what the linter reads is written; a snapshot may lack its largest blobs,
    and those are counted in `.missing_blobs` rather than failing the run.
    """
    from zerograd_lint.files.discovery import SOURCE_SUFFIXES

    target = scratch / repo.replace("/", "+")
    stamp = target / ".reviewed_commit"
    if stamp.is_file() and stamp.read_text().strip() == commit:
        return target
    source = git_dir(mirror, repo)
    if not source.is_dir():
        raise FileNotFoundError(f"{repo}: no snapshot at {source} (fetch github:{repo} first)")
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    listing = subprocess.run(["git", "--git-dir", str(source), "ls-tree", "-r", "-z", commit],
                             capture_output=True, check=True).stdout
    blobs = []
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, _, name = entry.partition(b"\t")
        mode, kind, sha = meta.split()
        path = name.decode("utf-8", "surrogateescape")
        if kind == b"blob" and mode in (b"100644", b"100755") and path.endswith(SOURCE_SUFFIXES):
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
    stamp.write_text(commit + "\n")
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


def run_cli(paths: list[Path]) -> list[dict]:
    """The real CLI over `paths`, every rule on, as its JSON items."""
    command = [sys.executable, "-m", "zerograd_lint", "check", "--select", "ALL", "--no-cache",
               "--jobs", "1", "--format", "json", "--exit-zero", "--quiet"]
    extra = opt_in_codes()
    if extra:
        command += ["--extend-select", ",".join(extra)]
    done = subprocess.run(command + [str(p) for p in paths], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"zerograd-lint exited {done.returncode}: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout or "[]")


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


def check_tree(repo: str, commit: str, root: Path) -> RepoResult:
    absent = root / ".missing_blobs"
    result = RepoResult(repo, commit, absent=int(absent.read_text()) if absent.is_file() else 0)
    started = time.perf_counter()
    items = run_cli([root])
    result.seconds = time.perf_counter() - started
    programs: dict[Path, tuple[str, list[tuple[int, int]] | None]] = {}
    for path in source_files(root):
        result.files += 1
        result.notebooks += path.suffix == ".ipynb"
        program = programs[path] = program_of(path)
        if BACKWARD_CALL.search(program[0]):
            result.with_backward += 1
            result.loops += count_loops(program[0], str(path))
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
    verdict: str  # "true" or "false"
    reason: str


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


def check_history(mirror: Path, scratch: Path, pairs: list[HistoryPair]) -> list[tuple[HistoryPair, bool, bool, list[str]]]:
    """Per pair: the parent reported at the expected line?, the fixed version silent on that code?, other reports."""
    folder = scratch / "_history"
    shutil.rmtree(folder, ignore_errors=True)
    sides: list[tuple[Path, Path]] = []  # per pair: the parent's file, the fixed file
    for number, pair in enumerate(pairs):
        written = []
        for side, commit, path in (("parent", parent_of(mirror, pair.repo, pair.fix), pair.path),
                                   ("fixed", pair.fix, pair.fixed_path or pair.path)):
            text = file_at(mirror, pair.repo, commit, path)
            if text is None:
                raise FileNotFoundError(f"{pair.repo}@{commit[:12]}: no {path}")
            target = folder / f"{number:03d}_{side}" / Path(path).name
            target.parent.mkdir(parents=True)
            target.write_text(text)
            written.append(target)
        sides.append((written[0], written[1]))
    seen: dict[Path, list[tuple[str, int]]] = defaultdict(list)
    for item in run_cli([folder]) if pairs else []:
        seen[Path(item["path"])].append((item["code"], item["line"]))
    results = []
    for pair, (parent, fixed) in zip(pairs, sides):
        found = (pair.code, pair.line) in seen[parent]
        silent = {line for code, line in seen[fixed] if code == pair.code} <= set(pair.fixed_still)
        others = [f"parent {code}:{line}" for code, line in sorted(seen[parent]) if (code, line) != (pair.code, pair.line)]
        others += [f"fixed {code}:{line}" for code, line in sorted(seen[fixed])]
        results.append((pair, found, silent, others))
    return results


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
    header = ["repository", "kind", "added", "commit", "files", "with a backward", "loops", "reports", "true", "false",
              "untriaged"]
    rows = []
    totals = Counter()
    for result in results:
        judged = Counter(verdicts[r].verdict if verdicts[r] else "untriaged" for r in result.reports)
        files = f"{result.files - result.notebooks}" + (f" (+{result.notebooks} ipynb)" if result.notebooks else "")
        rows.append([result.repo, KINDS.get(result.repo, ""), ADDED.get(result.repo, ""), short(result.commit), files,
                     str(result.with_backward),
                     str(result.loops), str(len(result.reports)), str(judged["true"]), str(judged["false"]),
                     str(judged["untriaged"])])
        totals.update(files=result.files - result.notebooks, notebooks=result.notebooks, backward=result.with_backward,
                      loops=result.loops, reports=len(result.reports), true=judged["true"], false=judged["false"],
                      untriaged=judged["untriaged"])
    rows.append([f"total ({len(results)})", "", "", "", f"{totals['files']} (+{totals['notebooks']} ipynb)",
                 str(totals["backward"]), str(totals["loops"]), str(totals["reports"]), str(totals["true"]),
                 str(totals["false"]), str(totals["untriaged"])])
    table(header, rows, markdown)


def print_codes(results: list[RepoResult], verdicts: dict[Report, Verdict | None], markdown: bool) -> None:
    counts: dict[str, Counter] = defaultdict(Counter)
    for result in results:
        for report in result.reports:
            counts[report.code]["reports"] += 1
            counts[report.code][verdicts[report].verdict if verdicts[report] else "untriaged"] += 1
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


KINDS: dict[str, str] = {}
ADDED: dict[str, str] = {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=Path("/work/.mirror"), help="where fetch put the snapshots")
    parser.add_argument("--scratch", type=Path, default=Path("/tmp/rw"), help="where the trees are extracted")
    parser.add_argument("--only", nargs="*", default=None, help="these repositories only (owner/name)")
    parser.add_argument("--skip", choices=["corpus", "history", "torch"], action="append", default=[])
    parser.add_argument("--reuse", action="store_true", help="read the reports of the last run instead of checking again")
    parser.add_argument("--show", choices=["untriaged", "false", "reports", "none"], default="untriaged",
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
            root = torch_root() if repo == TORCH else extract(args.mirror, args.scratch, repo, commit)
            print(f"checking {repo} ...", file=sys.stderr, flush=True)
            result = check_tree(repo, commit, root)
            save(result, saved)
        results.append(result)

    verdicts = match([r for result in results for r in result.reports], load_triage(TRIAGE_FILE))
    if results:
        print_table(results, verdicts, args.markdown)
        print_codes(results, verdicts, args.markdown)
        listed = [(r, verdicts[r]) for result in results for r in result.reports
                  if args.show == "reports" or (args.show == "untriaged" and verdicts[r] is None)
                  or (args.show == "false" and verdicts[r] and verdicts[r].verdict == "false")]
        for report, verdict in listed:
            judged = f"{verdict.verdict}: {verdict.reason}" if verdict else "untriaged"
            print(f"{report.repo} {report.where} {report.code} [{judged}]\n    {report.text}\n    {report.message}")
        for result in results:
            if result.absent:
                print(f"{result.repo}: {result.absent} source files absent from the snapshot", file=sys.stderr)
        seconds = sum(r.seconds for r in results)
        print(f"\nCLI time over {len(results)} trees: {seconds:.0f} s", file=sys.stderr)

    pairs = [HistoryPair(**{**p, "fixed_still": tuple(p.get("fixed_still", ()))})
             for p in corpus["history"] if not args.only or p["repo"] in args.only]
    if "history" not in args.skip and pairs:
        outcome = check_history(args.mirror, args.scratch, pairs)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
