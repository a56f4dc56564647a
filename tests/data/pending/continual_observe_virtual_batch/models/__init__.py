# expect: clean
"""The registry of learners by name (mammoth's `get_model` imports every module of models/ and keys its class by
`NAME`)."""

from models.coda_prompt import CodaPrompt
from models.l2p import L2P
from models.twf import TwF

MODELS = {cls.NAME: cls for cls in (CodaPrompt, L2P, TwF)}


def get_model(name, net, lr, virtual_bs_n):
    return MODELS[name](net, lr, virtual_bs_n)
