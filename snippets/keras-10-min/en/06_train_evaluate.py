# Toy data: is x0 + x1·x2 + noise positive? (1,000 examples, 4 features)
rng = np.random.default_rng(1)
x = rng.normal(size=(1000, 4)).astype("float32")
y = (x[:, 0] + x[:, 1] * x[:, 2] + rng.normal(scale=0.5, size=1000) > 0).astype(
    "float32"
)

keras.utils.set_random_seed(1)
model = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(1, activation="sigmoid"),
    ]
)
# compile sets the optimizer, the loss and the metrics.
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])

# fit does the batching, backpropagation, metrics and validation;
# callbacks keep the best model and stop once it no longer improves.
history = model.fit(
    x[:800],
    y[:800],
    validation_split=0.2,
    epochs=100,
    batch_size=32,
    verbose=0,
    callbacks=[
        keras.callbacks.ModelCheckpoint("best.keras", save_best_only=True),
        keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True),
    ],
)
print("epochs trained:", len(history.history["loss"]))

# evaluate measures on data the model has not seen; predict returns probabilities.
loss, accuracy = model.evaluate(x[800:], y[800:], verbose=0)
print(f"test: loss {loss:.3f}, accuracy {accuracy:.3f}")
print(
    "probabilities of the first 3:",
    np.round(model.predict(x[800:803], verbose=0).ravel(), 3),
)
