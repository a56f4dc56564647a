# expect: ZG501 21:13
"""linjieli222/HERO's pretrain.py (and ChenRocks/UNITER's): the model's forward returns the loss's parts as a tuple,
summed as they are (`loss = loss_st_ed + loss_neg_ctx + loss_neg_q`), the backward runs every batch and the step every
`gradient_accumulation_steps`, nothing divided by that count (RULES.md ZG501). A term unpacked from the forward's tuple
is not shown divided, so the sum is judged as a whole (corpus29a's sum of divided terms had read such terms as
unknown and the sum as divided: 6 true ZG501 lost on HERO, UNITER and labml's StyleGAN). Twin:
clean501_terms_divided_in_place_then_summed.py.
"""
import torch


def train(model, loader, opts):
    optimizer = torch.optim.AdamW(model.parameters(), lr=opts.lr)
    optimizer.zero_grad()
    for step, batch in enumerate(loader):
        loss = model(batch, compute_loss=True)
        loss_st_ed, loss_neg_ctx, loss_neg_q = loss
        loss = loss_st_ed + loss_neg_ctx + loss_neg_q
        loss = loss.mean()
        if step >= 0:
            loss.backward()
        if (step + 1) % opts.gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
