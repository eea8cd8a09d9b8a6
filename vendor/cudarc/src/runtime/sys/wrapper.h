#include "cuda_runtime.h"
#include "cuda_runtime_api.h"
#include "cuda_profiler_api.h"
