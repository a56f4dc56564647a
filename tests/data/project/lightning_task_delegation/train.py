# expect: clean
"""The script: the task is handed to the model, and Lightning runs the loop (not visible)."""

import lightning.pytorch as pl

from speechkit.model import Model
from speechkit.tasks import Embedding, Segmentation


def main(network, args):
    task = Segmentation(gradient_clip_val=5.0) if args.task == "segmentation" else Embedding(gradient_clip_val=5.0)
    model = Model(network, task=task)
    task.model = model
    model.automatic_optimization = task.automatic_optimization
    pl.Trainer(max_epochs=args.epochs).fit(model, datamodule=task)
