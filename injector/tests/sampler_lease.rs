//! The per-GPU sampler lease between real processes: this test binary runs itself again
//! as contenders (`GPU_OTEL_TEST_CONTENDER` set), each driving the injector's own lease
//! keeper (`gpu_otel_injector::lease::Keeper`: the policy over the lock files) every
//! 10 ms, as the collector thread does every flush period, with a runtime that follows
//! the permission at once. Each contender appends `<pid> take|give <ns>` to a shared
//! log: `take` after the keeper permitted (the lock is held), `give` when the
//! permission went (the lock is released at a later tick). So the logged stretches lie
//! inside the lock's; two of them overlapping would be two processes serializing one
//! GPU at once. With `LEASE_ENABLE=lease` a contender is a process under
//! `GPU_OTEL_PC_ENABLE=lease`: its run time enables and disables its contexts (the fake
//! PC-sampling table) as `sampling::enable` says, and logs `take` when PC sampling became
//! enabled and `give` when it became disabled.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use gpu_otel_injector::clock::now_ns;
use gpu_otel_injector::fake::FakePcTable;
use gpu_otel_injector::lease::{Keeper, LeaseDir, LeaseDirSetting};
use gpu_otel_injector::sampling::enable::{self, EnableMode, EnableStep};
use gpu_otel_injector::sampling::lease::LeaseConfig;

const MS: u64 = 1_000_000;
const GPU: &str = "GPU-67ae97af-6827-42d4-18e1-38e4698c5eba";
const ROLE: &str = "GPU_OTEL_TEST_CONTENDER";

/// What a contender was asked to do.
struct Contender {
    dir: PathBuf,
    log: PathBuf,
    cfg: LeaseConfig,
    run_for: Duration,
    /// `GPU_OTEL_PC_ENABLE` of the process.
    enable: EnableMode,
}

fn env_ms(name: &str) -> u64 {
    std::env::var(name).unwrap().parse().unwrap()
}

/// Runs as a contender when this process was spawned as one; `false` otherwise.
fn contend_if_asked() -> bool {
    if std::env::var(ROLE).is_err() {
        return false;
    }
    let c = Contender {
        dir: std::env::var("LEASE_DIR").unwrap().into(),
        log: std::env::var("LEASE_LOG").unwrap().into(),
        cfg: LeaseConfig {
            hold_ns: env_ms("LEASE_HOLD_MS") * MS,
            rest_ns: env_ms("LEASE_REST_MS") * MS,
            retry_ns: env_ms("LEASE_RETRY_MS") * MS,
        },
        run_for: Duration::from_millis(env_ms("LEASE_RUN_MS")),
        enable: std::env::var("LEASE_ENABLE")
            .ok()
            .and_then(|v| EnableMode::parse(&v))
            .unwrap_or(EnableMode::Context),
    };
    match c.enable {
        EnableMode::Context => contend(&c),
        EnableMode::Lease => contend_enabling(&c),
    }
    true
}

