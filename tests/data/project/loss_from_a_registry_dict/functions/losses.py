"""The noise-prediction loss, chosen by the config's model type from a registry of one entry (ermongroup/ddim's
functions/losses.py): the model's forward runs inside it."""
# expect: clean
import torch


def noise_estimation_loss(model, x0, t, e, b):
    a = (1 - b).cumprod(dim=0).index_select(0, t).view(-1, 1, 1, 1)
    x = x0 * a.sqrt() + e * (1.0 - a).sqrt()
    output = model(x, t.float())
    return (e - output).square().sum(dim=(1, 2, 3)).mean(dim=0)


loss_registry = {
    "simple": noise_estimation_loss,
}
