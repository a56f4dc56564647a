# expect: clean
"""A medical-imaging trainer in MONAI's shape: `run` hands each batch to `_iteration(engine, batchdata)` with the
trainer itself as `engine`, and keeps the iteration's output (a dict rebuilt every iteration, the loss in it) on its
state. Mixed precision goes through the trainer's `scaler`, None without `amp`."""

import torch


class State:
    def __init__(self):
        self.epoch = 0
        self.output = None


class Trainer:
    def __init__(self, max_epochs, train_data_loader, network, optimizer, loss_function, amp=False):
        self.max_epochs = max_epochs
        self.data_loader = train_data_loader
        self.network = network
        self.optimizer = optimizer
        self.loss_function = loss_function
        self.amp = amp
        self.scaler = torch.cuda.amp.GradScaler() if amp else None
        self.state = State()

    def run(self):
        for epoch in range(self.max_epochs):
            self.state.epoch = epoch
            for batchdata in self.data_loader:
                self.state.output = self._iteration(self, batchdata)

    def _iteration(self, engine, batchdata):
        inputs, targets = batchdata["image"], batchdata["label"]
        output = {"image": inputs, "label": targets}
        engine.network.train()
        engine.optimizer.zero_grad(set_to_none=True)
        if engine.amp and engine.scaler is not None:
            with torch.autocast("cuda"):
                output["pred"] = engine.network(inputs)
                output["loss"] = engine.loss_function(output["pred"], targets).mean()
            engine.scaler.scale(output["loss"]).backward()
            engine.scaler.step(engine.optimizer)
            engine.scaler.update()
        else:
            output["pred"] = engine.network(inputs)
            output["loss"] = engine.loss_function(output["pred"], targets).mean()
            output["loss"].backward()
            engine.optimizer.step()
        return output
