# Owner(s): ["module: inductor"]
import contextlib
import functools
import unittest

import torch
import torch._dynamo
import torch._inductor.config as config
from torch._inductor.test_case import TestCase as InductorTestCase
from torch.testing._internal.common_utils import instantiate_parametrized_tests, skipIfRocm
from torch.testing._internal.inductor_utils import GPU_TYPE, HAS_CPU, HAS_GPU, requires_gpu


def check_model(self, model, example_inputs, kwargs=None, *, atol=None, rtol=None):
    kwargs = kwargs or {}
    torch._dynamo.reset()
    expected = model(*example_inputs, **kwargs)
    actual = torch.compile(model, backend="inductor")(*example_inputs, **kwargs)
    self.assertEqual(actual, expected, atol=atol, rtol=rtol)


def copy_tests(template, target, device):
    for name, value in template.__dict__.copy().items():
        if name.startswith("test_"):
            setattr(target, f"{name}_{device}", value)


class TestCase(InductorTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls._stack = contextlib.ExitStack()
        cls._stack.enter_context(config.patch({"debug": True}))

    @classmethod
    def tearDownClass(cls):
        cls._stack.close()
        super().tearDownClass()


@instantiate_parametrized_tests
class CommonTemplate:
    def test_add_const_int(self):
        def fn(a):
            return (a + 1, torch.add(a, 1, alpha=2))

        self.common(fn, (torch.randn(32),))

    def test_cumsum_last_dim(self):
        def fn(x):
            return x.cumsum(-1)

        self.common(fn, (torch.randn(8, 16),))

    @skipIfRocm
    def test_softmax_large_values(self):
        def fn(x):
            return torch.softmax(x * 1000, dim=-1)

        self.common(fn, (torch.randn(4, 64),))

    @requires_gpu()
    def test_index_put_accumulate(self):
        def fn(x, idx, v):
            return x.index_put((idx,), v, accumulate=True)

        self.common(fn, (torch.zeros(8), torch.tensor([0, 0, 3]), torch.ones(3)))


if HAS_CPU:

    class CpuTests(TestCase):
        common = check_model
        device = "cpu"

    copy_tests(CommonTemplate, CpuTests, "cpu")

if HAS_GPU:

    class GPUTests(TestCase):
        common = check_model
        device = GPU_TYPE

    copy_tests(CommonTemplate, GPUTests, GPU_TYPE)


if __name__ == "__main__":
    from torch._inductor.test_case import run_tests

    if HAS_CPU or HAS_GPU:
        run_tests(needs="filelock")
