import torch

# With the torch backend, a Keras model is also a torch.nn.Module...
print("torch.nn.Module?", isinstance(model, torch.nn.Module))
n_torch = sum(p.numel() for p in model.parameters())
print("parameters according to torch:", n_torch, "| according to Keras:", model.count_params())

# ...so a hand-written PyTorch loop can keep training it.
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x_t, y_t = torch.from_numpy(x[:800]), torch.from_numpy(y[:800]).unsqueeze(1)
for step in range(3):
    optimizer.zero_grad()
    loss = torch.nn.functional.binary_cross_entropy(model(x_t), y_t)
    loss.backward()
    optimizer.step()
    print(f"step {step}: loss {loss.item():.4f}")
