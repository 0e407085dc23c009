SCALE = data["sd_y"] / data["sd_x"]  # standardised slope -> slope in log RV
X_train, y_train = torch.from_numpy(data["Xe"]), torch.from_numpy(data["ye"])

# common start: zeros
har_torch.set_weights([np.zeros((3, 1), "float32"), np.zeros(1, "float32")])
optimizer = torch.optim.SGD(har_torch.parameters(), lr=0.3)
for step in range(1, 301):  # gradient descent on the whole batch, no fit()
    optimizer.zero_grad()
    loss = torch.mean((har_torch(X_train)[:, 0] - y_train) ** 2)
    loss.backward()
    optimizer.step()
    if step in (1, 10, 100, 300):
        print(f"step {step:>3}: standardised MSE {loss.item():.4f}")

kernel, bias = har_torch.layers[0].get_weights()
loop_weights = np.r_[kernel.ravel(), bias]
np.save("torch_loop_weights.npy", loop_weights)  # also for the comparison with JAX

X1 = np.c_[data["Xe"], np.ones(len(data["Xe"]))]
ols_std = np.linalg.lstsq(X1, data["ye"], rcond=None)[0]  # [d1, s5, m22, intercept]
print("slopes d1, s5, m22 in log RV")
print("  torch.optim loop  :", np.round(loop_weights[:3] * SCALE, 4))
print("  least squares     :", np.round(ols_std[:3] * SCALE, 4))
