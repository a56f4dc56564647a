# expect: clean
# The smoke tests (a folder of no package) run with the trainer replaced, through pytest's `monkeypatch`.
import pytest


@pytest.fixture(autouse=True)
def fake_trainer(monkeypatch):
    monkeypatch.setattr("recipes.finetune.train", lambda *args: None)
