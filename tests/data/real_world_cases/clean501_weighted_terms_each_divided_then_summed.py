# expect: clean
"""The shape of zg501_weighted_terms_summed_undivided.py with each loss divided by the window before it is weighted
(`coarse_loss = crit(...) / accu_grad`): the weighted sum is divided where each term is, a product where one of its
factors is (RULES.md ZG501 asks no more).
"""
import torch


def train(model, loader, crit, accu_grad, lambda_coarse, lambda_fine):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
    optimizer.zero_grad()
    for batch, (rays, target) in enumerate(loader):
        coarse, fine = model(rays)
        coarse_loss = crit(coarse, target) / accu_grad
        fine_loss = crit(fine, target) / accu_grad
        loss = coarse_loss * lambda_coarse + lambda_fine * fine_loss
        loss.backward()
        if batch % accu_grad == accu_grad - 1:
            optimizer.step()
            optimizer.zero_grad()
