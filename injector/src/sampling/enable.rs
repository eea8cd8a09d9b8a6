//! When PC sampling is *enabled* on a process's contexts (`GPU_OTEL_PC_ENABLE`), as
//! opposed to when its bursts start and stop. Pure: the caller (the run time, on the
//! application's thread at a launch callback, under CUPTI's guard) says what it sees
//! and carries out the [`EnableStep`].
//!
//! On the H200 (2026-12-05), with 2 or 4 serialized PyTorch processes on one GPU and
//! the sampler lease taking turns over Start/Stop, every process but one lost all its
//! kernel records: each had PC sampling *enabled* on its context from creation. The
//! hypothesis `lease` mode builds for: PC sampling enabled in more than one process on a
//! GPU breaks the others. So in `lease` mode a process has PC sampling enabled on a
//! GPU's contexts only while it holds that GPU's lease:
//!
//! ```text
//! context created ─▶ known, not enabled
//! lease granted over every known context (collector) ─▶ next launch: Enable + configure
//! lease withdrawn (turn over, given up; collector) ─▶ tier off at the next launch
//!     (closing the burst) ─▶ Disable every enabled context ─▶ the run time no longer
//!     holds the sampler ─▶ the collector releases the lease file at its next period
//! Disable failed ─▶ the context stays enabled, so the lease stays held; tried again
//!     once per collector period
//! ```
//!
//! The collector releases a lease only once the run time says it does not hold the
//! sampler ([`holds_sampler`] feeds the lease policy's `serializing`), which it reads
//! after taking the permission away: two processes never have PC sampling enabled on
//! one GPU at once. `context` mode is what ran before: every context enabled at its
//! creation, whatever the lease says (the lease only orders Start/Stop).
//!
//! `lease` is the default of a fixed serialized tier ([`EnableMode::resolve`]): on the
//! H200 it kept every kernel of 2 and 4 serialized processes on one GPU, where `context`
//! lost every kernel of all but one.

/// When a context's PC sampling is enabled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnableMode {
    /// At the context's creation, whether or not the process holds the lease.
    Context,
    /// Only while the process holds the GPU's sampler lease.
    Lease,
}

impl EnableMode {
    /// The setting's value (`GPU_OTEL_PC_ENABLE`), as the exit line says it.
    pub fn as_str(self) -> &'static str {
        match self {
            EnableMode::Context => "context",
            EnableMode::Lease => "lease",
        }
    }

    /// The mode a process runs, from what it asked for (`None`: the setting is unset).
    /// Unset, a fixed serialized tier runs `lease`, so that a second serialized process
    /// on its GPU keeps its kernels; anything else runs `context`: the continuous tier
    /// takes no lease and a tier that may switch cannot wait for one. `lease` asked
    /// where it cannot apply runs `context`, and the second value says so (to log).
    pub fn resolve(asked: Option<EnableMode>, fixed_serialized: bool) -> (EnableMode, bool) {
        match (asked, fixed_serialized) {
            (Some(EnableMode::Lease), false) => (EnableMode::Context, true),
            (Some(m), _) => (m, false),
            (None, true) => (EnableMode::Lease, false),
            (None, false) => (EnableMode::Context, false),
        }
    }

    /// Reads the setting (case-insensitive, surrounding whitespace ignored).
    pub fn parse(s: &str) -> Option<EnableMode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "context" => Some(EnableMode::Context),
            "lease" => Some(EnableMode::Lease),
            _ => None,
        }
    }
}

/// The process's PC-sampling contexts, as the run time sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Contexts {
    /// Contexts PC sampling may run on (created, not destroyed, not given up on).
    pub known: usize,
    /// Of those, the ones with PC sampling enabled now.
    pub enabled: usize,
}

/// What the lease says, as the run time last heard it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lease {
    /// Granted over every known context (its generation is the current one).
    Covering,
    /// Granted, but a context appeared since: wait for the collector to grant again
    /// (or to take it away, when that context's GPU is busy).
    Stale,
    /// Not held, or being given up.
    Withdrawn,
}

/// What the run time must do to its contexts now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnableStep {
    /// Nothing.
    Stay,
    /// Enable (and configure) every known context not enabled.
    Enable,
    /// Disable every enabled context.
    Disable,
}

/// The step for the state as it is. `burst_open`: a burst is still open (it closes at a
/// launch EXIT first: no Disable under a started context).
pub fn step(mode: EnableMode, lease: Lease, burst_open: bool, c: Contexts) -> EnableStep {
    if mode == EnableMode::Context {
        return EnableStep::Stay;
    }
    match lease {
        Lease::Covering if c.enabled < c.known => EnableStep::Enable,
        Lease::Withdrawn if c.enabled > 0 && !burst_open => EnableStep::Disable,
        _ => EnableStep::Stay,
    }
}

