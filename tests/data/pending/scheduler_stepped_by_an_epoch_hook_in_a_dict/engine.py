# expect: clean
"""A hook engine (the shape of prototypical-networks' protonets/engine.py): the script stores its hooks in a dict, and
the loop hands them a `state` dict holding the optimizer it builds."""


class Engine:
    def __init__(self):
        self.hooks = {name: (lambda state: None) for name in ("on_start", "on_start_epoch", "on_end_epoch")}

    def train(self, model, loader, optim_method, optim_config, max_epoch):
        state = {"model": model, "epoch": 0}
        state["optimizer"] = optim_method(model.parameters(), **optim_config)
        self.hooks["on_start"](state)
        while state["epoch"] < max_epoch:
            self.hooks["on_start_epoch"](state)
            for sample in loader:
                state["optimizer"].zero_grad()
                loss = state["model"].loss(sample)
                loss.backward()
                state["optimizer"].step()
            state["epoch"] += 1
            self.hooks["on_end_epoch"](state)
