"""Running the analysis graphs with onnxruntime: the whole analysis over the user's samples,
and one layer again on its kept inputs (a re-run after its factors change). The only module
that imports onnxruntime, so that nothing else pays for it at start-up.

Progress is reported after each sample as ``progress(done, total)`` (the samples' results are
taken in order, whatever order their runs end in); returning False, or
calling `cancel()` from another thread, stops the run (a run under way is interrupted
through onnxruntime's terminate flag) and raises AnalysisCancelled.
"""
from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar, cast

import numpy as np
import onnx

from editor.analysis.activations import Accumulator, ActivationFigures, OutputCheck
from editor.analysis.graph import (
    STAT_NAMES,
    LayerPlan,
    analysis_model,
    factor_values,
    float_outputs,
    prefix_model,
    probe_model,
    quantized_model,
)
from editor.analysis.inputs import InputError, InputSpec, Sample
from editor.analysis.metrics import cosine_of_difference
from editor.i18n import translate

Progress = Callable[[int, int], bool]

#: runs made side by side at most (each keeps its tensors in memory while it runs)
MAX_SIDE_BY_SIDE = 2

#: whether onnxruntime's idle threads spin (its default) rather than sleep; see make_session
SPIN = False


class AnalysisCancelled(Exception):
    """The user stopped the analysis."""


class AnalysisError(Exception):
    """The model cannot be run for the analysis (onnxruntime refused it); str() says why."""


def _ort() -> Any:
    import onnxruntime

    return onnxruntime


def make_session(model: onnx.ModelProto, threads: int | None = None) -> Any:
    """An onnxruntime CPU session of `model` (warnings about unused initializers silenced);
    `threads` limits its threads (onnxruntime's default: one per core)."""
    ort = _ort()
    try:
        return ort.InferenceSession(model.SerializeToString(), session_options(threads),
                                    providers=["CPUExecutionProvider"])
    except Exception as e:  # noqa: BLE001 - onnxruntime raises its own exception types
        raise AnalysisError(translate("analysis", "onnxruntime cannot load the model: {reason}").format(
            reason=_first_line(e))) from None


def session_options(threads: int | None = None) -> Any:
    """The onnxruntime SessionOptions of `make_session`."""
    ort = _ort()
    options = ort.SessionOptions()
    options.log_severity_level = 3
    # onnxruntime's default order keeps the tensors a branch reads alive until the branches run
    # (measured on PP-OCRv4 det: peak memory halved, the same speed)
    options.execution_order = ort.ExecutionOrder.PRIORITY_BASED
    # idle threads sleep instead of spinning between the thousands of small nodes the analysis
    # graph has: on a 2-core machine shared with other work the spinning took over a quarter of
    # the CPU time and slowed the run (scripts/bench_analysis.py --spin); results unchanged
    options.add_session_config_entry("session.intra_op.allow_spinning", "1" if SPIN else "0")
    # the graphs' QuantizeLinear/DequantizeLinear pairs are fake quantization, not quantized
    # kernels to form: onnxruntime's QDQ passes would only copy every DequantizeLinear that
    # has two readers (run twice) and cost a pass over the graph each
    options.add_session_config_entry("session.disable_quant_qdq", "1")
    if threads is not None:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
    return options


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def model_inputs(model: onnx.ModelProto) -> list[InputSpec]:
    """The inputs a run feeds: the graph's inputs that are not initializers."""
    from onnx import helper

    inits = {t.name for t in model.graph.initializer}
    specs = []
    for vi in model.graph.input:
        if vi.name in inits:
            continue
        tt = vi.type.tensor_type
        dtype = np.dtype(helper.tensor_dtype_to_np_dtype(tt.elem_type)) if tt.elem_type else np.dtype(np.float32)
        shape = tuple(int(d.dim_value) if d.HasField("dim_value") and d.dim_value > 0 else None
                      for d in tt.shape.dim)
        specs.append(InputSpec(vi.name, shape, dtype))
    return specs


