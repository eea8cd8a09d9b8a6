// ceilinj: a minimal CUPTI injection library for finding what makes CUPTI hand back the
// device buffers of CUDA-graph kernel records, and for the profiler hand-off questions.
//
// Load it with CUDA_INJECTION64_PATH=$PWD/ceilinj.so. Everything is set by environment
// variables (README.md lists them); at exit it prints one line of key=value pairs to
// stderr (and appends it to $CEIL_OUT if set): records by kind, CUPTI's dropped count,
// buffers requested/completed, what its own callbacks counted, max RSS.
//
// A probe, not product code: a mutex guards the buffer registry and the exec table, and
// the worker thread makes CUPTI calls while the application runs (as Kineto does).
#define _GNU_SOURCE
#include <cuda.h>
#include <cupti.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#ifndef CEIL_KERNEL_RECORD
#define CEIL_KERNEL_RECORD CUpti_ActivityKernel10 // newest kernel record in CUDA 13.0's headers
#endif

// ---------------------------------------------------------------- configuration

static struct {
  long devbuf_bytes, pool_limit, prealloc, pinned, ptb; // -1: leave CUPTI's default
  long hostbuf_mb;
  int kind_kernel;       // CUPTI_ACTIVITY_KIND_KERNEL instead of CONCURRENT_KERNEL
  int graph_trace;       // also enable CUPTI_ACTIVITY_KIND_GRAPH_TRACE
  int graph_trace_only;  // GRAPH_TRACE and no kernel kind
  int memcpy_kinds;      // also enable CUPTI_ACTIVITY_KIND_MEMCPY and MEMSET (counted as other records)
  int flush_period_ms;   // cuptiActivityFlushPeriod (CUPTI's own worker)
  int flush_ms;          // our worker: cuptiActivityFlushAll every flush_ms
  int flush_forced;      // ... with CUPTI_ACTIVITY_FLAG_FLUSH_FORCED
  int sync_before_flush; // ... after cuCtxSynchronize of the primary context
  int toggle_ms;         // disable + forced flush + enable of the kinds every toggle_ms
  int finalize_ms;       // cuptiFinalize (at an API exit callback) + attach again every finalize_ms
  int callbacks;         // 0 none, 1 graph-launch + exec counting, 2 same handler but empty
  int count_eager;       // also count cuLaunchKernel* callbacks (includes launches captured into graphs)
  const char *handoff;   // control file: "off" steps aside, "on" comes back
  int handoff_unsub;     // step-aside also unsubscribes
  int handoff_finalize;  // step-aside also calls cuptiFinalize (from the worker thread)
  int progress_ms;       // print a progress line every progress_ms
  const char *out, *label;
} cfg;

static long env_long(const char *name, long dflt) {
  const char *v = getenv(name);
  return (v && *v) ? strtol(v, NULL, 0) : dflt;
}

static void read_config(void) {
  cfg.devbuf_bytes = env_long("CEIL_DEVBUF_BYTES", -1);
  cfg.pool_limit = env_long("CEIL_POOL_LIMIT", -1);
  cfg.prealloc = env_long("CEIL_PREALLOC", -1);
  cfg.pinned = env_long("CEIL_PINNED", -1);
  cfg.ptb = env_long("CEIL_PTB", -1);
  cfg.hostbuf_mb = env_long("CEIL_HOSTBUF_MB", 8);
  cfg.kind_kernel = (int)env_long("CEIL_KIND_KERNEL", 0);
  cfg.graph_trace = (int)env_long("CEIL_GRAPH_TRACE", 0);
  cfg.graph_trace_only = (int)env_long("CEIL_GRAPH_TRACE_ONLY", 0);
  cfg.memcpy_kinds = (int)env_long("CEIL_MEMCPY", 0);
  cfg.flush_period_ms = (int)env_long("CEIL_FLUSH_PERIOD_MS", 0);
  cfg.flush_ms = (int)env_long("CEIL_FLUSH_MS", 0);
  cfg.flush_forced = (int)env_long("CEIL_FLUSH_FORCED", 0);
  cfg.sync_before_flush = (int)env_long("CEIL_SYNC_FLUSH", 0);
  cfg.toggle_ms = (int)env_long("CEIL_TOGGLE_MS", 0);
  cfg.finalize_ms = (int)env_long("CEIL_FINALIZE_MS", 0);
  cfg.callbacks = (int)env_long("CEIL_CB", 0);
  cfg.count_eager = (int)env_long("CEIL_CB_EAGER", 0);
  cfg.handoff = getenv("CEIL_HANDOFF_FILE");
  cfg.handoff_unsub = (int)env_long("CEIL_HANDOFF_UNSUB", 1);
  cfg.handoff_finalize = (int)env_long("CEIL_HANDOFF_FINALIZE", 0);
  cfg.progress_ms = (int)env_long("CEIL_PROGRESS_MS", 0);
  cfg.out = getenv("CEIL_OUT");
  cfg.label = getenv("CEIL_LABEL") ? getenv("CEIL_LABEL") : "-";
  if (cfg.finalize_ms > 0 && cfg.callbacks == 0) cfg.callbacks = 1; // finalize runs at an API exit
}

