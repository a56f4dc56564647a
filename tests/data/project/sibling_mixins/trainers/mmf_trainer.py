# expect: clean
"""The trainers: each only mixes the loop with one update's phases and builds what they use; the loop of
trainers/core/training_loop.py runs as each of them."""

import torch

from .core.training_loop import TrainingLoopMixin
from .core.updates import ClippingUpdateMixin, UnscalingUpdateMixin


class BaseTrainer:
    def __init__(self, model, train_loader, max_updates, update_frequency=4, max_norm=1.0):
        self.model = model
        self.train_loader = train_loader
        self.max_updates = max_updates
        self.update_frequency = update_frequency
        self.max_norm = max_norm
        self.num_updates = 0
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scaler = torch.cuda.amp.GradScaler()


class ClippingTrainer(BaseTrainer, ClippingUpdateMixin, TrainingLoopMixin):
    pass


class UnscalingTrainer(BaseTrainer, UnscalingUpdateMixin, TrainingLoopMixin):
    pass
