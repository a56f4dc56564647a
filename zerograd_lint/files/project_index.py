"""The project's files (I/O): where the checked tree's root is, which file a module name is, their text.

The root is the nearest folder above the checked file that holds a pyproject.toml, a setup.cfg or a
`.git` (a `[tool.zerograd-lint]` table is in a pyproject.toml, so it marks one too); a file with none
above it is a project of the folders its package spans. A module is looked for where Python would
find it when the project runs: from the top of the checked file's package, the root, and `root/src` (for a file of
a package that runs as a script, also its own folder, which Python run on the file puts first on `sys.path`:
`files_beside`, a name found there and at a base too unknown; a file says it runs so by a `__main__` test or a top-level call of
a def of its own, `runs_as_script`, or by importing by a plain name a module only its folder holds while its top level
does its work, `runs_from_its_folder`;
and for a script, the folders it, or the modules it imports from beside it, put on `sys.path`: `put_on_path`). A
notebook's modules are those of its own folder only: Jupyter runs its kernel there, its cells in `__main__`, and a
notebook has no `__file__` to put another folder on `sys.path` from. Never outside the root (installed libraries are known
through the vocabulary and summaries only). Nor is a module of the library the vocabulary describes
(`vocabulary.described`: torch, but for its test helpers) read where the checked tree holds it (a PyTorch checkout,
the installed package checked as a tree): it is known by the vocabulary as it is out of the tree, so a file of it is
analysed as a user's file importing the same names. A module too large to analyse is not read (`read_text`).
Each file is read once per process and fingerprinted by its bytes, for the cache key of the files
whose analysis read it. During a `check` run (`run_finds.one_run`), each module name is also found once,
however many checked files ask it; outside a run (the editor, flake8, `explain`), each check finds its
modules afresh, so a long-lived process sees an edited or a new module on its next check.
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
import sys
from functools import lru_cache
from pathlib import Path

from zerograd_lint.analysis.module_source import Load, ModuleSource, ProjectSource
from zerograd_lint.files import run_finds

ROOT_MARKERS = ("pyproject.toml", "setup.cfg", "setup.py", ".git")


@lru_cache(maxsize=None)
def project_root(folder: str) -> str:
    """The project root of the files of `folder`."""
    for directory in (folder, *map(str, Path(folder).parents)):
        if marked(directory):
            return directory
    return package_base(folder)


def marked(directory: str) -> bool:
    """Whether a marker says the folder is a project's root."""
    return any(os.path.exists(os.path.join(directory, marker)) for marker in ROOT_MARKERS)


@lru_cache(maxsize=None)
def package_base(folder: str) -> str:
    """The folder above the outermost package holding `folder` (itself when it is no package); the outermost package
    itself where a root marker marks it (rwth-i6/returnn's repository holds an `__init__.py` beside its `setup.py`:
    run from there, Python imports `returnn.torch`, not the repository's folder as a package)."""
    outermost = None
    while os.path.isfile(os.path.join(folder, "__init__.py")) and os.path.dirname(folder) != folder:
        outermost, folder = folder, os.path.dirname(folder)
    return outermost if outermost is not None and marked(outermost) else folder


def module_name(path: str) -> ModuleSource | None:
    """The checked file as a module of its project (its text left empty: the engine has it)."""
    path = os.path.abspath(path)
    folder, file_name = os.path.split(path)
    if not file_name.endswith(".py"):
        return None
    base = package_base(folder)
    parts = [*Path(os.path.relpath(folder, base)).parts, file_name[:-3]]
    parts = [part for part in parts if part != "."]
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    if not parts or not all(part.isidentifier() for part in parts):
        return None
    return ModuleSource(".".join(parts), path, "", is_package)


class ProjectFiles:
    """The modules of one project, as `Project.load` asks for them: found and read once.

    A package checked where it is installed (torch's tree in site-packages) is a project of its own: the
    other packages installed beside it are libraries, never read (and of torch's own modules, only its test
    helpers are read: `vocabulary.described`)."""

    def __init__(self, root: str, checked_base: str, package: str | None = None, alone: bool = False) -> None:
        self.root = root
        bases = [checked_base] if alone else [checked_base, root, os.path.join(root, "src")]
        self.bases = [b for b in dict.fromkeys(bases) if inside(b, root) and os.path.isdir(b)]
        self.package = package  # the one top-level package modules may come from, if only one

    def load(self, name: str) -> ModuleSource | None:
        """The module `name`, found once per run (`run_finds.one_run`), else found now."""
        run = run_finds.RUN
        if run is None:
            return self.find(name)
        key = (self, name)
        if key not in run.modules:
            run.modules[key] = self.find(name)
        return run.modules[key]

    def find(self, name: str) -> ModuleSource | None:
        """The module's file where Python would find it, and its text (a stat of each candidate path); none of the
        library the vocabulary describes (`vocabulary.described`: torch's modules, in the tree or out of it)."""
        from zerograd_lint.analysis.ir.vocabulary import described

        parts = name.split(".")
        if (self.package is not None and parts[0] != self.package) or described(name):
            return None
        for base in self.bases:
            if run_finds.RUN is not None and not run_finds.RUN.holds(base, parts[0]):
                continue  # no file of the name's top package or module there: its paths are not asked (each a stat)
            folder = os.path.join(base, *parts)
            for path, is_package in ((os.path.join(folder, "__init__.py"), True), (folder + ".py", False)):
                text = read_text(path)
                if text is not None:
                    return ModuleSource(name, path, text, is_package)
        return None


def inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


# path -> (its size and modification time, its text): a long-lived process (the editor) sees each edit.
TEXTS: dict[str, tuple[tuple[int, int], str | None]] = {}


def read_text(path: str) -> str | None:
    """The file's text as Python decodes it; None when it is not there, not readable as source, or too large to
    analyse (`MAX_ANALYSED_BYTES`: a generated module the runner would not analyse either is unknown, not read)."""
    from zerograd_lint.files.source import MAX_ANALYSED_BYTES, UndecodableSource, decode_source

    try:
        status = os.stat(path)
    except OSError:
        return None
    stamp = (status.st_size, status.st_mtime_ns)
    known = TEXTS.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    if status.st_size > MAX_ANALYSED_BYTES:
        return None
    try:
        with open(path, "rb") as file:
            text: str | None = decode_source(file.read())
    except (OSError, UndecodableSource):
        text = None
    TEXTS[path] = (stamp, text)
    return text


# The module a notebook's cells run in.
NOTEBOOK_MODULE = "__main__"


def project_of(path: str) -> ProjectSource | None:
    """The project of the checked file at `path`, as the engine reads it; None for a file that is no module
    (stdin, a name Python cannot import)."""
    notebook = path.endswith(".ipynb")
    if notebook:
        checked: ModuleSource | None = ModuleSource(NOTEBOOK_MODULE, os.path.abspath(path), "", False)
    else:
        checked = module_name(path) if path.endswith(".py") else None
    if checked is None:
        return None
    folder = os.path.dirname(checked.path)
    # A notebook's kernel looks in the notebook's folder, its working directory; the project's packages it imports
    # from elsewhere are installed ones, for it: known as libraries are (ignite's own notebooks run the summarised
    # `Engine` of the installed ignite, not the tree's).
    files = files_beside(folder) if notebook else files_in(folder, checked.name.split(".")[0])
    in_package = not notebook and files.package is None and package_base(folder) != folder
    read: dict[str, str] = {}
    on_path: list[ProjectFiles] = []  # `files`, then the folders the script's modules put on sys.path (see below)
    script_folder: list[ProjectFiles | None] = []  # a package file's own folder where it runs as a script (first load)

    def load(name: str) -> ModuleSource | None:
        found = files.load(name)
        if not script_folder:
            text = (read_text(checked.path) or "") if in_package else ""
            runs_there = in_package and (runs_as_script(text) or runs_from_its_folder(text, files, files_beside(folder)))
            script_folder.append(files_beside(folder) if runs_there else None)
        beside = script_folder[0]
        there = beside.load(name) if beside is not None else None  # what the file imports when run as a script
        if there is not None and found is not None and there.path != found.path:
            kept(found)  # the cache entry holds both: an edit of either, or its removal, checks the file again
            kept(there)
            return None  # `from utils import x` beside it and at its package's base: which one depends on how it runs
        found = found or there
        if found is None and "." not in checked.name and not checked.is_package:
            if not on_path:  # asked once per checked file, on the first name `files` misses
                on_path.append(files)
                on_path.extend(put_on_path(path, load, files.root) if not notebook else ())
            found = next((f for f in (more.load(name) for more in on_path[1:]) if f is not None), None)
        return kept(found) if found is not None else None

    def kept(found: ModuleSource) -> ModuleSource:
        """The module as read for this file: its path said as the checked file's is, its text recorded (`read`)."""
        if not os.path.isabs(path):  # relative to here
            found = ModuleSource(found.name, os.path.relpath(found.path), found.source, found.is_package)
        read[found.path] = found.source
        return found

    return ProjectSource(checked, load, read_text, read)


MAIN_GUARD = re.compile(r"""^if\s+__name__\s*==\s*["']__main__["']""", re.MULTILINE)
OWN_DEF = re.compile(r"^(?:async[ \t]+)?def[ \t]+(\w+)", re.MULTILINE)
TOP_LEVEL_CALL = re.compile(r"^(\w+)[ \t]*\(", re.MULTILINE)  # a statement at column 0 calling a name


def runs_as_script(text: str) -> bool:
    """Whether a module says it is run as a script: its top level tests `__name__ == "__main__"`, or calls one of its
    own top-level defs (`main()`, `train(model, optimizer)` after the defs, a notebook's cells saved as a file): a module
    imported by others does neither on import. A file of a package that says neither is imported as a module: its plain
    imports are never of its own folder."""
    if "__main__" in text and MAIN_GUARD.search(text) is not None:
        return True
    own = set(OWN_DEF.findall(text))
    return bool(own) and any(name in own for name in TOP_LEVEL_CALL.findall(text))