// ---------------------------------------------------------------- counters

#define PHASES 8
static atomic_long rec_kernel, rec_kernel_graph, rec_kernel_eager, rec_graph_trace, rec_other;
static atomic_long ts_zero, ts_bad, graph_trace_zero;
static atomic_long buf_requested, buf_completed, buf_foreign, buf_empty, bytes_valid;
static atomic_long dropped_total, dropped_reads;
static atomic_long cb_graph_launch, cb_kernel_launch, expected_graph_kernels, launch_unknown_exec;
static atomic_long execs_created, execs_destroyed, exec_count_errors, cond_nodes, memset_nodes,
    child_graphs;
static atomic_long flushes, flush_errors, toggles, finalizes, attaches, attach_errors;
static atomic_long handoff_off, handoff_on;
static atomic_long phase_records[PHASES];
static atomic_int phase;
static atomic_long first_graph_id, last_graph_id, distinct_graph_ids, first_exec_id, last_exec_id;
static int last_subscribe_rc = -1;
static char old_subscriber[CUPTI_OLD_SUBSCRIBER_NAME_MIN_LEN + 1];

static uint64_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

static const char *rs(CUptiResult r) {
  const char *s = "?";
  cuptiGetResultString(r, &s);
  return s;
}

#define CK(call)                                                                          \
  do {                                                                                    \
    CUptiResult _r = (call);                                                              \
    if (_r != CUPTI_SUCCESS) fprintf(stderr, "ceilinj: %s -> %d %s\n", #call, (int)_r, rs(_r)); \
  } while (0)

// ---------------------------------------------------------------- buffers (ours only)

// CUPTI may hand us a buffer another client (Kineto) allocated, after it re-registers
// callbacks: such a buffer must never be freed here. A small registry tells ours apart.
#define REG_SLOTS 65536
static uint8_t *registry[REG_SLOTS];
static pthread_mutex_t reg_mu = PTHREAD_MUTEX_INITIALIZER;

static size_t reg_hash(uint8_t *p) { return ((uintptr_t)p >> 12) * 2654435761u % REG_SLOTS; }

static int reg_add(uint8_t *p) {
  pthread_mutex_lock(&reg_mu);
  for (size_t i = reg_hash(p), n = 0; n < REG_SLOTS; i = (i + 1) % REG_SLOTS, n++)
    if (!registry[i]) { registry[i] = p; pthread_mutex_unlock(&reg_mu); return 1; }
  pthread_mutex_unlock(&reg_mu);
  return 0;
}

// Removes p; returns whether it was ours. Linear probing with backward-shift deletion.
static int reg_take(uint8_t *p) {
  pthread_mutex_lock(&reg_mu);
  size_t i = reg_hash(p), n = 0;
  for (; n < REG_SLOTS && registry[i] && registry[i] != p; i = (i + 1) % REG_SLOTS, n++) {}
  if (n == REG_SLOTS || registry[i] != p) { pthread_mutex_unlock(&reg_mu); return 0; }
  registry[i] = NULL;
  for (size_t j = (i + 1) % REG_SLOTS; registry[j]; j = (j + 1) % REG_SLOTS) {
    uint8_t *q = registry[j];
    registry[j] = NULL;
    for (size_t k = reg_hash(q);; k = (k + 1) % REG_SLOTS)
      if (!registry[k]) { registry[k] = q; break; }
  }
  pthread_mutex_unlock(&reg_mu);
  return 1;
}

static void CUPTIAPI buffer_requested(uint8_t **buf, size_t *size, size_t *max_records) {
  size_t bytes = (size_t)cfg.hostbuf_mb << 20;
  uint8_t *p = aligned_alloc(8, bytes);
  if (p && !reg_add(p)) { free(p); p = NULL; }
  *buf = p;
  *size = p ? bytes : 0;
  *max_records = 0;
  atomic_fetch_add(&buf_requested, 1);
}

static void note_graph_id(uint32_t id) {
  long prev = atomic_exchange(&last_graph_id, (long)id);
  long zero = 0;
  atomic_compare_exchange_strong(&first_graph_id, &zero, (long)id);
  if (prev != (long)id) atomic_fetch_add(&distinct_graph_ids, 1); // changes, not a set
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buf, size_t size,
                                      size_t valid) {
  (void)ctx; (void)stream; (void)size;
  if (!reg_take(buf)) { atomic_fetch_add(&buf_foreign, 1); return; }
  atomic_fetch_add(&buf_completed, 1);
  atomic_fetch_add(&bytes_valid, (long)valid);
  if (valid == 0) atomic_fetch_add(&buf_empty, 1);
  int ph = atomic_load(&phase);
  if (ph >= PHASES) ph = PHASES - 1;
  CUpti_Activity *r = NULL;
  long k = 0;
  while (cuptiActivityGetNextRecord(buf, valid, &r) == CUPTI_SUCCESS) {
    if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || r->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      CEIL_KERNEL_RECORD *kr = (CEIL_KERNEL_RECORD *)r;
      k++;
      if (kr->graphId) { atomic_fetch_add(&rec_kernel_graph, 1); note_graph_id(kr->graphId); }
      else atomic_fetch_add(&rec_kernel_eager, 1);
      if (kr->start == 0 || kr->end == 0) atomic_fetch_add(&ts_zero, 1);
      else if (kr->end < kr->start) atomic_fetch_add(&ts_bad, 1);
    } else if (r->kind == CUPTI_ACTIVITY_KIND_GRAPH_TRACE) {
      CUpti_ActivityGraphTrace2 *g = (CUpti_ActivityGraphTrace2 *)r;
      atomic_fetch_add(&rec_graph_trace, 1);
      if (g->start == 0 && g->end == 0) atomic_fetch_add(&graph_trace_zero, 1);
    } else {
      atomic_fetch_add(&rec_other, 1);
    }
  }
  atomic_fetch_add(&rec_kernel, k);
  atomic_fetch_add(&phase_records[ph], k);
  free(buf);
}

