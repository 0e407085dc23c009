# Save the trained model (torch backend) in the .keras format and, separately, what
# the other process will use: three inputs to compare and the training data.
model.save("toy_model.keras")
np.savez("toy_data.npz", three=x[800:803], x=x[:800], y=y[:800])
print("torch:", np.round(model.predict(x[800:803], verbose=0).ravel(), 4))
