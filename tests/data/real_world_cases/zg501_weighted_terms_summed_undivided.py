# expect: ZG501 21:9
"""sxyu/pixel-nerf's trainer (train/train.py): the coarse and fine losses summed, each multiplied by its weight from
the config (`rgb_loss * lambda_coarse + fine_loss * lambda_fine`), backpropagated per batch while the step runs every
`accu_grad` batches: a weight is no division by the window, so the step applies the sum of `accu_grad` batches
(RULES.md ZG501). A sum is divided where each term is shown divided, and a product where one of its factors is.
Twin: clean501_weighted_terms_each_divided_then_summed.py.
"""
import torch


def train(model, loader, crit, accu_grad, lambda_coarse, lambda_fine, using_fine):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    optimizer.zero_grad()
    for batch, (rays, target) in enumerate(loader):
        coarse, fine = model(rays)
        rgb_loss = crit(coarse, target)
        if using_fine:
            fine_loss = crit(fine, target)
            rgb_loss = rgb_loss * lambda_coarse + fine_loss * lambda_fine
        loss = rgb_loss
        loss.backward()
        if batch % accu_grad == accu_grad - 1:
            optimizer.step()
            optimizer.zero_grad()
