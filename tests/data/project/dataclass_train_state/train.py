# expect: clean
from core.state import create_state
from core.steps import train_step


def main(model, loader, epochs, amp):
    state = create_state(model, lr=1e-3, amp=amp)
    for epoch in range(epochs):
        for batch in loader:
            train_step(state, batch)
