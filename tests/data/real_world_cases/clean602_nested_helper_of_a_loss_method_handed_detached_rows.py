# expect: clean
"""The twin of zg602_term_of_a_nested_helper_of_a_loss_method_kept.py (KGIN's modules/KGIN.py shape, written here):
`_cul_cor` hands its nested helper detached rows of the parameter `disen_weight_att`, so the term it sums carries no
graph, and the loop's `cor_loss += batch_cor` keeps none (the nested def is read with what its arguments carry: not
known to carry a graph here, nothing is reported).
"""
import torch
import torch.nn as nn


class GraphConv(nn.Module):
    def __init__(self, n_factors, emb_size):
        super().__init__()
        self.n_factors = n_factors
        self.disen_weight_att = nn.Parameter(torch.randn(n_factors, emb_size))

    def _cul_cor(self):
        def similarity(a, b):
            return torch.cosine_similarity(a, b, dim=0) ** 2

        cor = 0
        for i in range(self.n_factors):
            for j in range(i + 1, self.n_factors):
                cor += similarity(self.disen_weight_att[i].detach(), self.disen_weight_att[j].detach())
        return cor

    def forward(self, user_emb, entity_emb):
        cor = self._cul_cor()
        return entity_emb @ self.disen_weight_att.t(), user_emb @ self.disen_weight_att.t(), cor


class Recommender(nn.Module):
    def __init__(self, n_users, n_entities, emb_size, n_factors, sim_decay):
        super().__init__()
        self.users = nn.Embedding(n_users, emb_size)
        self.entities = nn.Embedding(n_entities, emb_size)
        self.gcn = GraphConv(n_factors, emb_size)
        self.sim_decay = sim_decay

    def create_bpr_loss(self, users, pos_items, neg_items, cor):
        pos_scores = (users * pos_items).sum(1)
        neg_scores = (users * neg_items).sum(1)
        mf_loss = -torch.log(torch.sigmoid(pos_scores - neg_scores) + 1e-10).mean()
        emb_loss = (users.norm(2).pow(2) + pos_items.norm(2).pow(2) + neg_items.norm(2).pow(2)) / 2
        cor_loss = self.sim_decay * cor
        return mf_loss + emb_loss + cor_loss, mf_loss, emb_loss, cor

    def forward(self, batch):
        entity_gcn_emb, user_gcn_emb, cor = self.gcn(self.users.weight, self.entities.weight)
        u_e = user_gcn_emb[batch["users"]]
        pos_e, neg_e = entity_gcn_emb[batch["pos_items"]], entity_gcn_emb[batch["neg_items"]]
        return self.create_bpr_loss(u_e, pos_e, neg_e, cor)


def train(batches, n_epochs):
    model = Recommender(100, 200, 16, 4, 1e-4)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(n_epochs):
        loss, cor_loss = 0, 0
        for batch in batches:
            optimizer.zero_grad()
            batch_loss, _, _, batch_cor = model(batch)
            batch_loss.backward()
            optimizer.step()
            loss += batch_loss.item()
            cor_loss += batch_cor
        print(epoch, loss, cor_loss.item())
