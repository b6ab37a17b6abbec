# Owner(s): ["module: dynamo"]
# An example test file in PyTorch's shape, with a syntax error for `make demo` to find (the demo
# adds it to a copy of tests/fixtures/workspace).
import torch
import torch._dynamo.test_case
from torch._dynamo.testing import CompileCounter


class ReproExampleTests(torch._dynamo.test_case.TestCase):
    def test_sin_compiles_once(self):
        counter = CompileCounter()

        @torch.compile(backend=counter)
        def fn(x):
            return x.sin() + 1

        fn(torch.randn(4))
        self.assertEqual(counter.frame_count, 1)

    def test_cos_graph(self):
        def fn(x):
            return x.cos(
        torch.compile(fn, fullgraph=True)(torch.randn(3))


if __name__ == "__main__":
    from torch._dynamo.test_case import run_tests

    run_tests()
