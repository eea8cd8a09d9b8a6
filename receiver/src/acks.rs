//! Acknowledgements: the one handle ([`Acks`]) through which the pipeline and the
//! exporters tell the persistent queue what became of its inputs, so that it deletes
//! each exactly when it is done (`queue/ledger.rs` decides). Without the queue there is
//! nobody to tell and it does nothing.
//!
//! ```text
//! pipeline ─ handed: evidence rows, emitted output (runs of input, spans), sealed inputs ─┐
//!                                                                                          ├─► queue::Tracker
//! export/ (each destination) ─ settled: delivered, or dropped for good ───────────────────┘
//! ```
//!
//! The queue knows inputs by number and output by count alone: the conversions from the
//! reconciler's types (origins, the window store's evidence) are here.

use std::sync::Arc;

use prost::Message as _;
use semconv::codec;
use semconv::store::Evicted;

use crate::queue::{Evidence, Tracker};
use crate::reconcile::origin::{EvidenceChange, Origins};
use crate::reconcile::Ready;

/// Where the pipeline and every exporter report, cloned to each.
#[derive(Debug, Clone, Default)]
pub struct Acks(Option<Arc<Tracker>>);

impl Acks {
    /// To the persistent queue's tracker.
    pub fn queue(tracker: Arc<Tracker>) -> Acks {
        Acks(Some(tracker))
    }

    /// Whether there is a queue to tell (what the exporters hold is then also on disk).
    pub fn is_durable(&self) -> bool {
        self.0.is_some()
    }

    /// The pipeline's report after the reconciler ran, in the order the queue needs it:
    /// the evidence first (on disk before any input it came from can be deleted), the
    /// output about to be exported (`ready`'s origins) before the inputs it holds
    /// nothing more of (`sealed`), so that no input is deleted before its output is
    /// counted.
    pub fn handed(&self, evidence: Vec<EvidenceChange>, ready: &[Ready], sealed: Vec<u64>) {
        let Some(t) = &self.0 else {
            return;
        };
        t.evidence(evidence_rows(evidence));
        for (_, origins) in ready {
            t.emitted(origins.runs());
        }
        t.sealed(sealed);
    }

    /// Destination number `destination` settled these spans: delivered, or dropped for
    /// good (and counted).
    pub fn settled(&self, destination: usize, origins: &Origins) {
        if let Some(t) = &self.0 {
            t.resolved(destination, origins.runs());
        }
    }
}

/// The window store's changes as the queue keeps them: a record as its OTLP span event
/// (read back by `handoff.rs` at a restart).
fn evidence_rows(changes: Vec<EvidenceChange>) -> Vec<Evidence> {
    changes
        .into_iter()
        .map(|change| match change {
            EvidenceChange::Taken {
                key,
                window,
                origin,
            } => Evidence::Taken {
                producer: key.0,
                start: window.start_ns,
                origin,
                record: codec::to_event(&window).encode_to_vec(),
            },
            EvidenceChange::Evicted(Evicted::Window(key, start)) => Evidence::WindowDropped {
                producer: key.0,
                start,
            },
            EvidenceChange::Evicted(Evicted::Process(key)) => {
                Evidence::ProducerDropped { producer: key.0 }
            }
            EvidenceChange::Floors { key, floors } => Evidence::Floors {
                producer: key.0,
                floor: floors.floor,
                lost_until: floors.lost_until,
            },
        })
        .collect()
}
