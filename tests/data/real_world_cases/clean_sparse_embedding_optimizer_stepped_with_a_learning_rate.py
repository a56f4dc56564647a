"""A sparse-embedding test stepping a graph library's own optimizer with a learning rate (graphstorm's
tests/unit-tests/test_wg_sparse_opt.py over WholeGraph).

`create_wholememory_optimizer(...)` names an optimizer, but its `step(lr)` is handed a number, `lr = 0.01`: torch's
`optimizer.step` takes one argument, a closure, so this is the library's own step (WholeGraph applies the sparse
gradients the embedding's backward recorded, and drops them: nothing accumulates in `.grad`). Not a step of the
vocabulary: silent, as `optimizer.step("gen")` is (main reported ZG101 for the missing clear).
"""
# expect: clean
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
        emb_optimizer.step(lr)
