# expect: ZG402 29:9
"""The segmentation task overrides `optimizer_step` to skip clipping for frozen heads, and steps the optimizer
itself after the scaled backward of the base class's loop: the scaler's inf/NaN check is skipped and the scaled
gradients are applied."""

from torch import nn

from models.detect import DetectionTrainer


class SegmentationTrainer(DetectionTrainer):
    def compute_loss(self, batch):
        preds, masks = self.model(batch["img"])
        box_loss, items = self.criterion(preds, batch)
        mask_loss = nn.functional.binary_cross_entropy_with_logits(masks, batch["masks"])
        return box_loss + mask_loss * preds.shape[0], items

    def get_dataloader(self, path, batch_size):
        return self.cfg.loader_class(path, batch_size, with_masks=True)

    def trainable(self):
        return [p for p in self.model.parameters() if p.requires_grad]

    def optimizer_step(self):
        self.scaler.unscale_(self.optimizer)
        params = self.trainable()
        if params:
            nn.utils.clip_grad_norm_(params, max_norm=10.0)
        self.optimizer.step()
        self.scaler.update()
        self.optimizer.zero_grad()