def runs_from_its_folder(text: str, files: ProjectFiles, beside: ProjectFiles) -> bool:
    """Whether a package's file with no `__main__` test still runs as a script from its own folder: its top level
    imports by a plain name a module that the folder holds and the package's base does not (`from trainer import
    Trainer` beside trainer.py; Python finds it there only with the folder on `sys.path`, as when the file runs as a
    script) and does its work (`top_level_works`). Imported as a module of the package instead, the name would be
    another module's (an installed library's), and a module that only defines things may be imported so: then the
    import says nothing. A name of the standard library is the library's (`import collections` beside a
    collections.py)."""
    try:
        statements = top_level_statements(ast.parse(text))
    except (SyntaxError, ValueError):
        return False
    names = [
        alias.name for s in statements if isinstance(s, ast.Import) for alias in s.names
    ] + [s.module for s in statements if isinstance(s, ast.ImportFrom) and s.level == 0 and s.module]
    only_beside = (
        name for name in dict.fromkeys(names)
        if name.partition(".")[0] not in sys.stdlib_module_names and beside.load(name) is not None and files.load(name) is None
    )
    return any(only_beside) and top_level_works(statements)


def top_level_statements(module: ast.Module) -> list[ast.stmt]:
    """The statements a module runs when it is run: its top level, and the bodies of its top-level `if`, `with` and
    `try` (not of its defs and classes)."""
    found: list[ast.stmt] = []
    pending = list(module.body)
    while pending:
        statement = pending.pop(0)
        found.append(statement)
        if isinstance(statement, (ast.If, ast.With, ast.Try)):
            pending.extend([*statement.body, *getattr(statement, "orelse", ()), *getattr(statement, "finalbody", ())])
    return found


def top_level_works(statements: list[ast.stmt]) -> bool:
    """Whether those statements do the module's work, not only define it: a loop (RCAN's `while not t.terminate():
    t.train()` under `if checkpoint.ok:`), or a call of a function the module defines (`train(model, optimizer)`)."""
    defined = {s.name for s in statements if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for statement in statements:
        if isinstance(statement, (ast.For, ast.AsyncFor, ast.While)):
            return True
        value = statement.value if isinstance(statement, (ast.Expr, ast.Assign)) else None
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in defined:
            return True
    return False


def put_on_path(path: str, load: Load, root: str) -> list[ProjectFiles]:
    """The folders that a script (a file of no package), or the modules it imports from its own folder, put on
    `sys.path` at their top level (`sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))`, `import
    _init_paths` doing so): where its other imports are looked for. Inside the root;
    or, where no marker names a root (a tree checked as a plain folder: the script's folder is its own root), any
    folder the script's own module names outside an installed package: the project is what the script runs."""
    from zerograd_lint.analysis.search_path import folders_put_on_path
    from zerograd_lint.core.project_gate import imports_in

    text = read_text(path)
    folder = os.path.dirname(os.path.abspath(path))
    sources = [(os.path.abspath(path), text)] if text is not None else []
    for name, _ in imports_in(text.encode("utf-8", "surrogatepass"), "") if text is not None else ():
        module = load(name) if "." not in name else None
        module_path = os.path.abspath(module.path) if module is not None else ""
        if module is not None and os.path.dirname(module_path) == folder:
            sources.append((module_path, module.source))
    found: list[ProjectFiles] = []
    for module_path, source in sources:
        for added in folders_put_on_path(source, module_path):
            if added == folder or not os.path.isdir(added):
                continue
            if inside(added, root):
                found.append(project_files(root, added))
            elif not marked(root) and not set(Path(added).parts) & set(INSTALLED):
                found.append(project_files(added, added))  # that folder alone: where Python looks
    return found


def fingerprints(read: dict[str, str]) -> dict[str, str]:
    """Each module read, with the hash of its text: an entry of the cache holds while they all still match."""
    return {path: fingerprint(text) for path, text in sorted(read.items())}


def unchanged(held: dict[str, str]) -> bool:
    """Whether every module still has the text whose hash the cache holds."""
    for path, digest in held.items():
        text = read_text(path)
        if text is None or fingerprint(text) != digest:
            return False
    return True


@lru_cache(maxsize=512)
def fingerprint(text: str) -> str:
    """The hash of a module's text, once per process (every file that reads the module, and every cache entry
    that holds it, asks; the same text object is found at once: Python keeps a string's hash)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


INSTALLED = ("site-packages", "dist-packages")


# One `ProjectFiles` for every folder that sees the same project: a run finds each module once for all of them.
project_files = lru_cache(maxsize=None)(ProjectFiles)


@lru_cache(maxsize=None)
def files_beside(folder: str) -> ProjectFiles:
    """The modules of a package's folder as top-level modules: what a file of that folder imports by a plain name
    when it is run as a script (`python examples/a/train.py` puts `examples/a` first on `sys.path`)."""
    return project_files(project_root(folder), folder, None, True)


@lru_cache(maxsize=None)
def files_in(folder: str, top: str) -> ProjectFiles:
    """The project files seen from a folder whose package is `top`."""
    base = package_base(folder)
    return project_files(project_root(folder), base, top if os.path.basename(base) in INSTALLED else None)
