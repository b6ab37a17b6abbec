# Owner(s): ["module: dynamo"]
from unittest.mock import patch

import torch
import torch._dynamo.test_case
import torch._dynamo.testing


class RecompileTests(torch._dynamo.test_case.TestCase):
    def test_automatic_dynamic_reduces_recompiles(self):
        def foo(x, y):
            return x * y

        cnt = torch._dynamo.testing.CompileCounter()
        opt = torch.compile(foo, backend=cnt)
        for n in (2, 3, 4):
            opt(torch.randn(n), torch.randn(n))
        self.assertEqual(cnt.frame_count, 2)

    @patch.object(torch._dynamo.config, "recompile_limit", 2)
    def test_recompile_limit_falls_back_to_eager(self):
        cnt = torch._dynamo.testing.CompileCounter()

        @torch.compile(backend=cnt)
        def fn(x, k):
            return x + k

        for k in range(5):
            fn(torch.ones(1), k)
        self.assertEqual(cnt.frame_count, 2)

    def test_guard_on_dtype(self):
        cnt = torch._dynamo.testing.CompileCounter()
        opt = torch.compile(lambda x: x + 1, backend=cnt)
        opt(torch.ones(2, dtype=torch.float32))
        opt(torch.ones(2, dtype=torch.float64))
        self.assertEqual(cnt.frame_count, 2)


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
