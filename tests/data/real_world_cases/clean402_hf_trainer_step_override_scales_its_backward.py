# expect: clean
"""A Hugging Face `Trainer` subclass whose `training_step` is a copy of the library's own of its 4.x versions (research
code keeps them to change one line): the backward is scaled by the Trainer's GradScaler under `use_amp`, through apex or
DeepSpeed, or plain. The Trainer's loop that calls it steps the optimizer as the backward needs (`self.scaler.step`,
then `update`, under amp) and clears: no step here bypasses the scaler."""

from apex import amp
from transformers import Trainer


class PromptTrainer(Trainer):
    def training_step(self, model, inputs):
        model.train()
        inputs = self._prepare_inputs(inputs)
        loss = self.compute_loss(model, inputs)
        if self.args.n_gpu > 1:
            loss = loss.mean()
        if self.args.gradient_accumulation_steps > 1:
            loss = loss / self.args.gradient_accumulation_steps
        if self.use_amp:
            self.scaler.scale(loss).backward()
        elif self.use_apex:
            with amp.scale_loss(loss, self.optimizer) as scaled_loss:
                scaled_loss.backward()
        elif self.deepspeed:
            self.deepspeed.backward(loss)
        else:
            loss.backward()
        return loss.detach()