// ---------------------------------------------------------------- driver look-ups

// Resolved in the libcuda the application loaded (never a second copy).
static CUresult (*p_cuGraphGetNodes)(CUgraph, CUgraphNode *, size_t *);
static CUresult (*p_cuGraphNodeGetType)(CUgraphNode, CUgraphNodeType *);
static CUresult (*p_cuGraphChildGraphNodeGetGraph)(CUgraphNode, CUgraph *);
static CUresult (*p_cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
static CUresult (*p_cuCtxSynchronize_v2)(CUcontext);
static CUresult (*p_cuCtxSetCurrent)(CUcontext);
static CUresult (*p_cuCtxSynchronize)(void);

static void resolve_driver(void) {
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!h) { fprintf(stderr, "ceilinj: libcuda not loaded: %s\n", dlerror()); return; }
  p_cuGraphGetNodes = dlsym(h, "cuGraphGetNodes");
  p_cuGraphNodeGetType = dlsym(h, "cuGraphNodeGetType");
  p_cuGraphChildGraphNodeGetGraph = dlsym(h, "cuGraphChildGraphNodeGetGraph");
  p_cuDevicePrimaryCtxRetain = dlsym(h, "cuDevicePrimaryCtxRetain");
  p_cuCtxSynchronize_v2 = dlsym(h, "cuCtxSynchronize_v2");
  p_cuCtxSetCurrent = dlsym(h, "cuCtxSetCurrent");
  p_cuCtxSynchronize = dlsym(h, "cuCtxSynchronize");
}

