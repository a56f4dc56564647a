# expect: clean
"""A batch of a sequence-to-sequence toolkit (joeynmt/joeynmt's joeynmt/batch.py): `normalize` returns the loss
as it is where the normalisation is `"sum"` (summed on purpose), else divides it by the sentences or tokens and by
the accumulation count it is handed (1 when it is handed none)."""

class Batch:
    def __init__(self, src, trg, ntokens, nseqs):
        self.src = src
        self.trg = trg
        self.ntokens = ntokens
        self.nseqs = nseqs

    def normalize(self, tensor, normalization="none", n_gpu=1, n_accumulation=1):
        if tensor is None:
            return None
        if n_gpu > 1:
            tensor = tensor.sum()
        if normalization == "sum":
            return tensor
        elif normalization == "batch":
            normalizer = self.nseqs
        elif normalization == "tokens":
            normalizer = self.ntokens
        else:
            normalizer = 1
        norm_tensor = tensor / normalizer
        if n_accumulation > 1:
            norm_tensor = norm_tensor / n_accumulation
        return norm_tensor
