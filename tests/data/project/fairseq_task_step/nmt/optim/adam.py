# expect: clean
import torch

from .base_optimizer import BaseOptimizer


class NmtAdam(BaseOptimizer):
    def __init__(self, cfg, params):
        super().__init__(cfg, params)
        self._optimizer = torch.optim.Adam(self.params, lr=cfg.lr, betas=(0.9, 0.98))
