//! A receiver with its persistent queue in a directory: what the queue's restart tests
//! run against (with a recording backend, `super::backend`).

use std::path::Path;
use std::time::Duration;

use receiver::fixtures;

/// A loopback receiver queuing in `queue` (small segments: a fixture stays a few
/// kilobytes) and exporting to `endpoint`.
pub fn config(queue: &Path, endpoint: String) -> receiver::config::Config {
    let mut c = fixtures::loopback_config();
    c.queue.dir = Some(queue.to_path_buf());
    c.queue.segment_bytes = 1 << 20;
    c.export.endpoint = Some(endpoint);
    c.shutdown_timeout = Duration::from_secs(1);
    c
}
