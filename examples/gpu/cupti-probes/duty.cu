// The serialized tier's cost at a given duty on a GPU: fixed work over S streams, bursts of B ms every G ms,
// start/stop on the launching thread at launch boundaries (ctx sync before Start), GetData after Stop.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_pcsampling.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <string>
static const char* rs(CUptiResult r) { const char* s = "?"; cuptiGetResultString(r, &s); return s; }
__global__ void fma(float* a, int iters) {
  int i = threadIdx.x + blockIdx.x * blockDim.x; float x = a[i];
  for (int k = 0; k < iters; k++) x = x * 0.999999f + 0.000001f;
  a[i] = x;
}
static CUcontext ctx; static size_t nStall; static std::vector<uint32_t> idx; static CUpti_PCSamplingData pc;
static int S = 4, BLOCKS = 16, ITERS = 40000, KERNELS = 20000;
static float* buf; static cudaStream_t st[8];
using clk = std::chrono::steady_clock;
static double ms(clk::time_point a, clk::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }
static uint64_t pcs = 0, samples = 0;
static void drain() {
  for (int it = 0; it < 64; it++) {
    pc.totalNumPcs = 0;
    CUpti_PCSamplingGetDataParams g; memset(&g, 0, sizeof g); g.size = CUpti_PCSamplingGetDataParamsSize; g.ctx = ctx; g.pcSamplingData = &pc;
    if (cuptiPCSamplingGetData(&g) != CUPTI_SUCCESS) break;
    for (size_t i = 0; i < pc.totalNumPcs; i++) { pcs++; for (size_t j = 0; j < pc.pPcData[i].stallReasonCount; j++) samples += pc.pPcData[i].stallReason[j].samples; }
    if (pc.remainingNumPcs == 0 && pc.totalNumPcs == 0) break;
  }
}
static void setup(int period, size_t npc) {
  CUpti_PCSamplingEnableParams en; memset(&en, 0, sizeof en); en.size = CUpti_PCSamplingEnableParamsSize; en.ctx = ctx;
  CUptiResult r = cuptiPCSamplingEnable(&en); if (r) printf("enable %s\n", rs(r));
  CUpti_PCSamplingGetNumStallReasonsParams np; memset(&np, 0, sizeof np); np.size = CUpti_PCSamplingGetNumStallReasonsParamsSize; np.ctx = ctx; np.numStallReasons = &nStall; cuptiPCSamplingGetNumStallReasons(&np);
  idx.resize(nStall); std::vector<char*> names(nStall); for (auto& n : names) n = (char*)calloc(CUPTI_STALL_REASON_STRING_SIZE, 1);
  CUpti_PCSamplingGetStallReasonsParams sp; memset(&sp, 0, sizeof sp); sp.size = CUpti_PCSamplingGetStallReasonsParamsSize; sp.ctx = ctx; sp.numStallReasons = nStall; sp.stallReasonIndex = idx.data(); sp.stallReasons = names.data(); cuptiPCSamplingGetStallReasons(&sp);
  memset(&pc, 0, sizeof pc); pc.size = sizeof pc; pc.collectNumPcs = npc; pc.pPcData = (CUpti_PCSamplingPCData*)calloc(npc, sizeof(CUpti_PCSamplingPCData));
  for (size_t i = 0; i < npc; i++) { pc.pPcData[i].size = sizeof(CUpti_PCSamplingPCData); pc.pPcData[i].stallReason = (CUpti_PCSamplingStallReason*)calloc(nStall, sizeof(CUpti_PCSamplingStallReason)); }
  CUpti_PCSamplingConfigurationInfo c[6]; memset(c, 0, sizeof c); int n = 0;
  c[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE; c[n++].attributeData.collectionModeData.collectionMode = CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED;
  c[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL; c[n++].attributeData.enableStartStopControlData.enableStartStopControl = 1;
  c[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON; c[n].attributeData.stallReasonData.stallReasonCount = nStall; c[n++].attributeData.stallReasonData.pStallReasonIndex = idx.data();
  c[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER; c[n++].attributeData.samplingDataBufferData.samplingDataBuffer = &pc;
  c[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT; c[n++].attributeData.outputDataFormatData.outputDataFormat = CUPTI_PC_SAMPLING_OUTPUT_DATA_FORMAT_PARSED;
  if (period) { c[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD; c[n++].attributeData.samplingPeriodData.samplingPeriod = period; }
  CUpti_PCSamplingConfigurationInfoParams p; memset(&p, 0, sizeof p); p.size = CUpti_PCSamplingConfigurationInfoParamsSize; p.ctx = ctx; p.numAttributes = n; p.pPCSamplingConfigurationInfo = c;
  r = cuptiPCSamplingSetConfigurationAttribute(&p); if (r) printf("config %s\n", rs(r));
}
// one run of fixed work; burstMs == 0: no sampling. returns wall ms
static double run(double burstMs, double gapMs, int* bursts, double* onMs) {
  *bursts = 0; *onMs = 0; bool open = false; clk::time_point bs, next = clk::now();
  cudaDeviceSynchronize(); auto t0 = clk::now();
  for (int i = 0; i < KERNELS; i++) {
    if (burstMs > 0) {
      auto now = clk::now();
      if (!open && now >= next) { cuCtxSynchronize(); CUpti_PCSamplingStartParams p; memset(&p, 0, sizeof p); p.size = CUpti_PCSamplingStartParamsSize; p.ctx = ctx; if (cuptiPCSamplingStart(&p) == CUPTI_SUCCESS) { open = true; bs = clk::now(); (*bursts)++; } }
      else if (open && ms(bs, now) >= burstMs) { CUpti_PCSamplingStopParams p; memset(&p, 0, sizeof p); p.size = CUpti_PCSamplingStopParamsSize; p.ctx = ctx; cuptiPCSamplingStop(&p); auto e = clk::now(); *onMs += ms(bs, e); open = false; drain(); next = e + std::chrono::microseconds((long)(gapMs * 1000)); }
    }
    fma<<<BLOCKS, 256, 0, st[i % S]>>>(buf + (i % S) * BLOCKS * 256, ITERS);
  }
  if (open) { CUpti_PCSamplingStopParams p; memset(&p, 0, sizeof p); p.size = CUpti_PCSamplingStopParamsSize; p.ctx = ctx; cuptiPCSamplingStop(&p); *onMs += ms(bs, clk::now()); drain(); }
  cudaDeviceSynchronize();
  return ms(t0, clk::now());
}
static double median(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
int main(int argc, char** argv) {
  int period = argc > 1 ? atoi(argv[1]) : 0; size_t npc = argc > 2 ? atoi(argv[2]) : 64; int reps = argc > 3 ? atoi(argv[3]) : 3;
  if (argc > 4) KERNELS = atoi(argv[4]);
  cudaFree(0); cuCtxGetCurrent(&ctx);
  cudaMalloc(&buf, 8 * 1024 * 256 * sizeof(float)); cudaMemset(buf, 0, 8 * 1024 * 256 * sizeof(float));
  for (int s = 0; s < S; s++) cudaStreamCreateWithFlags(&st[s], cudaStreamNonBlocking);
  // single-kernel duration and concurrency factor from an unsampled timing: serial (1 stream) vs S streams
  int b; double on;
  int saveS = S, saveK = KERNELS; KERNELS = 20000; S = 1; run(0, 0, &b, &on); double serial = run(0, 0, &b, &on); S = saveS;
  double conc = run(0, 0, &b, &on); KERNELS = saveK;
  printf("workload: %d kernels x %d blocks, %d streams; 20000 unsampled kernels take %.0f ms on %d streams vs %.0f ms on 1 stream => concurrency C=%.2f\n", KERNELS, BLOCKS, S, conc, S, serial, serial / conc);
  if (argc > 6) S = atoi(argv[6]);
  setup(period, npc);
  if (argc > 5 && strcmp(argv[5], "always") == 0) {
    double off = run(0, 0, &b, &on); off = run(0, 0, &b, &on);
    uint64_t p0 = pcs; double al = run(1e9, 0, &b, &on);
    printf("always: period %d npc %zu streams %d kernels %d: off %.1f ms, serialized %.1f ms => %.1f us added per kernel, pcs %lu\n", period, npc, S, KERNELS, off, al, 1000 * (al - off) / KERNELS, pcs - p0);
    return 0;
  }
  printf("pc sampling: KERNEL_SERIALIZED, start/stop, period %s, collectNumPcs %zu\n", period ? std::to_string(period).c_str() : "default", npc);
  struct Arm { const char* name; double burst, gap; };
  Arm arms[] = {{"off", 0, 0}, {"duty 10%", 50, 450}, {"duty 5%", 50, 950}, {"duty 2.5%", 50, 1950}, {"duty 1%", 50, 4950}};
  std::vector<std::vector<double>> w(5);
  std::vector<int> nb(5); std::vector<double> onv(5);
  for (int r = 0; r < reps; r++) for (int a = 0; a < 5; a++) { w[a].push_back(run(arms[a].burst, arms[a].gap, &nb[a], &onv[a])); }
  double base = median(w[0]);
  for (int a = 0; a < 5; a++) { double m = median(w[a]); double duty = onv[a] / m; printf("%-10s wall %.0f ms  cost %+.2f%%  bursts %d  measured duty %.3f  cost/duty %.2f\n", arms[a].name, m, 100 * (m - base) / base, nb[a], duty, duty > 0 ? (m - base) / base / duty : 0); }
  printf("pcs %lu samples %lu\n", pcs, samples);
  return 0;
}
