// NVTX ranges and application spans around kernel launches, for the injector's NVTX and
// application-context checks on a GPU (nvtx.sh, app-context.sh).
//
//   nvtx_launch cost N MODE    N tiny launches on one stream, after 1,000 outside any
//                              range. MODE, NVTX ranges (default domain):
//                                none     no NVTX call
//                                outer    all inside one range
//                                each     a range per launch
//                              or an application's span as a companion publishes it (a
//                              range of domain opentelemetry.traceparent whose message is
//                              a traceparent; one span is published and cleared first, so
//                              that the injector's launch callbacks are on):
//                                app_outside    every launch outside any span
//                                app_inside     every launch inside one span
//                                app_inside_op  inside one span and one operator range
//                                app_each       a span around every launch (a request
//                                               per launch)
//                              Prints "nvtx_launch: mode=.. launches=N wall_ms=X".
//   nvtx_launch mix   T S      T threads, S steps each: per step a range "t<t> s<s>" with
//                              2 launches, a nested range "t<t> s<s> inner" with 2 more.
//                              Each kernel's grid.x encodes the range it was launched in:
//                              1 + t*10000 + s*2 + inner (s < 4000); 1 + t*10000 + 9999:
//                              outside any range; 9001: the domain range; 9003: the range
//                              left open. Also: a domain range with a
//                              registered string and a color, a start/end range started on
//                              thread 0 and ended on thread 1, a pop with nothing open,
//                              and one range left open at exit. Prints what it did.
//   nvtx_launch name-thread    nvtxNameOsThreadA once, then one range and a launch.
//
// Build: nvcc -O2 -o nvtx_launch nvtx_launch.cu -ldl -lpthread (NVTX v3 is header-only).
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

__global__ void tiny(int *out) {
  if (threadIdx.x == 0 && out) out[blockIdx.x & 255] = blockIdx.x;
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t e = (x);                                                      \
    if (e != cudaSuccess) {                                                   \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e));                 \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

static const char *TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

// The application's span on this thread, as a companion publishes it.
static void span_push(nvtxDomainHandle_t d) {
  nvtxEventAttributes_t a;
  memset(&a, 0, sizeof a);
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = TRACEPARENT;
  nvtxDomainRangePushEx(d, &a);
}

static int cost(long n, const char *mode) {
  int *buf;
  cudaStream_t s;
  CHECK(cudaMalloc(&buf, 256 * sizeof(int)));
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (int i = 0; i < 1000; i++) tiny<<<1, 32, 0, s>>>(buf);  // warm-up, outside ranges
  CHECK(cudaStreamSynchronize(s));
  int outer = !strcmp(mode, "outer"), each = !strcmp(mode, "each");
  int app = !strncmp(mode, "app_", 4), app_each = !strcmp(mode, "app_each");
  int app_op = !strcmp(mode, "app_inside_op"), app_inside = app_op || !strcmp(mode, "app_inside");
  if (!outer && !each && !app && strcmp(mode, "none")) {
    fprintf(stderr, "nvtx_launch: unknown cost mode %s\n", mode);
    return 2;
  }
  nvtxDomainHandle_t d = 0;
  if (app) {
    d = nvtxDomainCreateA("opentelemetry.traceparent");
    span_push(d);  // the first push switches the injector's launch callbacks on
    nvtxDomainRangePop(d);
  }
  double t0 = now_ms();
  if (outer) nvtxRangePushA("all launches");
  if (app_inside) span_push(d);
  if (app_op) nvtxRangePushA("aten::linear");
  for (long i = 0; i < n; i++) {
    if (each) nvtxRangePushA("one launch");
    if (app_each) span_push(d);
    tiny<<<1, 32, 0, s>>>(buf);
    if (app_each) nvtxDomainRangePop(d);
    if (each) nvtxRangePop();
  }
  CHECK(cudaStreamSynchronize(s));
  if (app_op) nvtxRangePop();
  if (app_inside) nvtxDomainRangePop(d);
  if (outer) nvtxRangePop();
  double t1 = now_ms();
  printf("nvtx_launch: mode=%s launches=%ld wall_ms=%.1f\n", mode, n, t1 - t0);
  return 0;
}

struct Mix {
  int t, steps;
  int *buf;
  nvtxRangeId_t *cross;  // started by thread 0, ended by thread 1
  pthread_barrier_t *bar;
};

