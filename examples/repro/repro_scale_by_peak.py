# A repro as people post them: `.item()` inside a compiled function breaks the graph, so
# fullgraph=True raises instead of compiling one graph.
import torch


def scale_by_peak(x):
    peak = x.abs().max().item()
    return x / peak


x = torch.randn(16)
out = torch.compile(scale_by_peak, fullgraph=True)(x)
print(out)

# torch._dynamo.exc.Unsupported: Tensor.item
#   Explanation: Dynamo does not support tensor.item() by default
#   Hint: Set `torch._dynamo.config.capture_scalar_outputs = True`
# from user code:
#   File "repro_scale_by_peak.py", line 7, in scale_by_peak
#     peak = x.abs().max().item()
