# expect: clean
"""A classifier agent: its `train_step` clears through the base's `zero_grad`, which skips the clear while the
batches of one update accumulate."""

from .torch_agent import TorchAgent


class ClassifierAgent(TorchAgent):
    def train_step(self, batch):
        self.zero_grad()
        scores = self.model(batch["text_vec"])
        loss = self.criterion(scores, batch["label_vec"])
        self.backward(loss)
        self.update_params()
        return loss.item()
