//! The one way a request gets from ingest to the pipeline, in memory or through the
//! persistent queue: the front ends hold a [`Handoff`], the pipeline its [`Intake`].
//!
//! ```text
//! in memory:  Handoff ─ bounded channel ─────────────────────────────────────────► Intake ─► pipeline
//!             (answered once the pipeline takes it)
//! durable:    Handoff ─► queue writer (commit, fsync) ─► queue feeder ─► replay ─► Intake ─► pipeline
//!             (the bytes that arrived; answered           (kept in memory,  (decodes   │
//!              once the commit is durable)                 or read back)     once)     │
//!                                                           ▲                          │
//!                                                           └── Acks (crate::acks) ◄───┘
//!                                                               delete when done
//! ```
//!
//! A request is first admitted against a budget of pending wire bytes (held until the
//! pipeline takes or drops it, or the queue has it on disk). What its sender is told is
//! decided once, from the request alone ([`Prepared::report`]), the same in both modes;
//! refusals are "retry later" (a full budget, a pipeline or queue that stays full) or
//! "unavailable" (shutting down, a queue disk that fails: then with a retry delay). The pipeline reads [`Entry`]s in
//! one loop whatever the mode: each carries its arrival time (the reconciler's clock)
//! and, through the queue, its number, so the acknowledgement travels with the data: the
//! pipeline and the exporters report through one handle, [`Acks`]. The queue knows
//! requests by number and bytes alone: what it restores at a restart (opaque evidence
//! rows) is read back into the reconciler's types here.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, watch, Semaphore};

use opentelemetry_proto::tonic::trace::v1::span::Event;
use prost::Message as _;
use semconv::codec::{self, WindowDecodeError};
use semconv::store::Tombstone;
use semconv::Window;

use crate::entry::{Admission, Arrived, Claim, Entry, Refusal};

use crate::acks::Acks;
use crate::config::Config;
use crate::queue::{self, Appender, QueueError, QueueTasks, Restored};
use crate::reconcile::prepared::{IngestReport, Prepared};
use crate::reconcile::resource::ResourceKey;
use crate::reconcile::{Ready, Reconciler};
use crate::replay::{self, Replay};
use crate::telemetry::{Telemetry, Transport, TransportCounters};
use crate::wire::census::{Census, Limits};

/// The front ends' side: admits a request's bytes as they arrive and what decoding it
/// will take before it does, then hands it over. Each listener holds its own
/// ([`Handoff::via`]), so that what it took in and turned away is counted by transport.
#[derive(Debug, Clone)]
pub struct Handoff {
    to: To,
    enqueue_timeout: Duration,
    budget: Arc<Semaphore>,
    /// The whole budget: a request whose decoding would take more is never admitted.
    max_pending: usize,
    limits: Limits,
    transport: Transport,
    /// Counters of the ingest edge.
    pub telemetry: Arc<Telemetry>,
}

/// Why a request was not admitted for decoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotAdmitted {
    /// It can never be (over a per-request limit, or decoding it would take more than the
    /// whole budget): refused whole, not to be retried as it is. Counted as too large.
    TooLarge(String),
    /// Not now: the budget is held by other requests (retry later).
    Refused(Refusal),
}

#[derive(Debug, Clone)]
enum To {
    Memory(mpsc::Sender<Entry>),
    Durable(Appender<Prepared>),
}

impl Handoff {
    /// The same handoff, counting for the listener `transport`.
    pub fn via(&self, transport: Transport) -> Handoff {
        Handoff {
            transport,
            ..self.clone()
        }
    }

    /// The listener it counts for.
    pub fn transport(&self) -> Transport {
        self.transport
    }

    /// The counters of its listener.
    pub fn counters(&self) -> &TransportCounters {
        self.telemetry.ingest.transport(self.transport)
    }

    /// Counts `bytes` of a request against the budget, or refuses it (and counts the
    /// refusal) when the budget has no room. Never waits: the bytes are often in
    /// memory already, and waiting would hold them outside the budget.
    pub fn admit(&self, bytes: usize) -> Result<Admission, Refusal> {
        let n = u32::try_from(bytes).unwrap_or(u32::MAX);
        match self.budget.clone().try_acquire_many_owned(n) {
            Ok(p) => Ok(Admission::new(p)),
            Err(_) => Err(self.refused(Refusal::OverBudget, 0)),
        }
    }

