"""An out-of-memory retry whose flag is an int (0/1), not a bool.

The shape of trainers with automatic micro-batching: `while True:` runs the
batch; a CUDA OOM caught in `except RuntimeError` sets `oom = 1` (an int, since
some distributed backends cannot reduce a bool); `if oom == 1:` halves the
micro-batch and retries, otherwise the loop returns. The retry only follows an
exception, so no path unscales or steps twice before the caller's
`scaler.update()`. An int flag set to 0 / 1 decides its later tests as a bool
flag does (RULES.md, "Correlated conditions").
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scaler = torch.cuda.amp.GradScaler()

    def train_batch(self, batch, micro):
        while True:
            oom = 0
            try:
                self.optimizer.zero_grad()
                parts = batch.split(micro)
                for part in parts:
                    self.scaler.scale(self.model(part).mean() / len(parts)).backward()
                self.scaler.unscale_(self.optimizer)
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.scaler.step(self.optimizer)
            except RuntimeError as error:
                if "out of memory" not in str(error):
                    raise
                oom = 1
            if oom == 1:
                micro = max(1, micro // 2)
                continue
            return micro

    def fit(self, micro=8):
        for batch in self.loader:
            micro = self.train_batch(batch, micro)
            self.scaler.update()
