# expect: clean
"""The project's subtoken loss (GraphGPS's graphgps/loss/subtoken_prediction_loss.py, written here): the mean of one
cross-entropy per predicted position."""

import torch


def subtoken_cross_entropy(pred_list, true):
    criterion = torch.nn.CrossEntropyLoss()
    loss = 0
    for i in range(len(pred_list)):
        loss += criterion(pred_list[i].to(torch.float32), true["y_arr"][:, i])
    loss = loss / len(pred_list)
    return loss, pred_list


def windowed_cross_entropy(model, micro_batches):
    loss = 0
    for inputs, targets in micro_batches:
        loss += torch.nn.functional.cross_entropy(model(inputs), targets)
    return loss / len(micro_batches)
