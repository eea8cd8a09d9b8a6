// Ground-truth probe for CUPTI PC sampling on a GPU (docs/measurements/h200-facts.md).
// Answers: does KERNEL_SERIALIZED + start/stop work here; correlationId coverage of PC
// records; do windows bracket the kernels that carry samples; can the collection mode
// change between Stop and Start; does enabling (not starting) serialize kernels; the
// cost of a burst; what graph launches look like.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_pcsampling.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <vector>

static const char* rs(CUptiResult r) { const char* s = "?"; cuptiGetResultString(r, &s); return s; }
#define CK(x) ([&]{ CUptiResult _r = (x); if (_r != CUPTI_SUCCESS) printf("  CUPTI %s -> %d %s\n", #x, (int)_r, rs(_r)); return _r; })()

__global__ void spin(float* a, int iters) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  float x = a[i];
  for (int k = 0; k < iters; k++) x = x * 1.000001f + 0.5f;
  a[i] = x;
}

struct KRec { uint64_t start, end; uint32_t corr, stream, graphId; };
static std::vector<KRec> g_k;
static std::mutex g_mu;

static void CUPTIAPI bufReq(uint8_t** buf, size_t* size, size_t* maxRecs) {
  *size = 16 << 20; *buf = (uint8_t*)aligned_alloc(8, *size); *maxRecs = 0;
}
static void CUPTIAPI bufDone(CUcontext, uint32_t, uint8_t* buf, size_t, size_t valid) {
  CUpti_Activity* rec = nullptr;
  std::lock_guard<std::mutex> l(g_mu);
  while (cuptiActivityGetNextRecord(buf, valid, &rec) == CUPTI_SUCCESS) {
    if (rec->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || rec->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      KREC* k = (KREC*)rec;
      g_k.push_back({k->start, k->end, k->correlationId, k->streamId, k->graphId});
    }
  }
  free(buf);
}
static std::vector<KRec> drainKernels() {
  cudaDeviceSynchronize();
  cuptiActivityFlushAll(1);
  std::lock_guard<std::mutex> l(g_mu);
  auto v = g_k; g_k.clear(); return v;
}
static uint64_t ts() { uint64_t t = 0; cuptiGetTimestamp(&t); return t; }

static CUcontext ctx;
static size_t nStall = 0;
static std::vector<uint32_t> stallIdx;
static CUpti_PCSamplingData pcData;

static CUptiResult setAttr(CUpti_PCSamplingConfigurationInfo* c, size_t n) {
  CUpti_PCSamplingConfigurationInfoParams p; memset(&p, 0, sizeof p);
  p.size = CUpti_PCSamplingConfigurationInfoParamsSize; p.ctx = ctx; p.numAttributes = n; p.pPCSamplingConfigurationInfo = c;
  CUptiResult r = cuptiPCSamplingSetConfigurationAttribute(&p);
  for (size_t i = 0; i < n; i++) if (c[i].attributeStatus != CUPTI_SUCCESS) printf("  attr type %d status %d %s\n", (int)c[i].attributeType, (int)c[i].attributeStatus, rs(c[i].attributeStatus));
  return r;
}
static CUptiResult setMode(CUpti_PCSamplingCollectionMode m) {
  CUpti_PCSamplingConfigurationInfo c; memset(&c, 0, sizeof c);
  c.attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE; c.attributeData.collectionModeData.collectionMode = m;
  return setAttr(&c, 1);
}
static CUptiResult start() { CUpti_PCSamplingStartParams p; memset(&p, 0, sizeof p); p.size = CUpti_PCSamplingStartParamsSize; p.ctx = ctx; return cuptiPCSamplingStart(&p); }
static CUptiResult stop() { CUpti_PCSamplingStopParams p; memset(&p, 0, sizeof p); p.size = CUpti_PCSamplingStopParamsSize; p.ctx = ctx; return cuptiPCSamplingStop(&p); }

