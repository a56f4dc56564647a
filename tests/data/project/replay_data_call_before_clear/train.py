# expect: clean
"""The stream: one `observe` per batch of each learner."""

import torch
from torch import nn

from agem import Agem
from agem_clear_after_replay_forward import AgemLateClear
from mixup_after_masking import MaskedMixup


def main():
    learners = [Agem(nn.Linear(16, 4), lr=0.1), AgemLateClear(nn.Linear(16, 4), lr=0.1),
                MaskedMixup(nn.Linear(16, 4), lr=0.1)]
    for _ in range(100):
        inputs, labels = torch.randn(8, 16), torch.randint(0, 4, (8,))
        for learner in learners:
            print(learner.observe(inputs, labels))


if __name__ == "__main__":
    main()
