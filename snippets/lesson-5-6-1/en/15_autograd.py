m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.load_weights("har_torch.weights.h5")
print("is a torch.nn.Module:", isinstance(m, torch.nn.Module))
print([tuple(p.shape) for p in m.parameters()])

xb, yb = torch.tensor(z["Xe"][:256]), torch.tensor(z["ye"][:256])
loss = torch.mean((m(xb).squeeze(-1) - yb) ** 2)
loss.backward()
dense = m.layers[-1]
g_torch = np.r_[dense.kernel.value.grad.numpy().ravel(), dense.bias.value.grad.numpy()]

w, c = dense.get_weights()
resid = z["Xe"][:256] @ w.ravel() + c[0] - z["ye"][:256]
g_hand = 2 * np.r_[z["Xe"][:256].T @ resid, resid.sum()] / 256  # (2/n) Xᵀ(Xw + b − y)
print("autograd gradient:", np.round(g_torch, 5))
print("hand gradient    :", np.round(g_hand, 5))
