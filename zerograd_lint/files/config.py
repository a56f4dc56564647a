"""Effective settings of a run: command line over `[tool.zerograd-lint]` in pyproject.toml.

Each source of options (the config file, then the command line) is one
`Options` layer; later layers win, the way ruff layers them: a layer's
`select` replaces what came before, `extend-select` adds, `ignore` removes.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any, Iterable, Mapping, Sequence

from zerograd_lint.core.selection import DEFAULT_SELECTION, Selection, SelectionError, expand, switched_on
from zerograd_lint.rules import catalogue

CONFIG_FILE_NAME = "pyproject.toml"
TABLE = "zerograd-lint"
KNOWN_KEYS = ("select", "ignore", "extend-select", "exclude", "extend-exclude", "per-file-ignores")


class ConfigError(ValueError):
    """A config file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Options:
    """What one source (a config file or the command line) says; None: it says nothing."""

    selection: Selection = field(default_factory=Selection)
    exclude: tuple[str, ...] | None = None
    extend_exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Settings:
    selection: Selection = DEFAULT_SELECTION
    exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    root: Path = field(default_factory=Path.cwd)  # where patterns are relative to
    config_file: Path | None = None

    def selection_for(self, path: Path) -> Selection:
        """The selection for one file (per-file-ignores narrow it)."""
        ignored = tuple(
            code
            for pattern, codes in self.per_file_ignores
            if matches(pattern, path, self.root)
            for code in codes
        )
        if not ignored:
            return self.selection
        return Selection(self.selection.select, self.selection.ignore + ignored, self.selection.extend_select)

    def is_excluded(self, path: Path) -> bool:
        return self.exclusion_of(path) is not None

    def exclusion_of(self, path: Path) -> str | None:
        """The first exclude pattern that matches the path, None if none does."""
        return next((pattern for pattern in self.exclude if matches(pattern, path, self.root)), None)


DEFAULT_SETTINGS = Settings()


def resolve(layers: Sequence[Options], root: Path, config_file: Path | None = None) -> Settings:
    """Settings from layers, first to last (later ones win)."""
    codes = frozenset(entry.code for entry in catalogue() if entry.enabled_by_default)
    exclude: tuple[str, ...] = ()
    extend_exclude: list[str] = []
    per_file_ignores: list[tuple[str, tuple[str, ...]]] = []
    for layer in layers:
        chosen = layer.selection
        if chosen.select is not None:
            codes = switched_on(chosen.select)
        codes = (codes | switched_on(chosen.extend_select)) - expand(chosen.ignore)
        if layer.exclude is not None:
            exclude = layer.exclude
        extend_exclude.extend(layer.extend_exclude)
        per_file_ignores.extend(layer.per_file_ignores)
    return Settings(
        selection=Selection(select=tuple(sorted(codes))),
        exclude=(*exclude, *extend_exclude),
        per_file_ignores=tuple(per_file_ignores),
        root=root,
        config_file=config_file,
    )


# --- Finding and reading the config file -------------------------------------------------


def load_settings(paths: Sequence[str], command_line: Options, config_file: Path | None = None) -> Settings:
    """The config file's options (the one named, or the nearest above the paths) under the command line's."""
    config_file = config_file or find_config(paths)
    layers = [load_options(config_file)] if config_file else []
    root = config_file.parent.resolve() if config_file else Path.cwd()
    return resolve([*layers, command_line], root, config_file)


def find_config(paths: Iterable[str]) -> Path | None:
    """The nearest pyproject.toml with a [tool.zerograd-lint] table, walking up from the paths."""
    starts = [os.path.abspath(p) for p in paths] or [os.getcwd()]
    start = Path(os.path.commonpath(starts))
    if not os.path.isdir(start):  # os.path: a path that cannot be looked at is no folder, not an error
        start = start.parent
    for directory in (start, *start.parents):
        candidate = directory / CONFIG_FILE_NAME
        if os.path.isfile(candidate) and TABLE in read_toml(candidate).get("tool", {}):
            return candidate
    return None


def read_toml(path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):  # imported here: most runs find no pyproject.toml to read
        import tomllib
    else:  # pragma: no cover - exercised on Python < 3.11 only
        import tomli as tomllib
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from None


def load_options(path: Path) -> Options:
    """The [tool.zerograd-lint] table of a TOML file, checked key by key."""
    table = read_toml(path).get("tool", {}).get(TABLE)
    if not isinstance(table, Mapping):
        raise ConfigError(f"{path}: no [tool.{TABLE}] table")
    return parse_options(table, path)


def parse_options(table: Mapping[str, Any], path: Path) -> Options:
    where = f"{path}: [tool.{TABLE}]"
    unknown = sorted(set(table) - set(KNOWN_KEYS))
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r} (known keys: {', '.join(KNOWN_KEYS)})")

    def codes(key: str, value: Any) -> tuple[str, ...]:
        selectors = string_list(value, f"{where} {key}")
        try:
            expand(selectors)
        except SelectionError as error:
            raise ConfigError(f"{where} {key}: {error}") from None
        return selectors

    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, Mapping):
        raise ConfigError(f"{where} per-file-ignores: expected a table of pattern = [codes]")
    return Options(
        selection=Selection(
            select=codes("select", table["select"]) if "select" in table else None,
            ignore=codes("ignore", table.get("ignore", [])),
            extend_select=codes("extend-select", table.get("extend-select", [])),
        ),
        exclude=string_list(table["exclude"], f"{where} exclude") if "exclude" in table else None,
        extend_exclude=string_list(table.get("extend-exclude", []), f"{where} extend-exclude"),
        per_file_ignores=tuple(
            (pattern, codes(f"per-file-ignores {pattern!r}", value)) for pattern, value in per_file.items()
        ),
    )


def string_list(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: expected a list of strings, got {value!r}")
    return tuple(value)


# --- Path patterns --------------------------------------------------------------------------


def matches(pattern: str, path: Path, root: Path) -> bool:
    """gitignore-like: a pattern without '/' matches any part of the path by name;
    one with '/' matches the path relative to root, or a folder that holds it."""
    parts = relative_parts(path, root)
    pattern = pattern.strip().removeprefix("./").rstrip("/")
    regex = glob_regex(pattern)
    if "/" not in pattern:
        return any(regex.fullmatch(part) for part in parts)
    return any(regex.fullmatch("/".join(parts[:end])) for end in range(1, len(parts) + 1))


def relative_parts(path: Path, root: Path) -> tuple[str, ...]:
    absolute = Path(os.path.abspath(path))
    try:
        return PurePosixPath(absolute.relative_to(os.path.abspath(root)).as_posix()).parts
    except ValueError:  # outside the project: match what was given
        return PurePosixPath(path.as_posix()).parts


@lru_cache(maxsize=None)
def glob_regex(pattern: str) -> re.Pattern[str]:
    """`**` crosses folders, `*` and `?` do not."""
    out = []
    for token in re.split(r"(\*\*/|\*\*|\*|\?)", pattern):
        out.append(
            {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(token, re.escape(token))
        )
    return re.compile("".join(out))
