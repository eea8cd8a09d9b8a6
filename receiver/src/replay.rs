//! The pipeline's stage after the persistent queue: what the queue hands over becomes
//! the pipeline's [`Entry`]. A request the writer kept in memory is as ingest read it; a
//! request read back from disk is the body that arrived, decoded here (the one place
//! the durable path decodes), under the bound ingest keeps.
//!
//! The feeder admitted the stored bytes before reading them; here a compressed body is
//! first charged room for the largest request it may decompress to
//! (`ingest.max_request_bytes`), then what decoding it takes
//! ([`Prepared::decoded_bound`]), both to the same admission, waiting for the pipeline
//! to free room: a replay takes no more memory than live traffic. A request that could
//! never fit (over a per-request limit, larger decoded than the whole budget: written
//! before the limits were lowered, or by a receiver without them) or that does not
//! decompress or decode is quarantined: its bytes are kept in
//! `queue.dir/quarantine-<number>.<encoding>`, it is counted and named in the log, and
//! an empty request takes its place, so it is deleted from the queue and never replayed
//! again.

use std::collections::VecDeque;
use std::sync::Arc;

use bytes::Bytes;
use otlp_client::Compression;
use tokio::sync::{mpsc, Semaphore};
use tokio::task::JoinHandle;

use crate::entry::{Admission, Arrived, Entry};
use crate::queue::{Handed, Quarantine, Request};
use crate::reconcile::prepared::Prepared;
use crate::wire::census::{Census, Encoding, Limits};
use crate::wire::WireRequest;

/// The memory bound a replay decodes under: ingest's size and limits.
#[derive(Debug, Clone)]
pub struct Bound {
    /// The budget of requests read back (the queue's feeder admits their stored bytes
    /// to it), as large as ingest's.
    pub budget: Arc<Semaphore>,
    /// Its size (`ingest.max_pending_bytes`).
    pub max_pending: usize,
    /// The most bytes a request decompresses to (`ingest.max_request_bytes`).
    pub max_request: usize,
    /// The per-request limits.
    pub limits: Limits,
}

/// The stage's task.
#[derive(Debug)]
pub struct Replay {
    pub from_queue: mpsc::Receiver<Handed<Prepared>>,
    pub to_pipeline: mpsc::Sender<Entry>,
    pub quarantine: Quarantine,
    pub bound: Bound,
}

