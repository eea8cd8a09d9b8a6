{{/*
The gateway's Collector config (otelcol-contrib 0.159.0), read against the receivers'
by tests/e2e/test_chart_gateway.py: the receivers' CA, the Service name their
certificate carries, a token among theirs.
*/}}
{{- define "gpu-otel.gatewayConfig" -}}
{{- $receiver := include "gpu-otel.receiver" . -}}
extensions:
  health_check:
    endpoint: 0.0.0.0:13133
  # Producers toward the gateway: a token per client namespace.
  bearertokenauth/clients:
    tokens:
      {{- range $i, $ns := .Values.gateway.clientNamespaces }}
      - ${env:GPU_OTEL_CLIENT_TOKEN_{{ $i }}}
      {{- end }}
  # The gateway toward the receivers: one of their tokens, reread when it changes.
  bearertokenauth/receivers:
    filename: /etc/gpu-otel-gateway/receiver-token/token
  # The sending queue's disk, compacted at start and whenever it has shrunk back, so
  # that a backlog once drained gives its space back.
  file_storage/queue:
    directory: /var/lib/otelcol/queue
    fsync: true
    timeout: 1s
    compaction:
      on_start: true
      on_rebound: true
      directory: /var/lib/otelcol/queue
      rebound_needed_threshold_mib: 100
      rebound_trigger_threshold_mib: 10
      check_interval: 5s

receivers:
  otlp:
    protocols:
      grpc:
        endpoint: 0.0.0.0:4317
        tls:
          cert_file: /etc/gpu-otel-gateway/tls/tls.crt
          key_file: /etc/gpu-otel-gateway/tls/tls.key
        auth:
          authenticator: bearertokenauth/clients
      http:
        endpoint: 0.0.0.0:4318
        tls:
          cert_file: /etc/gpu-otel-gateway/tls/tls.crt
          key_file: /etc/gpu-otel-gateway/tls/tls.key
        auth:
          authenticator: bearertokenauth/clients

processors:
  memory_limiter:
    check_interval: 1s
    limit_percentage: 80
    spike_limit_percentage: 20
  # No batch processor: it acknowledges before anything is on disk.

exporters:
  load_balancing:
    routing_key: attributes
    routing_attributes:
      - service.instance.id
    # Persistent: a request is on disk before the producer gets its answer, and is
    # retried until a receiver takes it. Not batched: each queued request is one
    # producer's request (the injector never puts two processes in one), so it routes
    # to one receiver, and a retry (which routes the whole request again,
    # opentelemetry-collector-contrib#50437) goes to that one receiver, never again
    # to every receiver a merged batch touched.
    sending_queue:
      enabled: true
      storage: file_storage/queue
      sizer: requests
      queue_size: 20000
      num_consumers: 8
    retry_on_failure:
      enabled: true
      initial_interval: 1s
      max_interval: 30s
      max_elapsed_time: 0s
    timeout: 15s
    protocol:
      otlp:
        timeout: 10s
        compression: gzip
        tls:
          ca_file: /etc/gpu-otel-gateway/ingest-ca/ca.crt
          # The receivers' certificate names the node-local Service; the resolver
          # dials pod addresses.
          server_name_override: {{ include "gpu-otel.receiverHost" . }}
        auth:
          authenticator: bearertokenauth/receivers
        # One queue, above: a second one per receiver would hold acknowledged spans in
        # memory, and retrying here would never route again.
        sending_queue:
          enabled: false
        retry_on_failure:
          enabled: false
    resolver:
      k8s:
        service: {{ $receiver }}-headless.{{ .Release.Namespace }}
        ports:
          - 4317

service:
  extensions: [health_check, bearertokenauth/clients, bearertokenauth/receivers, file_storage/queue]
  telemetry:
    metrics:
      level: normal
      readers:
        - pull:
            exporter:
              prometheus:
                host: 0.0.0.0
                port: 8888
  pipelines:
    traces:
      receivers: [otlp]
      processors: [memory_limiter]
      exporters: [load_balancing]
{{- end -}}
