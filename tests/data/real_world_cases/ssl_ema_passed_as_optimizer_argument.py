"""An EMA object passed to the training function under the name `ema_optimizer`.

Seen in microsoft/Semi-supervised-learning semilearn/imb_algorithms/cossl/utils.py:
`classifier_warmup` builds `ema_optimizer = WeightEMA(model, ema_model, ...)`
(a plain class of the same file whose `step()` blends weights) and passes it
to `classifier_train(..., optimizer, scheduler, ema_optimizer, ...)`, whose
loop does `optimizer.zero_grad(); loss.backward(); optimizer.step();
ema_optimizer.step()`. RULES.md: EMA and anything bound to a non-optimizer
constructor is never a step; the name is only the last resort "failing all
evidence", and here the evidence (the only call site, in the same file)
says WeightEMA. No ZG101.
"""
# expect: clean
import torch


class WeightEMA:
    def __init__(self, model, ema_model, alpha=0.999):
        self.params = list(model.state_dict().values())
        self.ema_params = list(ema_model.state_dict().values())
        self.alpha = alpha

    def step(self):
        for param, ema_param in zip(self.params, self.ema_params):
            ema_param.mul_(self.alpha).add_(param * (1.0 - self.alpha))


def classifier_train(loader, model, optimizer, ema_optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        ema_optimizer.step()


def classifier_warmup(loader):
    model, ema_model = torch.nn.Linear(4, 3), torch.nn.Linear(4, 3)
    ema_optimizer = WeightEMA(model, ema_model)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    classifier_train(loader, model, optimizer, ema_optimizer)
