"""The buggy twin of clean_sparse_embedding_optimizer_stepped_with_a_learning_rate.py.

The same loop, but the factory's optimizer is stepped as torch's are, `step()` with no argument: a factory whose name
says optimizer builds an optimizer (RULES.md's vocabulary), whose gradients nothing clears between the iterations'
backwards (RULES.md ZG101).
"""
# expect: ZG101 20:9
import torch
from graphstorm.wholegraph import create_wholememory_optimizer


def train_sparse_embedding(layer, feats, labels):
    lr = 0.01
    emb_optimizer = create_wholememory_optimizer("adam", {})
    emb_optimizer.lr = lr
    layer.attach_wg_optimizer(emb_optimizer)
    for _ in range(5):
        loss = torch.nn.functional.cross_entropy(layer(feats), labels)
        loss.backward()
        emb_optimizer.step()
