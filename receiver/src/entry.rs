//! What travels from ingest to the pipeline ([`Entry`]), a request's bytes as they
//! arrived ([`Arrived`], what the persistent queue keeps), what a waiting request holds
//! ([`Admission`], [`Claim`]), and why a request may be turned away ([`Refusal`]): the
//! types the front ends, the persistent queue and the pipeline share.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{oneshot, OwnedSemaphorePermit};

use bytes::Bytes;
use otlp_client::Compression;

use crate::reconcile::prepared::Prepared;
use crate::wire::census::Encoding;

/// How long senders are asked to wait when the receiver is full.
pub const RETRY_AFTER: Duration = Duration::from_secs(1);

/// One request on its way to the pipeline.
#[derive(Debug)]
pub struct Entry {
    /// The request, read; numbered ([`Prepared::with_origin`]) when the persistent
    /// queue holds it, so that its output's delivery can delete it.
    pub prepared: Prepared,
    /// When it arrived (was committed, with the queue), on the receiver's clock: the
    /// time it is reconciled at.
    pub arrival: u64,
    /// In memory only: the sender waits until the pipeline takes the request.
    pub claim: Option<Claim>,
    /// Its share of the pending-bytes budget while it waits in memory.
    pub admission: Option<Admission>,
}

/// A request's bytes as ingest received them, with their encoding: what the persistent
/// queue keeps (and reads back), so that it stores what arrived instead of encoding it
/// again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrived {
    /// The body (after gRPC's own framing and compression, which tonic removes).
    pub bytes: Bytes,
    /// Protobuf or OTLP/JSON.
    pub format: Encoding,
    /// How `bytes` are compressed (HTTP's `Content-Encoding`).
    pub compression: Compression,
}

impl Arrived {
    /// An uncompressed protobuf body.
    pub fn protobuf(bytes: Bytes) -> Arrived {
        Arrived {
            bytes,
            format: Encoding::Protobuf,
            compression: Compression::None,
        }
    }

    /// Bytes it holds besides what a request's decoded bound counts (which counts the
    /// decompressed body): a compressed body's, none for one as it is decoded.
    pub fn held_besides_decoded(&self) -> usize {
        match self.compression {
            Compression::None => 0,
            _ => self.bytes.len(),
        }
    }
}

/// A request's wire bytes counted against the pending-bytes budget until dropped.
#[derive(Debug)]
pub struct Admission(OwnedSemaphorePermit);

impl Admission {
    /// The budget's permits for one request's bytes.
    pub fn new(permits: OwnedSemaphorePermit) -> Admission {
        Admission(permits)
    }

    /// Bytes admitted.
    pub fn bytes(&self) -> usize {
        self.0.num_permits()
    }

    /// Room left in the budget it was counted against, in bytes.
    pub fn room_left(&self) -> usize {
        self.0.semaphore().available_permits()
    }

    /// Adds `more` to this admission.
    pub fn merge(&mut self, more: Admission) {
        self.0.merge(more.0);
    }

    /// Gives back what it holds beyond `bytes` (a buffer dropped).
    pub fn shrink_to(&mut self, bytes: usize) {
        let extra = self.bytes().saturating_sub(bytes);
        drop(self.0.split(extra));
    }
}

/// Why a whole request was not taken: what the sender is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Refusal {
    /// The pipeline stayed full for the enqueue timeout.
    #[error("the receiver is at capacity; retry after {}s", RETRY_AFTER.as_secs())]
    Busy,
    /// The requests waiting for the pipeline already hold the pending-bytes budget.
    #[error("the receiver holds its limit of pending request bytes; retry after {}s", RETRY_AFTER.as_secs())]
    OverBudget,
    /// The pipeline is shutting down.
    #[error("the receiver is shutting down")]
    Unavailable,
    /// The persistent queue holds its byte budget.
    #[error("the receiver's queue is full; retry after {}s", RETRY_AFTER.as_secs())]
    QueueFull,
    /// The persistent queue cannot write to its disk (a failed fsync, a full disk): the
    /// request is not on disk and will not be delivered.
    #[error("the receiver's queue cannot write to its disk; retry after {}s", RETRY_AFTER.as_secs())]
    QueueFailing,
}

