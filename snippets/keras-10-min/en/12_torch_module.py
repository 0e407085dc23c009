import torch

# With the torch backend, a Keras model is also a torch.nn.Module...
print("a torch.nn.Module?", isinstance(model, torch.nn.Module))
n_torch = sum(p.numel() for p in model.parameters())
print(
    "parameters according to torch:",
    n_torch,
    "| according to Keras:",
    model.count_params(),
)

# ...so a hand-written PyTorch loop can keep training it.
# fit's training rows
x_t, y_t = torch.from_numpy(x[:640]), torch.from_numpy(y[:640]).unsqueeze(1)


def training_loss():
    return torch.nn.functional.binary_cross_entropy(model(x_t), y_t)


optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
with torch.no_grad():
    print(f"before the loop: loss {training_loss().item():.4f}")
for step in range(1, 4):
    optimizer.zero_grad()
    training_loss().backward()  # gradient at the current weights
    optimizer.step()  # updates them
    with torch.no_grad():  # and we measure with the updated weights
        print(f"after step {step}:    loss {training_loss().item():.4f}")
