# expect: clean
"""A trainer in fairseq's shape: `train_step` clears, runs each micro-batch's backward (counting those that ran out
of memory), then steps unless every worker ran out. `ooms` starts at 0 in every call: its test skips this step, it
counts no micro-batches across the caller's iterations, so the clear at the top throws nothing away and the
micro-batches' losses need no division by an accumulation count (a false ZG105 and ZG501 read `ooms ==
args.distributed_world_size` as an accumulation guard: SpanBERT's pretraining/fairseq/trainer.py)."""

from seq.optim import build_optimizer


class Trainer:
    def __init__(self, args, model):
        self.args = args
        self.model = model
        self._optimizer = None

    @property
    def optimizer(self):
        if self._optimizer is None:
            self._optimizer = build_optimizer(self.args, self.model.parameters())
        return self._optimizer

    def zero_grad(self):
        self.optimizer.zero_grad()

    def train_step(self, samples):
        self.model.train()
        self.zero_grad()

        logging_outputs, ooms = [], 0
        for sample in samples:
            try:
                loss = self.model(sample).sum()
                loss.backward()
                logging_outputs.append(loss.item())
            except RuntimeError as e:
                if "out of memory" not in str(e):
                    raise e
                ooms += 1
                self.zero_grad()

        if ooms == self.args.distributed_world_size:
            print("| WARNING: OOM in all workers, skipping update")
            self.zero_grad()
            return None

        self.optimizer.step()
        return sum(logging_outputs)
