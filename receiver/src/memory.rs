//! The most memory the receiver takes, from its configuration: the formula
//! docs/receiver.md states (section "Memory"), computed, so that `validate` prints it,
//! the recipes' memory limits are checked against it and the hostile-client tests hold
//! a running receiver to it. Every term is bounded by a setting; the constants are
//! measured (each says where).

use crate::config::Config;

/// One term of the bound.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Term {
    /// What it is.
    pub what: &'static str,
    /// Its bytes.
    pub bytes: u64,
}

/// Code, runtime, allocator and everything not below: 15-19 MB measured at start in a
/// release build (docs/measurements/hostile-clients.md), more in a debug build.
pub const BASELINE_BYTES: u64 = 48 << 20;
/// One idle OTLP/gRPC connection (HTTP/2 state and buffers): 36 KB measured each of
/// 1,000 (docs/measurements/hostile-clients.md).
pub const GRPC_CONNECTION_BYTES: u64 = 48 << 10;
/// One HTTP/1.1 connection, its read buffer held to 8 KiB
/// ([`crate::ingest::conn::HTTP1_BUFFER`]): 19 KB measured each of 1,000.
pub const HTTP_CONNECTION_BYTES: u64 = 32 << 10;
/// TLS on a connection (rustls' session and buffers): 11 KB more measured, gRPC and
/// HTTP alike.
pub const TLS_CONNECTION_BYTES: u64 = 16 << 10;
/// What the reconciler keeps per window record the store holds (the store's indexes,
/// pending opens, bookkeeping): 691 bytes measured by tests/decoded_bound.rs, with a
/// fifth more for the allocator's size classes.
pub const WINDOW_BYTES: u64 = 832;
/// Kernel metrics (top names per process and interval) and output sampling's names.
pub const METRICS_AND_SAMPLING_BYTES: u64 = 16 << 20;

/// The terms of the bound for `config`, with `worker_threads` runtime threads.
pub fn terms(config: &Config, worker_threads: usize) -> Vec<Term> {
    let i = &config.ingest;
    let e = &config.export;
    let pending = i.max_pending_bytes as u64;
    let mut out = vec![
        Term {
            what: "baseline: code, runtime, allocator",
            bytes: BASELINE_BYTES,
        },
        Term {
            what: "requests on their way in: their bytes as they arrive, then what decoding them takes (ingest.max_pending_bytes)",
            bytes: pending,
        },
        Term {
            what: "the request the pipeline reconciles, no more than it was admitted with (ingest.max_pending_bytes)",
            bytes: pending,
        },
        Term {
            what: "a gRPC message decompressed and copied while its handler starts, per runtime thread (2 x ingest.max_request_bytes)",
            bytes: worker_threads as u64 * 2 * i.max_request_bytes as u64,
        },
        Term {
            what: "held kernel spans with the resources and scopes they keep (reconcile.max_held_bytes)",
            bytes: config.reconcile.max_held_bytes as u64,
        },
        Term {
            what: "window records the store keeps (reconcile.max_processes x max_windows_per_process x 832 B)",
            bytes: (config.reconcile.max_processes * config.reconcile.max_windows_per_process)
                as u64
                * WINDOW_BYTES,
        },
    ];
    let metrics_destination = e.metrics_endpoint.is_some() && config.metrics.enabled;
    let destinations = 1
        + e.mirrors.len() as u64
        + u64::from(metrics_destination)
        + u64::from(e.profiles_endpoint.is_some());
    out.push(Term {
        what: "export queues and batches in flight, per destination (export.queue_max_bytes + export.concurrency x 3 x batch_max_bytes)",
        bytes: destinations
            * (e.queue_max_bytes as u64 + (e.concurrency as u64) * 3 * e.batch_max_bytes as u64),
    });
    let tls = if i.tls.is_some() {
        TLS_CONNECTION_BYTES
    } else {
        0
    };
    out.push(Term {
        what: "connections at their caps (ingest.grpc_max_connections, http_max_connections, telemetry.max_connections)",
        bytes: i.grpc_max_connections as u64 * (GRPC_CONNECTION_BYTES + tls)
            + i.http_max_connections as u64 * (HTTP_CONNECTION_BYTES + tls)
            + config.telemetry.max_connections as u64 * HTTP_CONNECTION_BYTES,
    });
    if config.queue.dir.is_some() {
        out.push(Term {
            what: "with the queue: requests read back from disk (a budget as large as ingest.max_pending_bytes), the encoded copies of requests being committed and their write (2 x ingest.max_pending_bytes), a segment read at start (queue.segment_bytes)",
            bytes: 3 * pending + config.queue.segment_bytes,
        });
    }
    if config.metrics.enabled || config.sampling.enabled {
        out.push(Term {
            what: "kernel metrics and output sampling state",
            bytes: METRICS_AND_SAMPLING_BYTES,
        });
    }
    out
}

/// The bound: the sum of [`terms`].
pub fn bound(config: &Config, worker_threads: usize) -> u64 {
    terms(config, worker_threads).iter().map(|t| t.bytes).sum()
}

/// The runtime's worker threads as the receiver starts them: `TOKIO_WORKER_THREADS`,
/// else the CPUs this process may run on.
pub fn worker_threads() -> usize {
    std::env::var("TOKIO_WORKER_THREADS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_grows_with_each_setting_it_is_made_of() {
        let c = Config::default();
        let base = bound(&c, 4);
        let mut more = c.clone();
        more.ingest.max_pending_bytes *= 2;
        assert!(bound(&more, 4) >= base + 2 * c.ingest.max_pending_bytes as u64);
        let mut queued = c.clone();
        queued.queue.dir = Some("/q".into());
        assert!(bound(&queued, 4) > base);
        assert!(bound(&c, 8) > base);
        let mut mirrored = c.clone();
        mirrored.export.mirrors = vec!["http://m:4317".into()];
        assert!(bound(&mirrored, 4) > base);
        let mut profiled = c;
        profiled.export.profiles_endpoint = Some("http://p:4317".into());
        assert!(bound(&profiled, 4) > base);
    }
}