impl Replay {
    /// Runs until the queue stops handing over or the pipeline stops taking. Requests
    /// read back are decoded several at once on blocking threads, and handed on in
    /// number order: one at a time, a backlog on disk drained at a quarter of what
    /// ingest took in memory mode (H100 host, 2026-12-06: 0.62M spans/s against 2.48M).
    pub async fn run(mut self) {
        let at_once = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 8));
        let mut next: VecDeque<Next> = VecDeque::new();
        loop {
            tokio::select! {
                biased;
                done = oldest_decoded(&mut next), if !next.is_empty() => {
                    if !self.hand_on(&mut next, done).await {
                        return;
                    }
                }
                handed = self.from_queue.recv(), if next.len() < at_once => {
                    let Some(handed) = handed else { break };
                    // Admitting may wait for room that only the requests before it free
                    // once the pipeline has them: they keep going meanwhile.
                    let admitted = self.admit(handed);
                    tokio::pin!(admitted);
                    let admitted = loop {
                        tokio::select! {
                            admitted = &mut admitted => break admitted,
                            done = oldest_decoded(&mut next), if !next.is_empty() => {
                                if !self.hand_on(&mut next, done).await {
                                    return;
                                }
                            }
                        }
                    };
                    // None: the pipeline stopped while this request waited for room.
                    let Some(admitted) = admitted else { return };
                    next.push_back(admitted);
                }
            }
        }
        while !next.is_empty() {
            let done = oldest_decoded(&mut next).await;
            if !self.hand_on(&mut next, done).await {
                return;
            }
        }
    }

    /// Hands the oldest request on to the pipeline (`decoded`: its decoding's outcome,
    /// None when it was ready); false once the pipeline stopped taking.
    async fn hand_on(
        &self,
        next: &mut VecDeque<Next>,
        decoded: Option<Result<Prepared, String>>,
    ) -> bool {
        let Some(front) = next.pop_front() else {
            return true;
        };
        let (seq, arrival, prepared, admission) = match front {
            Next::Ready {
                seq,
                arrival,
                prepared,
                admission,
            } => (seq, arrival, prepared, admission),
            Next::Decoding {
                seq,
                arrival,
                body,
                admission,
                ..
            } => match decoded {
                Some(Ok(prepared)) => (seq, arrival, prepared, Some(admission)),
                // Written by a receiver, so a damaged disk or another version's request.
                outcome => {
                    let why = match outcome {
                        Some(Err(e)) => format!("it does not decode: {e}"),
                        _ => "it does not decode".to_string(),
                    };
                    let (empty, none) = self.quarantine(seq, body, &why).await;
                    (seq, arrival, empty, none)
                }
            },
        };
        let entry = Entry {
            prepared: prepared.with_origin(seq),
            arrival,
            claim: None,
            admission,
        };
        self.to_pipeline.send(entry).await.is_ok()
    }

    /// What comes of a handed-over request: ready (kept in memory, or quarantined), or
    /// admitted under the bound and decoding. None: the pipeline stopped.
    async fn admit(&self, handed: Handed<Prepared>) -> Option<Next> {
        let Handed {
            seq,
            arrival,
            request,
            admission,
        } = handed;
        match request {
            Request::Kept(prepared) => Some(Next::Ready {
                seq,
                arrival,
                prepared,
                admission,
            }),
            Request::Stored(body) => self.decode(seq, arrival, body, admission).await,
        }
    }

    /// Request `seq` read back, admitted under the bound and its decoding started, or
    /// quarantined (then an empty request takes its place). None: the pipeline stopped.
    async fn decode(
        &self,
        seq: u64,
        arrival: u64,
        body: Arrived,
        admission: Option<Admission>,
    ) -> Option<Next> {
        // Quarantined: an empty request, ready, takes its place.
        let ready = |(prepared, admission)| Next::Ready {
            seq,
            arrival,
            prepared,
            admission,
        };
        let max = self.bound.max_pending;
        let Some(mut admission) = admission else {
            let why = format!(
                "its {} bytes are more than all requests waiting may take (ingest.max_pending_bytes, {max})",
                body.bytes.len()
            );
            return Some(ready(self.quarantine(seq, body, &why).await));
        };
        let data: Bytes = match body.compression {
            Compression::None => body.bytes.clone(),
            compression => {
                // Never more than the budget can give beside the stored bytes: a wait
                // for more would never end. Past it, it would not fit decoded either.
                let most = self
                    .bound
                    .max_request
                    .min(max.saturating_sub(body.bytes.len()));
                self.grow(&mut admission, body.bytes.len() + most).await?;
                let raw = body.bytes.clone();
                let decompressed =
                    tokio::task::spawn_blocking(move || compression.decompress(&raw, most))
                        .await
                        .map_err(|e| e.to_string())
                        .and_then(|r| r.map_err(|e| e.to_string()));
                match decompressed {
                    Ok(d) => {
                        admission.shrink_to(body.bytes.len() + d.len());
                        d.into()
                    }
                    Err(e) => {
                        let why = format!("it does not decompress: {e}");
                        return Some(ready(self.quarantine(seq, body, &why).await));
                    }
                }
            }
        };
        // Stored as it arrived: the proto's field names are rewritten as at ingest, the
        // copy held beside the stored body.
        let mut besides = body.held_besides_decoded();
        let data = match body.format {
            Encoding::Json => match crate::wire::json::camel_case_keys(&data) {
                None => data,
                Some(camel) => {
                    if body.compression == Compression::None {
                        // The stored body is the one just read.
                        besides += data.len();
                    }
                    drop(data);
                    Bytes::from(camel)
                }
            },
            Encoding::Protobuf => data,
        };
        let census = match body.format {
            Encoding::Protobuf => Census::protobuf(&data),
            Encoding::Json => Census::json(&data),
        };
        let bound = Prepared::decoded_bound(&census);
        let over = match census.check(&self.bound.limits) {
            Err(e) => Some(e.to_string()),
            Ok(()) if bound + besides > max => Some(format!(
                "decoded, it would take {bound} bytes, more than all requests waiting may take (ingest.max_pending_bytes, {max})"
            )),
            Ok(()) => None,
        };
        if let Some(why) = over {
            drop(data);
            return Some(ready(self.quarantine(seq, body, &why).await));
        }
        self.grow(&mut admission, bound + besides).await?;
        admission.shrink_to(bound + besides);
        let format = body.format;
        let task = tokio::task::spawn_blocking(move || Prepared::decode_body(format, data));
        Some(Next::Decoding {
            seq,
            arrival,
            body,
            admission,
            task,
        })
    }

    /// Grows `admission` to `bytes`, waiting for room; None when the pipeline stopped.
    async fn grow(&self, admission: &mut Admission, bytes: usize) -> Option<()> {
        let more = bytes.saturating_sub(admission.bytes());
        if more == 0 {
            return Some(());
        }
        let n = u32::try_from(more).unwrap_or(u32::MAX);
        let permits = tokio::select! {
            p = self.bound.budget.clone().acquire_many_owned(n) => p.ok()?,
            _ = self.to_pipeline.closed() => return None,
        };
        admission.merge(Admission::new(permits));
        Some(())
    }

    /// Keeps request `seq`'s body in a file of its own and returns the empty request
    /// that takes its place (so that it is deleted, not replayed again).
    async fn quarantine(
        &self,
        seq: u64,
        body: Arrived,
        why: &str,
    ) -> (Prepared, Option<Admission>) {
        self.quarantine.keep(seq, body, why).await;
        let empty = Prepared::read(WireRequest::default()).expect("an empty request reads");
        (empty, None)
    }
}

/// A request on its way to the pipeline, in number order.
#[derive(Debug)]
enum Next {
    /// Ready to hand on.
    Ready {
        seq: u64,
        arrival: u64,
        prepared: Prepared,
        admission: Option<Admission>,
    },
    /// Read back, admitted, decoding on a blocking thread (its body kept for the
    /// quarantine, should it not decode).
    Decoding {
        seq: u64,
        arrival: u64,
        body: Arrived,
        admission: Admission,
        task: JoinHandle<Result<Prepared, String>>,
    },
}

/// Waits for the oldest request's decoding, if it is decoding (None: it is ready).
/// Cancel-safe: nothing is taken off `next`, and a decoding's outcome is read once,
/// by the caller that then takes the request.
async fn oldest_decoded(next: &mut VecDeque<Next>) -> Option<Result<Prepared, String>> {
    match next.front_mut() {
        Some(Next::Decoding { task, .. }) => Some(match task.await {
            Ok(decoded) => decoded,
            Err(e) => Err(e.to_string()),
        }),
        _ => None,
    }
}
