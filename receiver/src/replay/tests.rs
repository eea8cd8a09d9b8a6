//! The replay stage on requests read back: handed on in number order, each within its
//! bound, and never stopped by room that only a later request holds.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::KeyValue;
use opentelemetry_proto::tonic::resource::v1::Resource;
use opentelemetry_proto::tonic::trace::v1::{ResourceSpans, ScopeSpans};
use otlp_client::Compression;
use prost::Message;
use tokio::sync::{mpsc, Semaphore};

use super::{Bound, Replay};
use crate::config::QueueConfig;
use crate::entry::{Admission, Arrived, Entry};
use crate::queue::{self, feeder, HandOver, Handed, Request};
use crate::reconcile::prepared::Prepared;
use crate::wire::census::{Census, Encoding, Limits};

/// A request of one span under a resource of `attributes` empty attributes (2 bytes
/// each on the wire, hundreds decoded): the more, the more its decoding takes.
fn request(attributes: usize, span: u64) -> Vec<u8> {
    ExportTraceServiceRequest {
        resource_spans: vec![ResourceSpans {
            resource: Some(Resource {
                attributes: vec![KeyValue::default(); attributes],
                ..Default::default()
            }),
            scope_spans: vec![ScopeSpans {
                spans: vec![crate::fixtures::plain(span)],
                ..Default::default()
            }],
            ..Default::default()
        }],
    }
    .encode_to_vec()
}

fn decoded_bound(body: &[u8]) -> usize {
    Prepared::decoded_bound(&Census::protobuf(body))
}

struct Stage {
    to_replay: mpsc::Sender<Handed<Prepared>>,
    entries: mpsc::Receiver<Entry>,
    budget: Arc<Semaphore>,
    size: usize,
    _queue: queue::Opened<Prepared>,
    _dir: tempfile::TempDir,
}

/// The stage running, over a budget of `size` bytes and requests of at most
/// `max_request` bytes decompressed; its quarantine a real queue's.
fn stage(size: usize, max_request: usize) -> Stage {
    let dir = tempfile::tempdir().unwrap();
    let budget = Arc::new(Semaphore::new(size));
    let config = QueueConfig {
        dir: Some(dir.path().join("queue")),
        ..QueueConfig::default()
    };
    let opened = queue::open::<Prepared>(
        &config,
        1,
        HandOver {
            capacity: 16,
            keep_room: 0,
            bound: feeder::Bound {
                budget: Arc::new(Semaphore::new(size)),
                max_pending: size,
            },
        },
        Default::default(),
    )
    .unwrap();
    let (to_replay, from_queue) = mpsc::channel(64);
    let (to_pipeline, entries) = mpsc::channel(64);
    tokio::spawn(
        Replay {
            from_queue,
            to_pipeline,
            quarantine: opened.quarantine.clone(),
            bound: Bound {
                budget: budget.clone(),
                max_pending: size,
                max_request,
                limits: Limits {
                    resources: 1000,
                    scopes: 1000,
                    spans: 100_000,
                    attributes: 1_000_000,
                },
            },
        }
        .run(),
    );
    Stage {
        to_replay,
        entries,
        budget,
        size,
        _queue: opened,
        _dir: dir,
    }
}

impl Stage {
    /// Hands the requests over as the feeder does, one after another, beside the test
    /// (admitting each may wait for room that the entries handed on free): each stored
    /// zstd-compressed, its stored bytes admitted.
    fn read_back(&self, requests: Vec<(u64, Vec<u8>)>) {
        let (to_replay, budget) = (self.to_replay.clone(), self.budget.clone());
        tokio::spawn(async move {
            for (seq, body) in requests {
                let stored = Compression::Zstd.compress(Bytes::from(body)).unwrap();
                let admission = budget
                    .clone()
                    .acquire_many_owned(stored.len() as u32)
                    .await
                    .unwrap();
                let arrived = Arrived {
                    bytes: stored,
                    format: Encoding::Protobuf,
                    compression: Compression::Zstd,
                };
                let handed = Handed {
                    seq,
                    arrival: seq,
                    request: Request::Stored(arrived),
                    admission: Some(Admission::new(admission)),
                };
                if to_replay.send(handed).await.is_err() {
                    return;
                }
            }
        });
    }

    /// The next entry handed on, within 10 s.
    async fn next(&mut self) -> Entry {
        tokio::time::timeout(Duration::from_secs(10), self.entries.recv())
            .await
            .expect("the replay hands the next request on")
            .expect("the replay runs")
    }

    /// Every byte of room is free again, within a second (the last entries' room comes
    /// back as they are dropped, the blocking threads' as they end).
    async fn all_room_back(&self) {
        for _ in 0..100 {
            if self.budget.available_permits() == self.size {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(self.budget.available_permits(), self.size);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_read_back_are_handed_on_in_number_order_each_holding_its_decoded_bound() {
    let mut s = stage(64 << 20, 4 << 20);
    // Sizes that take very different times to decompress, count and decode.
    let sizes = [
        20_000, 10, 5_000, 1, 40_000, 100, 0, 30_000, 7, 2_000, 15, 60_000,
    ];
    s.read_back(
        (0..sizes.len())
            .map(|i| (i as u64 + 1, request(sizes[i], i as u64)))
            .collect(),
    );
    for (i, n) in sizes.iter().enumerate() {
        let entry = s.next().await;
        assert_eq!(entry.prepared.origin(), Some(i as u64 + 1));
        assert_eq!(entry.prepared.request().span_count(), 1);
        // Its decoded bound and its stored bytes, still held beside.
        let body = request(*n, i as u64);
        let held = entry.admission.as_ref().map_or(0, Admission::bytes);
        assert!(
            held >= decoded_bound(&body) && held <= decoded_bound(&body) + body.len(),
            "request {}: {held} bytes held, decoded bound {}",
            i + 1,
            decoded_bound(&body)
        );
        // Taken through the pipeline: its room is free again.
        drop(entry);
    }
    s.all_room_back().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_waiting_for_room_to_decode_gets_it_back_from_the_requests_behind_it() {
    // The first request decodes into most of the budget. Those behind it take room to
    // decompress (1 MiB each) while it is counted; kept, that room would leave it
    // waiting for ever, as they cannot be handed on before it.
    let first = request(60_000, 0);
    let size = decoded_bound(&first) + (1 << 20);
    let mut s = stage(size, 1 << 20);
    s.read_back(
        std::iter::once((1, first))
            .chain((2..=8).map(|seq| (seq, request(10, seq))))
            .collect(),
    );
    for seq in 1..=8 {
        let entry = s.next().await;
        assert_eq!(entry.prepared.origin(), Some(seq));
        // Taken through the pipeline: its room is free again.
        drop(entry);
    }
    s.all_room_back().await;
}
