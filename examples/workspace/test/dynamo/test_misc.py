# Owner(s): ["module: dynamo"]
import unittest

import torch
import torch._dynamo.testing
import torch._inductor.test_case
from torch._dynamo.testing import CompileCounter
from torch.testing._internal.common_utils import instantiate_parametrized_tests, parametrize


def make_test(fn):
    def test_fn(self):
        return torch._dynamo.testing.standard_test(self, fn=fn, nargs=2)

    return test_fn


class MiscTests(torch._inductor.test_case.TestCase):
    def test_boolarg(self):
        def boolarg(aa, bb, flag):
            if flag:
                return aa - bb
            return bb - aa

        a = torch.randn(10, 10)
        b = torch.randn(10, 10)
        counter = CompileCounter()
        opt = torch.compile(boolarg, backend=counter)
        self.assertEqual(opt(a, b, True), boolarg(a, b, True))
        self.assertEqual(counter.frame_count, 1)

    @parametrize("dim", [0, 1])
    def test_cat_dim(self, dim):
        x = torch.ones(2, 2)
        fn = torch.compile(lambda t: torch.cat([t, t], dim=dim), backend="eager")
        self.assertEqual(fn(x).shape[dim], 4)

    test_add = make_test(lambda a, b: a + b)
    test_sub = make_test(lambda a, b: a - b)

    def test_len_of_list(self):
        def fn(xs):
            return len(xs)

        self.assertEqual(torch.compile(fn, backend="eager")([1, 2, 3]), 3)


instantiate_parametrized_tests(MiscTests)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