    /// Grows an admission to `bytes` (more of a body arrived, a body decompressed); a
    /// refusal is counted, with no spans (the request is not read yet).
    pub fn grow(&self, admission: &mut Admission, bytes: usize) -> Result<(), Refusal> {
        self.try_grow(admission, bytes)
            .map_err(|r| self.refused(r, 0))
    }

    fn try_grow(&self, admission: &mut Admission, bytes: usize) -> Result<(), Refusal> {
        let have = admission.bytes();
        if bytes <= have {
            return Ok(());
        }
        let n = u32::try_from(bytes - have).unwrap_or(u32::MAX);
        match self.budget.clone().try_acquire_many_owned(n) {
            Ok(more) => {
                admission.merge(Admission::new(more));
                Ok(())
            }
            Err(_) => Err(Refusal::OverBudget),
        }
    }

    /// Bytes of `arrived` a request holds while it waits, besides what decoding it
    /// takes: a compressed body kept for the persistent queue (it stores what arrived);
    /// none in memory.
    pub fn keeps(&self, arrived: &Arrived) -> usize {
        match self.to {
            To::Durable(_) => arrived.held_besides_decoded(),
            To::Memory(_) => 0,
        }
    }

    /// Charges `admission` (which holds the request's bytes) with what decoding and
    /// reading a request of this census take ([`Prepared::decoded_bound`]), and with
    /// `besides` bytes more that it holds meanwhile ([`Handoff::keeps`]), before it is
    /// decoded: refused whole when it is over a per-request limit or could never fit the
    /// budget, told to retry when the budget has no room now.
    pub fn admit_decoded(
        &self,
        admission: &mut Admission,
        census: &Census,
        besides: usize,
    ) -> Result<(), NotAdmitted> {
        let too_large = |why: String| {
            self.counters()
                .refused_too_large
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            NotAdmitted::TooLarge(why)
        };
        census
            .check(&self.limits)
            .map_err(|e| too_large(e.to_string()))?;
        let bound = Prepared::decoded_bound(census) + besides;
        if bound > self.max_pending {
            return Err(too_large(format!(
                "decoded, the request would take {bound} bytes, more than all requests waiting may take (ingest.max_pending_bytes, {}): send smaller requests",
                self.max_pending
            )));
        }
        // Its spans are counted (from the census) though it is not decoded.
        self.try_grow(admission, bound)
            .map_err(|r| NotAdmitted::Refused(self.refused(r, census.spans as u64)))?;
        admission.shrink_to(bound);
        Ok(())
    }

    /// Counts a refusal of a request with `spans` spans (0: not read).
    fn refused(&self, refusal: Refusal, spans: u64) -> Refusal {
        self.counters().refused(refusal, spans);
        refusal
    }

    /// Hands an admitted request over and returns what its sender is told once the
    /// pipeline took it (in memory) or the queue made what `arrived` durable. The
    /// request was read ([`Prepared`]) on the sender's connection task, so that the one
    /// reconcile task does only what needs its state.
    pub async fn submit(
        &self,
        prepared: Prepared,
        arrived: Arrived,
        mut admission: Admission,
    ) -> Result<IngestReport, Refusal> {
        let report = prepared.report().clone();
        let spans = prepared.request().span_count();
        let handed = match &self.to {
            To::Durable(queue) => {
                let bound = prepared.outputs_bound();
                let stored = match queue.compressed(&arrived) {
                    // The compressed copy is held until the commit: charged, or, with no
                    // room for it, the body is stored as it arrived (no copy at all).
                    Some(packed) => {
                        let held = admission.bytes() + packed.bytes.len();
                        match self.try_grow(&mut admission, held) {
                            Ok(()) => packed,
                            Err(_) => arrived,
                        }
                    }
                    None => arrived,
                };
                queue.append(stored, bound, prepared, admission).await
            }
            To::Memory(tx) => {
                drop(arrived);
                self.to_pipeline(tx, prepared, admission).await
            }
        };
        match handed {
            Ok(()) => {
                let rejected = u64::try_from(report.rejected_spans).unwrap_or(0);
                self.counters().accepted(spans, rejected);
                Ok(report)
            }
            Err(r) => Err(self.refused(r, spans)),
        }
    }

