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

use std::sync::Arc;

use bytes::Bytes;
use otlp_client::Compression;
use tokio::sync::{mpsc, Semaphore};

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
    /// Runs until the queue stops handing over or the pipeline stops taking.
    pub async fn run(mut self) {
        while let Some(handed) = self.from_queue.recv().await {
            let Handed {
                seq,
                arrival,
                request,
                admission,
            } = handed;
            let prepared = match request {
                Request::Kept(prepared) => Some((prepared, admission)),
                Request::Stored(body) => self.decode(seq, body, admission).await,
            };
            // None: the pipeline stopped while this request waited for room.
            let Some((prepared, admission)) = prepared else {
                return;
            };
            let entry = Entry {
                prepared: prepared.with_origin(seq),
                arrival,
                claim: None,
                admission,
            };
            if self.to_pipeline.send(entry).await.is_err() {
                return;
            }
        }
    }

    /// Request `seq` read back, decoded under the bound, or quarantined (then an empty
    /// request takes its place). None: the pipeline stopped.
    async fn decode(
        &self,
        seq: u64,
        body: Arrived,
        admission: Option<Admission>,
    ) -> Option<(Prepared, Option<Admission>)> {
        let max = self.bound.max_pending;
        let Some(mut admission) = admission else {
            let why = format!(
                "its {} bytes are more than all requests waiting may take (ingest.max_pending_bytes, {max})",
                body.bytes.len()
            );
            return Some(self.quarantine(seq, body, &why).await);
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
                        return Some(self.quarantine(seq, body, &why).await);
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
            return Some(self.quarantine(seq, body, &why).await);
        }
        self.grow(&mut admission, bound + besides).await?;
        admission.shrink_to(bound + besides);
        let format = body.format;
        let decoded = tokio::task::spawn_blocking(move || Prepared::decode_body(format, data))
            .await
            .map_err(|e| e.to_string())
            .and_then(|r| r);
        Some(match decoded {
            Ok(prepared) => (prepared, Some(admission)),
            // Written by a receiver, so a damaged disk or another version's request.
            Err(e) => {
                let why = format!("it does not decode: {e}");
                self.quarantine(seq, body, &why).await
            }
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
