"""resume.py: a 6-epoch fit that crashes in the fourth, resumed with BackupAndRestore
(saving every epoch or every 4 batches, and shuffling), with ModelCheckpoint and with
OrbaxCheckpoint, against the same fit with no crash."""

import glob
import os
import shutil

import keras
import numpy as np

EPOCHS, BATCH, BACKUP = 6, 32, "backup"  # BACKUP: BackupAndRestore's folder
rng = np.random.default_rng(0)
x = rng.normal(size=(320, 4)).astype("float32")  # 10 batches per epoch
y = (x @ rng.normal(size=(4, 1)) + 0.1 * rng.normal(size=(320, 1))).astype("float32")
engine = keras.backend.backend()


class Crash(Exception):
    """What stops the training: a power cut, a killed process, a GPU that hangs..."""


class CrashAtBatch(keras.callbacks.Callback):
    """Raises Crash at the end of batch number `n`, counting from the start of
    training."""

    def __init__(self, n):
        super().__init__()
        self.n, self.seen = n, 0

    def on_train_batch_end(self, batch, logs=None):
        self.seen += 1
        if self.seen == self.n:
            raise Crash


def new_net(functional=False):
    """The same network, with the same initial weights, every time: as when a new
    process starts. Sequential, or the same layers as a functional network."""
    keras.utils.set_random_seed(0)
    hidden, output = keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1)
    if functional:
        inputs = keras.Input((4,))
        net = keras.Model(inputs, output(hidden(inputs)))
    else:
        net = keras.Sequential([keras.Input((4,)), hidden, output])
    net.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    return net


def train(net, *callbacks, shuffle=False, **options):
    return net.fit(
        x,
        y,
        epochs=EPOCHS,
        batch_size=BATCH,
        shuffle=shuffle,
        verbose=0,
        callbacks=list(callbacks),
        **options,
    )


def against(reference, net):
    """The same weights as the fit with no crash, within 1e-6? With the largest
    difference in brackets."""
    difference = max(
        float(np.abs(p - q).max())
        for p, q in zip(net.get_weights(), reference.get_weights())
    )
    return (
        f"the weights of the fit with no crash? {difference < 1e-6} "
        f"(difference {difference:.1e})"
    )


no_crash = {}
for shuffled in (False, True):
    no_crash[shuffled] = new_net()
    train(no_crash[shuffled], shuffle=shuffled)  # the whole fit, with no crash

for every, shuffled in (("epoch", False), (4, False), ("epoch", True)):
    shutil.rmtree(BACKUP, ignore_errors=True)
    try:
        train(
            new_net(),
            keras.callbacks.BackupAndRestore(BACKUP, save_freq=every),
            CrashAtBatch(35),
            shuffle=shuffled,
        )
    except Crash:
        pass
    net = new_net()  # another start, with the same command
    history = train(
        net, keras.callbacks.BackupAndRestore(BACKUP, save_freq=every), shuffle=shuffled
    )
    print(
        f"[{engine}] BackupAndRestore, save_freq={every!r}, shuffle={shuffled}: "
        f"resumes in epochs {history.epoch}",
        against(no_crash[shuffled], net),
        f"is {BACKUP}/ still there? {os.path.exists(BACKUP)}",
        sep="; ",
    )

# Every 4 batches and two crashes: the second, at batch 6 of the resumed epoch.
shutil.rmtree(BACKUP, ignore_errors=True)
for crash in (35, 6):
    try:
        train(
            new_net(),
            keras.callbacks.BackupAndRestore(BACKUP, save_freq=4),
            CrashAtBatch(crash),
        )
    except Crash:
        pass
with open(os.path.join(BACKUP, "training_metadata.json")) as file:
    noted = file.read()  # what the last backup before the crash saved
net = new_net()
history = train(net, keras.callbacks.BackupAndRestore(BACKUP, save_freq=4))
print(
    f"[{engine}] BackupAndRestore, save_freq=4, two crashes: the backup notes {noted}",
    f"resumes in epochs {history.epoch}",
    against(no_crash[False], net),
    sep="; ",
)

for old in glob.glob("ckpt_*.keras"):
    os.remove(old)
try:
    train(
        new_net(),
        keras.callbacks.ModelCheckpoint("ckpt_{epoch}.keras"),
        CrashAtBatch(35),
    )
except Crash:
    pass
# {epoch} counts from 1, so the number of the last file is the number of finished
# epochs.
done = max(
    int(path[len("ckpt_") : -len(".keras")]) for path in glob.glob("ckpt_*.keras")
)
last = f"ckpt_{done}.keras"
net = keras.saving.load_model(last)
history = train(net, initial_epoch=done)
print(
    f"[{engine}] ModelCheckpoint, shuffle=False: opens {last} "
    f"and resumes in epochs {history.epoch}",
    against(no_crash[False], net),
    sep="; ",
)

# OrbaxCheckpoint saves with Orbax into a folder, one step per epoch, and load_model
# opens the folder. Here without the background (save_on_background=False): each copy
# is written before training goes on.
for functional in (False, True):
    folder = os.path.abspath("orbax")
    shutil.rmtree(folder, ignore_errors=True)
    try:
        train(
            new_net(functional),
            keras.callbacks.OrbaxCheckpoint(folder, save_on_background=False),
            CrashAtBatch(35),
        )
    except Crash:
        pass
    # each step, a subfolder named after the saved epoch (from 0)
    done = 1 + max(int(step) for step in os.listdir(folder) if step.isdigit())
    net = keras.saving.load_model(folder)
    steps = int(net.optimizer.iterations)
    history = train(net, initial_epoch=done)
    reference = new_net(functional)
    train(reference)
    print(
        f"[{engine}] OrbaxCheckpoint, {'functional' if functional else 'Sequential'}: "
        f"load_model brings {steps} Adam steps "
        f"and resumes in epochs {history.epoch}",
        against(reference, net),
        sep="; ",
    )
