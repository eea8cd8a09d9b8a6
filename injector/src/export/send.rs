//! The sending side: encoded requests in, several in flight at once, on the
//! injector's own thread ("gpu-otel-send") with its own current-thread Tokio runtime.
//!
//! - Up to `in_flight` requests are outstanding; one more waits in the channel, and a
//!   full channel holds the encoder back (so the backlog waits as records, inside the
//!   memory budget, not as requests).
//! - A request the backend asks to retry (busy, unavailable), or that found nobody
//!   listening, is retried with jittered exponential backoff (the export client's retry
//!   driver, the receiver's too; `Paced` is this side of it) for as long as the process runs:
//!   the budget, not a timer, bounds what waits. A request refused for good, too large,
//!   or partly refused by the backend is counted as failed.
//! - Closing (at exit): every waiting retry tries again at once, and a busy backend
//!   keeps being retried (waits of at most 200 ms) until the deadline; if the backend
//!   was last seen unreachable, nothing more is tried and everything left is counted as
//!   failed at once, so a dead backend costs no exit deadline. What is still
//!   outstanding at the deadline is abandoned and counted.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bytes::Bytes;
use otlp_client::retry::Retry;
use otlp_client::{Attempt, Backoff, Settled, Verdict};
use tokio::sync::{mpsc, Notify};
use tokio::task::JoinSet;

use super::encode::Request;
use super::sink::Sink;
use crate::budget::Budget;
use crate::stats::{Counts, Stats};

/// Retries: 50 ms doubling to 5 s, for as long as the process runs (the memory budget
/// bounds what waits, not a timer: with no time budget the driver never gives up on
/// its own).
const BACKOFF: Backoff = Backoff {
    initial: Duration::from_millis(50),
    max: Duration::from_secs(5),
    max_elapsed: Duration::MAX,
};
/// Longest wait between attempts once exit has begun.
const EXIT_RETRY_MAX: Duration = Duration::from_millis(200);

enum Job {
    Send(Request),
    Drain {
        deadline: Instant,
        done: std::sync::mpsc::SyncSender<()>,
    },
}

struct Shared {
    stats: Arc<Stats>,
    budget: Arc<Budget>,
    closing: AtomicBool,
    close: Notify,
    /// The last attempt found nobody listening (cleared by any answer).
    unreachable: AtomicBool,
}

/// The encoder's handle on the sending thread.
#[derive(Debug)]
pub struct SendPool {
    tx: mpsc::Sender<Job>,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("closing", &self.closing.load(Ordering::Relaxed))
            .field("unreachable", &self.unreachable.load(Ordering::Relaxed))
            .finish()
    }
}

