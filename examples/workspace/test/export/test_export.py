# Owner(s): ["oncall: export"]
import unittest

import torch
import torch._dynamo as torchdynamo
from torch.export import Dim, export
from torch.testing._internal.common_utils import run_tests, TestCase


@unittest.skipIf(not torchdynamo.is_dynamo_supported(), "dynamo isn't supported")
class TestExport(TestCase):
    def test_basic_module(self):
        class Foo(torch.nn.Module):
            def forward(self, x):
                return x.sin() + x.cos()

        inp = (torch.randn(4),)
        ep = export(Foo(), inp)
        self.assertEqual(ep.module()(*inp), Foo()(*inp))

    def test_dynamic_batch(self):
        class Foo(torch.nn.Module):
            def forward(self, x):
                return x.sum(0)

        batch = Dim("batch")
        ep = export(Foo(), (torch.randn(3, 2),), dynamic_shapes={"x": {0: batch}})
        self.assertEqual(ep.module()(torch.randn(5, 2)).shape, torch.Size([2]))

    def test_non_strict_tensor_attribute(self):
        class Foo(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.tensor(2.0)

            def forward(self, x):
                return x * self.scale

        ep = export(Foo(), (torch.ones(2),), strict=False)
        self.assertEqual(ep.module()(torch.ones(2)), torch.full((2,), 2.0))


if __name__ == "__main__":
    run_tests()
