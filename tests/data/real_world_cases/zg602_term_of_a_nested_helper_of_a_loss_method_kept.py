# expect: ZG602 71:13
"""KGIN's independence term as modules/KGIN.py computes it: `GraphConv._cul_cor` sums a nested helper function's
value over the pairs of rows of the parameter `disen_weight_att` (KGIN's `DistanceCorrelation` and
`CosineSimilarity` are defined inside `_cul_cor`). The recommender's `forward` returns `self.create_bpr_loss(u_e,
pos_e, neg_e, cor)`, handing back `cor` as the fourth element, and the loop sums it into `cor_loss`, kept for the
epoch: every batch's graph of the term stays alive (RULES.md ZG602; huangtinglin/Knowledge_Graph_based_Intent_Network
main.py:112). Missed until miss41: the call of a function defined inside the method (`similarity(...)`) was not
followed; a def nested in the function, called by its name, is now read through its body, handed what its arguments
carry (`returned_graphs.Reading.nested`). The twin handing the helper detached rows is
clean602_nested_helper_of_a_loss_method_handed_detached_rows.py.
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
                cor += similarity(self.disen_weight_att[i], self.disen_weight_att[j])
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
