# expect: clean
"""The mixed-precision mixin: the trainer's scaler, on when the config asks for it."""

import torch


class AmpMixin:
    def setup_amp(self, config) -> None:
        self.enable_scaler = torch.cuda.is_available() and config["enable_scaler"]
        self.scaler = torch.amp.GradScaler("cuda", enabled=self.enable_scaler)
