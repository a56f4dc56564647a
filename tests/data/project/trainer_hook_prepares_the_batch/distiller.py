# expect: ZG104 29:13
"""The twin whose own method computes the loss from the trainer's state (pfrl's ACER `self.compute_loss(...)`): the
teacher's outputs kept on the instance and the student's, then the clear, then the backward of that value. The
method's value is the loss itself, not what a later forward is handed, so it stands for the forward its name says:
the clear follows it (RULES.md ZG104)."""

import torch
import torch.nn.functional as F

from base import Trainer
from smoothing import label_smooth


class DistillTrainer(Trainer):
    def run_step(self, feed_dict):
        self.student_logits = self.model(feed_dict["data"])
        return {}

    def distillation_loss(self, labels):
        soft = label_smooth(labels, self.data_provider.n_classes, self.run_config.label_smooth)
        return F.kl_div(self.student_logits.log_softmax(-1), soft, reduction="batchmean")

    def train_one_epoch(self):
        for images, labels in self.data_provider.train:
            feed_dict = self.before_step({"data": images, "label": labels})
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                self.run_step(feed_dict)
                loss = self.distillation_loss(feed_dict["label"])
            self.optimizer.zero_grad()
            self.scaler.scale(loss).backward()
            self.after_step()
