"""A LightningModule under automatic optimisation whose `training_step` returns the step's log dict, its `"loss"` the
loss Lightning backpropagates, and also appends that dict to `self.training_step_outputs`, emptied only at the end of
the epoch: every batch's autograd graph stays alive until then (sktime/pytorch-forecasting's `BaseModel.training_step`
before PR 1924 "fixed memory leak in BaseModel by detach some tensor", a88a4043, the history pair
pytorch_forecasting/models/base/_base_model.py:723; the fix appends `detach(log)`). RULES.md ZG602 wants the append
reported: a tensor given to a backward (Lightning's, of what `training_step` returns) added into a variable that
outlives the iteration. Lightning's automatic optimisation is a library summary (summaries.py): its loop runs
`training_step` once per batch and backpropagates the `"loss"` of what it returns, so the method is read as that
loop's body (`builder.lightning_optimisation`, `CallEvents.trainer_part`).
"""
# expect: ZG602 31:9
import lightning.pytorch as pl
import torch


class BaseModel(pl.LightningModule):
    def __init__(self, network, learning_rate=1e-3):
        super().__init__()
        self.network = network
        self.learning_rate = learning_rate
        self.training_step_outputs = []

    def step(self, x, y):
        prediction = self.network(x)
        loss = torch.nn.functional.mse_loss(prediction, y)
        return {"loss": loss, "n_samples": x.size(0)}, prediction

    def training_step(self, batch, batch_idx):
        x, y = batch
        log, _ = self.step(x, y)
        self.training_step_outputs.append(log)
        return log

    def on_train_epoch_end(self):
        self.training_step_outputs.clear()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.learning_rate)
