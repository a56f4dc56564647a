"""Per-file results kept between runs, in `.zerograd_lint_cache/` at the project root.

An entry is keyed by a hash of the file's bytes, the tool (its version and
its own modules, so an edited rule never serves stale reports) and the codes
selected for that file; the path is not in the key, so a renamed or copied
file hits, unless its analysis read other modules of its project: what those
are depends on where the file is (two trees may hold the same `cli.py` beside
different `engine.py`), so such an entry holds the file's path and serves only
that path. Entries are JSON files written to a temporary name and moved in
place (`os.replace` is atomic), so concurrent runs never see half an entry;
an entry that cannot be read is a miss. A Ctrl-C during a write is held
until the write is done or undone.

Most files never get an entry: the gate's text stage rules them out (no
report possible) before the engine, or the engine finds nothing to report
without reading another module of the project. Their keys are kept together
in one file per cache folder (`Verdicts`), read once at the start of a run
and written again, the same atomic way, when the run settled a file it did
not know.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Sequence

from zerograd_lint.base import __version__
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.files.source import write_atomically

CACHE_DIR_NAME = ".zerograd_lint_cache"
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the whole package: any change to the tool
CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by zerograd-lint.\n"
    "# For information about cache directory tags see https://bford.info/cachedir/\n"
)


@lru_cache(maxsize=None)
def tool_fingerprint() -> str:
    """The version and the tool's own modules, each one's path, size and modification time (as Python tells
    that a module changed since its bytecode was cached; reading them all cost every run a hundredth of a
    second): a cache written by other code is never read."""
    digest = hashlib.sha256(__version__.encode())
    for stamp in sorted(module_stamps(str(PACKAGE_DIR))):
        digest.update("\0{}\0{}\0{}".format(*stamp).encode())
    return digest.hexdigest()


def module_stamps(root: str) -> Iterator[tuple[str, int, int]]:
    """(path under `root`, size, modification time in ns) of each module under `root`."""
    folders = [""]
    while folders:
        folder = folders.pop()
        with os.scandir(os.path.join(root, folder)) as listing:
            for entry in listing:
                name = f"{folder}/{entry.name}" if folder else entry.name
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append(name)
                elif entry.name.endswith(".py"):
                    status = entry.stat()
                    yield name, status.st_size, status.st_mtime_ns


def project_root(paths: Iterable[str], cwd: Path | None = None) -> Path:
    """The nearest folder holding a pyproject.toml above the paths, else the current folder."""
    cwd = cwd or Path.cwd()
    starts = [os.path.abspath(cwd / path) for path in paths] or [str(cwd)]
    start = Path(os.path.commonpath(starts))
    for directory in (start, *start.parents):
        if os.path.isfile(directory / "pyproject.toml"):  # False where a folder cannot be searched
            return directory
    return cwd


@dataclass(frozen=True)
class Cache:
    directory: Path  # one folder per tool version, so an upgrade starts clean

    @classmethod
    def under(cls, root: Path) -> "Cache":
        return cls(root / CACHE_DIR_NAME / __version__)

    def key(self, data: bytes, codes: frozenset[str], kind: str) -> str:
        digest = key_prefix(codes, kind).copy()
        digest.update(data)
        return digest.hexdigest()

    def load(self, key: str, path: str) -> list[Diagnostic] | None:
        """The reports stored under this key, now for `path`; None on a miss, a damaged entry, or an entry made
        with modules of the project that have changed since."""
        try:
            entry = json.loads((self.directory / f"{key}.json").read_bytes())
            if isinstance(entry, dict):  # {"path": ..., "read": {path: hash of its text}, "reports": [...]}
                from zerograd_lint.files.project_index import unchanged

                if entry["path"] != os.path.abspath(path) or not unchanged(entry["read"]):
                    return None
                entry = entry["reports"]
            return [Diagnostic.of_json({"path": path, **item}) for item in entry]
        except (OSError, ValueError, TypeError, KeyError):
            return None

    def store(self, key: str, path: str, diagnostics: Sequence[Diagnostic], read: Mapping[str, str] | None = None) -> None:
        """Keep the reports of the file at `path` (their path is the reader's: a copied file hits; a report on a line
        of another module keeps that module's), with the hashes of the project's modules its analysis `read` and,
        then, the file's own path (the modules another copy of it reads are others); a cache that cannot be written
        is skipped."""
        items = [d.as_json() for d in diagnostics]
        for item in items:
            if item["path"] == path:
                del item["path"]
        entry = {"path": os.path.abspath(path), "read": dict(read), "reports": items} if read else items
        self.write(f"{key}.json", json.dumps(entry).encode())

    def write(self, name: str, data: bytes) -> None:
        """Write a file of the cache folder atomically; a cache that cannot be written is skipped."""
        try:
            if not self.directory.is_dir():
                self.directory.mkdir(parents=True, exist_ok=True)
                mark_cache_dir(self.directory.parent)
            write_atomically(self.directory / name, data)
        except OSError:
            return


@lru_cache(maxsize=None)
def key_prefix(codes: frozenset[str], kind: str) -> hashlib._Hash:
    """The hash of what a key holds before the file's bytes: the tool, the kind of file, the codes."""
    digest = hashlib.sha256(tool_fingerprint().encode())
    digest.update(f"\0{kind}\0{','.join(sorted(codes))}\0".encode())
    return digest


RULED_OUT_NAME = "ruled_out"
# Keys of ruled-out files a run did not meet (other files, or earlier versions of its files), kept for the
# next runs: a pre-commit run over a few files does not forget the tree. Past this many, the oldest go.
OLD_KEYS_KEPT = 20_000


class Verdicts:
    """What the cache says of files at the start of a run, and what the run adds to it.

    The keys that have an entry are listed once, so a file without one costs no failed open. The keys
    of the files with nothing to report (ruled out by the gate's text stage, or analysed and found
    silent by an analysis that read no other module: no entry, where one each cost a file of its own,
    153 over torch's tree) are kept together in one file: the keys met by the last run that wrote it
    first, then older ones, one a line, under a first line that holds a hash of the rest. A file whose
    hash does not match (damaged, cut short) is read as no keys at all. A run writes it whole, with what
    the file holds by then (the screening child's keys, another run's); two runs that write it at once
    each write a whole file, and the one that loses only leaves some files to be settled again.
    """

    def __init__(self, cache: Cache) -> None:
        self.cache = cache
        self.with_entry = entry_keys(cache.directory)
        self.known = read_keys(cache.directory / RULED_OUT_NAME)  # in the file's order, the newest first
        self.ruled_out = set(self.known)
        self.met: dict[str, None] = {}  # the keys ruled out that this run met, in order
        self.learned = False  # whether this run ruled out a file the cache did not know

    def keys_held(self) -> int:
        """How many files the cache knows: ruled out, or with an entry."""
        return len(self.ruled_out) + len(self.with_entry)

    def reports(self, key: str, path: str) -> list[Diagnostic] | None:
        """The reports of the file with this key, now for `path`: none if the text stage ruled it out, its
        entry's if it has one; None when the cache does not know it."""
        if key in self.ruled_out:
            self.met[key] = None
            return []
        if key in self.with_entry:
            return self.cache.load(key, path)
        return None

    def rule_out(self, key: str) -> None:
        """The file with this key has nothing to report (the text stage ruled it out)."""
        self.ruled_out.add(key)
        self.met[key] = None
        self.learned = True

    def keep(self, key: str, path: str, diagnostics: Sequence[Diagnostic], read: Mapping[str, str]) -> None:
        """What the engine found in the file at `path` with this key: ruled out where it found nothing to report and
        read no other module (an entry serves such a file as the verdicts do), else an entry (`Cache.store`)."""
        if diagnostics or read:
            self.cache.store(key, path, diagnostics, read)
        else:
            self.rule_out(key)

    def save(self) -> None:
        """Write the keys ruled out that this run met, then the newest others (of the file as it is now: a screening
        child's, another run's), when it ruled out new ones since it read or last wrote the file."""
        if not self.learned:
            return
        others = dict.fromkeys([*read_keys(self.cache.directory / RULED_OUT_NAME), *self.known])
        old = [key for key in others if key not in self.met][:OLD_KEYS_KEPT]
        body = "".join(f"{key}\n" for key in (*self.met, *old)).encode()
        self.cache.write(RULED_OUT_NAME, hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
        self.learned = False


def entry_keys(directory: Path) -> frozenset[str]:
    try:
        names = os.listdir(directory)
    except OSError:
        return frozenset()
    return frozenset(name[:-5] for name in names if name.endswith(".json"))


def read_keys(path: Path) -> list[str]:
    try:
        data = path.read_bytes()
    except OSError:
        return []
    digest, _, body = data.partition(b"\n")
    if hashlib.sha256(body).hexdigest().encode() != digest:
        return []
    return body.decode("ascii", "replace").split()


def mark_cache_dir(directory: Path) -> None:
    """Like ruff's: git ignores the folder and backup tools skip it."""
    for name, text in ((".gitignore", "*\n"), ("CACHEDIR.TAG", CACHEDIR_TAG)):
        marker = directory / name
        if not marker.exists():
            marker.write_text(text, encoding="utf-8")
