# syntax=docker/dockerfile:1
# One build, four images (docker-compose.yml picks three by target; the chart runs the
# receiver and the webhook), multi-arch with `docker buildx build --platform
# linux/amd64,linux/arm64 --target receiver|webhook`:
#   receiver      the OTLP receiver
#   webhook       the mutating admission webhook that injects pods (deploy/helm)
#   replay        replays real H200 kernel records through the injector's path (no GPU)
#   gpu-workload  the CUDA example under the injector (needs the NVIDIA runtime)
# The injector image (the portable library alone) is deploy/images/injector.Containerfile.

FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p gpu-otel-receiver -p gpu-otel-injector -p gpu-otel-examples \
        -p gpu-otel-webhook --bin gpu-otel-receiver --bin gpu-otel-webhook --bin replay --bin kernels --lib

FROM debian:bookworm-slim AS receiver
COPY --from=build /src/target/release/gpu-otel-receiver /usr/local/bin/gpu-otel-receiver
# The persistent queue's directory, the receiver's user's alone (a named volume mounted
# here starts with this ownership and mode; the receiver refuses a queue directory that
# is another user's or that others may write to).
RUN mkdir -p /var/lib/gpu-otel/queue && chmod 0700 /var/lib/gpu-otel/queue && chown 65534:65534 /var/lib/gpu-otel/queue
USER 65534:65534
# 0.0.0.0 inside the container's own network namespace: reachable only where the runtime
# routes or publishes it (docker-compose.yml: the compose network, and this machine's
# loopback; Kubernetes: the pod network, with TLS and a token from the chart,
# deploy/helm/gpu-otel). The binary's own default is loopback.
EXPOSE 4317 4318 9464
ENTRYPOINT ["gpu-otel-receiver"]
CMD ["serve", "--grpc-endpoint", "0.0.0.0:4317", "--http-endpoint", "0.0.0.0:4318", "--metrics-endpoint", "0.0.0.0:9464"]

FROM debian:bookworm-slim AS webhook
COPY --from=build /src/target/release/gpu-otel-webhook /usr/local/bin/gpu-otel-webhook
USER 65532:65532
# 8443: the API server's HTTPS calls; 8081: health and metrics.
EXPOSE 8443 8081
ENTRYPOINT ["gpu-otel-webhook"]
CMD ["serve"]

FROM debian:bookworm-slim AS replay
COPY --from=build /src/target/release/replay /usr/local/bin/replay
COPY injector/tests/fixtures/h200_kernel_records.jsonl injector/tests/fixtures/h200_torch_kernel_records.jsonl /fixtures/
USER 65534:65534
ENTRYPOINT ["replay"]
CMD ["--endpoint", "http://receiver:4317", "/fixtures/h200_kernel_records.jsonl", "/fixtures/h200_torch_kernel_records.jsonl"]

# CUPTI and NVRTC come from NVIDIA's CUDA repository, already configured in this image.
FROM nvidia/cuda:13.0.0-runtime-ubuntu24.04 AS gpu-workload
# The package names pin the CUDA release (13-0); patch versions follow the base image.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends cuda-cupti-13-0 cuda-nvrtc-13-0 \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/target/release/libgpu_otel_injector.so /opt/gpu-otel/libgpu_otel_injector.so
COPY --from=build /src/target/release/kernels /usr/local/bin/kernels
ENV CUDA_INJECTION64_PATH=/opt/gpu-otel/libgpu_otel_injector.so \
    LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/extras/CUPTI/lib64 \
    OTEL_SERVICE_NAME=cuda-kernels-example
ENTRYPOINT ["kernels"]
