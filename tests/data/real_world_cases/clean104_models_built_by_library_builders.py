"""Models built by a library's builders, the batch sized from their config, then the clear before the forward.

Each test builds its model with what a library names (`get_peft_model(...)` imported from peft,
`AutoModelForCausalLM.from_pretrained(...)` of transformers, `timm.create_model(...)`) or with a builder method of a
library's base class (`self.build_model()`), reads its config to size the batch (`torch.randint(0, vocab, ...)`:
the walk back from the loss reaches the model's binding), then clears, runs the forward, the backward and the step:
the conventional order. main e616dc2 reported ZG104 at each clear, naming the builder's line as the forward:
`calls_model` took the word `model` in the builder's name (or its class's) for a run. A library's callable is not
known here, so it is no forward by its name; a method whose name says it builds or loads a model runs none.
"""
# expect: clean
import timm
import torch
from lightning_lib import BaseRunner
from peft import LoraConfig, get_peft_model
from transformers import AutoModelForCausalLM


def test_peft_model(base):
    model = get_peft_model(base, LoraConfig(r=4))
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    vocab = model.config.vocab_size
    input_ids = torch.randint(0, vocab, (2, 8))
    opt.zero_grad()
    out = model(input_ids=input_ids, labels=input_ids)
    out.loss.backward()
    opt.step()


def test_pretrained_model():
    model = AutoModelForCausalLM.from_pretrained("gpt2")
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    vocab = model.config.vocab_size
    input_ids = torch.randint(0, vocab, (2, 8))
    opt.zero_grad()
    out = model(input_ids=input_ids, labels=input_ids)
    out.loss.backward()
    opt.step()


def test_timm_model():
    model = timm.create_model("resnet18", num_classes=10)
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    classes = model.config.num_classes
    images = torch.randn(2, 3, 32, 32)
    labels = torch.randint(0, classes, (2,))
    opt.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(images), labels)
    loss.backward()
    opt.step()


class Runner(BaseRunner):
    def fit(self):
        model = self.build_model()
        opt = torch.optim.SGD(model.parameters(), lr=1e-2)
        vocab = model.config.vocab_size
        input_ids = torch.randint(0, vocab, (2, 8))
        opt.zero_grad()
        out = model(input_ids=input_ids, labels=input_ids)
        out.loss.backward()
        opt.step()
