{{/* The release's name for every object (chart-fullname convention). */}}
{{- define "gpu-otel.name" -}}
{{- default .Release.Name .Values.nameOverride | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{- define "gpu-otel.labels" -}}
app.kubernetes.io/part-of: gpu-otel
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* An image of ours: registry/name:tag, the tag the chart's appVersion unless set. */}}
{{- define "gpu-otel.image" -}}
{{- $root := index . 0 -}}{{- $name := index . 1 -}}
{{- printf "%s/%s:%s" $root.Values.image.registry $name (default $root.Chart.AppVersion $root.Values.image.tag) -}}
{{- end -}}

{{- define "gpu-otel.receiver" -}}{{ include "gpu-otel.name" . }}-receiver{{- end -}}
{{- define "gpu-otel.webhook" -}}{{ include "gpu-otel.name" . }}-webhook{{- end -}}
{{- define "gpu-otel.gateway" -}}{{ include "gpu-otel.name" . }}-gateway{{- end -}}

{{/* The node-local Service's name in DNS: what workloads dial and the ingest certificate names. */}}
{{- define "gpu-otel.receiverHost" -}}
{{- printf "%s.%s.svc.%s" (include "gpu-otel.receiver" .) .Release.Namespace .Values.clusterDomain -}}
{{- end -}}

{{/* The receivers' configuration file (receiver/src/config.rs), as YAML. */}}
{{- define "gpu-otel.receiverConfig" -}}
{{- $r := .Values.receiver -}}
{{- $config := dict
  "ingest" (dict
    "grpc_endpoint" "0.0.0.0:4317"
    "http_endpoint" "0.0.0.0:4318"
    "max_request_bytes" 4194304
    "tls" (dict "cert_file" "/etc/gpu-otel/ingest-tls/tls.crt" "key_file" "/etc/gpu-otel/ingest-tls/tls.key")
    "auth" (dict "token_file" "/etc/gpu-otel/ingest-auth/tokens"))
  "reconcile" (dict "delay" "2s" "max_processes" 256)
  "export" (dict
    "endpoint" .Values.export.endpoint
    "protocol" .Values.export.protocol
    "compression" .Values.export.compression
    "timeout" "10s")
  "telemetry" (dict "metrics_endpoint" "0.0.0.0:9464")
  "kubernetes" (dict "pod_attributes" $r.podAttributes)
  "shutdown_timeout" $r.shutdownTimeout -}}
{{- if $r.queue.enabled -}}
{{- $_ := set $config "queue" (dict "dir" "/var/lib/gpu-otel/queue" "max_bytes" (int64 $r.queue.maxBytes) "fsync" "group") -}}
{{- end -}}
{{- toYaml (mustMergeOverwrite $config $r.extraConfig) -}}
{{- end -}}

{{/* GOMEMLIMIT at 80% of a memory limit such as 2Gi or 1500Mi, in MiB (as the Collector's chart and Operator do). */}}
{{- define "gpu-otel.gomemlimit" -}}
{{- $q := toString . -}}
{{- $mib := 0 -}}
{{- if hasSuffix "Gi" $q -}}{{- $mib = mul (trimSuffix "Gi" $q | int64) 1024 -}}
{{- else if hasSuffix "Mi" $q -}}{{- $mib = trimSuffix "Mi" $q | int64 -}}
{{- else -}}{{- fail (printf "gateway.resources.limits.memory %q: use Mi or Gi" $q) -}}
{{- end -}}
{{- printf "%dMiB" (div (mul $mib 80) 100) -}}
{{- end -}}
