data = np.load("har.npz")  # the setup's, also if you skipped the seeds section
har_torch = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
har_torch.load_weights("har_torch.weights.h5")  # the ones PyTorch trained in the setup
print("is it a torch.nn.Module?", isinstance(har_torch, torch.nn.Module))
print(
    "parameters:", [(type(p).__name__, tuple(p.shape)) for p in har_torch.parameters()]
)


def gradient_by_hand(X, y, w, b):
    """MSE gradient of y ≈ Xw + b, with r = Xw + b − y: (2/n)·Xᵀr for w,
    (2/n)·Σr for b."""
    r = X @ w + b - y
    return 2 / len(y) * np.r_[X.T @ r, r.sum()]


# A fixed batch: one training session in ten.
x_batch, y_batch = data["Xe"][::10], data["ye"][::10]
har_torch.zero_grad()
loss = torch.mean(
    (har_torch(torch.from_numpy(x_batch))[:, 0] - torch.from_numpy(y_batch)) ** 2
)
loss.backward()  # autograd fills in each parameter's .grad
by_shape = {tuple(p.shape): p.grad.numpy() for p in har_torch.parameters()}
g_autograd = np.r_[by_shape[(3, 1)].ravel(), by_shape[(1,)]]
kernel, bias = har_torch.layers[0].get_weights()
g_formula = gradient_by_hand(x_batch, y_batch, kernel.ravel(), bias[0])
np.save("grad_torch.npy", g_autograd)  # JAX will use it further down

print(f"batch of {len(y_batch)} rows; gradient in the order d1, s5, m22, b")
print("autograd :", np.round(g_autograd, 5))
print("formula  :", np.round(g_formula, 5))
print("equal (tolerance 1e-6):", np.allclose(g_autograd, g_formula, atol=1e-6))
