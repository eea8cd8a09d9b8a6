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
//!
//! Several requests are worked on at once, on blocking threads: each is decompressed and
//! counted (its census, which its decoded bound comes from), then decoded, and they are
//! handed on in number order. Room is taken in number order too, except that a later
//! request may take room to decompress that is free at once; should an earlier one then
//! wait for room to decode, the later ones give theirs back first (their work is
//! dropped and done again), so that no request ever waits for room that only a request
//! behind it holds.

use std::collections::VecDeque;
use std::future::{poll_fn, Future};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::Bytes;
use otlp_client::Compression;
use tokio::sync::{mpsc, AcquireError, OwnedSemaphorePermit, Semaphore, TryAcquireError};
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
    /// Runs until the queue stops handing over and every request taken is handed on, or
    /// until the pipeline stops taking. Worked on one at a time, a backlog on disk
    /// drained at a quarter of what ingest took in memory mode (H100 host, 2026-12-06:
    /// 0.62M spans/s against 2.48M). Decoding alone in parallel still left half as much
    /// work in line, the decompression and the census (`benches/wire.rs`), so they run
    /// beside the task too.
    pub async fn run(mut self) {
        let at_once = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 8));
        let mut next: VecDeque<Next> = VecDeque::new();
        let mut open = true;
        // The room the growth front waits for, kept from one turn to the next so that
        // it keeps its place in the budget's line.
        let mut room: Option<Room> = None;
        loop {
            self.start_what_fits(&mut next);
            if !open && next.is_empty() {
                return;
            }
            let awaited = self.room_awaited(&next);
            if room.as_ref().map(|r| r.wants) != awaited {
                room = awaited.map(|wants| Room {
                    wants,
                    permits: Box::pin(self.bound.budget.clone().acquire_many_owned(wants.2)),
                });
            }
            tokio::select! {
                biased;
                event = poll_fn(|cx| poll_event(&mut next, cx)) => {
                    let going = match event {
                        Event::Oldest(decoded) => self.hand_on(&mut next, decoded).await,
                        Event::Measured(measured) => {
                            self.measured(&mut next, measured).await;
                            true
                        }
                    };
                    if !going {
                        return;
                    }
                }
                permits = async { room.as_mut().expect("a room awaited").permits.as_mut().await }, if room.is_some() => {
                    room = None;
                    // The budget is never closed.
                    let Ok(permits) = permits else { return };
                    self.grown(&mut next, permits);
                }
                handed = self.from_queue.recv(), if open && next.len() < at_once => {
                    match handed {
                        Some(handed) => next.push_back(self.take(handed).await),
                        None => open = false,
                    }
                }
                _ = self.to_pipeline.closed() => return,
            }
        }
    }

    /// What comes of a handed-over request: ready (kept in memory, or quarantined), or
    /// waiting for room to be decompressed and counted.
    async fn take(&self, handed: Handed<Prepared>) -> Next {
        let Handed {
            seq,
            arrival,
            request,
            admission,
        } = handed;
        let body = match request {
            Request::Kept(prepared) => {
                return Next::Ready {
                    seq,
                    arrival,
                    prepared,
                    admission,
                }
            }
            Request::Stored(body) => body,
        };
        match admission {
            Some(admission) => Next::Waiting {
                seq,
                arrival,
                body,
                admission,
            },
            None => {
                let why = format!(
                    "its {} bytes are more than all requests waiting may take (ingest.max_pending_bytes, {})",
                    body.bytes.len(),
                    self.bound.max_pending
                );
                self.quarantined(seq, arrival, body, &why).await
            }
        }
    }

    /// Starts measuring the waiting requests, in number order, while the room each
    /// needs is free at once and no request before them waits for room to decode.
    fn start_what_fits(&self, next: &mut VecDeque<Next>) {
        for i in 0..next.len() {
            if let Next::Measured { .. } = next[i] {
                return;
            }
            let Some(more) = self.more_room(&next[i]) else {
                continue;
            };
            let Ok(permits) = self.room_now(more) else {
                return;
            };
            replace(next, i, |n| self.advance(n, permits));
        }
    }

    /// What the first request that waits for room waits for, if one does: its number,
    /// whether it is to decode (else to measure), and the permits.
    fn room_awaited(&self, next: &VecDeque<Next>) -> Option<(u64, bool, u32)> {
        let front = &next[growth_front(next)?];
        let more = self.more_room(front)?;
        Some((
            front.seq(),
            matches!(front, Next::Measured { .. }),
            permits(more),
        ))
    }

    /// The room the first request that waited for room got: it goes on.
    fn grown(&self, next: &mut VecDeque<Next>, more: OwnedSemaphorePermit) {
        let Some(i) = growth_front(next) else { return };
        replace(next, i, |n| self.advance(n, Some(more)));
    }

    /// The room a request still needs for its next step: to be measured (waiting) or
    /// decoded (measured). None: it needs none (ready, or on a blocking thread).
    fn more_room(&self, n: &Next) -> Option<usize> {
        let (needs, admission) = match n {
            Next::Waiting {
                body, admission, ..
            } => (self.to_measure(body), admission),
            Next::Measured {
                measured,
                admission,
                ..
            } => (measured.to_decode, admission),
            _ => return None,
        };
        Some(needs.saturating_sub(admission.bytes()))
    }

    /// `more` bytes of room if they are free now (None when nothing is needed); an
    /// error when they are not.
    fn room_now(&self, more: usize) -> Result<Option<OwnedSemaphorePermit>, TryAcquireError> {
        if more == 0 {
            return Ok(None);
        }
        let p = self
            .bound
            .budget
            .clone()
            .try_acquire_many_owned(permits(more))?;
        Ok(Some(p))
    }

    /// A request waiting for room, its room grown by `more`: a waiting one is measured,
    /// a measured one decoded.
    fn advance(&self, mut n: Next, more: Option<OwnedSemaphorePermit>) -> Next {
        if let (Some(more), Next::Waiting { admission, .. } | Next::Measured { admission, .. }) =
            (more, &mut n)
        {
            admission.merge(Admission::new(more));
        }
        match n {
            Next::Waiting { .. } => self.measure(n),
            Next::Measured { .. } => self.decode(n),
            n => n,
        }
    }

    /// The room a body takes to be decompressed and counted: its stored bytes, and for a
    /// compressed body the largest request it may decompress to, never more than the
    /// budget can give beside them (a wait for more would never end; past it, it would
    /// not fit decoded either).
    fn to_measure(&self, body: &Arrived) -> usize {
        let stored = body.bytes.len();
        match body.compression {
            Compression::None => stored,
            _ => stored + self.most_decompressed(body),
        }
    }

    fn most_decompressed(&self, body: &Arrived) -> usize {
        self.bound
            .max_request
            .min(self.bound.max_pending.saturating_sub(body.bytes.len()))
    }

    /// A waiting request, with its room, decompressed and counted on a blocking thread.
    fn measure(&self, waiting: Next) -> Next {
        let Next::Waiting {
            seq,
            arrival,
            body,
            admission,
        } = waiting
        else {
            return waiting;
        };
        let most = self.most_decompressed(&body);
        let (bytes, besides) = (body.bytes.clone(), body.held_besides_decoded());
        let (format, compression) = (body.format, body.compression);
        let task = tokio::task::spawn_blocking(move || {
            Measured::of(bytes, format, compression, most, besides)
        });
        Next::Measuring {
            seq,
            arrival,
            body,
            admission,
            task,
        }
    }

    /// The first request measuring has been measured: quarantined, decoding, or waiting
    /// for room to decode (then the requests measuring behind it give their room back).
    async fn measured(&self, next: &mut VecDeque<Next>, measured: Result<Measured, String>) {
        let Some(i) = growth_front(next) else { return };
        let Next::Measuring {
            seq,
            arrival,
            body,
            admission,
            ..
        } = next.remove(i).expect("the growth front is in the queue")
        else {
            unreachable!("only a request measuring is measured");
        };
        // Written by a receiver, so a damaged disk or another version's request.
        let measured = measured
            .map_err(|e| format!("it does not decompress: {e}"))
            .and_then(|m| self.fits(&m).map(|()| m));
        let measured = match measured {
            Ok(measured) => measured,
            Err(why) => {
                drop(admission);
                next.insert(i, self.quarantined(seq, arrival, body, &why).await);
                return;
            }
        };
        let waits = Next::Measured {
            seq,
            arrival,
            body,
            admission,
            measured,
        };
        let more = self.more_room(&waits).unwrap_or(0);
        match self.room_now(more) {
            Ok(permits) => next.insert(i, self.advance(waits, permits)),
            Err(_) => {
                next.insert(i, waits);
                give_back_after(next, i).await;
            }
        }
    }

    /// Whether a measured request may be decoded at all: within the per-request limits,
    /// and smaller decoded than the whole budget.
    fn fits(&self, m: &Measured) -> Result<(), String> {
        m.census
            .check(&self.bound.limits)
            .map_err(|e| e.to_string())?;
        let max = self.bound.max_pending;
        if m.to_decode > max {
            return Err(format!(
                "decoded, it would take {} bytes, more than all requests waiting may take (ingest.max_pending_bytes, {max})",
                m.to_decode
            ));
        }
        Ok(())
    }

    /// A measured request, its room made what decoding it takes, decoded on a blocking
    /// thread.
    fn decode(&self, measured: Next) -> Next {
        let Next::Measured {
            seq,
            arrival,
            body,
            mut admission,
            measured,
        } = measured
        else {
            return measured;
        };
        admission.shrink_to(measured.to_decode);
        let (format, data) = (body.format, measured.data);
        let task = tokio::task::spawn_blocking(move || Prepared::decode_body(format, data));
        Next::Decoding {
            seq,
            arrival,
            body,
            admission,
            task,
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
                    drop(admission);
                    self.quarantine.keep(seq, body, &why).await;
                    (seq, arrival, empty(), None)
                }
            },
            _ => unreachable!("only a request ready or decoding is handed on"),
        };
        let entry = Entry {
            prepared: prepared.with_origin(seq),
            arrival,
            claim: None,
            admission,
        };
        self.to_pipeline.send(entry).await.is_ok()
    }

    /// Keeps request `seq`'s body in a file of its own; the empty request that takes
    /// its place (so that it is deleted, not replayed again) is ready.
    async fn quarantined(&self, seq: u64, arrival: u64, body: Arrived, why: &str) -> Next {
        self.quarantine.keep(seq, body, why).await;
        Next::Ready {
            seq,
            arrival,
            prepared: empty(),
            admission: None,
        }
    }
}