struct Pcs { uint64_t pcs = 0, samples = 0, corrNonZero = 0, pcsNonZero = 0, dropped = 0, hwfull = 0; std::set<uint32_t> corrs; };
static void take(Pcs& out) {
  for (size_t i = 0; i < pcData.totalNumPcs; i++) {
    CUpti_PCSamplingPCData& d = pcData.pPcData[i];
    uint64_t s = 0; for (size_t j = 0; j < d.stallReasonCount; j++) s += d.stallReason[j].samples;
    out.pcs++; out.samples += s;
    if (d.correlationId) { out.pcsNonZero++; out.corrNonZero += s; out.corrs.insert(d.correlationId); }
  }
  out.dropped += pcData.droppedSamples; out.hwfull += pcData.hardwareBufferFull;
}
static void getData(Pcs& out) {
  take(out); pcData.totalNumPcs = 0;
  for (int it = 0; it < 64; it++) {
    CUpti_PCSamplingGetDataParams g; memset(&g, 0, sizeof g); g.size = CUpti_PCSamplingGetDataParamsSize; g.ctx = ctx; g.pcSamplingData = &pcData;
    CUptiResult r = cuptiPCSamplingGetData(&g);
    if (r != CUPTI_SUCCESS) { if (it == 0 && r != CUPTI_ERROR_OUT_OF_MEMORY) printf("  getData -> %d %s\n", (int)r, rs(r)); break; }
    size_t n = pcData.totalNumPcs; take(out); size_t rem = pcData.remainingNumPcs; pcData.totalNumPcs = 0;
    if (n == 0 && rem == 0) break;
  }
}