class _Runner:
    """What the runs share: samples read one at a time, progress, cancel."""

    def __init__(self, specs: Sequence[InputSpec], samples: Sequence[Sample], threads: int | None = None):
        self.specs = list(specs)
        self.samples = list(samples)
        self.threads = threads
        self._cancelled = threading.Event()
        self._lock = threading.Lock()
        #: the RunOptions of the runs under way (several at once where samples run side by side)
        self._active: set[Any] = set()

    def cancel(self) -> None:
        """Stop the runs under way (from any thread)."""
        self._cancelled.set()
        with self._lock:
            for options in self._active:
                options.terminate = True

    def reset(self) -> None:
        """Forget a cancel: the next run starts afresh (a kept probe is asked again later)."""
        self._cancelled.clear()

    def _check(self, progress: Progress | None, done: int, total: int) -> None:
        if self._cancelled.is_set() or (progress is not None and not progress(done, total)):
            raise AnalysisCancelled()

    def _run(self, session: Any, names: list[str], sample: Sample,
             feeds: dict[str, np.ndarray] | None = None) -> list[np.ndarray]:
        ort = _ort()
        wanted = {i.name for i in session.get_inputs()}
        arrays = sample.load(self.specs) if feeds is None else feeds
        options = ort.RunOptions()
        with self._lock:
            if self._cancelled.is_set():
                raise AnalysisCancelled()
            self._active.add(options)
        try:
            return cast(list[np.ndarray], session.run(names, {k: v for k, v in arrays.items() if k in wanted}, options))
        except Exception as e:  # noqa: BLE001 - onnxruntime raises its own exception types
            if self._cancelled.is_set():
                raise AnalysisCancelled() from None
            raise InputError(translate("analysis", "the model cannot run on this input: {reason}").format(
                reason=_first_line(e)), ", ".join(str(p) for p in sample.paths)) from None
        finally:
            with self._lock:
                self._active.discard(options)