static void launch(int code, cudaStream_t s, int *buf) { tiny<<<code, 32, 0, s>>>(buf); }

static void *mix_thread(void *arg) {
  struct Mix *m = (struct Mix *)arg;
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  if (m->t == 0) *m->cross = nvtxRangeStartA("cross-thread start/end");
  pthread_barrier_wait(m->bar);
  char name[64];
  for (int st = 0; st < m->steps; st++) {
    snprintf(name, sizeof name, "t%d s%d", m->t, st);
    nvtxRangePushA(name);
    int code = 1 + m->t * 10000 + st * 2;
    launch(code, s, m->buf);
    launch(code, s, m->buf);
    snprintf(name, sizeof name, "t%d s%d inner", m->t, st);
    nvtxRangePushA(name);
    launch(code + 1, s, m->buf);
    launch(code + 1, s, m->buf);
    nvtxRangePop();
    nvtxRangePop();
  }
  launch(1 + m->t * 10000 + 9999, s, m->buf);  // outside any range
  CHECK(cudaStreamSynchronize(s));
  pthread_barrier_wait(m->bar);
  if (m->t == 1) nvtxRangeEnd(*m->cross);
  return NULL;
}

static int mix(int threads, int steps) {
  int *buf;
  CHECK(cudaMalloc(&buf, 256 * sizeof(int)));
  // A domain, a registered string and a colored range with a payload.
  nvtxDomainHandle_t dom = nvtxDomainCreateA("gpu-otel check");
  nvtxStringHandle_t reg = nvtxDomainRegisterStringA(dom, "registered setup");
  nvtxEventAttributes_t a;
  memset(&a, 0, sizeof a);
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.colorType = NVTX_COLOR_ARGB;
  a.color = 0xff76b900;
  a.category = 3;
  a.payloadType = NVTX_PAYLOAD_TYPE_INT64;
  a.payload.llValue = 42;
  a.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
  a.message.registered = reg;
  nvtxDomainRangePushEx(dom, &a);
  launch(9001, 0, buf);  // under the domain range
  CHECK(cudaDeviceSynchronize());
  nvtxDomainRangePop(dom);
  nvtxRangePop();  // nothing open: unbalanced, counted
  pthread_barrier_t bar;
  pthread_barrier_init(&bar, NULL, threads);
  nvtxRangeId_t cross = 0;
  pthread_t th[64];
  struct Mix ms[64];
  for (int t = 0; t < threads && t < 64; t++) {
    ms[t] = Mix{t, steps, buf, &cross, &bar};
    pthread_create(&th[t], NULL, mix_thread, &ms[t]);
  }
  for (int t = 0; t < threads && t < 64; t++) pthread_join(th[t], NULL);
  nvtxRangePushA("left open at exit");
  launch(9003, 0, buf);  // under the unclosed range
  CHECK(cudaDeviceSynchronize());
  printf("nvtx_launch: mix threads=%d steps=%d kernels=%d in_ranges=%d push_ranges=%d "
         "start_end=1 domain_ranges=1 unbalanced_pops=1 unclosed=1\n",
         threads, steps, threads * (steps * 4 + 1) + 2, threads * steps * 4 + 2,
         threads * steps * 2 + 1);
  return 0;
}

static int name_thread(void) {
  int *buf;
  CHECK(cudaMalloc(&buf, 256 * sizeof(int)));
  nvtxNameOsThreadA((uint32_t)syscall(SYS_gettid), "named thread");
  nvtxRangePushA("after naming");
  launch(3, 0, buf);
  CHECK(cudaDeviceSynchronize());
  nvtxRangePop();
  printf("nvtx_launch: name-thread ok\n");
  return 0;
}

int main(int argc, char **argv) {
  CHECK(cudaFree(0));  // CUDA first: NVTX below initialises after the injector routed it
  if (argc >= 4 && !strcmp(argv[1], "cost")) return cost(atol(argv[2]), argv[3]);
  if (argc >= 4 && !strcmp(argv[1], "mix")) return mix(atoi(argv[2]), atoi(argv[3]));
  if (argc >= 2 && !strcmp(argv[1], "name-thread")) return name_thread();
  fprintf(stderr,
          "usage: nvtx_launch cost N none|outer|each|app_outside|app_inside|app_inside_op|app_each"
          " | mix THREADS STEPS | name-thread\n");
  return 2;
}
