# expect: clean
"""Lightning runs the loop (not visible): the modules' step bodies are checked where they are."""

import lightning.pytorch as pl

from project.models import Classifier, CleanClassifier


def main(datamodule, clean=False):
    model = CleanClassifier(10) if clean else Classifier(10)
    trainer = pl.Trainer(max_epochs=10)
    trainer.fit(model, datamodule=datamodule)
