# Save the trained model (torch backend) in the .keras format and, separately, what
# the other process will use: three inputs to compare and the training data.
model.save("toy_model.keras")
# The training rows are the first 640: validation_split=0.2 set aside for validation the
# last 160 of the 800 that fit was given.
np.savez("toy_data.npz", three=x[800:803], x=x[:640], y=y[:640])
print("torch:", np.round(model.predict(x[800:803], verbose=0).ravel(), 4))
