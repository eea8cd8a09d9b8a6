// A kernel with stalls on distinct source lines, for the source lines of PC samples:
// built by profiles.sh with `nvcc -lineinfo` (its samples must carry this file and the
// lines of spin_lines' body) and without it (they must carry none, counted). Runs
// about 2 s of launches on one stream.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void spin_lines(float *data, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = data[i];                       // a global load: long scoreboard
  for (int k = 0; k < iters; k++) {
    acc = acc * 1.0001f + 0.5f;              // dependent FMAs: wait
    acc += data[(i + k * 97) % n];           // a scattered load: long scoreboard
  }
  data[i] = acc;
}

int main() {
  const int n = 1 << 20, iters = 256;
  float *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return 1;
  cudaMemset(d, 0, n * sizeof(float));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  float total_ms = 0;
  int launches = 0;
  while (total_ms < 2000.0f) {
    cudaEventRecord(start);
    for (int j = 0; j < 10; j++) spin_lines<<<(n + 255) / 256, 256>>>(d, n, iters);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    total_ms += ms;
    launches += 10;
  }
  cudaError_t e = cudaDeviceSynchronize();
  printf("spin_lines: %d launches, %.0f ms, %s\n", launches, total_ms, cudaGetErrorString(e));
  cudaFree(d);
  return e == cudaSuccess ? 0 : 1;
}