// Kernel nodes a graph will execute per launch, children included. Conditional nodes
// run a data-dependent number of times: counted apart, the result is then a lower bound.
// Memset nodes are counted apart too: the driver may turn them into kernels.
static long count_kernel_nodes(CUgraph g, int depth) {
  if (!p_cuGraphGetNodes || !p_cuGraphNodeGetType || depth > 8) return -1;
  size_t n = 0;
  if (p_cuGraphGetNodes(g, NULL, &n) != CUDA_SUCCESS) return -1;
  CUgraphNode *nodes = calloc(n ? n : 1, sizeof *nodes);
  if (!nodes || p_cuGraphGetNodes(g, nodes, &n) != CUDA_SUCCESS) { free(nodes); return -1; }
  long kernels = 0;
  for (size_t i = 0; i < n; i++) {
    CUgraphNodeType t;
    if (p_cuGraphNodeGetType(nodes[i], &t) != CUDA_SUCCESS) { kernels = -1; break; }
    if (t == CU_GRAPH_NODE_TYPE_KERNEL) kernels++;
    else if (t == CU_GRAPH_NODE_TYPE_MEMSET) atomic_fetch_add(&memset_nodes, 1);
    else if (t == CU_GRAPH_NODE_TYPE_CONDITIONAL) atomic_fetch_add(&cond_nodes, 1);
    else if (t == CU_GRAPH_NODE_TYPE_GRAPH && p_cuGraphChildGraphNodeGetGraph) {
      CUgraph child;
      atomic_fetch_add(&child_graphs, 1);
      long c = p_cuGraphChildGraphNodeGetGraph(nodes[i], &child) == CUDA_SUCCESS
                   ? count_kernel_nodes(child, depth + 1) : -1;
      if (c < 0) { kernels = -1; break; }
      kernels += c;
    }
  }
  free(nodes);
  return kernels;
}

#define EXEC_SLOTS 4096
static struct { uint32_t id; long kernels; } execs[EXEC_SLOTS];
static pthread_mutex_t exec_mu = PTHREAD_MUTEX_INITIALIZER;

static void exec_put(uint32_t id, long kernels) {
  pthread_mutex_lock(&exec_mu);
  for (int i = 0; i < EXEC_SLOTS; i++)
    if (execs[i].id == 0 || execs[i].id == id) { execs[i].id = id; execs[i].kernels = kernels; break; }
  pthread_mutex_unlock(&exec_mu);
}

static long exec_get(uint32_t id) {
  long k = -1;
  pthread_mutex_lock(&exec_mu);
  for (int i = 0; i < EXEC_SLOTS && execs[i].id; i++)
    if (execs[i].id == id) { k = execs[i].kernels; break; }
  pthread_mutex_unlock(&exec_mu);
  return k;
}

// ---------------------------------------------------------------- attach / detach

static CUpti_SubscriberHandle subscriber;
static atomic_int subscribed, attached;
// Serialises the worker's CUPTI calls with the finalize done on an application thread;
// the application thread only tries it (a busy worker delays the finalize to a later exit).
static pthread_mutex_t cupti_mu = PTHREAD_MUTEX_INITIALIZER;
static atomic_int want_finalize; // 1: requested, 2: done at an API exit

static void CUPTIAPI on_callback(void *ud, CUpti_CallbackDomain dom, CUpti_CallbackId cbid,
                                 const void *data);

static CUpti_ActivityKind kernel_kind(void) {
  return cfg.kind_kernel ? CUPTI_ACTIVITY_KIND_KERNEL : CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL;
}

static void enable_kinds(int on) {
  CUptiResult (*f)(CUpti_ActivityKind) = on ? cuptiActivityEnable : cuptiActivityDisable;
  if (!cfg.graph_trace_only) {
    CUptiResult r = f(kernel_kind());
    if (r != CUPTI_SUCCESS) fprintf(stderr, "ceilinj: %s kernel kind -> %s\n", on ? "enable" : "disable", rs(r));
  }
  if (cfg.graph_trace || cfg.graph_trace_only) {
    CUptiResult r = f(CUPTI_ACTIVITY_KIND_GRAPH_TRACE);
    if (r != CUPTI_SUCCESS) fprintf(stderr, "ceilinj: %s GRAPH_TRACE -> %s\n", on ? "enable" : "disable", rs(r));
  }
  if (cfg.memcpy_kinds) {
    CUptiResult r = f(CUPTI_ACTIVITY_KIND_MEMCPY);
    if (r != CUPTI_SUCCESS) fprintf(stderr, "ceilinj: %s MEMCPY -> %s\n", on ? "enable" : "disable", rs(r));
    r = f(CUPTI_ACTIVITY_KIND_MEMSET);
    if (r != CUPTI_SUCCESS) fprintf(stderr, "ceilinj: %s MEMSET -> %s\n", on ? "enable" : "disable", rs(r));
  }
}

