"""test_rocm.py: can this environment train Keras on the AMD GPU?

Four checks, cheapest first. The first one that fails says what to do and exits with
status 1:
  1. build: the installed PyTorch is a ROCm build (torch.version.hip is set);
  2. GPU: PyTorch sees it (torch.cuda.is_available()), and cuda:0 is neither integrated
     nor a GPU without kernels in this PyTorch (a warning if another dedicated one has
     more memory);
  3. arithmetic: a matrix product and a convolution give the same result on the GPU as
     on the CPU;
  4. Keras: a small convolutional network learns on the GPU, with its weights on the
     GPU.

ROCM_GUIDE_ACCEPT_CUDA=1 is a switch for the site's CI, to run the guide on an NVIDIA
machine: with a Radeon, do not set it.
"""

import os
import sys

# Keras reads the variable when it is imported: set it first
os.environ["KERAS_BACKEND"] = "torch"

import torch

ACCEPT_CUDA = os.environ.get("ROCM_GUIDE_ACCEPT_CUDA") == "1"
# Largest relative deviation allowed between GPU and CPU. float32 rounding gives about
# 1e-6 (under the NVIDIA opt-in, TF32 can reach 1e-3: still inside); a build that
# computes wrongly gives NaN or deviations of order 1.
TOLERANCE = 1e-2


def say(text):
    print(text, flush=True)


def fail(problem, remedy):
    say(f"FAILED: {problem}")
    say(f"  what to do: {remedy}")
    sys.exit(1)


def check_build():
    if torch.version.hip:
        return f"ROCm (HIP {torch.version.hip})"
    if torch.version.cuda and ACCEPT_CUDA:
        return (
            f"CUDA {torch.version.cuda}, accepted on request (ROCM_GUIDE_ACCEPT_CUDA=1)"
        )
    kind = (
        f"CUDA {torch.version.cuda} build" if torch.version.cuda else "CPU-only build"
    )
    fail(
        f"this PyTorch is not a ROCm build ({kind})",
        "uninstall it (pip uninstall -y torch), then install it again from PyTorch's "
        'ROCm index (step 2); without the uninstall, pip considers "torch==2.9.1" '
        "already satisfied and changes nothing",
    )


def check_gpu():
    if not torch.cuda.is_available():
        fail(
            "PyTorch is a ROCm build but sees no GPU",
            "check access to /dev/kfd and /dev/dri/renderD* (render and video groups) "
            "and that HIP_VISIBLE_DEVICES, ROCR_VISIBLE_DEVICES or "
            "CUDA_VISIBLE_DEVICES do not hide the card (Troubleshooting)",
        )
    # Keras and this program work on cuda:0. With a Ryzen 7000 or 9000, the processor's
    # integrated graphics can be listed beside the Radeon, and can even be cuda:0.
    gpus = [
        torch.cuda.get_device_properties(i) for i in range(torch.cuda.device_count())
    ]
    say(f"ok  GPU: cuda:0, {gpus[0].name} (of {len(gpus)} visible)")
    # Each GPU's ISA, against the ones this PyTorch carries: a Ryzen 7000's integrated
    # GPU (gfx1036) is not among them, even when ROCm does not flag it as integrated.
    isas = torch.cuda.get_arch_list()
    no_kernels = [
        bool(torch.version.hip) and p.gcnArchName.split(":")[0] not in isas
        for p in gpus
    ]
    for i, p in enumerate(gpus):
        say(
            f"    cuda:{i}: {p.name}, {p.gcnArchName.split(':')[0]}, "
            f"{p.total_memory / 2**30:.1f} GiB, "
            f"{'integrated GPU' if p.is_integrated else 'dedicated GPU'}"
            f"{', no kernels in this PyTorch' if no_kernels[i] else ''}"
        )
    if gpus[0].is_integrated or no_kernels[0]:
        fail(
            "cuda:0 is an integrated GPU or one this PyTorch carries no kernels for",
            "leave only the Radeon visible with ROCR_VISIBLE_DEVICES (step 1, "
            '"If rocminfo lists an integrated GPU") and run the test again',
        )
    if any(
        not p.is_integrated and p.total_memory > gpus[0].total_memory for p in gpus[1:]
    ):
        say(
            "WARNING: another dedicated GPU has more memory than cuda:0; if that is "
            "the one you meant to test, make it the only visible GPU with "
            'ROCR_VISIBLE_DEVICES (step 1, "If rocminfo lists an integrated GPU")'
        )