class ActivationRun(_Runner):
    """The whole analysis: per sample, a run of the float model with the branches and (for the
    whole-model check) one of the quantized model (`graph.analysis_model`), side by side."""

    def __init__(self, model: onnx.ModelProto, plans: list[LayerPlan], specs: Sequence[InputSpec],
                 samples: Sequence[Sample], *, whole_model: bool = True, threads: int | None = None):
        super().__init__(specs, samples, threads)
        self.model = model
        self.plans = plans
        self.whole_model = whole_model

    def run(self, progress: Progress | None = None, meanwhile: Callable[[], None] | None = None
            ) -> tuple[dict[int, ActivationFigures], list[OutputCheck]]:
        """Activation figures by record entry index, and the whole-model check per output.
        `meanwhile` is called in this thread once onnxruntime is at work (it may raise
        AnalysisCancelled, which stops the runs)."""
        total = len(self.samples) + 1
        self._check(progress, 0, total)
        if not self.plans:
            if meanwhile is not None:
                meanwhile()
            return {}, []  # nothing to measure: no run
        whole = self.whole_model
        workers = side_by_side(len(self.samples) * (2 if whole else 1), self.threads)
        # side by side, the runs share the cores (one each on two): they keep the cores busy
        # between them, where one run's threads would wait on each other at every one of the
        # thousands of small nodes
        threads = max(1, _cores(self.threads) // workers) if workers > 1 else self.threads
        accs = [Accumulator(p.act_bits, p.scale_d, p.offset_d, p.balance is not None, p.y is not None)
                for p in self.plans]
        with _Jobs(workers, self) as jobs:
            # each model is prepared as soon as it is built, side by side with the next steps
            graph = analysis_model(self.model, self.plans, whole_model=False)
            sessions = [jobs.submit(make_session, graph.model, threads)]
            outputs = float_outputs(self.model) if whole else []
            if whole:
                sessions.append(jobs.submit(make_session, quantized_model(self.model, self.plans), threads))
            self._check(progress, 1, total)
            names = [n for d in graph.layers for n in d.values()]
            wanted = [names + outputs, outputs]
            runs: list[list[_Job[list[np.ndarray]]]] = []
            for sample in self.samples:
                # the quantized model's run first: its session is ready first, so its worker
                # starts at once instead of waiting on the larger session
                mine = {k: jobs.submit(self._run_when_ready, sessions[k], wanted[k], sample)
                        for k in reversed(range(len(sessions)))}
                runs.append([mine[k] for k in range(len(sessions))])
            if meanwhile is not None:
                meanwhile()
            checks: dict[str, list[tuple[float, float]]] = {name: [] for name in outputs}
            for done, futures in enumerate(runs, start=2):
                values = [f.result() for f in futures]
                got = dict(zip(names, values[0], strict=False))
                for acc, out in zip(accs, graph.layers, strict=True):
                    acc.add({k: got[v] for k, v in out.items()})
                if len(values) > 1:
                    for name, y, yq in zip(outputs, values[0][len(names):], values[1], strict=True):
                        checks[name].append(compare_outputs(y, yq))
                self._check(progress, done, total)
        figures = {p.index: acc.figures() for p, acc in zip(self.plans, accs, strict=True)}
        return figures, [_output_check(name, values) for name, values in checks.items()]

    def _run_when_ready(self, session: _Job[Any], names: list[str], sample: Sample) -> list[np.ndarray]:
        return self._run(session.result(), names, sample)


T = TypeVar("T")


class _Job(Generic[T]):
    """A call whose result is wanted later: on a pool (a Future), or made when first asked."""

    def __init__(self, future: Future[T] | None, call: Callable[[], T] | None = None):
        self._future = future
        self._call = call
        self._done = False
        self._value: T | None = None

    def result(self) -> T:
        if self._future is not None:
            return self._future.result()
        if not self._done:
            assert self._call is not None
            self._value, self._done, self._call = self._call(), True, None
        return cast(T, self._value)

    def running(self) -> bool:
        return self._future is not None and not self._future.done()


class _Jobs:
    """Calls made on `workers` threads side by side, or one after the other in the caller's
    thread when there is one worker; leaving the block stops what still runs (a cancel, an
    error) and drops what waits."""

    def __init__(self, workers: int, runner: _Runner):
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="analysis") if workers > 1 else None
        self._runner = runner
        self._jobs: list[_Job[Any]] = []

    def submit(self, fn: Callable[..., T], *args: Any) -> _Job[T]:
        if self._pool is None:
            job: _Job[T] = _Job(None, lambda: fn(*args))
        else:
            job = _Job(self._pool.submit(fn, *args))
        self._jobs.append(job)
        return job

    def __enter__(self) -> _Jobs:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            if any(j.running() for j in self._jobs):
                self._runner.cancel()
            self._pool.shutdown(wait=True, cancel_futures=True)


def compare_outputs(y: np.ndarray, yq: np.ndarray) -> tuple[float, float]:
    """(cosine, largest absolute difference) of a float output and its quantized model's, in
    float64. The sums are numpy's own loops, not BLAS: OpenBLAS's dot hands an output of a
    few hundred thousand values to its threads, which then spin for a while after the call,
    taking the cores from the onnxruntime runs still under way (measured: 8 ms a dot instead
    of 0.5 ms, and the runs beside it slowed)."""
    a = np.asarray(y, dtype=np.float64).reshape(-1)
    b = np.asarray(yq, dtype=np.float64).reshape(-1)
    if a.shape != b.shape:
        return math.nan, math.nan
    d = a - b
    largest = float(np.max(np.abs(d))) if d.size else math.nan
    return cosine_of_difference(_dot(a), _dot(b), _dot(d)), largest


def _dot(v: np.ndarray) -> float:
    """Σv² of a float64 vector, in numpy's loop (see compare_outputs)."""
    return float(np.einsum("i,i->", v, v))


def _cores(threads: int | None) -> int:
    return threads if threads is not None else (os.cpu_count() or 1)


