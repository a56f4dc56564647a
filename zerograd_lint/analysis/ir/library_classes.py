"""Which library classes a class of the checked code derives from: the Hugging Face `Trainer` above all, whose loop and
whose `training_step` the library summaries describe (summaries.py). Read by the builder (the overrides the Trainer's
loop runs as its body) and by the call events (the library's `training_step` called from a subclass's own loop)."""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.ir.index import ModuleIndex
from zerograd_lint.analysis.ir.summaries import HF_TRAINER_PACKAGES, HF_TRAINER_SUFFIX

Classes = tuple[tuple[ModuleIndex, cst.ClassDef], ...]


def library_bases(index: ModuleIndex, cls: cst.ClassDef) -> list[str]:
    """The library classes a class derives from, by their dotted names: its bases as its module's imports name them
    (`ModuleIndex.origin`), and, for a class of the project, those its project bases derive from, through re-exports
    (`Project.library_bases`: a base whose module says nothing of the lifecycle is not in its `lineage`)."""
    found = [origin for base in cls.bases if (origin := index.origin(base.value)) is not None]
    home = index.project
    if home is not None and index.classes.get(cls.name.value) is cls:
        found += home.project.library_bases(home, cls.name.value)
    return found


def is_trainer_class(origin: str) -> bool:
    """`transformers.Trainer`, `trl.DPOTrainer`, `transformers.trainer.Trainer`: a trainer class of those libraries."""
    return origin.split(".", 1)[0] in HF_TRAINER_PACKAGES and origin.rsplit(".", 1)[-1].endswith(HF_TRAINER_SUFFIX)


def derives_from_trainer(index: ModuleIndex, function: cst.FunctionDef, mro: Classes) -> bool:
    """Whether `function` is a method of a subclass of the Hugging Face `Trainer`: a class along its classes (`mro`, else
    its own class's lineage, of the file and the project) derives from a trainer class of transformers or trl."""
    owner = index.owner_class(function)
    if owner is None:
        return False
    return any(is_trainer_class(origin) for home, cls in mro or index.lineage(owner) for origin in library_bases(home, cls))