/// Whether a burst may open over these contexts: in `lease` mode only when every known
/// context is enabled, so that no window claims a GPU whose kernels nobody samples.
pub fn may_open(mode: EnableMode, c: Contexts) -> bool {
    match mode {
        EnableMode::Context => c.enabled > 0,
        EnableMode::Lease => c.known > 0 && c.enabled == c.known,
    }
}

/// Whether the process must keep its sampler lease because of what is enabled (beside
/// a burst that may open): in `lease` mode, while any context has PC sampling enabled.
pub fn holds_sampler(mode: EnableMode, c: Contexts) -> bool {
    mode == EnableMode::Lease && c.enabled > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::FakePcTable;
    use crate::lease::{Keeper, LeaseDir, LeaseDirSetting};
    use crate::sampling::lease::LeaseConfig;
    use proptest::prelude::*;

    const MS: u64 = 1_000_000;
    const L: EnableMode = EnableMode::Lease;

    fn ctx(known: usize, enabled: usize) -> Contexts {
        Contexts { known, enabled }
    }

    #[test]
    fn the_setting_reads_context_or_lease() {
        assert_eq!(EnableMode::parse(" Lease "), Some(L));
        assert_eq!(EnableMode::parse("context"), Some(EnableMode::Context));
        assert_eq!(EnableMode::parse("always"), None);
        assert_eq!(L.as_str(), "lease");
    }

    #[test]
    fn a_fixed_serialized_tier_enables_under_the_lease_unless_context_is_asked_for() {
        assert_eq!(EnableMode::resolve(None, true), (L, false));
        assert_eq!(EnableMode::resolve(Some(L), true), (L, false));
        assert_eq!(
            EnableMode::resolve(Some(EnableMode::Context), true),
            (EnableMode::Context, false)
        );
    }

    #[test]
    fn any_other_tier_enables_at_context_creation_and_an_asked_lease_is_refused_aloud() {
        assert_eq!(
            EnableMode::resolve(None, false),
            (EnableMode::Context, false)
        );
        assert_eq!(
            EnableMode::resolve(Some(EnableMode::Context), false),
            (EnableMode::Context, false)
        );
        assert_eq!(
            EnableMode::resolve(Some(L), false),
            (EnableMode::Context, true)
        );
    }

    #[test]
    fn context_mode_never_enables_or_disables_at_a_launch_and_holds_nothing_for_it() {
        for lease in [Lease::Covering, Lease::Stale, Lease::Withdrawn] {
            for c in [ctx(0, 0), ctx(2, 1), ctx(2, 2)] {
                let m = EnableMode::Context;
                assert_eq!(step(m, lease, false, c), EnableStep::Stay);
                assert!(!holds_sampler(m, c));
            }
        }
        assert!(may_open(EnableMode::Context, ctx(1, 1)));
    }

    #[test]
    fn no_enable_before_the_lease_covers_every_known_context() {
        for c in [ctx(1, 0), ctx(2, 1)] {
            assert_ne!(step(L, Lease::Withdrawn, false, c), EnableStep::Enable);
            assert_eq!(step(L, Lease::Stale, false, c), EnableStep::Stay);
        }
        assert_eq!(
            step(L, Lease::Covering, false, ctx(1, 0)),
            EnableStep::Enable
        );
    }

    #[test]
    fn a_context_created_under_the_lease_is_enabled_once_the_grant_covers_it() {
        // Stale right after the creation (enabled ones stay enabled), covering at the
        // collector's next period: enabled at the next launch.
        assert_eq!(step(L, Lease::Stale, false, ctx(2, 1)), EnableStep::Stay);
        assert_eq!(
            step(L, Lease::Covering, false, ctx(2, 1)),
            EnableStep::Enable
        );
    }

    #[test]
    fn a_withdrawn_lease_disables_only_once_no_burst_is_open() {
        assert_eq!(step(L, Lease::Withdrawn, true, ctx(1, 1)), EnableStep::Stay);
        assert_eq!(
            step(L, Lease::Withdrawn, false, ctx(1, 1)),
            EnableStep::Disable
        );
        assert_eq!(
            step(L, Lease::Withdrawn, false, ctx(1, 0)),
            EnableStep::Stay
        );
    }

    #[test]
    fn no_burst_opens_over_a_context_that_is_not_enabled() {
        assert!(!may_open(L, ctx(0, 0)));
        assert!(!may_open(L, ctx(2, 1)));
        assert!(may_open(L, ctx(2, 2)));
    }

    #[test]
    fn the_lease_is_held_while_any_context_is_enabled() {
        assert!(holds_sampler(L, ctx(2, 1)));
        assert!(!holds_sampler(L, ctx(2, 0)));
    }

    /// One simulated process in `lease` mode: its collector (the real [`Keeper`] over a
    /// shared lease directory) and its run time (the permission it last heard, its tier,
    /// and its contexts in the fake PC-sampling table), driven as the injector drives
    /// them: the collector's period, then launch callbacks on the application's thread.
    struct Proc {
        keeper: Keeper,
        table: FakePcTable,
        /// The collector's last grant: permitted, and over which generation.
        grant: Option<u64>,
        /// The tier runs serialized (follows the permission at a launch).
        running: bool,
        /// The process wants to serialize.
        wants: bool,
        /// A Disable failed: tried again after the collector's next period.
        disable_blocked: bool,
    }

    impl Proc {
        fn new(dir: &std::path::Path) -> Self {
            let cfg = LeaseConfig {
                hold_ns: 1_000 * MS,
                rest_ns: 200 * MS,
                retry_ns: 50 * MS,
            };
            Proc {
                keeper: Keeper::new(
                    LeaseDir::open(&LeaseDirSetting::Path(dir.to_path_buf())),
                    cfg,
                ),
                table: FakePcTable::default(),
                grant: None,
                running: false,
                wants: true,
                disable_blocked: false,
            }
        }

        fn lease(&self) -> Lease {
            match self.grant {
                Some(g) if g == self.table.generation() => Lease::Covering,
                Some(_) => Lease::Stale,
                None => Lease::Withdrawn,
            }
        }

        /// The collector's period (as `runtime::lease::SamplerLease::tick` and `pc::tick`).
        fn tick(&mut self, now: u64) {
            let generation = self.table.generation();
            let gpus = self.table.gpus();
            let serializing = self.running || holds_sampler(L, self.table.contexts());
            let g = self.keeper.tick(now, &gpus, self.wants, serializing, 0);
            self.grant = g.permit.then_some(generation);
            self.disable_blocked = false;
        }

        /// A launch callback (as `pc::poll`): the tier follows the permission, then the
        /// contexts follow the lease.
        fn launch(&mut self) {
            self.running = self.grant.is_some() && self.wants;
            let c = self.table.contexts();
            match step(L, self.lease(), false, c) {
                EnableStep::Enable => self.table.enable_all(),
                EnableStep::Disable if !self.disable_blocked => {
                    self.disable_blocked = self.table.disable_all() > 0;
                }
                _ => {}
            }
        }

        fn holds(&self, gpu: &str) -> bool {
            self.keeper.held().any(|g| g == gpu)
        }

        /// The rule: PC sampling is enabled on a GPU only while this process holds its
        /// lease file.
        fn check(&self) -> Result<(), String> {
            for gpu in self.table.gpus() {
                if self.table.enabled_on(&gpu) && !self.holds(&gpu) {
                    return Err(format!("enabled on {gpu} without its lease"));
                }
            }
            Ok(())
        }
    }

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("gpu-otel-enable-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn enabled_anywhere(procs: &[Proc], gpu: &str) -> usize {
        procs.iter().filter(|p| p.table.enabled_on(gpu)).count()
    }

    #[test]
    fn nothing_is_enabled_before_the_grant_and_everything_after_it_at_the_next_launch() {
        let d = temp_dir("grant");
        let mut p = Proc::new(&d);
        p.table.create("GPU-1");
        p.launch();
        assert_eq!(p.table.contexts(), ctx(1, 0), "no grant yet");
        p.tick(0);
        assert_eq!(
            p.table.contexts(),
            ctx(1, 0),
            "the collector enables nothing"
        );
        p.launch();
        assert_eq!(p.table.contexts(), ctx(1, 1));
        assert!(p.holds("GPU-1"));
    }

    #[test]
    fn the_lease_file_is_released_only_after_every_context_of_the_gpu_is_disabled() {
        let d = temp_dir("release");
        let mut p = Proc::new(&d);
        p.table.create("GPU-1");
        p.table.create("GPU-1");
        p.tick(0);
        p.launch();
        assert_eq!(p.table.contexts(), ctx(2, 2));
        p.wants = false;
        // The tick that gives up only takes the permission away.
        p.tick(10 * MS);
        assert!(p.grant.is_none() && p.holds("GPU-1"));
        // No launch yet: still enabled, so the lease stays at every period.
        for t in 2..5 {
            p.tick(t * 10 * MS);
            assert!(p.holds("GPU-1"), "released under enabled contexts");
        }
        p.launch();
        assert_eq!(p.table.contexts(), ctx(2, 0));
        p.tick(60 * MS);
        assert!(!p.holds("GPU-1"), "released once disabled");
    }

    #[test]
    fn a_failed_disable_keeps_the_lease_and_is_tried_again_after_the_next_period() {
        let d = temp_dir("failed");
        let mut p = Proc::new(&d);
        p.table.create("GPU-1");
        p.tick(0);
        p.launch();
        p.wants = false;
        p.tick(10 * MS);
        p.table.fail_disable = true;
        p.launch();
        assert_eq!(p.table.disable_failures(), 1);
        p.launch();
        assert_eq!(p.table.disable_failures(), 1, "not again before a period");
        p.tick(20 * MS);
        assert!(
            p.holds("GPU-1"),
            "a context may still sample: the lease stays"
        );
        p.table.fail_disable = false;
        p.launch();
        assert_eq!(p.table.contexts(), ctx(1, 0));
        p.tick(30 * MS);
        assert!(!p.holds("GPU-1"));
    }

    #[test]
    fn a_context_created_under_the_lease_is_enabled_at_the_first_launch_after_the_next_period() {
        let d = temp_dir("new-ctx");
        let mut p = Proc::new(&d);
        p.table.create("GPU-1");
        p.tick(0);
        p.launch();
        p.table.create("GPU-1");
        p.launch();
        assert_eq!(
            p.table.contexts(),
            ctx(2, 1),
            "the grant does not cover it yet"
        );
        p.tick(10 * MS);
        p.launch();
        assert_eq!(p.table.contexts(), ctx(2, 2));
    }

    #[test]
    fn rotation_hands_the_gpu_over_without_two_processes_enabled_at_once() {
        let d = temp_dir("rotate");
        let mut procs = vec![Proc::new(&d), Proc::new(&d)];
        for p in &mut procs {
            p.table.create("GPU-1");
        }
        let mut holders = Vec::new();
        for t in 0..400u64 {
            let now = t * 20 * MS;
            for (i, p) in procs.iter_mut().enumerate() {
                p.tick(now);
                p.launch();
                p.check().unwrap();
                if p.table.enabled_on("GPU-1") && holders.last() != Some(&i) {
                    holders.push(i);
                }
            }
            assert!(enabled_anywhere(&procs, "GPU-1") <= 1, "overlap at {now}");
        }
        assert!(holders.len() >= 4, "the GPU rotates: {holders:?}");
    }

    #[derive(Debug, Clone)]
    enum Event {
        /// The collector period of process `p`, `dt_ms` later.
        Tick { p: usize, dt_ms: u64 },
        /// A launch callback of process `p`.
        Launch { p: usize },
        /// Process `p` creates a context on GPU `gpu`.
        Create { p: usize, gpu: usize },
        /// Process `p` stops (or starts again) wanting to serialize.
        Want { p: usize, wants: bool },
        /// Process `p`'s Disable fails (or works again).
        FailDisable { p: usize, fail: bool },
    }

    fn event() -> impl Strategy<Value = Event> {
        prop_oneof![
            4 => (0usize..3, 0u64..400).prop_map(|(p, dt_ms)| Event::Tick { p, dt_ms }),
            4 => (0usize..3).prop_map(|p| Event::Launch { p }),
            1 => (0usize..3, 0usize..2).prop_map(|(p, gpu)| Event::Create { p, gpu }),
            1 => (0usize..3, any::<bool>()).prop_map(|(p, wants)| Event::Want { p, wants }),
            1 => (0usize..3, any::<bool>()).prop_map(|(p, fail)| Event::FailDisable { p, fail }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Three processes, two GPUs, one lease directory, any interleaving of their
        /// collectors' periods, launches, context creations, give-ups and failing
        /// Disables: no process ever has PC sampling enabled on a GPU without holding
        /// its lease file, so no two processes have it enabled on one GPU at once.
        #[test]
        fn never_enabled_without_the_lease(events in proptest::collection::vec(event(), 1..300)) {
            let d = temp_dir("prop");
            let mut procs: Vec<Proc> = (0..3).map(|_| Proc::new(&d)).collect();
            let mut now = 0u64;
            for e in events {
                match e {
                    Event::Tick { p, dt_ms } => {
                        now += dt_ms * MS;
                        procs[p].tick(now);
                    }
                    Event::Launch { p } => procs[p].launch(),
                    Event::Create { p, gpu } => procs[p].table.create(&format!("GPU-{gpu}")),
                    Event::Want { p, wants } => procs[p].wants = wants,
                    Event::FailDisable { p, fail } => procs[p].table.fail_disable = fail,
                }
                for p in &procs {
                    prop_assert!(p.check().is_ok(), "{:?}", p.check());
                }
                for gpu in ["GPU-0", "GPU-1"] {
                    prop_assert!(enabled_anywhere(&procs, gpu) <= 1);
                }
            }
        }
    }
}
