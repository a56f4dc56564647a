"""Unscale, clip and step each optimizer of a list in one loop, one update after it.

Shape of multi-optimizer AMP trainers (vision-language and GAN code keeping
`self.optimizers` as a list): `for optimizer in self.optimizers:
self.scaler.unscale_(optimizer); clip_grad_norm_(...); self.scaler.step(optimizer)`,
then `self.scaler.update()`. Each pass of a loop over optimizers is a different
optimizer (issue 10 shape 6): nothing is unscaled twice (RULES.md ZG403).
"""
# expect: clean
import torch


class MultiOptimizerTrainer:
    def __init__(self, encoder, decoder):
        self.encoder = encoder
        self.decoder = decoder
        self.optimizers = [
            torch.optim.AdamW(encoder.parameters(), lr=1e-4),
            torch.optim.AdamW(decoder.parameters(), lr=1e-3),
        ]
        self.scaler = torch.amp.GradScaler("cpu")

    def train_step(self, batch):
        for optimizer in self.optimizers:
            optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = self.decoder(self.encoder(batch)).pow(2).mean()
        self.scaler.scale(loss).backward()
        for optimizer in self.optimizers:
            self.scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(optimizer.param_groups[0]["params"], 1.0)
            self.scaler.step(optimizer)
        self.scaler.update()
        return loss.detach()

    def fit(self, loader):
        for batch in loader:
            self.train_step(batch)