static void set_attr(CUpti_ActivityAttribute a, long v, const char *name) {
  if (v < 0) return;
  CUptiResult r;
  if (a == CUPTI_ACTIVITY_ATTR_MEM_ALLOCATION_TYPE_HOST_PINNED || a == CUPTI_ACTIVITY_ATTR_PER_THREAD_ACTIVITY_BUFFER) {
    uint8_t b = (uint8_t)v; size_t sz = sizeof b;
    r = cuptiActivitySetAttribute(a, &sz, &b);
  } else {
    size_t s = (size_t)v, sz = sizeof s;
    r = cuptiActivitySetAttribute(a, &sz, &s);
  }
  if (r != CUPTI_SUCCESS) fprintf(stderr, "ceilinj: set %s=%ld -> %s\n", name, v, rs(r));
}

static void subscribe(void) {
  CUpti_SubscriberParams p;
  memset(&p, 0, sizeof p);
  p.structSize = CUpti_SubscriberParams_STRUCT_SIZE;
  p.subscriberName = "ceilinj";
  p.oldSubscriberName = old_subscriber;
  p.oldSubscriberSize = sizeof old_subscriber;
  CUptiResult r = cuptiSubscribe_v2(&subscriber, on_callback, NULL, &p);
  last_subscribe_rc = (int)r;
  if (r != CUPTI_SUCCESS) {
    fprintf(stderr, "ceilinj: cuptiSubscribe_v2 -> %s (holder: \"%s\")\n", rs(r), old_subscriber);
    return;
  }
  atomic_store(&subscribed, 1);
  CUpti_CallbackId drv[] = {CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch, CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz};
  for (size_t i = 0; i < sizeof drv / sizeof *drv; i++)
    CK(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API, drv[i]));
  if (cfg.count_eager || cfg.finalize_ms > 0) {
    CUpti_CallbackId k[] = {CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
                            CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz};
    for (size_t i = 0; i < sizeof k / sizeof *k; i++)
      CK(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API, k[i]));
  }
  if (cfg.callbacks == 1) {
    CK(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_GRAPHEXEC_CREATED));
    CK(cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_GRAPHEXEC_DESTROY_STARTING));
  }
}

static void unsubscribe(void) {
  if (!atomic_exchange(&subscribed, 0)) return;
  CK(cuptiEnableAllDomains(0, subscriber));
  CK(cuptiUnsubscribe(subscriber));
}

// Attributes, buffer callbacks, kinds, flush period, subscriber: what a client sets up at
// start, and again after cuptiFinalize or after another client had CUPTI.
static void attach(void) {
  set_attr(CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_SIZE, cfg.devbuf_bytes, "DEVICE_BUFFER_SIZE");
  set_attr(CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_POOL_LIMIT, cfg.pool_limit, "DEVICE_BUFFER_POOL_LIMIT");
  set_attr(CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_PRE_ALLOCATE_VALUE, cfg.prealloc, "DEVICE_BUFFER_PRE_ALLOCATE_VALUE");
  set_attr(CUPTI_ACTIVITY_ATTR_MEM_ALLOCATION_TYPE_HOST_PINNED, cfg.pinned, "MEM_ALLOCATION_TYPE_HOST_PINNED");
  set_attr(CUPTI_ACTIVITY_ATTR_PER_THREAD_ACTIVITY_BUFFER, cfg.ptb, "PER_THREAD_ACTIVITY_BUFFER");
  CUptiResult r = cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed);
  if (r != CUPTI_SUCCESS) { atomic_fetch_add(&attach_errors, 1); fprintf(stderr, "ceilinj: register -> %s\n", rs(r)); }
  enable_kinds(1);
  if (cfg.flush_period_ms > 0) CK(cuptiActivityFlushPeriod((uint32_t)cfg.flush_period_ms));
  if (cfg.callbacks) subscribe();
  atomic_store(&attached, 1);
  atomic_fetch_add(&attaches, 1);
}

