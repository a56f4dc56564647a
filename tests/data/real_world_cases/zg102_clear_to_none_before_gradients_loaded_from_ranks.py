"""The twin: ranks that share gradients through files clear before loading them, and the clear sets `.grad` to None.

learningmatter-mit/NeuralForceField's nff/train/parallel.py: `add_grads` calls `optimizer.zero_grad()` to add every
rank's saved gradients in one order, then skips each parameter whose `.grad` is None. Since PyTorch 2.0 the clear
sets every `.grad` to None, so nothing is added back and the step (between this pass's backward and it) applies no
gradients (RULES.md ZG102, at the clear).
"""

# expect: ZG102 20:5
import pickle


def save_grads(optimizer, path):
    grads = [[None if p.grad is None else p.grad.detach().cpu() for p in g["params"]] for g in optimizer.param_groups]
    with open(path, "wb") as f:
        pickle.dump(grads, f)


def add_grads(optimizer, paths, device):
    optimizer.zero_grad()
    for path in paths:
        with open(path, "rb") as f:
            loaded = pickle.load(f)
        for i, group in enumerate(optimizer.param_groups):
            for j, param in enumerate(group["params"]):
                if param.grad is None:
                    continue
                param.grad += loaded[i][j].to(device)


class Trainer:
    def __init__(self, model, optimizer, loader, own_path, paths, device):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader
        self.own_path = own_path
        self.paths = paths
        self.device = device

    def train(self):
        for batch in self.loader:
            self.optimizer.zero_grad()
            self.model(batch).mean().backward()
            save_grads(self.optimizer, self.own_path)
            add_grads(self.optimizer, self.paths, self.device)
            self.optimizer.step()
