"""Five pitfalls when handing data to fit, with what Keras answers to each. Runs on
torch."""

import warnings

import keras
from data import (
    EPOCHS,
    BATCH,
    STEPS,
    Batches,
    with_dataloader,
    with_tf_data,
    batch,
    new_network,
    x,
    y,
)


class CountBatches(keras.callbacks.Callback):
    """Counts each epoch's batches; with a cap, stops training when it reaches it."""

    def __init__(self, cap=None):
        super().__init__()
        self.per_epoch, self.cap = [], cap

    def on_epoch_begin(self, epoch, logs=None):
        self.per_epoch.append(0)

    def on_train_batch_end(self, batch_n, logs=None):
        self.per_epoch[-1] += 1
        if self.cap and self.per_epoch[-1] >= self.cap:
            self.model.stop_training = True


def warnings_of(function):
    """Runs function and returns the first sentence of each warning Keras gave along the
    way."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", UserWarning)
        function()
    return [
        str(w.message).split(". ")[0] + "." for w in caught if w.category is UserWarning
    ]


print("1. A generator is used up in the first epoch")


def generator():
    for i in range(STEPS):
        yield batch(i)


count = CountBatches()
caught = warnings_of(
    lambda: new_network().fit(
        generator(), epochs=EPOCHS, shuffle=False, verbose=0, callbacks=[count]
    )
)
print("   batches per epoch:", count.per_epoch)
print(f"   warnings in {EPOCHS} epochs: {len(caught)}; the last:", caught[-1])

print("2. A tf.data that repeats forever, without steps_per_epoch")
endless = with_tf_data()["x"].repeat()
count = CountBatches(cap=10 * STEPS)
new_network().fit(endless, epochs=EPOCHS, shuffle=False, verbose=0, callbacks=[count])
print(
    f"   stopped by hand after {count.per_epoch[0]} batches (10 passes over the data): "
    f"epochs begun {len(count.per_epoch)}"
)
count = CountBatches()
new_network().fit(
    endless,
    epochs=EPOCHS,
    steps_per_epoch=STEPS,
    shuffle=False,
    verbose=0,
    callbacks=[count],
)
print("   with steps_per_epoch=STEPS, batches per epoch:", count.per_epoch)

print("3. The target passed separately, with a tf.data that already carries it")
try:
    new_network().fit(with_tf_data()["x"], y, epochs=1, shuffle=False, verbose=0)
except ValueError as error:
    print("   ValueError:", error)

print("4. What shuffle=True, fit's default, does")
for name, data in [
    ("DataLoader", with_dataloader()["x"]),
    ("tf.data", with_tf_data()["x"]),
]:
    print(
        f"   {name}:",
        warnings_of(lambda: new_network().fit(data, epochs=1, verbose=0))[0],
    )


class NotedBatches(Batches):
    """The page's batches, noting the order in which they are asked for."""

    def __init__(self, **options):
        super().__init__(**options)
        self.requests = []

    def __getitem__(self, i):
        self.requests.append(i)
        return batch(i)


pydataset = NotedBatches()
new_network().fit(pydataset, epochs=1, verbose=0)
print(
    "   PyDataset: the order of the batches is shuffled; asked for in order:",
    pydataset.requests == sorted(pydataset.requests),
)

print("5. A PyDataset with workers=2 on torch or JAX")
FIRST_ROW = {float(x[i * BATCH, 0]): i for i in range(STEPS)}


class Watch(keras.layers.Layer):
    """Lets each batch through untouched and notes which one it is, by its first row,
    epoch by epoch."""

    def __init__(self):
        super().__init__()
        self.epochs = [[]]

    def call(self, batch_x):
        # while building the network, torch runs it on tensors without values
        if batch_x.device.type != "meta":
            self.epochs[-1].append(FIRST_ROW[float(batch_x[0, 0])])
        return batch_x


class NewEpoch(keras.callbacks.Callback):
    def __init__(self, watch):
        super().__init__()
        self.watch = watch

    def on_epoch_begin(self, epoch, logs=None):
        self.watch.epochs.append([])


def net_with_watch():
    watch = Watch()
    net = keras.Sequential([keras.Input((4,)), watch, *new_network().layers])
    net.compile(optimizer="sgd", loss="mse")
    return net, watch


def epochs_seen(net, watch, workers):
    """Trains EPOCHS epochs on the PyDataset and says, epoch by epoch, which batches the
    network saw."""
    watch.epochs = []
    net.fit(
        Batches(workers=workers),
        epochs=EPOCHS,
        shuffle=False,
        verbose=0,
        callbacks=[NewEpoch(watch)],
    )
    start = [seen[0] == 0 for seen in watch.epochs]
    # the later epochs, by how many batches the threads had ready: it varies
    once = sorted(watch.epochs[0]) == list(range(STEPS))
    return (
        f"start with batch 0: {start}; "
        f"the first sees each batch once: {once}"
    )


for workers in (1, 2):
    net, watch = net_with_watch()
    print(
        f"   workers={workers}, the network's first fit:",
        epochs_seen(net, watch, workers),
    )
print("   workers=2, second fit of the same network:", epochs_seen(net, watch, 2))
net, watch = net_with_watch()
# builds compile's loss with a batch of arrays, without touching the PyDataset
net.evaluate(*batch(0), verbose=0)
print(
    "   workers=2, after an evaluate on a batch of arrays:", epochs_seen(net, watch, 2)
)