static void read_dropped(void) {
  size_t d = 0;
  if (cuptiActivityGetNumDroppedRecords(NULL, 0, &d) == CUPTI_SUCCESS) atomic_fetch_add(&dropped_total, (long)d);
  atomic_fetch_add(&dropped_reads, 1);
}

static void flush(int forced) {
  CUptiResult r = cuptiActivityFlushAll(forced ? CUPTI_ACTIVITY_FLAG_FLUSH_FORCED : 0);
  atomic_fetch_add(r == CUPTI_SUCCESS ? &flushes : &flush_errors, 1);
}

// ---------------------------------------------------------------- callbacks

static void CUPTIAPI on_callback(void *ud, CUpti_CallbackDomain dom, CUpti_CallbackId cbid,
                                 const void *data) {
  (void)ud;
  if (cfg.callbacks == 2) return; // the cost of a subscribed callback alone
  if (dom == CUPTI_CB_DOMAIN_RESOURCE) {
    const CUpti_ResourceData *rd = data;
    const CUpti_GraphData *g = rd->resourceDescriptor;
    uint32_t id = 0;
    if (!g || !g->graphExec || cuptiGetGraphExecId(g->graphExec, &id) != CUPTI_SUCCESS) return;
    if (cbid == CUPTI_CBID_RESOURCE_GRAPHEXEC_CREATED) {
      long k = g->graph ? count_kernel_nodes(g->graph, 0) : -1;
      if (k < 0) atomic_fetch_add(&exec_count_errors, 1);
      exec_put(id, k);
      long zero = 0; // to compare with the graphId that kernel records carry
      atomic_compare_exchange_strong(&first_exec_id, &zero, (long)id);
      atomic_store(&last_exec_id, (long)id);
      atomic_fetch_add(&execs_created, 1);
    } else if (cbid == CUPTI_CBID_RESOURCE_GRAPHEXEC_DESTROY_STARTING) {
      atomic_fetch_add(&execs_destroyed, 1);
    }
    return;
  }
  const CUpti_CallbackData *cb = data;
  if (dom == CUPTI_CB_DOMAIN_DRIVER_API &&
      (cbid == CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch || cbid == CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz)) {
    if (cb->callbackSite == CUPTI_API_ENTER) {
      atomic_fetch_add(&cb_graph_launch, 1);
      const cuGraphLaunch_params *p = cb->functionParams;
      uint32_t id = 0;
      long k = (p && cuptiGetGraphExecId(p->hGraph, &id) == CUPTI_SUCCESS) ? exec_get(id) : -1;
      if (k < 0) atomic_fetch_add(&launch_unknown_exec, 1);
      else atomic_fetch_add(&expected_graph_kernels, k);
    }
  } else if (cb->callbackSite == CUPTI_API_ENTER) {
    atomic_fetch_add(&cb_kernel_launch, 1);
  }
  // cuptiFinalize is safe at an API exit (cupti_activity.h, cuptiFinalize).
  if (cb->callbackSite == CUPTI_API_EXIT) {
    int one = 1;
    if (atomic_load(&want_finalize) == 1 && pthread_mutex_trylock(&cupti_mu) == 0) {
      if (!atomic_compare_exchange_strong(&want_finalize, &one, 3)) { pthread_mutex_unlock(&cupti_mu); return; }
      enable_kinds(0);
      flush(1);
      read_dropped();
      atomic_store(&attached, 0);
      atomic_store(&subscribed, 0);
      CK(cuptiUnsubscribe(subscriber));
      CK(cuptiFinalize());
      atomic_fetch_add(&finalizes, 1);
      atomic_store(&want_finalize, 2);
      pthread_mutex_unlock(&cupti_mu);
    }
  }
}

// ---------------------------------------------------------------- worker thread

static CUcontext primary;

static void sync_primary(void) {
  if (!primary && p_cuDevicePrimaryCtxRetain) p_cuDevicePrimaryCtxRetain(&primary, 0);
  if (!primary) return;
  if (p_cuCtxSynchronize_v2) { p_cuCtxSynchronize_v2(primary); return; }
  if (p_cuCtxSetCurrent && p_cuCtxSynchronize) { p_cuCtxSetCurrent(primary); p_cuCtxSynchronize(); }
}

