# 1) The arithmetic: PyTorch's weights, loaded into JAX by the "Same weights" cell.
with np.load("result_jax_loaded.npz") as jax_with_torch_weights:
    gap = float(np.abs(jax_with_torch_weights["pred"] - runs["torch"]["pred"]).max())

# 2) Chance: the same HAR in this process (PyTorch), with three seeds and har_keras.py's
#    recipe.
data = np.load("har.npz")
weekly = []
for seed in (0, 1, 2):
    keras.utils.set_random_seed(seed)
    net = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    net.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
    net.fit(
        data["Xe"],
        data["ye"],
        validation_data=(data["Xv"], data["yv"]),
        epochs=40,
        batch_size=128,
        verbose=0,
    )
    weekly.append(float(net.layers[0].get_weights()[0][1, 0] * sd_y / sd_x[1]))
print(f"same weights, PyTorch against JAX: forecasts within 1e-6?: {gap <= 1e-6}")
print("weekly slope on PyTorch, seeds 0, 1 and 2:", [round(s, 4) for s in weekly])
print(
    "PyTorch against JAX, seed 0 on both (three-engine table):",
    round(
        abs(
            side_by_side.loc["keras-torch", "s5"] - side_by_side.loc["keras-jax", "s5"]
        ),
        4,
    ),
)
