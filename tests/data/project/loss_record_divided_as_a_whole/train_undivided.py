# expect: ZG501 18:13
"""Twin of train.py: the loss record taken as the component computes it, its total backpropagated for each of
`grad_acc_steps` micro-batches and never divided: the update is that many times too large."""

import torch

from iris.components import Tokenizer


def train_component(component, optimizer, dataset, steps_per_epoch, grad_acc_steps, max_grad_norm):
    loss_total_epoch = 0.0
    for _ in range(steps_per_epoch):
        optimizer.zero_grad()
        for _ in range(grad_acc_steps):
            batch = dataset.sample_batch()
            losses = component.compute_loss(batch)
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