/// A stored body decompressed and counted.
#[derive(Debug)]
struct Measured {
    /// The body as it is decoded.
    data: Bytes,
    census: Census,
    /// The room decoding it takes: its decoded bound and what is held beside it.
    to_decode: usize,
}

impl Measured {
    /// Decompresses (at most `most` bytes) and counts a stored body (`besides`: the
    /// bytes it holds beside what a decoded bound counts); an OTLP/JSON body's proto
    /// field names are rewritten as at ingest.
    fn of(
        bytes: Bytes,
        format: Encoding,
        compression: Compression,
        most: usize,
        mut besides: usize,
    ) -> Result<Measured, String> {
        let data: Bytes = match compression {
            Compression::None => bytes,
            compression => compression
                .decompress(&bytes, most)
                .map_err(|e| e.to_string())?
                .into(),
        };
        let data = match format {
            Encoding::Json => match crate::wire::json::camel_case_keys(&data) {
                None => data,
                Some(camel) => {
                    if compression == Compression::None {
                        // The stored body is the one just read, held beside the copy.
                        besides += data.len();
                    }
                    Bytes::from(camel)
                }
            },
            Encoding::Protobuf => data,
        };
        let census = match format {
            Encoding::Protobuf => Census::protobuf(&data),
            Encoding::Json => Census::json(&data),
        };
        Ok(Measured {
            to_decode: Prepared::decoded_bound(&census) + besides,
            data,
            census,
        })
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
    /// Read back, its stored bytes admitted: waits for room to be decompressed and
    /// counted.
    Waiting {
        seq: u64,
        arrival: u64,
        body: Arrived,
        admission: Admission,
    },
    /// Being decompressed and counted on a blocking thread.
    Measuring {
        seq: u64,
        arrival: u64,
        body: Arrived,
        admission: Admission,
        task: JoinHandle<Result<Measured, String>>,
    },
    /// Measured: waits for room to decode.
    Measured {
        seq: u64,
        arrival: u64,
        body: Arrived,
        admission: Admission,
        measured: Measured,
    },
    /// Decoding on a blocking thread (its body kept for the quarantine, should it not
    /// decode).
    Decoding {
        seq: u64,
        arrival: u64,
        body: Arrived,
        admission: Admission,
        task: JoinHandle<Result<Prepared, String>>,
    },
}

impl Next {
    /// Its number.
    fn seq(&self) -> u64 {
        match self {
            Next::Ready { seq, .. }
            | Next::Waiting { seq, .. }
            | Next::Measuring { seq, .. }
            | Next::Measured { seq, .. }
            | Next::Decoding { seq, .. } => *seq,
        }
    }
}

/// The room the growth front waits for.
struct Room {
    /// Whose (its number), for what (decoding, else measuring), how much (permits).
    wants: (u64, bool, u32),
    permits: Pin<Box<dyn Future<Output = Result<OwnedSemaphorePermit, AcquireError>> + Send>>,
}

/// What the requests on their way have come to.
enum Event {
    /// The oldest is ready to hand on: its decoding's outcome, None when it was ready.
    Oldest(Option<Result<Prepared, String>>),
    /// The first one measuring (the growth front) is measured.
    Measured(Result<Measured, String>),
}

/// Polls the oldest request's decoding and the growth front's measuring. Each outcome is
/// read once, by the caller that then moves its request on.
fn poll_event(next: &mut VecDeque<Next>, cx: &mut Context<'_>) -> Poll<Event> {
    match next.front_mut() {
        Some(Next::Ready { .. }) => return Poll::Ready(Event::Oldest(None)),
        Some(Next::Decoding { task, .. }) => {
            if let Poll::Ready(decoded) = Pin::new(task).poll(cx) {
                return Poll::Ready(Event::Oldest(Some(joined(decoded))));
            }
        }
        _ => {}
    }
    if let Some(i) = growth_front(next) {
        if let Next::Measuring { task, .. } = &mut next[i] {
            if let Poll::Ready(measured) = Pin::new(task).poll(cx) {
                return Poll::Ready(Event::Measured(joined(measured)));
            }
        }
    }
    Poll::Pending
}

/// The first request that still takes room (waiting, measuring or measured): every
/// request before it has all it takes.
fn growth_front(next: &VecDeque<Next>) -> Option<usize> {
    next.iter().position(|n| {
        matches!(
            n,
            Next::Waiting { .. } | Next::Measuring { .. } | Next::Measured { .. }
        )
    })
}

/// The requests measuring behind `i`, which waits for room, give back the room they
/// took: each waits again, its measuring dropped once done (it runs on a blocking
/// thread, which cannot be stopped, and holds its memory until then).
async fn give_back_after(next: &mut VecDeque<Next>, i: usize) {
    for n in next.iter_mut().skip(i + 1) {
        if let Next::Measuring { task, .. } = n {
            let _ = task.await;
        }
    }
    for j in i + 1..next.len() {
        replace(next, j, |n| match n {
            Next::Measuring {
                seq,
                arrival,
                body,
                mut admission,
                ..
            } => {
                admission.shrink_to(body.bytes.len());
                Next::Waiting {
                    seq,
                    arrival,
                    body,
                    admission,
                }
            }
            n => n,
        });
    }
}

/// Replaces the request at `i` by what `f` makes of it.
fn replace(next: &mut VecDeque<Next>, i: usize, f: impl FnOnce(Next) -> Next) {
    let n = next.remove(i).expect("an index in the queue");
    next.insert(i, f(n));
}

fn joined<T>(r: Result<Result<T, String>, tokio::task::JoinError>) -> Result<T, String> {
    r.map_err(|e| e.to_string()).and_then(|r| r)
}

/// Permits for `bytes` (a semaphore counts in u32).
fn permits(bytes: usize) -> u32 {
    u32::try_from(bytes).unwrap_or(u32::MAX)
}

/// The empty request that takes a quarantined one's place.
fn empty() -> Prepared {
    Prepared::read(WireRequest::default()).expect("an empty request reads")
}

#[cfg(test)]
mod tests;
