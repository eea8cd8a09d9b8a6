//! The serialized tier at PyTorch training's rate, through the injector's export path,
//! the project's receiver and a counting backend: every kernel arrives, none reads
//! "unknown" in a healthy run, and the injector's memory stays within twice what the
//! same load takes with PC sampling off. The fake application's launches drive the real
//! burst controller, at a yield that walks the gap between bursts to its 10 s maximum:
//! the case where executions waiting for the next burst outgrew the injector's budget.
//!
//! CI runs 20 s; `export-load produce --tier serialized --seconds 1800` is the long
//! soak (docs/measurements).

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gpu_otel_examples::load;
use gpu_otel_injector::resource::ProcessInfo;
use gpu_otel_injector::sampling::controller::BurstConfig;
use gpu_otel_injector::sampling::stamp::StampLimits;
use gpu_otel_injector::stats::Stats;
use gpu_otel_injector::worker::{self, Settings};
use semconv::Tier;

const RATE: u64 = 23_000;

struct Arm {
    offered: u64,
    refused: u64,
    at_backend: u64,
    stamps: [u64; 3],
    budget_peak: u64,
    unsettled: u64,
    gap_ns: u64,
    bursts: u64,
}

fn run(tier: Tier, seconds: u64) -> Arm {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (running, counted) = load::receiver_to_counting_backend(&rt).expect("the receiver starts");

    let burst = BurstConfig::default();
    let settings = Settings {
        // As inside a CUDA program: long enough for the next burst to open.
        stamp_limits: StampLimits {
            hold_ns: burst.max_gap_ns + burst.burst_ns + 2_000_000_000,
            ..StampLimits::default()
        },
        ..Settings::for_process(&ProcessInfo::current(), Some("soak"), None, tier)
    };
    let stats = Arc::new(Stats::default());
    let (queue, handle) = worker::spawn_grpc(
        settings,
        stats.clone(),
        format!("http://{}", running.grpc_addr),
    )
    .unwrap();
    let mut app = (tier == Tier::Serialized)
        .then(|| load::SerializedApp::new(&queue, burst, load::PAIRS_PER_LAUNCH_DEFAULT));
    let produced = load::produce(
        &queue,
        &load::torch_names(),
        RATE,
        RATE * seconds,
        Duration::from_millis(100),
        app.as_mut(),
        |_| {},
    );
    let gap_ns = app.as_ref().map_or(0, |a| a.gap_ns());
    drop(app);
    assert!(queue.shutdown(Instant::now() + Duration::from_secs(60)));
    let budget_peak = queue.budget().peak();
    drop(queue);
    handle.join().unwrap();
    let at_backend = load::settle(
        || counted.kernel_spans.load(Ordering::Relaxed),
        Duration::from_secs(3),
        Duration::from_secs(120),
    );
    rt.block_on(running.shutdown());
    eprintln!("{tier}: {}", stats.summary());
    Arm {
        offered: produced.offered,
        refused: produced.refused,
        at_backend,
        stamps: std::array::from_fn(|i| counted.stamps[i].load(Ordering::Relaxed)),
        budget_peak,
        unsettled: stats
            .unsettled
            .iter()
            .map(|u| u.load(Ordering::Relaxed))
            .sum(),
        gap_ns,
        bursts: produced.bursts,
    }
}

#[test]
fn the_serialized_tier_at_pytorch_rate_carries_every_kernel_settled_in_bounded_memory() {
    let off = run(Tier::Off, 10);
    assert_eq!((off.refused, off.at_backend), (0, off.offered));

    let ser = run(Tier::Serialized, 20);
    assert_eq!(ser.refused, 0, "no kernel dropped at the injector");
    assert_eq!(
        ser.at_backend, ser.offered,
        "records offered == kernel spans at the backend"
    );
    assert_eq!(ser.gap_ns, 10_000_000_000, "the longest gap was reached");
    assert!(ser.bursts >= 2, "{} bursts", ser.bursts);
    assert!(ser.stamps[0] > 0, "the launches inside bursts read true");
    // Healthy run: no crash, no lost window, a never-again record at exit.
    let unknown_share = ser.stamps[2] as f64 / ser.offered as f64;
    assert!(
        unknown_share <= 1e-4,
        "{} of {} read unknown",
        ser.stamps[2],
        ser.offered
    );
    assert_eq!(ser.unsettled, 0, "nothing left the injector unsettled");
    // The hold is bounded in bytes: what the tier adds to the budget never passes the
    // hold's bound, however far a loaded machine lets the export fall behind (an
    // unbounded hold of the 12 s before a burst settles would be tens of MiB at this rate).
    // The 2x-of-off memory target is a measurement of the H200 run
    // (docs/measurements/serialized-tier.md), not a timed test.
    let hold_bound = StampLimits::default().max_held_bytes;
    assert!(
        ser.budget_peak <= hold_bound + 2 * off.budget_peak.max(4 << 20),
        "budget peak {} MiB serialized against {} MiB off and a hold bound of {} MiB",
        ser.budget_peak >> 20,
        off.budget_peak >> 20,
        hold_bound >> 20
    );
}
