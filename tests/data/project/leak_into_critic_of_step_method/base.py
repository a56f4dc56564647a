# expect: clean
"""The trainer base of rail-berkeley/rlkit's shape (rlkit/torch/torch_rl_algorithm.py): `train` counts the call and
runs the subclass's `train_from_torch`, one update per batch the algorithm's loop hands it."""


class TorchTrainer:
    def __init__(self):
        self._num_train_steps = 0

    def train(self, batch):
        self._num_train_steps += 1
        self.train_from_torch(batch)

    def train_from_torch(self, batch):
        raise NotImplementedError