    async fn to_pipeline(
        &self,
        tx: &mpsc::Sender<Entry>,
        prepared: Prepared,
        admission: Admission,
    ) -> Result<(), Refusal> {
        let (claim, waiting) = Claim::new();
        let entry = Entry {
            prepared,
            arrival: crate::clock::now_ns(),
            claim: Some(claim),
            admission: Some(admission),
        };
        match tx.send_timeout(entry, self.enqueue_timeout).await {
            // Not taken in time (the export side is backed up): the sender is told to
            // retry and the pipeline will skip the request.
            Ok(()) => waiting
                .taken(self.enqueue_timeout)
                .await
                .map_err(|gave_up| {
                    if gave_up {
                        Refusal::Busy
                    } else {
                        Refusal::Unavailable
                    }
                }),
            Err(mpsc::error::SendTimeoutError::Timeout(_)) => Err(Refusal::Busy),
            Err(mpsc::error::SendTimeoutError::Closed(_)) => Err(Refusal::Unavailable),
        }
    }
}

/// The pipeline's side: the requests to reconcile, in order, and where to tell what
/// became of them.
#[derive(Debug)]
pub struct Intake {
    entries: mpsc::Receiver<Entry>,
    durable: Option<Durable>,
    /// What the queue is told of the reconciler's work.
    acks: Acks,
    /// The arrival of the last request taken, and whether more were committed after it.
    last_arrival: u64,
}

#[derive(Debug)]
struct Durable {
    /// The last committed number: the pipeline is behind while it has not reached it.
    committed: watch::Receiver<u64>,
    last_seq: u64,
}

/// What opening the handoff gives the receiver to wire in.
#[derive(Debug)]
pub struct Opened {
    /// For the front ends.
    pub handoff: Handoff,
    /// For the pipeline.
    pub intake: Intake,
    /// What the pipeline and the exporters tell the queue (nothing, in memory).
    pub acks: Acks,
    /// The queue's writer thread and feeder, to stop last (with the queue).
    pub tasks: Option<QueueTasks>,
    /// Evidence a restart restores into the reconciler before anything else: what
    /// eviction left of producers' evidence, then the windows.
    pub floors: Vec<(ResourceKey, semconv::store::Tombstone)>,
    /// See `floors`.
    pub windows: Vec<(ResourceKey, semconv::Window)>,
}

/// Opens the handoff `config` asks for: through the persistent queue when `queue.dir`
/// is set (for `destinations` export destinations), else in memory.
pub fn open(
    config: &Config,
    destinations: usize,
    telemetry: Arc<Telemetry>,
) -> Result<Opened, QueueError> {
    let capacity = config.ingest.queue_capacity.max(1);
    let budget = Arc::new(Semaphore::new(
        config.ingest.max_pending_bytes.min(Semaphore::MAX_PERMITS),
    ));
    let handoff = |to| Handoff {
        to,
        enqueue_timeout: config.ingest.enqueue_timeout,
        budget: budget.clone(),
        max_pending: config.ingest.max_pending_bytes,
        limits: config.ingest.limits(),
        transport: Transport::Grpc,
        telemetry: telemetry.clone(),
    };
    if config.queue.dir.is_none() {
        let (tx, rx) = mpsc::channel(capacity);
        return Ok(Opened {
            handoff: handoff(To::Memory(tx)),
            intake: Intake {
                entries: rx,
                durable: None,
                acks: Acks::default(),
                last_arrival: 0,
            },
            acks: Acks::default(),
            tasks: None,
            floors: Vec::new(),
            windows: Vec::new(),
        });
    }
    // A budget of its own for requests read back, as large as ingest's: a backlog read
    // back for a stalled pipeline must not turn new senders away while the disk has
    // room for them.
    let read_back = Arc::new(Semaphore::new(
        config.ingest.max_pending_bytes.min(Semaphore::MAX_PERMITS),
    ));
    // Half the budget stays free for requests on their way in: past that, committed
    // requests wait for the pipeline on disk.
    let hand_over = queue::HandOver {
        capacity,
        keep_room: config.ingest.max_pending_bytes / 2,
        bound: queue::feeder::Bound {
            budget: read_back.clone(),
            max_pending: config.ingest.max_pending_bytes,
        },
    };
    let q = queue::open(
        &config.queue,
        destinations,
        hand_over,
        telemetry.queue.clone(),
    )?;
    let (to_pipeline, entries) = mpsc::channel(capacity);
    let replay = tokio::spawn(
        Replay {
            from_queue: q.entries,
            to_pipeline,
            quarantine: q.quarantine,
            bound: replay::Bound {
                budget: read_back,
                max_pending: config.ingest.max_pending_bytes,
                max_request: config.ingest.max_request_bytes,
                limits: config.ingest.limits(),
            },
        }
        .run(),
    );
    let (floors, windows) = restored(q.restored);
    let acks = Acks::queue(q.tracker);
    Ok(Opened {
        handoff: handoff(To::Durable(q.appender)),
        intake: Intake {
            entries,
            durable: Some(Durable {
                committed: q.committed,
                last_seq: 0,
            }),
            acks: acks.clone(),
            last_arrival: 0,
        },
        acks,
        tasks: Some(q.running.with_reader(replay)),
        floors,
        windows,
    })
}

