import os

os.environ["KERAS_BACKEND"] = "torch"  # before the first Keras import
import keras
import torch
from torch.profiler import ProfilerActivity, profile

layer = keras.layers.Conv2D(16, 3, padding="same")  # channels last, as in MobileNetV2
x = torch.randn(8, 32, 32, 8)  # batch, height, width, channels
layer(x)  # the first call creates the weights

with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as profiler:
    layer(x)
copies = [e for e in profiler.events() if e.name == "aten::clone"]
print(f"copies (aten::clone) in one Conv2D call: {len(copies)}")
for copy in copies:
    print("  of a tensor of shape", tuple(copy.input_shapes[0]))
view = x.permute(0, 3, 1, 2)  # what Keras permutes before the first copy
print("is the permuted view already channels_last?",
      view.is_contiguous(memory_format=torch.channels_last))