def side_by_side(runs: int, threads: int | None) -> int:
    """How many runs to make at once: one per core the analysis may use (`threads`, or every
    core), no more than there are runs, MAX_SIDE_BY_SIDE at most (each holds its tensors)."""
    return max(1, min(runs, _cores(threads), MAX_SIDE_BY_SIDE))


def _output_check(name: str, values: list[tuple[float, float]]) -> OutputCheck:
    cos = tuple(c for c, _ in values)
    return OutputCheck(name, float(np.mean(cos)) if cos else float("nan"), min(cos, default=float("nan")),
                       max((m for _, m in values), default=float("nan")), cos)


class LayerProbe(_Runner):
    """One layer measured again, on its float inputs (and outputs) of every sample kept in
    memory: a re-run after the layer's factors change costs one pass of that layer alone.

    `fill()` runs the model up to the layer once per sample (the part of the model it needs)
    and keeps what the layer reads and writes; `run(plan)` measures it with the plan's
    factors and weights. `nbytes` is what it keeps.
    """

    def __init__(self, model: onnx.ModelProto, plan: LayerPlan, specs: Sequence[InputSpec],
                 samples: Sequence[Sample], threads: int | None = None):
        super().__init__(specs, samples, threads)
        self.model = model
        self.plan = plan
        self._kept: list[tuple[np.ndarray, np.ndarray | None]] | None = None
        self._session = None
        self._outputs: dict[str, str] = {}

    @property
    def filled(self) -> bool:
        return self._kept is not None

    @property
    def nbytes(self) -> int:
        return sum(x.nbytes + (y.nbytes if y is not None else 0) for x, y in self._kept or [])

    def fill(self, progress: Progress | None = None) -> None:
        """Run the model up to the layer on every sample and keep its input (and output)."""
        names = [self.plan.x] + ([self.plan.y] if self.plan.y is not None else [])
        total = len(self.samples) + 1
        self._check(progress, 0, total)
        session = make_session(prefix_model(self.model, names), self.threads)
        kept = []
        for done, sample in enumerate(self.samples, start=2):
            got = self._run(session, names, sample)
            kept.append((got[0], got[1] if len(got) > 1 else None))
            self._check(progress, done, total)
        self._kept = kept

    def _probe(self) -> Any:
        if self._session is None:
            from onnx import helper

            x0, y0 = self._kept[0] if self._kept else (None, None)
            assert x0 is not None
            x_info = helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, None)
            y_info = helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, None) if y0 is not None else None
            bias = self.plan.bias
            if isinstance(bias, str):
                from editor.analysis.plans import ModelTensors

                bias = ModelTensors(self.model).value(bias)
            m, outs = probe_model(self.model, self.plan, x_info, y_info,
                                  None if bias is None else np.asarray(bias, dtype=np.float32))
            self._session = make_session(m, self.threads)
            self._outputs = outs
        return self._session

    def run(self, plan: LayerPlan, progress: Progress | None = None) -> ActivationFigures:
        """The layer's figures with `plan`'s factors and weights (the same layer, structure
        unchanged: the same input, output, fold and balance shape)."""
        if self._kept is None:
            self.fill(progress)
        assert self._kept is not None
        session = self._probe()
        names = [self._outputs[k] for k in STAT_NAMES if k in self._outputs]
        factors = factor_values(plan.act_bits, plan.scale_d, plan.offset_d)
        acc = Accumulator(plan.act_bits, plan.scale_d, plan.offset_d, plan.balance is not None, plan.y is not None)
        wanted = {i.name for i in session.get_inputs()}
        fixed: dict[str, np.ndarray] = {k: v for k, v in factors.items() if k in wanted}
        if plan.weight is not None:
            fixed["weight"] = plan.weight
        if plan.balance is not None:
            fixed["balance"] = plan.balance
        for sample, (x, y) in zip(self.samples, self._kept, strict=True):
            feeds = {"x": x, **fixed}
            if y is not None:
                feeds["y"] = y
            got = dict(zip(names, self._run(session, names, sample, feeds), strict=True))
            acc.add({k: got[v] for k, v in self._outputs.items()})
        return acc.figures()
