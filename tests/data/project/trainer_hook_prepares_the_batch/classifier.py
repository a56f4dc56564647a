# expect: clean
"""The classification trainer (efficientvit's clscore/trainer/cls_trainer.py; its ZG104 at the clear was judged
false): each batch is prepared by the subclass's `before_step`, which smooths the labels and mixes the images with
the helpers of smoothing.py and the trainer's settings (`self.data_provider.n_classes`, `self.run_config`), then the
clear, then `run_step` runs the model and the scaled backward, then the base class's `after_step` steps. The prepared
batch reaches the loss only as what the model and the criterion are handed after the clear: the forward follows the
clear (RULES.md ZG104 does not apply). (It was reported, naming `feed_dict = self.before_step(feed_dict)`.)"""

import torch
import torch.nn as nn

from base import Trainer
from smoothing import label_smooth, mixup


class ClsTrainer(Trainer):
    def before_step(self, feed_dict):
        images = feed_dict["data"].cuda()
        labels = label_smooth(feed_dict["label"].cuda(), self.data_provider.n_classes, self.run_config.label_smooth)
        if self.run_config.mixup_alpha is not None:
            lam = float(torch.distributions.beta.Beta(self.run_config.mixup_alpha, self.run_config.mixup_alpha).sample())
            images, labels = mixup(images, labels, lam)
        return {"data": images, "label": labels}

    def run_step(self, feed_dict):
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            output = self.model(feed_dict["data"])
            loss = self.train_criterion(output, feed_dict["label"])
        self.scaler.scale(loss).backward()
        return {"loss": loss.item()}

    def train_one_epoch(self):
        self.train_criterion = nn.CrossEntropyLoss()
        for images, labels in self.data_provider.train:
            feed_dict = self.before_step({"data": images, "label": labels})
            self.optimizer.zero_grad()
            self.run_step(feed_dict)
            self.after_step()