static float* buf; static const int N = 132 * 4 * 256;
static cudaStream_t st[2];
static void work(int launches, int iters) {
  for (int i = 0; i < launches; i++) spin<<<132 * 4 / 2, 256, 0, st[i & 1]>>>(buf + (i & 1) * (N / 2), iters);
}
// fraction of kernel time on stream A that overlaps a kernel on stream B
static double overlap(const std::vector<KRec>& ks) {
  std::vector<KRec> a, b; for (auto& k : ks) (k.stream == ks[0].stream ? a : b).push_back(k);
  uint64_t tot = 0, ov = 0;
  for (auto& x : a) { tot += x.end - x.start; for (auto& y : b) { uint64_t s = std::max(x.start, y.start), e = std::min(x.end, y.end); if (e > s) ov += e - s; } }
  return tot ? (double)ov / tot : 0;
}
static double meanDur(const std::vector<KRec>& ks) { double s = 0; for (auto& k : ks) s += k.end - k.start; return ks.empty() ? 0 : s / ks.size() / 1e3; }
static double wallMs(int launches, int iters) {
  auto t0 = std::chrono::steady_clock::now(); work(launches, iters); cudaDeviceSynchronize();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

int main() {
  CK(cuptiActivityRegisterCallbacks(bufReq, bufDone));
  CK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  cudaFree(0); cuCtxGetCurrent(&ctx);
  cudaMalloc(&buf, N * sizeof(float)); cudaMemset(buf, 0, N * sizeof(float));
  cudaStreamCreateWithFlags(&st[0], cudaStreamNonBlocking); cudaStreamCreateWithFlags(&st[1], cudaStreamNonBlocking);
  int dev = 0; cudaDeviceProp prop; cudaGetDeviceProperties(&prop, dev);
  uint32_t cv = 0; cuptiGetVersion(&cv); int drv = 0; cudaDriverGetVersion(&drv);
  printf("device %s cc %d.%d sms %d cupti api %u driver %d\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount, cv, drv);

  // Phase 0: no PC sampling at all
  work(20, 20000); drainKernels();
  double w0 = wallMs(400, 20000); auto k0 = drainKernels();
  printf("P0 off: %zu kernels, mean %.1f us, overlap %.2f, wall %.1f ms\n", k0.size(), meanDur(k0), overlap(k0), w0);

  CUpti_PCSamplingEnableParams en; memset(&en, 0, sizeof en); en.size = CUpti_PCSamplingEnableParamsSize; en.ctx = ctx;
  if (CK(cuptiPCSamplingEnable(&en)) != CUPTI_SUCCESS) { printf("RESULT pc sampling enable failed\n"); return 0; }
  CUpti_PCSamplingGetNumStallReasonsParams np; memset(&np, 0, sizeof np); np.size = CUpti_PCSamplingGetNumStallReasonsParamsSize; np.ctx = ctx; np.numStallReasons = &nStall;
  CK(cuptiPCSamplingGetNumStallReasons(&np));
  stallIdx.resize(nStall); std::vector<char*> names(nStall); for (auto& n : names) n = (char*)calloc(CUPTI_STALL_REASON_STRING_SIZE, 1);
  CUpti_PCSamplingGetStallReasonsParams sp; memset(&sp, 0, sizeof sp); sp.size = CUpti_PCSamplingGetStallReasonsParamsSize; sp.ctx = ctx; sp.numStallReasons = nStall; sp.stallReasonIndex = stallIdx.data(); sp.stallReasons = names.data();
  CK(cuptiPCSamplingGetStallReasons(&sp));
  printf("stall reasons: %zu (first: %s, last: %s)\n", nStall, nStall ? names[0] : "", nStall ? names[nStall - 1] : "");

  const size_t NPC = 20000;
  memset(&pcData, 0, sizeof pcData); pcData.size = sizeof(CUpti_PCSamplingData); pcData.collectNumPcs = NPC;
  pcData.pPcData = (CUpti_PCSamplingPCData*)calloc(NPC, sizeof(CUpti_PCSamplingPCData));
  for (size_t i = 0; i < NPC; i++) { pcData.pPcData[i].size = sizeof(CUpti_PCSamplingPCData); pcData.pPcData[i].stallReason = (CUpti_PCSamplingStallReason*)calloc(nStall, sizeof(CUpti_PCSamplingStallReason)); }

  CUpti_PCSamplingConfigurationInfo c[7]; memset(c, 0, sizeof c);
  c[0].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE; c[0].attributeData.collectionModeData.collectionMode = CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED;
  c[1].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL; c[1].attributeData.enableStartStopControlData.enableStartStopControl = 1;
  c[2].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD; c[2].attributeData.samplingPeriodData.samplingPeriod = 12;
  c[3].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON; c[3].attributeData.stallReasonData.stallReasonCount = nStall; c[3].attributeData.stallReasonData.pStallReasonIndex = stallIdx.data();
  c[4].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER; c[4].attributeData.samplingDataBufferData.samplingDataBuffer = &pcData;
  c[5].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT; c[5].attributeData.outputDataFormatData.outputDataFormat = CUPTI_PC_SAMPLING_OUTPUT_DATA_FORMAT_PARSED;
  c[6].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE; c[6].attributeData.scratchBufferSizeData.scratchBufferSize = 64 << 20;
  if (CK(setAttr(c, 7)) != CUPTI_SUCCESS) { printf("RESULT config failed\n"); return 0; }

  // Phase 1: enabled (serialized mode configured) but stopped: does it serialize?
  work(20, 20000); drainKernels();
  double w1 = wallMs(400, 20000); auto k1 = drainKernels();
  printf("P1 enabled+stopped: %zu kernels, mean %.1f us, overlap %.2f, wall %.1f ms\n", k1.size(), meanDur(k1), overlap(k1), w1);

  // Phase 2: bursts. window = [ts at Start success, ts at Stop return]
  struct Win { uint64_t s, e; };
  std::vector<Win> wins; Pcs p2; double tStart = 0, tStop = 0, tGet = 0; int bursts = 0;
  auto T = [] { return std::chrono::steady_clock::now(); };
  auto t0 = T();
  for (int b = 0; b < 20; b++) {
    work(10, 20000);
    auto a = T(); CUptiResult r = start(); uint64_t s = ts(); tStart += std::chrono::duration<double, std::micro>(T() - a).count();
    if (r != CUPTI_SUCCESS) { printf("  start -> %s\n", rs(r)); break; }
    work(10, 20000);
    cudaDeviceSynchronize();
    a = T(); r = stop(); uint64_t e = ts(); tStop += std::chrono::duration<double, std::micro>(T() - a).count();
    if (r != CUPTI_SUCCESS) printf("  stop -> %s\n", rs(r));
    wins.push_back({s, e}); bursts++;
    a = T(); getData(p2); tGet += std::chrono::duration<double, std::micro>(T() - a).count();
  }
  work(10, 20000); double w2 = std::chrono::duration<double, std::milli>(T() - t0).count();
  auto k2 = drainKernels();
  std::map<uint32_t, KRec> byCorr; for (auto& k : k2) byCorr[k.corr] = k;
  int inWin = 0, partial = 0, outside = 0, sampledInWin = 0, sampledOutside = 0, unknownCorr = 0;
  for (auto& k : k2) {
    bool any = false, full = false;
    for (auto& w : wins) { if (k.end > w.s && k.start < w.e) { any = true; if (k.start >= w.s && k.end <= w.e) full = true; } }
    if (full) inWin++; else if (any) partial++; else outside++;
  }
  for (uint32_t cid : p2.corrs) {
    auto it = byCorr.find(cid); if (it == byCorr.end()) { unknownCorr++; continue; }
    bool any = false; for (auto& w : wins) if (it->second.end > w.s && it->second.start < w.e) any = true;
    (any ? sampledInWin : sampledOutside)++;
  }
  std::vector<KRec> kin; for (auto& k : k2) for (auto& w : wins) if (k.start >= w.s && k.end <= w.e) { kin.push_back(k); break; }
  printf("P2 bursts=%d kernels=%zu (in-window %d, straddling %d, outside %d) overlap-in-window %.2f mean-in-window %.1f us\n", bursts, k2.size(), inWin, partial, outside, overlap(kin), meanDur(kin));
  printf("P2 pc records %lu samples %lu; records with corrId!=0: %lu (%.2f%%), samples with corrId!=0 %.2f%%; distinct corr %zu; sampled kernels in a window %d, outside any window %d, corr not a kernel %d; dropped %lu hwfull %lu\n",
         p2.pcs, p2.samples, p2.pcsNonZero, p2.pcs ? 100.0 * p2.pcsNonZero / p2.pcs : 0, p2.samples ? 100.0 * p2.corrNonZero / p2.samples : 0, p2.corrs.size(), sampledInWin, sampledOutside, unknownCorr, p2.dropped, p2.hwfull);
  printf("P2 per burst: start %.1f us, stop %.1f us, getdata %.1f us; wall of 20 bursts %.1f ms\n", tStart / bursts, tStop / bursts, tGet / bursts, w2);

  // Phase 3: change collection mode between Stop and Start
  CUptiResult rm = setMode(CUPTI_PC_SAMPLING_COLLECTION_MODE_CONTINUOUS);
  printf("P3 set CONTINUOUS while stopped -> %d %s\n", (int)rm, rs(rm));
  if (rm == CUPTI_SUCCESS) {
    Pcs p3; CUptiResult r = start(); printf("P3 start after mode change -> %s\n", rs(r));
    double w3 = wallMs(400, 20000); stop(); getData(p3); auto k3 = drainKernels();
    printf("P3 continuous: kernels %zu overlap %.2f mean %.1f us wall %.1f ms; pcs %lu samples %lu corrNonZero %.2f%%\n", k3.size(), overlap(k3), meanDur(k3), w3, p3.pcs, p3.samples, p3.samples ? 100.0 * p3.corrNonZero / p3.samples : 0);
    rm = setMode(CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED); printf("P3 back to SERIALIZED while stopped -> %s\n", rs(rm));
  }
  // Phase 4: always-on serialized (one long burst) cost
  { Pcs p4; start(); double w4 = wallMs(400, 20000); stop(); getData(p4); auto k4 = drainKernels();
    printf("P4 serialized started: kernels %zu overlap %.2f mean %.1f us wall %.1f ms (off: %.1f) pcs %lu samples %lu corrNonZero %.2f%% dropped %lu\n", k4.size(), overlap(k4), meanDur(k4), w4, w0, p4.pcs, p4.samples, p4.samples ? 100.0 * p4.corrNonZero / p4.samples : 0, p4.dropped); }
  // Phase 5: graph launch under serialized sampling
  { cudaGraph_t g; cudaGraphExec_t ge; cudaStreamBeginCapture(st[0], cudaStreamCaptureModeGlobal);
    for (int i = 0; i < 8; i++) spin<<<264, 256, 0, st[0]>>>(buf, 20000);
    cudaStreamEndCapture(st[0], &g); cudaGraphInstantiate(&ge, g, 0);
    Pcs p5; start(); for (int i = 0; i < 5; i++) cudaGraphLaunch(ge, st[0]); cudaDeviceSynchronize(); stop(); getData(p5); auto k5 = drainKernels();
    std::set<uint32_t> gc; std::set<uint32_t> gids; for (auto& k : k5) { gc.insert(k.corr); gids.insert(k.graphId); }
    printf("P5 graph: kernels %zu distinct kernel corr %zu graphIds %zu; pcs %lu samples %lu distinct pc corr %zu corrNonZero %.2f%%\n", k5.size(), gc.size(), gids.size(), p5.pcs, p5.samples, p5.corrs.size(), p5.samples ? 100.0 * p5.corrNonZero / p5.samples : 0); }
  CUpti_PCSamplingDisableParams dp; memset(&dp, 0, sizeof dp); dp.size = CUpti_PCSamplingDisableParamsSize; dp.ctx = ctx; CK(cuptiPCSamplingDisable(&dp));
  // Phase 6: after Disable, is concurrency back?
  { double w6 = wallMs(400, 20000); auto k6 = drainKernels(); printf("P6 disabled: kernels %zu overlap %.2f wall %.1f ms\n", k6.size(), overlap(k6), w6); }
  printf("RESULT done\n");
  return 0;
}
