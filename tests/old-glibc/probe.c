/* Loads the injector the way the CUDA driver does: dlopen, then InitializeInjection.
   Built with zig cc against glibc 2.28 so that it runs in an old Debian root as well as
   here. `probe LIB` prints the dlopen time in nanoseconds on stdout, then calls
   InitializeInjection (which, with no CUDA present, must log and return 1);
   `probe --time LIB` only loads. Exit 1 with the loader's message when dlopen fails. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    int time_only = argc == 3 && strcmp(argv[1], "--time") == 0;
    const char *lib = argv[argc - 1];
    if (argc != 2 && !time_only) {
        fprintf(stderr, "usage: probe [--time] LIB\n");
        return 2;
    }
    long long start = now_ns();
    void *handle = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    long long took = now_ns() - start;
    if (!handle) {
        fprintf(stderr, "dlopen failed: %s\n", dlerror());
        return 1;
    }
    printf("%lld\n", took);
    if (time_only)
        return 0;
    int (*init)(void) = (int (*)(void))dlsym(handle, "InitializeInjection");
    if (!init) {
        fprintf(stderr, "no InitializeInjection: %s\n", dlerror());
        return 1;
    }
    int rc = init();
    fprintf(stderr, "InitializeInjection returned %d\n", rc);
    return rc == 1 ? 0 : 1;
}
