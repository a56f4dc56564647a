"""GradNorm's helper (the tree's utils module): backpropagates the weighted sum of the task losses, then measures each
task's gradient norm on the last shared layer with `torch.autograd.grad`.

datawhalechina/torch-rechub's torch_rechub/utils/mtl.py `gradnorm`, reduced; see trainer.py for the miss.
"""
# expect: clean
import torch


def gradnorm(loss_list, loss_weight, share_layer, alpha):
    loss = 0
    for loss_i, w_i in zip(loss_list, loss_weight):
        loss += loss_i * w_i
    loss.backward(retain_graph=True)
    for w_i in loss_weight:
        w_i.grad.data = w_i.grad.data * 0.0
    norms = []
    for i in range(len(loss_list)):
        gygw = torch.autograd.grad(loss_list[i], share_layer, retain_graph=True)
        norms.append(torch.norm(torch.mul(loss_weight[i], gygw[0])))
