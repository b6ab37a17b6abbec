# Owner(s): ["module: dynamo"]
"""
Regression tests for bugs reported against Dynamo. Each test reproduces one issue.
"""
import collections
import functools
import unittest

import torch
import torch._dynamo.test_case
import torch._dynamo.testing
from torch._dynamo.testing import CompileCounter, same
from torch.testing._internal.common_utils import skipIfWindows


class ReproTests(torch._dynamo.test_case.TestCase):
    def setUp(self):
        super().setUp()
        self.counter = CompileCounter()

    def test_namedtuple_output(self):
        Pair = collections.namedtuple("Pair", ["a", "b"])

        def fn(x):
            return Pair(x.sin(), x.cos())

        x = torch.randn(4)
        out = torch.compile(fn, backend="eager")(x)
        self.assertEqual(out.a, x.sin())

    def test_partial_in_graph(self):
        def add(x, y):
            return x + y

        add_one = functools.partial(add, y=1)
        opt = torch.compile(add_one, backend=self.counter)
        self.assertEqual(opt(torch.ones(2)), torch.full((2,), 2.0))
        self.assertEqual(self.counter.frame_count, 1)

    @skipIfWindows(msg="flaky on windows")
    def test_inplace_view_on_input(self):
        def fn(x):
            x.view(-1).add_(1)
            return x

        x = torch.zeros(2, 2)
        ref = fn(x.clone())
        res = torch.compile(fn, backend="aot_eager")(x.clone())
        self.assertTrue(same(ref, res))

    def test_dict_keys_iteration(self):
        def fn(d):
            total = 0
            for k in d.keys():
                total = total + d[k]
            return total

        d = {"a": torch.ones(1), "b": torch.ones(1)}
        self.assertEqual(torch.compile(fn, backend="eager", fullgraph=True)(d), torch.full((1,), 2.0))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
