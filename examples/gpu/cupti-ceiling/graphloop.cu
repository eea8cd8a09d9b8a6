// graphloop: a CUDA graph of many small kernels replayed in a loop (the shape of an LLM
// decode step), or the same kernels launched eagerly, with the knobs the ceiling probes
// need: several graphs, two contexts, re-instantiation every N replays, a graph phase
// followed by an eager phase. Prints one line of key=value pairs: what it ran, and so
// what an exact tracer must have recorded.
//
//   graphloop [--mode graph|eager|graph-then-eager] [--nodes 200] [--replays 3000]
//             [--graphs 1] [--contexts 1] [--reinst 0] [--recapture 0]
//             [--destroy-before-eager 0] [--sync-every 1] [--label X] [--time-launch 0]
//             [--capture-mode thread|global|relaxed] [--instantiate-flags 0]
//             [--replay-stream capture|other|legacy] [--copy-nodes 0]
// The last four make the graph more like PyTorch's (torch.cuda.CUDAGraph): global
// capture mode, instantiate flags (1: cudaGraphInstantiateFlagAutoFreeOnLaunch), replay
// on another stream than the capture's or on the legacy default stream, and a memset and
// a device-to-host copy captured with the kernels.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vector>

#define CK(x)                                                                         \
  do {                                                                                \
    cudaError_t e_ = (x);                                                             \
    if (e_ != cudaSuccess) {                                                          \
      fprintf(stderr, "graphloop: %s -> %s (line %d)\n", #x, cudaGetErrorString(e_), __LINE__); \
      exit(2);                                                                        \
    }                                                                                 \
  } while (0)

__global__ void tiny(float *p, int i) {
  if (threadIdx.x == 0) p[i & 1023] += 1.0f;
}

static double now_s() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

struct Ctx {
  CUcontext ctx = nullptr;
  cudaStream_t stream = nullptr;
  cudaStream_t replay = nullptr;  // where the graphs are launched
  float *buf = nullptr;
  std::vector<cudaGraph_t> graphs;
  std::vector<cudaGraphExec_t> execs;
};

static int nodes = 200, graphs_per_ctx = 1, copy_nodes = 0;
static unsigned long long instantiate_flags = 0;
static cudaStreamCaptureMode capture_mode = cudaStreamCaptureModeThreadLocal;
static const char *replay_stream = "capture";
static float *host_copy = nullptr;
static long captured_launches = 0, instantiations = 0, kernel_nodes_seen = 0;

static void use(Ctx &c) {
  if (c.ctx && cuCtxSetCurrent(c.ctx) != CUDA_SUCCESS) { fprintf(stderr, "graphloop: cuCtxSetCurrent failed\n"); exit(2); }
}

static cudaGraph_t capture(Ctx &c) {
  cudaGraph_t g;
  CK(cudaStreamBeginCapture(c.stream, capture_mode));
  if (copy_nodes) CK(cudaMemsetAsync(c.buf + 1023, 0, sizeof(float), c.stream));
  for (int i = 0; i < nodes; i++) tiny<<<1, 32, 0, c.stream>>>(c.buf, i);
  if (copy_nodes) CK(cudaMemcpyAsync(host_copy, c.buf, 8 * sizeof(float), cudaMemcpyDeviceToHost, c.stream));
  captured_launches += nodes;
  CK(cudaStreamEndCapture(c.stream, &g));
  return g;
}

static long kernel_nodes(cudaGraph_t g) {
  size_t n = 0;
  CK(cudaGraphGetNodes(g, nullptr, &n));
  std::vector<cudaGraphNode_t> v(n);
  CK(cudaGraphGetNodes(g, v.data(), &n));
  long k = 0;
  for (auto node : v) {
    cudaGraphNodeType t;
    CK(cudaGraphNodeGetType(node, &t));
    if (t == cudaGraphNodeTypeKernel) k++;
  }
  return k;
}

static cudaGraphExec_t instantiate(cudaGraph_t g) {
  cudaGraphExec_t e;
  CK(cudaGraphInstantiate(&e, g, instantiate_flags));
  instantiations++;
  return e;
}

int main(int argc, char **argv) {
  const char *mode = "graph", *label = "-";
  long replays = 3000, reinst = 0, sync_every = 1;
  int contexts = 1, recapture = 0, destroy_before_eager = 0, time_launch = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const char *k = argv[i], *v = argv[i + 1];
    if (!strcmp(k, "--mode")) mode = v;
    else if (!strcmp(k, "--nodes")) nodes = atoi(v);
    else if (!strcmp(k, "--replays")) replays = atol(v);
    else if (!strcmp(k, "--graphs")) graphs_per_ctx = atoi(v);
    else if (!strcmp(k, "--contexts")) contexts = atoi(v);
    else if (!strcmp(k, "--reinst")) reinst = atol(v);
    else if (!strcmp(k, "--recapture")) recapture = atoi(v);
    else if (!strcmp(k, "--destroy-before-eager")) destroy_before_eager = atoi(v);
    else if (!strcmp(k, "--sync-every")) sync_every = atol(v);
    else if (!strcmp(k, "--time-launch")) time_launch = atoi(v);
    else if (!strcmp(k, "--label")) label = v;
    else if (!strcmp(k, "--copy-nodes")) copy_nodes = atoi(v);
    else if (!strcmp(k, "--instantiate-flags")) instantiate_flags = strtoull(v, nullptr, 0);
    else if (!strcmp(k, "--replay-stream")) replay_stream = v;
    else if (!strcmp(k, "--capture-mode"))
      capture_mode = !strcmp(v, "global")    ? cudaStreamCaptureModeGlobal
                     : !strcmp(v, "relaxed") ? cudaStreamCaptureModeRelaxed
                                             : cudaStreamCaptureModeThreadLocal;
    else { fprintf(stderr, "graphloop: unknown option %s\n", k); return 2; }
  }
  bool do_graph = strcmp(mode, "eager") != 0, do_eager = strcmp(mode, "graph") != 0;

  CK(cudaSetDevice(0));
  CK(cudaFree(0));
  std::vector<Ctx> ctxs(contexts);
  for (int c = 0; c < contexts; c++) {
    if (c > 0) {
      CUdevice dev;
      if (cuDeviceGet(&dev, 0) != CUDA_SUCCESS || cuCtxCreate(&ctxs[c].ctx, nullptr, 0, dev) != CUDA_SUCCESS) {
        fprintf(stderr, "graphloop: cuCtxCreate failed; running with %d context(s)\n", c);
        ctxs.resize(c);
        contexts = c;
        break;
      }
    } else {
      CUcontext cur;
      cuCtxGetCurrent(&cur);
      ctxs[0].ctx = cur;
    }
    use(ctxs[c]);
    CK(cudaStreamCreateWithFlags(&ctxs[c].stream, cudaStreamNonBlocking));
    ctxs[c].replay = ctxs[c].stream;
    if (!strcmp(replay_stream, "other")) CK(cudaStreamCreateWithFlags(&ctxs[c].replay, cudaStreamNonBlocking));
    if (!strcmp(replay_stream, "legacy")) ctxs[c].replay = cudaStreamLegacy;
    if (copy_nodes && !host_copy) CK(cudaMallocHost(&host_copy, 8 * sizeof(float)));
    CK(cudaMalloc(&ctxs[c].buf, 1024 * sizeof(float)));
    CK(cudaMemset(ctxs[c].buf, 0, 1024 * sizeof(float)));
    if (do_graph)
      for (int g = 0; g < graphs_per_ctx; g++) {
        ctxs[c].graphs.push_back(capture(ctxs[c]));
        kernel_nodes_seen = kernel_nodes(ctxs[c].graphs.back());
        ctxs[c].execs.push_back(instantiate(ctxs[c].graphs.back()));
      }
    CK(cudaStreamSynchronize(ctxs[c].stream));
  }

  long graph_replays = 0, graph_kernels = 0, eager_launches = 0, reinstantiations = 0;
  double launch_s = 0, t0 = now_s();
  if (do_graph) {
    for (long r = 0; r < replays; r++) {
      Ctx &c = ctxs[r % contexts];
      use(c);
      int g = (int)((r / contexts) % graphs_per_ctx);
      double a = time_launch ? now_s() : 0;
      CK(cudaGraphLaunch(c.execs[g], c.replay));
      if (time_launch) launch_s += now_s() - a;
      graph_replays++;
      graph_kernels += kernel_nodes_seen;
      if (sync_every > 0 && (r + 1) % sync_every == 0) CK(cudaStreamSynchronize(c.replay));
      if (reinst > 0 && (r + 1) % reinst == 0) {
        for (auto &cc : ctxs) {
          use(cc);
          CK(cudaStreamSynchronize(cc.replay));
          for (int i = 0; i < graphs_per_ctx; i++) {
            CK(cudaGraphExecDestroy(cc.execs[i]));
            if (recapture) { CK(cudaGraphDestroy(cc.graphs[i])); cc.graphs[i] = capture(cc); }
            cc.execs[i] = instantiate(cc.graphs[i]);
          }
        }
        reinstantiations++;
      }
    }
    for (auto &c : ctxs) { use(c); CK(cudaStreamSynchronize(c.replay)); CK(cudaStreamSynchronize(c.stream)); }
  }
  double t_graph = now_s(), t_eager0 = t_graph;
  if (do_graph && do_eager && destroy_before_eager)
    for (auto &c : ctxs) {
      use(c);
      for (int i = 0; i < graphs_per_ctx; i++) { CK(cudaGraphExecDestroy(c.execs[i])); CK(cudaGraphDestroy(c.graphs[i])); }
      c.execs.clear();
      c.graphs.clear();
    }
  if (do_eager) {
    t_eager0 = now_s(); // the eager phase's own start (after any destruction)
    for (long r = 0; r < replays; r++) {
      Ctx &c = ctxs[r % contexts];
      use(c);
      for (int i = 0; i < nodes; i++) tiny<<<1, 32, 0, c.stream>>>(c.buf, i);
      eager_launches += nodes;
      if (sync_every > 0 && (r + 1) % sync_every == 0) CK(cudaStreamSynchronize(c.stream));
    }
    for (auto &c : ctxs) { use(c); CK(cudaStreamSynchronize(c.stream)); }
  }
  double t1 = now_s();
  CK(cudaGetLastError());
  printf("graphloop: label=%s mode=%s nodes=%d kernel_nodes=%ld graphs=%d contexts=%d replays=%ld "
         "graph_kernels_expected=%ld eager_launches=%ld expected_kernels=%ld captured_launches=%ld "
         "instantiations=%ld reinstantiations=%ld sync_every=%ld graph_s=%.3f wall_s=%.3f "
         "ns_per_replay=%.0f launch_ns=%.0f eager_ns_per_launch=%.0f\n",
         label, mode, nodes, kernel_nodes_seen, graphs_per_ctx, contexts, graph_replays, graph_kernels,
         eager_launches, graph_kernels + eager_launches, captured_launches, instantiations, reinstantiations,
         sync_every, t_graph - t0, t1 - t0, 1e9 * (t_graph - t0) / (graph_replays ? graph_replays : 1),
         time_launch && graph_replays ? 1e9 * launch_s / graph_replays : 0.0,
         eager_launches ? 1e9 * (t1 - t_eager0) / eager_launches : 0.0);
  fflush(stdout);
  return 0;
}
