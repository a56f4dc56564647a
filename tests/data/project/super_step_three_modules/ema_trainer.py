# expect: clean
from engine.amp import AmpTrainer


class EmaTrainer(AmpTrainer):
    def __init__(self, model, loader, ema):
        super().__init__(model, loader)
        self.ema = ema

    def training_step(self, batch):
        loss = super().training_step(batch)
        self.ema.update(self.model)
        return loss