impl SendPool {
    /// Starts the sending thread; `make_sink` runs on it, inside its runtime.
    pub fn start<S, F>(
        in_flight: usize,
        stats: Arc<Stats>,
        budget: Arc<Budget>,
        make_sink: F,
    ) -> std::io::Result<(SendPool, JoinHandle<()>)>
    where
        S: Sink,
        F: FnOnce() -> Result<S, String> + Send + 'static,
    {
        let in_flight = in_flight.max(1);
        let (tx, rx) = mpsc::channel(1);
        let shared = Arc::new(Shared {
            stats,
            budget,
            closing: AtomicBool::new(false),
            close: Notify::new(),
            unreachable: AtomicBool::new(false),
        });
        let inner = shared.clone();
        let handle = std::thread::Builder::new()
            .name("gpu-otel-send".into())
            .spawn(move || {
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run(in_flight, inner, rx, make_sink)
                }));
                if r.is_err() {
                    crate::log::line(
                        "sending thread panicked; GPU telemetry stops, the application runs on",
                    );
                }
            })?;
        Ok((SendPool { tx, shared }, handle))
    }

    /// Hands a request over, waiting while `in_flight` are outstanding and one is
    /// queued. Returns it when the sending thread is gone.
    pub fn submit(&self, req: Request) -> Result<(), Request> {
        self.tx
            .blocking_send(Job::Send(req))
            .map_err(|e| match e.0 {
                Job::Send(r) => r,
                Job::Drain { .. } => unreachable!("only requests are submitted here"),
            })
    }

    /// [`SendPool::submit`] that gives up at `deadline` (at exit).
    pub fn submit_by(&self, req: Request, deadline: Instant) -> Result<(), Request> {
        let mut job = Job::Send(req);
        loop {
            match self.tx.try_send(job) {
                Ok(()) => return Ok(()),
                Err(mpsc::error::TrySendError::Full(j)) if Instant::now() < deadline => {
                    job = j;
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(mpsc::error::TrySendError::Full(Job::Send(r)))
                | Err(mpsc::error::TrySendError::Closed(Job::Send(r))) => return Err(r),
                Err(_) => unreachable!("only requests are submitted here"),
            }
        }
    }

    /// From now on retries stop waiting (exit is coming).
    pub fn begin_close(&self) {
        self.closer().close();
    }

    /// A handle that starts closing from another thread (the encoder may be waiting
    /// in [`SendPool::submit`] when exit comes).
    pub fn closer(&self) -> Closer {
        Closer(self.shared.clone())
    }

    /// Waits until every submitted request is settled or `deadline` passed; what is
    /// outstanding then is counted as failed. Returns whether all settled.
    pub fn drain(&self, deadline: Instant) -> bool {
        self.begin_close();
        let (done, wait) = std::sync::mpsc::sync_channel(1);
        let job = Job::Drain { deadline, done };
        let mut job = Some(job);
        while let Some(j) = job.take() {
            match self.tx.try_send(j) {
                Ok(()) => {}
                Err(mpsc::error::TrySendError::Full(j)) if Instant::now() < deadline => {
                    job = Some(j);
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(_) => return false,
            }
        }
        // The sending thread answers by the deadline; a little slack for its reply.
        wait.recv_timeout(
            deadline.saturating_duration_since(Instant::now()) + Duration::from_millis(50),
        )
        .is_ok()
    }

    /// Counts a request that never reached the sending thread as failed.
    pub fn fail(&self, req: &Request, why: &str) {
        settle(
            &self.shared,
            req.body.len(),
            req.counts,
            Err(why.to_string()),
        );
    }
}

/// Starts closing the sending side: retries stop waiting.
#[derive(Debug, Clone)]
pub struct Closer(Arc<Shared>);

impl Closer {
    /// Every waiting retry makes its last attempt now; no new retry waits.
    pub fn close(&self) {
        self.0.closing.store(true, Ordering::SeqCst);
        self.0.close.notify_waiters();
    }
}

fn run<S, F>(in_flight: usize, shared: Arc<Shared>, mut rx: mpsc::Receiver<Job>, make_sink: F)
where
    S: Sink,
    F: FnOnce() -> Result<S, String>,
{
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            crate::log::line(&format!(
                "cannot start the sending runtime: {e}; telemetry off"
            ));
            return;
        }
    };
    rt.block_on(async move {
        let sink = match make_sink() {
            Ok(s) => Arc::new(s),
            Err(e) => {
                crate::log::line(&format!("OTLP export is off: {e}; the application runs on, every span is counted as failed (export_failed)"));
                // Keep answering, so every request is counted and exit never waits.
                while let Some(job) = rx.recv().await {
                    match job {
                        Job::Send(r) => settle(&shared, r.body.len(), r.counts, Err(e.clone())),
                        Job::Drain { done, .. } => {
                            let _ = done.send(());
                        }
                    }
                }
                return;
            }
        };
        let mut tasks: JoinSet<()> = JoinSet::new();
        // What each outstanding task carries, to count it if it is abandoned.
        let outstanding = Arc::new(std::sync::Mutex::new(std::collections::HashMap::<
            tokio::task::Id,
            (usize, Counts),
        >::new()));
        loop {
            tokio::select! {
                Some(_) = tasks.join_next(), if !tasks.is_empty() => {}
                job = rx.recv(), if tasks.len() < in_flight => match job {
                    Some(Job::Send(req)) => {
                        let (len, counts) = (req.body.len(), req.counts);
                        let handle = tasks.spawn(deliver(sink.clone(), shared.clone(), req, outstanding.clone()));
                        lock(&outstanding).insert(handle.id(), (len, counts));
                    }
                    Some(Job::Drain { deadline, done }) => {
                        let all = drain(&mut tasks, &shared, &outstanding, deadline).await;
                        let _ = done.send(());
                        if !all {
                            crate::log::line("exit deadline passed with export requests outstanding (counted as failed)");
                        }
                        return;
                    }
                    None => {
                        drain(&mut tasks, &shared, &outstanding, Instant::now() + Duration::from_secs(2)).await;
                        return;
                    }
                },
            }
        }
    });
}