static void write_ack(const char *what) {
  char path[4096];
  snprintf(path, sizeof path, "%s.ack", cfg.handoff);
  FILE *f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "%s phase=%d subscribe_rc=%d holder=%s\n", what, atomic_load(&phase), last_subscribe_rc, old_subscriber);
  fclose(f);
}

static int stepped_aside;

static void poll_handoff(void) {
  char buf[16] = {0};
  FILE *f = fopen(cfg.handoff, "r");
  if (!f) return;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  static char last[16];
  if (strncmp(buf, "mark", 4) == 0) { // a phase boundary, nothing else: buckets the records
    if (strcmp(buf, last) != 0) {
      if (atomic_load(&attached)) flush(1); // the script synced: deliver what the phase ran
      atomic_fetch_add(&phase, 1);
      write_ack("mark");
    }
  } else if (!stepped_aside && strncmp(buf, "off", 3) == 0) {
    enable_kinds(0);
    flush(1);
    read_dropped();
    if (cfg.handoff_unsub) unsubscribe();
    if (cfg.handoff_finalize) { CK(cuptiFinalize()); atomic_fetch_add(&finalizes, 1); }
    atomic_store(&attached, 0);
    stepped_aside = 1;
    atomic_fetch_add(&phase, 1);
    atomic_fetch_add(&handoff_off, 1);
    write_ack("off");
  } else if (stepped_aside && strncmp(buf, "on", 2) == 0) {
    // The other client's activity callbacks stay registered until ours replace them.
    attach();
    stepped_aside = 0;
    atomic_fetch_add(&phase, 1);
    atomic_fetch_add(&handoff_on, 1);
    write_ack("on");
  }
  memcpy(last, buf, sizeof last);
}

static atomic_int stop_worker;
static uint64_t t0, next_flush, next_toggle, next_fin, next_prog;
static void tick(uint64_t t);

static void *worker(void *arg) {
  (void)arg;
  t0 = now_ms();
  next_flush = t0 + cfg.flush_ms;
  next_toggle = t0 + cfg.toggle_ms;
  next_fin = t0 + cfg.finalize_ms;
  next_prog = t0 + cfg.progress_ms;
  while (!atomic_load(&stop_worker)) {
    usleep(2000);
    uint64_t t = now_ms();
    pthread_mutex_lock(&cupti_mu);
    tick(t);
    pthread_mutex_unlock(&cupti_mu);
  }
  return NULL;
}

static void tick(uint64_t t) {
  if (cfg.handoff) poll_handoff();
  if (!atomic_load(&attached)) {
    if (cfg.finalize_ms > 0 && atomic_load(&want_finalize) == 2) { // finalized at an API exit
      usleep(1000);
      attach();
      atomic_store(&want_finalize, 0);
      next_fin = now_ms() + cfg.finalize_ms;
    }
    return;
  }
  if (cfg.flush_ms > 0 && t >= next_flush) {
    if (cfg.sync_before_flush) sync_primary();
    flush(cfg.flush_forced);
    read_dropped();
    next_flush = t + cfg.flush_ms;
  }
  if (cfg.toggle_ms > 0 && t >= next_toggle) {
    enable_kinds(0);
    flush(1);
    enable_kinds(1);
    atomic_fetch_add(&toggles, 1);
    next_toggle = t + cfg.toggle_ms;
  }
  if (cfg.finalize_ms > 0 && t >= next_fin && atomic_load(&want_finalize) == 0) {
    atomic_store(&want_finalize, 1); // done by the next API exit callback
    next_fin = UINT64_MAX;
  }
  if (cfg.progress_ms > 0 && t >= next_prog) {
    fprintf(stderr, "ceilinj-progress: t_ms=%llu kernel_records=%ld graph_kernel_records=%ld expected_graph_kernels=%ld buffers_completed=%ld\n",
            (unsigned long long)(t - t0), atomic_load(&rec_kernel), atomic_load(&rec_kernel_graph),
            atomic_load(&expected_graph_kernels), atomic_load(&buf_completed));
    next_prog = t + cfg.progress_ms;
  }
}

