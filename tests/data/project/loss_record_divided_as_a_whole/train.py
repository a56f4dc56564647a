# expect: clean
"""Each update sums `grad_acc_steps` micro-batches' backwards, the loss record of each divided as a whole by that
count before its total is taken (`losses = component.compute_loss(batch) / grad_acc_steps; losses.loss_total`), as
eloialonso/iris's `Trainer.train_component` does: the total is divided where the record is."""

import torch

from iris.components import Tokenizer


def train_component(component, optimizer, dataset, steps_per_epoch, grad_acc_steps, max_grad_norm):
    loss_total_epoch = 0.0
    for _ in range(steps_per_epoch):
        optimizer.zero_grad()
        for _ in range(grad_acc_steps):
            batch = dataset.sample_batch()
            losses = component.compute_loss(batch) / grad_acc_steps
            loss_total_step = losses.loss_total
            loss_total_step.backward()
            loss_total_epoch += loss_total_step.item() / steps_per_epoch
        torch.nn.utils.clip_grad_norm_(component.parameters(), max_grad_norm)
        optimizer.step()
    return loss_total_epoch


def main(dataset):
    tokenizer = Tokenizer()
    optimizer = torch.optim.Adam(tokenizer.parameters(), lr=1e-4)
    train_component(tokenizer, optimizer, dataset, steps_per_epoch=200, grad_acc_steps=4, max_grad_norm=10.0)