fn contend(c: &Contender) {
    let mut keeper = Keeper::new(LeaseDir::open(&LeaseDirSetting::Path(c.dir.clone())), c.cfg);
    assert!(keeper.coordinated());
    let gpus = vec![GPU.to_string()];
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .open(&c.log)
        .unwrap();
    let pid = std::process::id();
    log.write_all(format!("{pid} start {}\n", now_ns()).as_bytes())
        .unwrap();
    let end = Instant::now() + c.run_for;
    let mut serializing = false;
    while Instant::now() < end {
        let jitter = fastrand_jitter(c.cfg.retry_ns);
        let grant = keeper.tick(now_ns(), &gpus, true, serializing, jitter);
        if grant.permit != serializing {
            let what = if grant.permit { "take" } else { "give" };
            // One write per line: O_APPEND keeps lines whole across processes.
            log.write_all(format!("{pid} {what} {}\n", now_ns()).as_bytes())
                .unwrap();
        }
        // The runtime stops serializing at its next launch callback.
        serializing = grant.permit;
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A contender under `GPU_OTEL_PC_ENABLE=lease`: every 10 ms the collector's period,
/// then a launch callback (none for 80 ms at times), each doing what `sampling::enable` asks of the run time
/// with the permission the period left (its grant dated by the table's generation).
fn contend_enabling(c: &Contender) {
    let mut keeper = Keeper::new(LeaseDir::open(&LeaseDirSetting::Path(c.dir.clone())), c.cfg);
    assert!(keeper.coordinated());
    let mut table = FakePcTable::default();
    table.create(GPU);
    let mut log = std::fs::OpenOptions::new()
        .append(true)
        .open(&c.log)
        .unwrap();
    let pid = std::process::id();
    log.write_all(format!("{pid} start {}\n", now_ns()).as_bytes())
        .unwrap();
    let end = Instant::now() + c.run_for;
    let mut running = false;
    let mut pause_until = Instant::now();
    while Instant::now() < end {
        let generation = table.generation();
        let serializing = running || enable::holds_sampler(EnableMode::Lease, table.contexts());
        let jitter = fastrand_jitter(c.cfg.retry_ns);
        let grant = keeper.tick(now_ns(), &table.gpus(), true, serializing, jitter);
        let lease = match grant.permit {
            true if generation == table.generation() => enable::Lease::Covering,
            true => enable::Lease::Stale,
            false => enable::Lease::Withdrawn,
        };
        // At times the application launches nothing for a while (busy elsewhere): the
        // collector's periods go on, the contexts stay as they are, and the lease must
        // wait for them.
        if Instant::now() >= pause_until {
            // A launch callback: the tier follows the permission; the Enable or Disable
            // after it needs CUPTI's guard, which a launch callback only tries (busy
            // half the time here).
            running = grant.permit;
            if fastrand_jitter(2) == 0 {
                let was = table.enabled_on(GPU);
                match enable::step(EnableMode::Lease, lease, false, table.contexts()) {
                    EnableStep::Enable => table.enable_all(),
                    EnableStep::Disable => {
                        table.disable_all();
                    }
                    EnableStep::Stay => {}
                }
                let now = table.enabled_on(GPU);
                if now != was {
                    let what = if now { "take" } else { "give" };
                    log.write_all(format!("{pid} {what} {}\n", now_ns()).as_bytes())
                        .unwrap();
                }
            }
            if fastrand_jitter(5) == 0 {
                pause_until = Instant::now() + Duration::from_millis(80);
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A draw below the retry period, without a random-number crate: the clock's low bits.
fn fastrand_jitter(retry_ns: u64) -> u64 {
    (now_ns() ^ u64::from(std::process::id()).wrapping_mul(0x9e37_79b9)) % retry_ns.max(1)
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "gpu-otel-sampler-lease-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("leases")).unwrap();
    std::fs::write(d.join("log"), b"").unwrap();
    d
}

/// A contender process, killed (SIGKILL) when dropped: a failing test leaves none behind.
struct Proc(Child);

impl Proc {
    fn id(&self) -> u32 {
        self.0.id()
    }

    /// SIGKILL: no exit handler runs, nothing unlocks.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

fn spawn(test: &str, dir: &Path, hold_ms: u64, run_ms: u64) -> Proc {
    spawn_with(test, dir, hold_ms, run_ms, EnableMode::Context)
}

fn spawn_with(test: &str, dir: &Path, hold_ms: u64, run_ms: u64, enable: EnableMode) -> Proc {
    let child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(ROLE, "1")
        .env("LEASE_DIR", dir.join("leases"))
        .env("LEASE_LOG", dir.join("log"))
        .env("LEASE_HOLD_MS", hold_ms.to_string())
        .env("LEASE_REST_MS", "150")
        .env("LEASE_RETRY_MS", "50")
        .env("LEASE_RUN_MS", run_ms.to_string())
        .env("LEASE_ENABLE", enable.as_str())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    Proc(child)
}

/// When each contender started (its first tick follows at once).
fn starts(dir: &Path) -> BTreeMap<u32, u64> {
    std::fs::read_to_string(dir.join("log"))
        .unwrap()
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            (f[1] == "start").then(|| (f[0].parse().unwrap(), f[2].parse().unwrap()))
        })
        .collect()
}

/// Every contender's stretches of permission, in log order.
fn stretches(dir: &Path) -> BTreeMap<u32, Vec<(u64, Option<u64>)>> {
    let text = std::fs::read_to_string(dir.join("log")).unwrap();
    let mut out: BTreeMap<u32, Vec<(u64, Option<u64>)>> = BTreeMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let (pid, what, at): (u32, &str, u64) =
            (f[0].parse().unwrap(), f[1], f[2].parse().unwrap());
        match what {
            "take" => out.entry(pid).or_default().push((at, None)),
            "give" => {
                out.get_mut(&pid)
                    .and_then(|v| v.last_mut())
                    .expect("a give after a take")
                    .1 = Some(at)
            }
            _ => {}
        }
    }
    out
}

fn assert_never_two_at_once(all: &BTreeMap<u32, Vec<(u64, Option<u64>)>>) {
    let mut flat: Vec<(u64, u64, u32)> = all
        .iter()
        .flat_map(|(pid, v)| {
            v.iter()
                .map(move |(s, e)| (*s, e.unwrap_or(u64::MAX), *pid))
        })
        .collect();
    flat.sort_unstable();
    for w in flat.windows(2) {
        assert!(
            w[1].0 >= w[0].1,
            "process {} took the lease at {} while process {} held it until {}",
            w[1].2,
            w[1].0,
            w[0].2,
            w[0].1
        );
    }
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let end = Instant::now() + limit;
    while !done() {
        assert!(Instant::now() < end, "{what}: not within {limit:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn three_processes_on_one_gpu_take_turns_one_at_a_time() {
    if contend_if_asked() {
        return;
    }
    let dir = scratch("turns");
    let mut children: Vec<Proc> = (0..3)
        .map(|_| {
            spawn(
                "three_processes_on_one_gpu_take_turns_one_at_a_time",
                &dir,
                200,
                6_000,
            )
        })
        .collect();
    for c in &mut children {
        assert!(c.0.wait().unwrap().success());
    }
    let all = stretches(&dir);
    assert_never_two_at_once(&all);
    assert_eq!(all.len(), 3, "every process had a turn: {all:?}");
    let turns: usize = all.values().map(Vec::len).sum();
    assert!(
        turns >= 10,
        "the lease rotated: {turns} turns in 6 s of 200 ms holds"
    );
    for (pid, v) in &all {
        for (s, e) in v.iter().filter_map(|(s, e)| e.map(|e| (*s, e))) {
            // Given up at the first tick (10 ms apart) past the hold; slack for a
            // loaded machine.
            assert!(
                e - s < 200 * MS + 100 * MS,
                "process {pid} held past its turn: {} ms",
                (e - s) / MS
            );
        }
    }
}

#[test]
fn under_pc_enable_lease_no_two_processes_have_pc_sampling_enabled_on_one_gpu_at_once() {
    if contend_if_asked() {
        return;
    }
    let test = "under_pc_enable_lease_no_two_processes_have_pc_sampling_enabled_on_one_gpu_at_once";
    let dir = scratch("enable");
    let mut children: Vec<Proc> = (0..3)
        .map(|_| spawn_with(test, &dir, 200, 4_000, EnableMode::Lease))
        .collect();
    for c in &mut children {
        assert!(c.0.wait().unwrap().success());
    }
    let all = stretches(&dir);
    assert_never_two_at_once(&all);
    assert_eq!(
        all.len(),
        3,
        "every process had PC sampling enabled in turn: {all:?}"
    );
    let turns: usize = all.values().map(Vec::len).sum();
    assert!(
        turns >= 6,
        "enabled in turns: {turns} in 4 s of 200 ms holds"
    );
}

#[test]
fn a_process_killed_while_holding_the_lease_frees_it_at_once() {
    if contend_if_asked() {
        return;
    }
    let test = "a_process_killed_while_holding_the_lease_frees_it_at_once";
    let dir = scratch("killed");
    // The holder never gives its turn up on its own.
    let mut holder = spawn(test, &dir, 600_000, 600_000);
    wait_until(
        "the first process takes the lease",
        Duration::from_secs(10),
        || !stretches(&dir).is_empty(),
    );
    let mut waiter = spawn(test, &dir, 600_000, 3_000);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        stretches(&dir).len(),
        1,
        "the waiter waits while the holder lives"
    );
    let killed_at = now_ns();
    holder.kill();
    wait_until("the waiter takes the lease", Duration::from_secs(2), || {
        stretches(&dir).len() == 2
    });
    let all = stretches(&dir);
    let (_, taken) = all
        .iter()
        .find(|(pid, _)| **pid == waiter.id())
        .expect("the waiter took it");
    let after = taken[0].0.saturating_sub(killed_at);
    assert!(
        after < 500 * MS,
        "taken {} ms after the kill: within one retry and its jitter",
        after / MS
    );
    assert!(taken[0].0 >= killed_at, "not before the holder died");
    waiter.kill();
}

#[test]
fn a_lock_file_left_by_a_dead_process_is_not_a_stale_lease() {
    if contend_if_asked() {
        return;
    }
    let test = "a_lock_file_left_by_a_dead_process_is_not_a_stale_lease";
    let dir = scratch("stale");
    let mut dead = spawn(test, &dir, 600_000, 600_000);
    wait_until(
        "the first process takes the lease",
        Duration::from_secs(10),
        || !stretches(&dir).is_empty(),
    );
    dead.kill();
    let lock = LeaseDir::open(&LeaseDirSetting::Path(dir.join("leases")))
        .unwrap()
        .file_of(GPU);
    assert!(lock.exists(), "the dead process left its lock file behind");
    // A newcomer takes it at its very first try.
    std::fs::write(dir.join("log"), b"").unwrap();
    let mut newcomer = spawn(test, &dir, 600_000, 600_000);
    wait_until(
        "the newcomer takes the lease",
        Duration::from_secs(10),
        || !stretches(&dir).is_empty(),
    );
    let taken = stretches(&dir).into_values().next().unwrap()[0].0;
    let started = starts(&dir)[&newcomer.id()];
    newcomer.kill();
    // Its first tick follows its start at once; a second try would come a retry
    // period (50 ms) later.
    assert!(
        taken - started < 50 * MS,
        "taken {} ms after starting: not at the first try",
        (taken - started) / MS
    );
}