def relative_deviation(on_gpu, on_cpu):
    """The largest absolute difference, in units of the reference's (CPU's) largest
    value."""
    return ((on_gpu.cpu() - on_cpu).abs().max() / on_cpu.abs().max()).item()


def check_arithmetic():
    rng = torch.Generator().manual_seed(0)
    a, b = torch.randn(2, 1024, 1024, generator=rng)
    photos = torch.randn(8, 3, 64, 64, generator=rng)
    kernels = torch.randn(16, 3, 3, 3, generator=rng)
    computations = {
        "matmul 1024 × 1024": lambda d: a.to(d) @ b.to(d),
        "conv2d 3 × 3": lambda d: torch.nn.functional.conv2d(
            photos.to(d), kernels.to(d), padding=1
        ),
    }
    for name, compute in computations.items():
        reference = compute("cpu")
        result = compute("cuda")
        # the GPU works asynchronously: wait until it has really finished
        torch.cuda.synchronize()
        if not torch.isfinite(result).all():
            fail(
                f"{name}: the GPU returns NaN or infinities",
                "see “Results that do not add up”",
            )
        deviation = relative_deviation(result, reference)
        if deviation > TOLERANCE:
            fail(
                f"{name}: the GPU result differs from the CPU's ({deviation:.1e})",
                "see “Results that do not add up”",
            )
        say(f"ok  {name}: GPU = CPU (relative deviation {deviation:.1e})")


def check_keras():
    import keras
    import numpy as np

    if keras.backend.backend() != "torch":
        fail(
            f"Keras uses the {keras.backend.backend()} backend",
            "set KERAS_BACKEND=torch before importing Keras",
        )

    # Synthetic data, no downloads: class 1 is made up of the brighter images. A working
    # network learns it in a few epochs, and that needs the convolution's backward pass
    # too.
    generator = np.random.default_rng(0)
    labels = generator.integers(0, 2, size=256)
    images = (
        generator.random((256, 32, 32, 3)) * 0.5 + 0.5 * labels[:, None, None, None]
    ).astype("float32")

    keras.utils.set_random_seed(42)
    net = keras.Sequential(
        [
            keras.Input((32, 32, 3)),
            keras.layers.Conv2D(16, 3, padding="same", activation="relu"),
            keras.layers.MaxPooling2D(),
            keras.layers.Conv2D(16, 3, activation="relu"),
            keras.layers.GlobalAveragePooling2D(),
            keras.layers.Dense(2),
        ]
    )
    net.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    losses = net.fit(images, labels, batch_size=32, epochs=5, verbose=0).history["loss"]
    torch.cuda.synchronize()

    places = {weight.value.device.type for weight in net.weights}
    if places != {"cuda"}:
        fail(
            f"the Keras weights are on {sorted(places)}, not on the GPU",
            "Keras puts its weights on 'cuda' when PyTorch sees the GPU; unset "
            "KERAS_TORCH_DEVICE if you set it",
        )
    if not np.isfinite(losses).all() or losses[-1] >= losses[0]:
        fail(
            f"the network does not learn on the GPU (losses {losses})",
            "see “Results that do not add up”",
        )
    say(
        f"ok  Keras trains on the GPU: loss {losses[0]:.3f} → {losses[-1]:.3f} "
        "in 5 epochs"
    )


if __name__ == "__main__":
    say(f"PyTorch {torch.__version__}")
    say(f"ok  build: {check_build()}")
    check_gpu()
    check_arithmetic()
    check_keras()
    say(
        "Peak VRAM allocated by PyTorch: "
        f"{torch.cuda.max_memory_allocated() / 2**20:.0f} MiB"
    )
    say("All good: go on to step 5 (or step 4, if you use notebooks).")
