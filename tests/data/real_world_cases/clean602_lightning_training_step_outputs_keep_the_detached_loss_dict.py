"""The VALID twin of zg602_lightning_training_step_outputs_keep_the_loss_dict.py: the LightningModule under automatic
optimisation keeps, batch after batch, a copy of the log dict whose loss is detached (pytorch-forecasting's fix, PR 1924,
appends `detach(log)`), and returns the dict whose `"loss"` Lightning backpropagates; a manual-optimisation module beside
it keeps `loss.item()`. No autograd graph outlives its batch: nothing to report.
"""
# expect: clean
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
        self.training_step_outputs.append({"loss": log["loss"].detach(), "n_samples": log["n_samples"]})
        return log

    def on_train_epoch_end(self):
        self.training_step_outputs.clear()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.learning_rate)


class ManualModel(pl.LightningModule):
    def __init__(self, network):
        super().__init__()
        self.automatic_optimization = False
        self.network = network
        self.losses = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        opt = self.optimizers()
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(self.network(x), y)
        self.manual_backward(loss)
        opt.step()
        self.losses.append(loss.item())
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