type Outstanding =
    Arc<std::sync::Mutex<std::collections::HashMap<tokio::task::Id, (usize, Counts)>>>;

fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

async fn drain(
    tasks: &mut JoinSet<()>,
    shared: &Shared,
    outstanding: &Outstanding,
    deadline: Instant,
) -> bool {
    let deadline = tokio::time::Instant::from_std(deadline);
    loop {
        if tasks.is_empty() {
            return true;
        }
        if shared.unreachable.load(Ordering::SeqCst) {
            // Nobody listens: the remaining attempts would only wait for the same answer.
            break;
        }
        match tokio::time::timeout_at(deadline, tasks.join_next()).await {
            Ok(Some(_)) => {}
            Ok(None) => return true,
            Err(_) => break,
        }
    }
    tasks.abort_all();
    while tasks.join_next().await.is_some() {}
    let left: Vec<(usize, Counts)> = lock(outstanding).drain().map(|(_, v)| v).collect();
    let why = if shared.unreachable.load(Ordering::SeqCst) {
        "the backend is unreachable"
    } else {
        "exit deadline passed"
    };
    for (len, counts) in left {
        settle(shared, len, counts, Err(why.to_string()));
    }
    false
}

/// Sends one request until it is delivered, refused, or closing makes this its last
/// attempt.
async fn deliver<S: Sink>(
    sink: Arc<S>,
    shared: Arc<Shared>,
    req: Request,
    outstanding: Outstanding,
) {
    let body = Bytes::from(req.body);
    let (len, counts) = (body.len(), req.counts);
    let prepared = sink.prepare(body);
    let mut pace = Paced { shared: &shared };
    let report = otlp_client::deliver(&*sink, prepared, &BACKOFF, &mut pace).await;
    let outcome = match report.settled {
        Settled::Answered(result) => match result.verdict {
            Verdict::Delivered if result.rejected_spans == 0 => Ok(()),
            // The request's spans are counted together: a partly refused one is failed.
            Verdict::Delivered => Err(format!(
                "the backend rejected {} spans: {}",
                result.rejected_spans, result.backend_message
            )),
            // Requests are already far below the common limits: no split would pass.
            Verdict::Fatal(why) | Verdict::TooLarge(why) => Err(why),
            Verdict::Retry(r) => Err(r.why),
        },
        Settled::GaveUp(why) => Err(why),
    };
    if let Some(id) = tokio::task::try_id() {
        lock(&outstanding).remove(&id);
    }
    settle(&shared, len, counts, outcome);
}

/// The sending thread's side of the retry driver: real time, whether the backend was
/// last seen unreachable, each retry counted (`export_retries`), and the waits of exit.
struct Paced<'a> {
    shared: &'a Shared,
}

impl otlp_client::Pace for Paced<'_> {
    fn now(&self) -> Instant {
        Instant::now()
    }

    fn jitter(&mut self) -> f64 {
        fastrand::f64()
    }

    fn attempted(&mut self, attempt: &Attempt) {
        let unreachable = matches!(&attempt.verdict, Verdict::Retry(r) if r.connect_failed);
        self.shared.unreachable.store(unreachable, Ordering::SeqCst);
    }

    async fn wait(&mut self, _: u32, delay: Duration, retry: &Retry) -> Result<(), String> {
        let shared = self.shared;
        // Nobody listens and exit has begun: do not wait for the same answer again. A
        // busy backend is retried at exit too, until the drain's deadline.
        if retry.connect_failed && shared.closing.load(Ordering::SeqCst) {
            return Err(retry.why.clone());
        }
        shared.stats.retries.fetch_add(1, Ordering::Relaxed);
        let closed = shared.close.notified();
        tokio::pin!(closed);
        if shared.closing.load(Ordering::SeqCst) {
            // Exit: short waits, so several attempts fit in the deadline.
            tokio::time::sleep(delay.min(EXIT_RETRY_MAX)).await;
            return Ok(());
        }
        tokio::select! {
            _ = tokio::time::sleep(delay) => Ok(()),
            _ = &mut closed => {
                if shared.unreachable.load(Ordering::SeqCst) {
                    Err("the backend is unreachable".to_string())
                } else {
                    Ok(())
                }
            }
        }
    }
}

/// Counts one settled request and returns its bytes to the budget.
fn settle(shared: &Shared, len: usize, counts: Counts, outcome: Result<(), String>) {
    shared.budget.release(len as u64);
    shared.stats.settle(counts, outcome);
}
