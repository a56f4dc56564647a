# expect: clean
"""The base trainer: Accelerate's `accumulate` context around each batch, the batch's work left to the subclass's
`training_step`."""


class BaseTrainer:
    def __init__(self, accelerator, model, optimizer, lr_scheduler, loader, cfg):
        self.accelerator = accelerator
        self.model = model
        self.optimizer = optimizer
        self.lr_scheduler = lr_scheduler
        self.loader = loader
        self.cfg = cfg
        self.completed_steps = 0

    def training_step(self, batch):
        raise NotImplementedError

    def fit(self):
        for epoch in range(self.cfg.num_epochs):
            self.model.train()
            for batch in self.loader:
                with self.accelerator.accumulate(self.model):
                    self.training_step(batch)
                if self.accelerator.sync_gradients:
                    self.completed_steps += 1
