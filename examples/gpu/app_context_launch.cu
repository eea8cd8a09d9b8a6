// The cost per launch inside and outside an application's span, as the injector reads it
// from NVTX (docs/app-context.md): what a C++ SDK's companion does, without an SDK.
//
//   app_context_launch N MODE   N tiny launches on one stream; MODE:
//     none       no NVTX call
//     outside    the application's domain created and one span published and cleared
//                first (so the injector's launch callbacks are on), then every launch
//                outside any span
//     inside     every launch inside one span (a range of domain opentelemetry.traceparent
//                whose message is a traceparent)
//     inside_op  every launch inside one span and one operator range (default domain)
//     each       a span published and cleared around every launch (a request per launch)
//   Prints "app_context_launch: mode=.. launches=N wall_ms=X".
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

__global__ void tiny(int *out) {
  if (threadIdx.x == 0 && out) out[blockIdx.x & 255] = blockIdx.x;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

#define CHECK(x)                                              \
  do {                                                        \
    cudaError_t e = (x);                                      \
    if (e != cudaSuccess) {                                   \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); \
      exit(1);                                                \
    }                                                         \
  } while (0)

static const char *TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

static void span_push(nvtxDomainHandle_t d) {
  nvtxEventAttributes_t a;
  memset(&a, 0, sizeof a);
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = TRACEPARENT;
  nvtxDomainRangePushEx(d, &a);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: app_context_launch N none|outside|inside|inside_op|each\n");
    return 2;
  }
  long n = atol(argv[1]);
  const char *mode = argv[2];
  int *buf;
  cudaStream_t s;
  CHECK(cudaMalloc(&buf, 256 * sizeof(int)));  // CUDA (and the injector) first: NVTX after
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (int i = 0; i < 1000; i++) tiny<<<1, 32, 0, s>>>(buf);  // warm-up, outside spans
  CHECK(cudaStreamSynchronize(s));
  int nvtx = strcmp(mode, "none") != 0;
  int inside = !strcmp(mode, "inside") || !strcmp(mode, "inside_op");
  int op = !strcmp(mode, "inside_op"), each = !strcmp(mode, "each");
  nvtxDomainHandle_t d = 0;
  if (nvtx) {
    d = nvtxDomainCreateA("opentelemetry.traceparent");
    span_push(d);  // the first push switches the injector's launch callbacks on
    nvtxDomainRangePop(d);
  }
  double t0 = now_ms();
  if (inside) span_push(d);
  if (op) nvtxRangePushA("aten::linear");
  for (long i = 0; i < n; i++) {
    if (each) span_push(d);
    tiny<<<1, 32, 0, s>>>(buf);
    if (each) nvtxDomainRangePop(d);
  }
  CHECK(cudaStreamSynchronize(s));
  if (op) nvtxRangePop();
  if (inside) nvtxDomainRangePop(d);
  double t1 = now_ms();
  printf("app_context_launch: mode=%s launches=%ld wall_ms=%.1f\n", mode, n, t1 - t0);
  return 0;
}
