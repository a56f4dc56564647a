# expect: ZG401 26:13
"""Trainers clipping the gradient norm in their own `_iteration`. `ClippedTrainer` clips the scaled gradients in the
mixed-precision branch (no `unscale_` before the clip: the threshold applies to gradients multiplied by the scale);
`UnscaledClippedTrainer` unscales first."""

import torch

from .trainer import Trainer


class ClippedTrainer(Trainer):
    def __init__(self, *args, max_norm=1.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.max_norm = max_norm

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
            torch.nn.utils.clip_grad_norm_(engine.network.parameters(), self.max_norm)
            engine.scaler.step(engine.optimizer)
            engine.scaler.update()
        else:
            output["pred"] = engine.network(inputs)
            output["loss"] = engine.loss_function(output["pred"], targets).mean()
            output["loss"].backward()
            torch.nn.utils.clip_grad_norm_(engine.network.parameters(), self.max_norm)
            engine.optimizer.step()
        return output


class UnscaledClippedTrainer(ClippedTrainer):
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
            engine.scaler.unscale_(engine.optimizer)
            torch.nn.utils.clip_grad_norm_(engine.network.parameters(), self.max_norm)
            engine.scaler.step(engine.optimizer)
            engine.scaler.update()
        else:
            output["pred"] = engine.network(inputs)
            output["loss"] = engine.loss_function(output["pred"], targets).mean()
            output["loss"].backward()
            torch.nn.utils.clip_grad_norm_(engine.network.parameters(), self.max_norm)
            engine.optimizer.step()
        return output
