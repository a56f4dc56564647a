"""A LightningModule under automatic optimisation (no `automatic_optimization` set: Lightning's default) whose
`training_step` returns `{"loss": loss, "acc": acc}`, the dict whose `"loss"` Lightning backpropagates, and keeps that
loss in `self.step_losses` to average at the epoch's end: every batch's autograd graph stays alive until then (RULES.md
ZG602). The modules of Lightning 2.0's migration (`training_epoch_end` gone, outputs kept by the module itself) keep
them so. Its twin, clean602_lightning_training_step_outputs_keep_the_detached_loss_dict.py, keeps detached values.
"""
# expect: ZG602 26:9
import pytorch_lightning as pl
import torch
from torch import nn


class Classifier(pl.LightningModule):
    def __init__(self, backbone: nn.Module):
        super().__init__()
        self.backbone = backbone
        self.criterion = nn.CrossEntropyLoss()
        self.step_losses = []

    def training_step(self, batch, batch_idx):
        images, labels = batch
        logits = self.backbone(images)
        loss = self.criterion(logits, labels)
        acc = (logits.argmax(1) == labels).float().mean()
        self.log("train/acc", acc)
        self.step_losses.append(loss)
        return {"loss": loss, "acc": acc}

    def on_train_epoch_end(self):
        self.log("train/loss", torch.stack(self.step_losses).mean())
        self.step_losses.clear()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)