/// A record kept by [`crate::acks`], read back.
fn read_window(bytes: &[u8]) -> Option<Window> {
    let event = Event::decode(bytes).ok()?;
    match codec::decode(&event.attributes) {
        Ok(w) => Some(w),
        Err(WindowDecodeError::UnknownMode { window, .. }) => Some(*window),
        Err(_) => None,
    }
}

/// What the queue restored, as the reconciler restores it: floors, then windows. A row
/// that does not decode is skipped (and logged).
#[allow(clippy::type_complexity)]
fn restored(r: Restored) -> (Vec<(ResourceKey, Tombstone)>, Vec<(ResourceKey, Window)>) {
    let floors = r
        .floors
        .into_iter()
        .map(|(producer, floor, lost_until)| {
            (ResourceKey(producer), Tombstone { floor, lost_until })
        })
        .collect();
    let windows = r
        .windows
        .into_iter()
        .filter_map(
            |(producer, start, origin, record)| match read_window(&record) {
                Some(w) => Some((ResourceKey(producer), w)),
                None => {
                    tracing::warn!(
                        key = producer,
                        start,
                        origin,
                        "An evidence row does not decode; skipped"
                    );
                    None
                }
            },
        )
        .collect();
    (floors, windows)
}

impl Intake {
    /// The next request to reconcile and its arrival time; None once closed and empty.
    /// A request whose sender stopped waiting (and was told to retry) is skipped.
    pub async fn next(&mut self) -> Option<(Prepared, u64)> {
        loop {
            let Entry {
                prepared,
                arrival,
                claim,
                admission: _admission,
            } = self.entries.recv().await?;
            if claim.is_some_and(|c| !c.take()) {
                // Taking it now would deliver it twice.
                continue;
            }
            self.last_arrival = self.last_arrival.max(arrival);
            if let (Some(d), Some(seq)) = (self.durable.as_mut(), prepared.origin()) {
                d.last_seq = seq;
            }
            return Some((prepared, arrival));
        }
    }

    /// Takes no new request: what is already on its way is still read (in memory), or
    /// stays on disk for the next start (with the queue).
    pub fn close(&mut self) {
        self.entries.close();
    }

    /// The reconciler's time now: the receiver's clock, but while the queue is replaying
    /// a backlog, the arrival of the last request read from it, so that a backlog is
    /// reconciled as it arrived rather than as late as it is read.
    pub fn now(&self) -> u64 {
        let behind = self
            .durable
            .as_ref()
            .is_some_and(|d| d.last_seq < *d.committed.borrow());
        if behind {
            self.last_arrival
        } else {
            crate::clock::now_ns().max(self.last_arrival)
        }
    }

    /// Whether the inputs outlive the process: then nothing held is released at
    /// shutdown (it is replayed at the next start).
    pub fn keeps_inputs(&self) -> bool {
        self.durable.is_some()
    }

    /// Tells the queue what the reconciler did with the inputs (evidence first, so that
    /// it is on disk before any input it came from can be deleted; emissions before
    /// seals, so that an input is not deleted before its output is counted), and
    /// returns `ready` for export. In memory there is nobody to tell.
    pub fn hand_over(&self, r: &mut Reconciler, ready: Vec<Ready>) -> Vec<Ready> {
        let (evidence, sealed) = (r.take_evidence(), r.take_sealed());
        self.acks.handed(evidence, &ready, sealed);
        ready
    }
}
