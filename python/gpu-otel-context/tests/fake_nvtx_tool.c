/* A fake NVTX tool for GPU-free tests: an NVTX injection library (what CUPTI is to NVTX
 * under the injector) that writes every domain range call it gets to the file named by
 * FAKE_NVTX_LOG, one line each: "<os thread id> <call> <domain name> <message>".
 *
 * It attaches the way a tool does (NVTX's nvtxDetail/nvtxInit.h and nvtxTypes.h): NVTX
 * calls InitializeInjectionNvtx2 with its export table getter; the tool asks for the
 * callbacks table (id 1) and the version info (id 3), then for the function table of
 * the CORE and CORE2 modules, and writes its functions into their slots. The tests run
 * NVIDIA's own NVTX client (the `nvtx` package) against it before the companion's.
 * fake_nvtx_launch() marks a kernel launch in the log (record_app_context.py).
 * FAKE_NVTX_REFUSE=1 makes it refuse to initialise (returns 0). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef void (*fnptr)(void);
typedef fnptr **function_table;
typedef struct {
  size_t struct_size;
  int (*GetModuleFunctionTable)(int module, function_table *out_table, unsigned int *out_size);
} callbacks_t;
typedef struct {
  size_t struct_size;
  uint32_t version;
  uint32_t reserved0;
  void (*SetInjectionNvtxVersion)(uint32_t version);
} version_info_t;
typedef const void *(*get_export_table_t)(uint32_t id);

typedef struct { /* nvtxEventAttributes_v2 */
  uint16_t version, size;
  uint32_t category;
  int32_t color_type;
  uint32_t color;
  int32_t payload_type, reserved0;
  uint64_t payload;
  int32_t message_type;
  const void *message;
} event_attributes_t;

typedef struct { char name[256]; } domain_t;
typedef struct { char text[4096]; } string_t;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;

static void logf_(const char *call, const domain_t *d, const char *text) {
  pthread_mutex_lock(&lock);
  if (out) {
    fprintf(out, "%ld %s %s %s\n", (long)syscall(SYS_gettid), call, d ? d->name : "-", text ? text : "-");
    fflush(out);
  }
  pthread_mutex_unlock(&lock);
}

static const char *message_of(const event_attributes_t *a, char *buf, size_t n) {
  if (!a || a->size < sizeof(event_attributes_t)) return "(bad-attributes)";
  switch (a->message_type) {
  case 1: return a->message ? (const char *)a->message : "(null)";
  case 3: return a->message ? ((const string_t *)a->message)->text : "(null)";
  case 0: return "(none)";
  default: snprintf(buf, n, "(message-type-%d)", a->message_type); return buf;
  }
}

static void *domain_create_a(const char *name) {
  domain_t *d = calloc(1, sizeof *d);
  snprintf(d->name, sizeof d->name, "%s", name ? name : "");
  logf_("domain_create", d, d->name);
  return d;
}
static void *register_string_a(void *domain, const char *s) {
  string_t *h = calloc(1, sizeof *h);
  snprintf(h->text, sizeof h->text, "%s", s ? s : "");
  logf_("register_string", domain, h->text);
  return h;
}
static int domain_push_ex(void *domain, const event_attributes_t *a) {
  char buf[64];
  logf_(a && a->message_type == 1 ? "push_ascii" : "push", domain, message_of(a, buf, sizeof buf));
  return 0;
}
static int domain_pop(void *domain) { logf_("pop", domain, NULL); return 0; }
static int push_a(const char *m) { logf_("push_ascii", NULL, m); return 0; }
static int pop(void) { logf_("pop", NULL, NULL); return 0; }

/* Not NVTX: a test program calls it (ctypes, the tool already loaded) to write where a
 * kernel launch would be, so that a recording holds the launches among the ranges. */
void fake_nvtx_launch(long n) {
  char buf[32];
  snprintf(buf, sizeof buf, "%ld", n);
  logf_("launch", NULL, buf);
}

int InitializeInjectionNvtx2(get_export_table_t get) {
  const char *path = getenv("FAKE_NVTX_LOG");
  pthread_mutex_lock(&lock);
  if (!out && path) out = fopen(path, "a");
  pthread_mutex_unlock(&lock);
  if (getenv("FAKE_NVTX_REFUSE")) { logf_("refused", NULL, NULL); return 0; }
  const callbacks_t *cb = get(1);
  if (!cb || cb->struct_size < sizeof(callbacks_t)) { logf_("no-callbacks", NULL, NULL); return 0; }
  const version_info_t *vi = get(3);
  char v[32];
  snprintf(v, sizeof v, "%u", vi && vi->struct_size >= sizeof(version_info_t) ? vi->version : 0);
  logf_("init", NULL, v);
  function_table t = 0;
  unsigned int n = 0;
  if (!cb->GetModuleFunctionTable(5, &t, &n) || n < 16) { logf_("no-core2", NULL, NULL); return 0; }
  *t[4] = (fnptr)domain_push_ex;
  *t[5] = (fnptr)domain_pop;
  *t[10] = (fnptr)register_string_a;
  *t[12] = (fnptr)domain_create_a;
  if (cb->GetModuleFunctionTable(1, &t, &n) && n >= 16) {
    *t[9] = (fnptr)push_a;
    *t[11] = (fnptr)pop;
  }
  return 1;
}