// ---------------------------------------------------------------- exit report

static pthread_t worker_thread;
static int worker_started;

static long vm_rss_kb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, "VmRSS:", 6) == 0) kb = strtol(line + 6, NULL, 10);
  if (f) fclose(f);
  return kb;
}

static void at_exit(void) {
  atomic_store(&stop_worker, 1);
  if (worker_started) pthread_join(worker_thread, NULL);
  if (atomic_load(&attached)) { flush(1); read_dropped(); }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  char line[4096];
  int n = snprintf(line, sizeof line,
      "ceilinj: label=%s kernel_records=%ld graph_kernel_records=%ld eager_kernel_records=%ld "
      "graph_trace_records=%ld other_records=%ld ts_zero=%ld ts_bad=%ld graph_trace_ts_zero=%ld "
      "dropped=%ld buffers_requested=%ld buffers_completed=%ld buffers_empty=%ld buffers_foreign=%ld "
      "bytes_valid=%ld cb_graph_launches=%ld cb_kernel_launches=%ld expected_graph_kernels=%ld "
      "launch_unknown_exec=%ld execs_created=%ld execs_destroyed=%ld exec_count_errors=%ld "
      "conditional_nodes=%ld memset_nodes=%ld child_graphs=%ld flushes=%ld flush_errors=%ld "
      "toggles=%ld finalizes=%ld attaches=%ld attach_errors=%ld handoff_off=%ld handoff_on=%ld "
      "subscribe_rc=%d graph_id_first=%ld graph_id_last=%ld graph_id_changes=%ld exec_id_first=%ld exec_id_last=%ld "
      "max_rss_kb=%ld vm_rss_kb=%ld",
      cfg.label, atomic_load(&rec_kernel), atomic_load(&rec_kernel_graph), atomic_load(&rec_kernel_eager),
      atomic_load(&rec_graph_trace), atomic_load(&rec_other), atomic_load(&ts_zero), atomic_load(&ts_bad),
      atomic_load(&graph_trace_zero), atomic_load(&dropped_total), atomic_load(&buf_requested),
      atomic_load(&buf_completed), atomic_load(&buf_empty), atomic_load(&buf_foreign), atomic_load(&bytes_valid),
      atomic_load(&cb_graph_launch), atomic_load(&cb_kernel_launch), atomic_load(&expected_graph_kernels),
      atomic_load(&launch_unknown_exec), atomic_load(&execs_created), atomic_load(&execs_destroyed),
      atomic_load(&exec_count_errors), atomic_load(&cond_nodes), atomic_load(&memset_nodes),
      atomic_load(&child_graphs), atomic_load(&flushes), atomic_load(&flush_errors), atomic_load(&toggles),
      atomic_load(&finalizes), atomic_load(&attaches), atomic_load(&attach_errors), atomic_load(&handoff_off),
      atomic_load(&handoff_on), last_subscribe_rc, atomic_load(&first_graph_id), atomic_load(&last_graph_id),
      atomic_load(&distinct_graph_ids), atomic_load(&first_exec_id), atomic_load(&last_exec_id), ru.ru_maxrss,
      vm_rss_kb());
  for (int i = 0; i < PHASES && n > 0 && n < (int)sizeof line - 40; i++)
    n += snprintf(line + n, sizeof line - (size_t)n, " phase%d_records=%ld", i, atomic_load(&phase_records[i]));
  fprintf(stderr, "%s\n", line);
  if (cfg.out) {
    FILE *f = fopen(cfg.out, "a");
    if (f) { fprintf(f, "%s\n", line); fclose(f); }
  }
}

// ---------------------------------------------------------------- entry

__attribute__((visibility("default"))) int InitializeInjection(void) {
  static atomic_int once;
  if (atomic_exchange(&once, 1)) return 1;
  read_config();
  resolve_driver();
  attach();
  atexit(at_exit);
  if (cfg.flush_ms > 0 || cfg.toggle_ms > 0 || cfg.finalize_ms > 0 || cfg.handoff || cfg.progress_ms > 0) {
    if (pthread_create(&worker_thread, NULL, worker, NULL) == 0) worker_started = 1;
    else fprintf(stderr, "ceilinj: worker thread: %s\n", strerror(errno));
  }
  return 1;
}
