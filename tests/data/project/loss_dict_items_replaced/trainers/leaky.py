# expect: ZG602 25:13
"""A subclass with its own epoch loop: it keeps the returned loss itself (a true ZG602) and sums the entries of the
loss dict, which its step replaced one by one with their `.item()` (floats: no graph kept, no report)."""

from trainers.base import BaseTrainer


class LeakyTrainer(BaseTrainer):
    def _train_step(self, batch):
        predictions = self.model(batch["inputs"])
        terms = {"mel": (predictions - batch["targets"]).abs().mean()}
        loss = terms["mel"]
        for name, value in terms.items():
            terms[name] = value.item()
        return loss, terms

    def _train_epoch(self):
        total = 0.0
        per_term = {}
        for batch in self.loader:
            loss, terms = self._train_step(batch)
            self.accelerator.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            total += loss
            for name, value in terms.items():
                if name not in per_term:
                    per_term[name] = value
                else:
                    per_term[name] += value
        return total, per_term