impl Refusal {
    /// Every refusal, in the order of their counters.
    pub const ALL: [Refusal; 5] = [
        Refusal::Busy,
        Refusal::OverBudget,
        Refusal::Unavailable,
        Refusal::QueueFull,
        Refusal::QueueFailing,
    ];

    /// The `reason` label of the refusal counters.
    pub fn label(self) -> &'static str {
        match self {
            Refusal::Busy => "busy",
            Refusal::OverBudget => "pending_bytes",
            Refusal::Unavailable => "unavailable",
            Refusal::QueueFull => "queue_full",
            Refusal::QueueFailing => "queue_failing",
        }
    }

    /// Its place in [`Refusal::ALL`].
    pub fn index(self) -> usize {
        Refusal::ALL
            .iter()
            .position(|r| *r == self)
            .expect("every refusal is listed")
    }
}

const QUEUED: u8 = 0;
const TAKEN: u8 = 1;
const ABANDONED: u8 = 2;

/// Who owns a request waiting in memory: the pipeline, once it takes it, or its sender,
/// once it stops waiting (and is told to retry, or went away: its call dropped). Decided
/// once, by whoever moves first, so an answer never says "retry" for spans that are
/// exported, and a request whose sender went away first is not exported behind its back.
#[derive(Debug)]
pub struct Claim {
    taken: oneshot::Sender<()>,
    state: Arc<AtomicU8>,
}

/// The sender's side of a [`Claim`].
#[derive(Debug)]
pub struct Waiting {
    taken: oneshot::Receiver<()>,
    state: Arc<AtomicU8>,
}

impl Claim {
    /// A claim and its sender's side.
    pub fn new() -> (Claim, Waiting) {
        let (tx, rx) = oneshot::channel();
        let state = Arc::new(AtomicU8::new(QUEUED));
        (
            Claim {
                taken: tx,
                state: state.clone(),
            },
            Waiting { taken: rx, state },
        )
    }

    /// The pipeline takes the request; false when its sender was already told to
    /// retry, and then the request must not be taken.
    pub fn take(self) -> bool {
        let ok = claim(&self.state, TAKEN);
        if ok {
            let _ = self.taken.send(());
        }
        ok
    }
}

impl Waiting {
    /// Waits until the pipeline takes the request, for at most `timeout`. `Ok`: taken;
    /// `Err(true)`: given up (the sender is told to retry, the pipeline will skip it);
    /// `Err(false)`: the pipeline is gone.
    pub async fn taken(mut self, timeout: Duration) -> Result<(), bool> {
        match tokio::time::timeout(timeout, &mut self.taken).await {
            Ok(r) => r.map_err(|_| false),
            Err(_) if claim(&self.state, ABANDONED) => Err(true),
            // Taken meanwhile: its signal is on its way.
            Err(_) => (&mut self.taken).await.map_err(|_| false),
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        // Dropped before the pipeline took it (the sender reset its call): abandoned.
        // Otherwise decided already, and this does nothing.
        claim(&self.state, ABANDONED);
    }
}

fn claim(c: &AtomicU8, to: u8) -> bool {
    c.compare_exchange(QUEUED, to, Ordering::AcqRel, Ordering::Acquire)
        .is_ok()
}

#[cfg(test)]
mod claim_tests {
    use super::*;

    #[tokio::test]
    async fn the_pipeline_takes_a_request_its_sender_waits_for() {
        let (claim, waiting) = Claim::new();
        assert!(claim.take());
        assert_eq!(waiting.taken(Duration::from_secs(5)).await, Ok(()));
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_whose_sender_gave_up_waiting_is_not_taken() {
        let (claim, waiting) = Claim::new();
        assert_eq!(waiting.taken(Duration::from_millis(10)).await, Err(true));
        assert!(!claim.take());
    }

    #[test]
    fn a_request_whose_sender_went_away_before_it_was_taken_is_not_taken() {
        let (claim, waiting) = Claim::new();
        drop(waiting);
        assert!(!claim.take());
    }

    #[test]
    fn a_request_taken_before_its_sender_went_away_stays_taken() {
        let (claim, waiting) = Claim::new();
        let state = claim.state.clone();
        assert!(claim.take());
        drop(waiting);
        assert_eq!(state.load(Ordering::Acquire), TAKEN);
    }
}
