//! Switching serialized ⇄ continuous while the application runs, and stepping to
//! `off` while the process may not serialize. Pure: the CUPTI calls are done by the
//! caller's `exec`, and the caller says where it stands (which launch callback,
//! whether a burst is open).
//!
//! On the H200 the collection mode changes between a Stop and a Start without
//! Disable/Enable (measured), so a switch is: end what runs (close the open burst,
//! or stop the continuous collection), set the mode on every context, and (to
//! continuous) start again. Like bursts, it happens on the application's own launch
//! callbacks: a Stop only at a launch EXIT, a Start only at a launch ENTER (a Stop at
//! an ENTER would cut the serialization short of the launch it was meant to cover).
//!
//! What the user may request: `serialized` or `continuous` (the tier control file's
//! content, as [`parse_request`] reads it). `off` is refused: "off" on the wire claims
//! PC sampling does not run, and only the injector knows when that is true. It is:
//!
//! - while the process may not serialize ([`Permission::Waiting`]: another process
//!   holds the GPU's sampler lease, or this one rests after its turn): a serialized
//!   tier runs as `off` (contexts enabled but never started, which serializes nothing:
//!   measured on the H200), and resumes when permitted, under the same controller and
//!   window sequence;
//! - after PC sampling failed ([`Permission::Failed`]): off for good, once the caller
//!   stopped and disabled every context.
//!
//! An `off` stretch declares why ([`OffReason`]) beside the tier that was configured.

use semconv::Tier;

use super::message::Declared;
pub use super::message::OffReason;
/// Where the caller stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Site {
    /// A launch ENTER callback.
    Enter,
    /// A launch EXIT callback.
    Exit,
}

/// One thing the caller must do, in order; `exec` returns whether it succeeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Close the open burst (Stop, drain, closed record), as at its normal end.
    CloseBurst,
    /// Stop the continuous collection and drain it.
    StopContinuous,
    /// Set the collection mode of every context.
    SetMode(Tier),
    /// Start the continuous collection.
    StartContinuous,
}

/// Why a request was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// The content is not a tier.
    #[error("tier control file says {0:?}: not \"serialized\" or \"continuous\"; the running tier stays")]
    NotATier(String),
    /// `off` cannot be switched to.
    #[error("tier control file says \"off\": a running process can switch between serialized and continuous only; the running tier stays")]
    Off,
    /// Serialized sampling stopped for good (a CUDA graph launch was seen).
    #[error("tier control file asks for serialized, but serialized sampling stopped for good when a CUDA graph launch was seen; the running tier stays")]
    SerializedRefused,
    /// This process was not started switchable.
    #[error("tier control file ignored: PC sampling was not enabled at start (GPU_OTEL_PC_SAMPLING=off); the tier of a process that started off cannot change")]
    NotSwitchable,
    /// PC sampling failed and is off for good.
    #[error("tier control file ignored: PC sampling failed in this process and is off for good")]
    SamplingFailed,
}

/// Reads the tier control file's content: one tier name, surrounding whitespace
/// ignored, case-insensitive.
pub fn parse_request(content: &str) -> Result<Tier, RequestError> {
    match content.trim().to_ascii_lowercase().as_str() {
        "serialized" => Ok(Tier::Serialized),
        "continuous" => Ok(Tier::Continuous),
        "off" => Err(RequestError::Off),
        other => Err(RequestError::NotATier(other.to_string())),
    }
}

/// Whether the process may run the serialized tier now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    /// It holds the sampler lease of every GPU it samples (or no coordination
    /// applies).
    Granted,
    /// It does not: serialized runs as `off` meanwhile.
    Waiting,
    /// PC sampling failed: off for good.
    Failed,
}

/// The running tier, the requested one and the permission to serialize.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TierSwitch {
    /// Runs under start/stop control (serialized, or any switchable tier): the
    /// machine is live. A fixed continuous tier collects from Enable on and never moves.
    controlled: bool,
    /// The user may request tiers (a tier control file was given).
    switchable: bool,
    running: Tier,
    /// Continuous only: whether the collection is started.
    started: bool,
    requested: Tier,
    /// The collection mode set on the contexts (serialized or continuous; `off` keeps
    /// the mode it had).
    mode: Tier,
    /// A request whose SetMode failed; not retried until another request.
    failed: Option<Tier>,
    /// The last tier other than off that ran: what the user gets when CUPTI refused
    /// the mode of the tier asked for.
    last_ran: Tier,
    permission: Permission,
    /// A graph refused the serialized tier for good: it is declared without
    /// permission, since no burst will ever open.
    refused: bool,
    switches: u64,
    failures: u64,
}

impl TierSwitch {
    /// `initial` is the tier configured at start. A switchable process runs both tiers
    /// under start/stop control, so its continuous collection waits for a Start; a
    /// fixed continuous tier collects from Enable on. A serialized tier runs only
    /// while `permission` is granted, as `off` before.
    pub fn new(initial: Tier, switchable: bool, permission: Permission) -> Self {
        let switchable = switchable && initial != Tier::Off;
        let controlled = switchable || initial == Tier::Serialized;
        let mut sw = TierSwitch {
            controlled,
            switchable,
            running: initial,
            started: !switchable,
            requested: initial,
            mode: initial,
            failed: None,
            last_ran: initial,
            permission: if controlled {
                permission
            } else {
                Permission::Granted
            },
            refused: false,
            switches: 0,
            failures: 0,
        };
        sw.running = sw.target();
        sw
    }

    /// The tier running now.
    pub fn running(&self) -> Tier {
        self.running
    }

    /// The tier the user wants (configured at start or requested since).
    pub fn configured(&self) -> Tier {
        self.requested
    }

    /// Why the running tier is `off` although another was configured.
    pub fn off_reason(&self) -> Option<OffReason> {
        if self.running != Tier::Off || self.requested == Tier::Off {
            return None;
        }
        Some(match self.permission {
            Permission::Failed => OffReason::SamplingFailed,
            _ => OffReason::WaitingForGpuSampler,
        })
    }

    /// What batches declare now.
    pub fn declared(&self) -> Declared {
        Declared {
            tier: self.running,
            not_running: self.off_reason().map(|why| (self.requested, why)),
        }
    }

    /// A graph refused the serialized tier for good: no burst opens again, so it may
    /// be declared (and reads "false" after its never-again record) without the
    /// sampler lease.
    pub fn refuse(&mut self) {
        self.refused = true;
    }

    /// Whether the continuous collection is started (always true for a fixed tier).
    pub fn started(&self) -> bool {
        self.started
    }

    /// Switches carried out.
    pub fn switches(&self) -> u64 {
        self.switches
    }

    /// Switches that failed (SetMode refused); the previous tier kept running.
    pub fn failures(&self) -> u64 {
        self.failures
    }

    /// The permission to serialize.
    pub fn permission(&self) -> Permission {
        self.permission
    }

    /// Sets the permission to serialize (the lease held or not, or PC sampling failed,
    /// which is final). Returns whether it changed.
    pub fn permit(&mut self, p: Permission) -> bool {
        if !self.controlled || self.permission == p || self.permission == Permission::Failed {
            return false;
        }
        self.permission = p;
        true
    }

    /// Whether the user's tier is serialized and nothing ended PC sampling: the
    /// process wants the sampler lease.
    pub fn wants_serialized(&self) -> bool {
        self.controlled
            && !self.refused
            && self.user_tier() == Tier::Serialized
            && self.permission != Permission::Failed
    }

    /// Asks for `tier`. Returns whether this is a new request.
    pub fn request(&mut self, tier: Tier) -> Result<bool, RequestError> {
        if !self.switchable {
            return Err(RequestError::NotSwitchable);
        }
        if tier == Tier::Off {
            return Err(RequestError::Off);
        }
        if self.permission == Permission::Failed {
            return Err(RequestError::SamplingFailed);
        }
        if tier == self.requested {
            return Ok(false);
        }
        self.requested = tier;
        self.failed = None;
        Ok(true)
    }

    /// The user's tier: the one requested, unless CUPTI refused its mode (then the
    /// one that ran last).
    fn user_tier(&self) -> Tier {
        match self.failed {
            Some(f) if f == self.requested => self.last_ran,
            _ => self.requested,
        }
    }

    /// The tier that should run now.
    fn target(&self) -> Tier {
        match (self.permission, self.user_tier()) {
            (Permission::Failed, _) => Tier::Off,
            (Permission::Waiting, Tier::Serialized) if !self.refused => Tier::Off,
            (_, t) => t,
        }
    }

    /// Whether [`TierSwitch::drive`] would do anything here (cheap; callers use it to
    /// avoid taking CUPTI's guard on every launch).
    pub fn pending(&self, site: Site, burst_open: bool) -> bool {
        if !self.controlled {
            return false;
        }
        let want = self.target();
        if want == self.running {
            return self.running == Tier::Continuous && !self.started && site == Site::Enter;
        }
        match self.running {
            Tier::Serialized => !burst_open || site == Site::Exit,
            Tier::Continuous => !self.started || site == Site::Exit,
            Tier::Off => true,
        }
    }

    /// Carries out what the request or the permission needs at `site`, calling `exec`
    /// for each step. Returns the new running tier when a switch happened (the caller
    /// stamps the switch instant right after).
    pub fn drive(
        &mut self,
        site: Site,
        burst_open: bool,
        mut exec: impl FnMut(Step) -> bool,
    ) -> Option<Tier> {
        if !self.pending(site, burst_open) {
            return None;
        }
        let want = self.target();
        if want == self.running {
            // A switchable continuous tier starts at the first launch.
            self.started = exec(Step::StartContinuous);
            return None;
        }
        let from = self.running;
        match from {
            Tier::Serialized if burst_open => {
                exec(Step::CloseBurst);
            }
            Tier::Continuous if self.started => {
                exec(Step::StopContinuous);
                self.started = false;
            }
            _ => {}
        }
        if want != Tier::Off && want != self.mode {
            if !exec(Step::SetMode(want)) {
                self.failures += 1;
                self.failed = Some(want);
                // Put the contexts back; a continuous tier restarts at the next ENTER.
                exec(Step::SetMode(self.mode));
                // What ran before may itself be waiting for permission now.
                if self.target() != Tier::Off || self.running == Tier::Off {
                    return None;
                }
                self.running = Tier::Off;
                self.switches += 1;
                return Some(Tier::Off);
            }
            self.mode = want;
        }
        self.running = want;
        if want != Tier::Off {
            self.last_ran = want;
        }
        self.switches += 1;
        if want == Tier::Continuous && site == Site::Enter {
            self.started = exec(Step::StartContinuous);
        }
        Some(want)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(
        sw: &mut TierSwitch,
        site: Site,
        open: bool,
        fail: Option<Step>,
    ) -> (Option<Tier>, Vec<Step>) {
        let mut steps = Vec::new();
        let r = sw.drive(site, open, |s| {
            steps.push(s);
            Some(s) != fail
        });
        (r, steps)
    }

    #[test]
    fn the_control_file_names_one_of_the_two_sampling_tiers() {
        assert_eq!(parse_request(" Serialized\n"), Ok(Tier::Serialized));
        assert_eq!(parse_request("continuous"), Ok(Tier::Continuous));
        assert_eq!(parse_request("off"), Err(RequestError::Off));
        assert!(matches!(parse_request("fast"), Err(RequestError::NotATier(v)) if v == "fast"));
        assert!(matches!(parse_request(""), Err(RequestError::NotATier(_))));
    }

    #[test]
    fn a_process_started_off_or_fixed_never_switches() {
        for (tier, switchable) in [
            (Tier::Off, true),
            (Tier::Serialized, false),
            (Tier::Continuous, false),
        ] {
            let mut sw = TierSwitch::new(tier, switchable, Permission::Granted);
            assert_eq!(
                sw.request(Tier::Continuous),
                Err(RequestError::NotSwitchable)
            );
            for site in [Site::Enter, Site::Exit] {
                assert_eq!(run(&mut sw, site, false, None), (None, vec![]));
            }
            assert_eq!(sw.running(), tier);
        }
    }

    #[test]
    fn off_is_never_a_target() {
        let mut sw = TierSwitch::new(Tier::Serialized, true, Permission::Granted);
        assert_eq!(sw.request(Tier::Off), Err(RequestError::Off));
        assert_eq!(sw.running(), Tier::Serialized);
    }

    #[test]
    fn a_switchable_continuous_tier_starts_at_the_first_launch_enter_only() {
        let mut sw = TierSwitch::new(Tier::Continuous, true, Permission::Granted);
        assert!(!sw.started());
        assert_eq!(run(&mut sw, Site::Exit, false, None), (None, vec![]));
        assert_eq!(
            run(&mut sw, Site::Enter, false, None),
            (None, vec![Step::StartContinuous])
        );
        assert!(sw.started());
        assert_eq!(run(&mut sw, Site::Enter, false, None), (None, vec![]));
    }

    #[test]
    fn serialized_to_continuous_waits_for_a_launch_exit_to_close_an_open_burst() {
        let mut sw = TierSwitch::new(Tier::Serialized, true, Permission::Granted);
        assert_eq!(sw.request(Tier::Continuous), Ok(true));
        assert!(!sw.pending(Site::Enter, true));
        assert_eq!(run(&mut sw, Site::Enter, true, None), (None, vec![]));
        assert_eq!(
            run(&mut sw, Site::Exit, true, None),
            (
                Some(Tier::Continuous),
                vec![Step::CloseBurst, Step::SetMode(Tier::Continuous)]
            )
        );
        // Started at the next ENTER, never at an EXIT.
        assert!(!sw.started());
        assert_eq!(run(&mut sw, Site::Exit, false, None), (None, vec![]));
        assert_eq!(
            run(&mut sw, Site::Enter, false, None),
            (None, vec![Step::StartContinuous])
        );
        assert_eq!(sw.switches(), 1);
    }

    #[test]
    fn serialized_to_continuous_between_bursts_switches_and_starts_at_an_enter() {
        let mut sw = TierSwitch::new(Tier::Serialized, true, Permission::Granted);
        sw.request(Tier::Continuous).unwrap();
        assert_eq!(
            run(&mut sw, Site::Enter, false, None),
            (
                Some(Tier::Continuous),
                vec![Step::SetMode(Tier::Continuous), Step::StartContinuous]
            )
        );
        assert!(sw.started());
    }

    #[test]
    fn continuous_to_serialized_stops_only_at_a_launch_exit() {
        let mut sw = TierSwitch::new(Tier::Continuous, true, Permission::Granted);
        run(&mut sw, Site::Enter, false, None);
        sw.request(Tier::Serialized).unwrap();
        assert_eq!(run(&mut sw, Site::Enter, false, None), (None, vec![]));
        assert_eq!(
            run(&mut sw, Site::Exit, false, None),
            (
                Some(Tier::Serialized),
                vec![Step::StopContinuous, Step::SetMode(Tier::Serialized)]
            )
        );
        assert_eq!(sw.running(), Tier::Serialized);
        assert!(!sw.pending(Site::Enter, false) && !sw.pending(Site::Exit, false));
    }

    #[test]
    fn a_refused_mode_change_keeps_the_old_tier_and_is_not_retried_until_asked_again() {
        let mut sw = TierSwitch::new(Tier::Continuous, true, Permission::Granted);
        run(&mut sw, Site::Enter, false, None);
        sw.request(Tier::Serialized).unwrap();
        let (r, steps) = run(
            &mut sw,
            Site::Exit,
            false,
            Some(Step::SetMode(Tier::Serialized)),
        );
        assert_eq!(r, None);
        assert_eq!(
            steps,
            vec![
                Step::StopContinuous,
                Step::SetMode(Tier::Serialized),
                Step::SetMode(Tier::Continuous)
            ]
        );
        assert_eq!(
            (sw.running(), sw.failures(), sw.switches()),
            (Tier::Continuous, 1, 0)
        );
        // The continuous collection restarts; the failed request is not retried.
        assert_eq!(
            run(&mut sw, Site::Enter, false, None),
            (None, vec![Step::StartContinuous])
        );
        assert_eq!(run(&mut sw, Site::Exit, false, None), (None, vec![]));
        // Asking again (after another request) retries.
        sw.request(Tier::Continuous).unwrap();
        sw.request(Tier::Serialized).unwrap();
        assert_eq!(
            run(&mut sw, Site::Exit, false, None).0,
            Some(Tier::Serialized)
        );
    }

    #[test]
    fn repeating_the_running_tier_is_not_a_new_request() {
        let mut sw = TierSwitch::new(Tier::Serialized, true, Permission::Granted);
        assert_eq!(sw.request(Tier::Serialized), Ok(false));
        assert_eq!(run(&mut sw, Site::Exit, false, None), (None, vec![]));
    }

    #[test]
    fn round_trips_count_every_switch() {
        let mut sw = TierSwitch::new(Tier::Serialized, true, Permission::Granted);
        for i in 0..6 {
            let to = if i % 2 == 0 {
                Tier::Continuous
            } else {
                Tier::Serialized
            };
            sw.request(to).unwrap();
            let (r, _) = run(&mut sw, Site::Exit, false, None);
            assert_eq!(r, Some(to));
            run(&mut sw, Site::Enter, false, None);
        }
        assert_eq!(sw.switches(), 6);
    }

    #[test]
    fn a_serialized_tier_runs_off_until_permitted_and_resumes_without_a_mode_change() {
        let mut sw = TierSwitch::new(Tier::Serialized, false, Permission::Waiting);
        assert_eq!(sw.running(), Tier::Off);
        assert_eq!(sw.off_reason(), Some(OffReason::WaitingForGpuSampler));
        assert!(sw.wants_serialized());
        assert!(!sw.pending(Site::Enter, false) && !sw.pending(Site::Exit, false));
        assert!(sw.permit(Permission::Granted));
        // At either launch callback, with no CUPTI call: the mode never changed.
        assert_eq!(
            run(&mut sw, Site::Exit, false, None),
            (Some(Tier::Serialized), vec![])
        );
        assert_eq!(sw.off_reason(), None);
        assert_eq!(sw.switches(), 1);
    }

    #[test]
    fn losing_permission_closes_an_open_burst_at_a_launch_exit_only() {
        let mut sw = TierSwitch::new(Tier::Serialized, false, Permission::Granted);
        assert!(sw.permit(Permission::Waiting));
        assert!(!sw.pending(Site::Enter, true));
        assert_eq!(run(&mut sw, Site::Enter, true, None), (None, vec![]));
        assert_eq!(
            run(&mut sw, Site::Exit, true, None),
            (Some(Tier::Off), vec![Step::CloseBurst])
        );
        // Between bursts it goes at once, at either callback.
        let mut sw = TierSwitch::new(Tier::Serialized, false, Permission::Granted);
        sw.permit(Permission::Waiting);
        assert_eq!(
            run(&mut sw, Site::Enter, false, None),
            (Some(Tier::Off), vec![])
        );
    }

    #[test]
    fn a_continuous_tier_needs_no_permission_to_run() {
        let mut sw = TierSwitch::new(Tier::Continuous, true, Permission::Waiting);
        assert_eq!(sw.running(), Tier::Continuous);
        assert!(!sw.wants_serialized());
        // Asking for serialized without permission stops continuous and waits, off.
        run(&mut sw, Site::Enter, false, None);
        sw.request(Tier::Serialized).unwrap();
        assert!(sw.wants_serialized());
        assert_eq!(
            run(&mut sw, Site::Exit, false, None),
            (Some(Tier::Off), vec![Step::StopContinuous])
        );
        assert_eq!(sw.off_reason(), Some(OffReason::WaitingForGpuSampler));
        // Permitted: the mode changes on the way out of off.
        sw.permit(Permission::Granted);
        assert_eq!(
            run(&mut sw, Site::Enter, false, None),
            (
                Some(Tier::Serialized),
                vec![Step::SetMode(Tier::Serialized)]
            )
        );
    }

    #[test]
    fn continuous_asked_for_while_waiting_runs_at_once() {
        let mut sw = TierSwitch::new(Tier::Serialized, true, Permission::Waiting);
        sw.request(Tier::Continuous).unwrap();
        assert_eq!(
            run(&mut sw, Site::Exit, false, None),
            (
                Some(Tier::Continuous),
                vec![Step::SetMode(Tier::Continuous)]
            )
        );
        assert_eq!(
            run(&mut sw, Site::Enter, false, None),
            (None, vec![Step::StartContinuous])
        );
    }

    #[test]
    fn a_failure_turns_pc_sampling_off_for_good_and_refuses_requests() {
        for (tier, started) in [(Tier::Serialized, false), (Tier::Continuous, true)] {
            let mut sw = TierSwitch::new(tier, true, Permission::Granted);
            if started {
                run(&mut sw, Site::Enter, false, None);
            }
            assert!(sw.permit(Permission::Failed));
            assert!(!sw.wants_serialized());
            let (to, _) = run(&mut sw, Site::Exit, false, None);
            assert_eq!(to, Some(Tier::Off));
            assert_eq!(sw.off_reason(), Some(OffReason::SamplingFailed));
            assert_eq!(
                sw.request(Tier::Serialized),
                Err(RequestError::SamplingFailed)
            );
            assert!(!sw.permit(Permission::Granted), "failure is final");
            assert_eq!(sw.running(), Tier::Off);
        }
    }

    #[test]
    fn a_fixed_continuous_tier_ignores_permission_and_failure() {
        let mut sw = TierSwitch::new(Tier::Continuous, false, Permission::Waiting);
        assert!(!sw.permit(Permission::Failed));
        assert_eq!(sw.running(), Tier::Continuous);
        assert!(!sw.pending(Site::Exit, false));
    }

    #[derive(Debug, Clone)]
    enum Event {
        Request(Tier),
        Permit(Permission),
        Launch { enter: bool },
    }

    fn event() -> impl proptest::strategy::Strategy<Value = Event> {
        use proptest::prelude::*;
        prop_oneof![
            1 => prop_oneof![Just(Tier::Serialized), Just(Tier::Continuous)].prop_map(Event::Request),
            1 => prop_oneof![
                4 => Just(Permission::Granted),
                4 => Just(Permission::Waiting),
                1 => Just(Permission::Failed)
            ]
            .prop_map(Event::Permit),
            6 => any::<bool>().prop_map(|enter| Event::Launch { enter }),
        ]
    }

    proptest::proptest! {
        /// Over any interleaving of requests, permission changes and launches (bursts
        /// opening at enters while serialized runs, a SetMode refused now and then):
        /// the contexts are only started in a tier that may run; a Stop only ever
        /// happens at an exit and a Start at an enter; the mode is only set with
        /// nothing running; serialized never survives a launch exit without
        /// permission; and an off stretch always says why.
        #[test]
        fn a_tier_runs_only_when_it_may_and_every_step_happens_where_it_is_safe(
            initial in proptest::prop_oneof![
                proptest::strategy::Just(Tier::Serialized),
                proptest::strategy::Just(Tier::Continuous)
            ],
            switchable in proptest::bool::ANY,
            events in proptest::collection::vec(event(), 1..300),
            refuse_every in 2usize..9,
        ) {
            let mut sw = TierSwitch::new(initial, switchable, Permission::Waiting);
            let mut burst_open = false;
            let mut mode = initial;
            let mut calls = 0usize;
            for e in events {
                match e {
                    Event::Request(t) => { let _ = sw.request(t); }
                    Event::Permit(p) => { sw.permit(p); }
                    Event::Launch { enter } => {
                        let site = if enter { Site::Enter } else { Site::Exit };
                        let running_before = sw.running();
                        let started_before = sw.started();
                        let mut steps = Vec::new();
                        sw.drive(site, burst_open, |step| {
                            calls += 1;
                            steps.push(step);
                            match step {
                                Step::CloseBurst | Step::StopContinuous => true,
                                Step::SetMode(t) => {
                                    if calls.is_multiple_of(refuse_every) { return false; }
                                    mode = t;
                                    true
                                }
                                Step::StartContinuous => true,
                            }
                        });
                        for (i, step) in steps.iter().enumerate() {
                            match step {
                                Step::CloseBurst => {
                                    proptest::prop_assert_eq!(site, Site::Exit);
                                    proptest::prop_assert!(burst_open && running_before == Tier::Serialized);
                                    burst_open = false;
                                }
                                Step::StopContinuous => {
                                    proptest::prop_assert_eq!(site, Site::Exit);
                                    proptest::prop_assert!(started_before && running_before == Tier::Continuous);
                                }
                                Step::StartContinuous => proptest::prop_assert_eq!(site, Site::Enter),
                                Step::SetMode(_) => {
                                    // Only after what ran was ended in this same call.
                                    let ended = steps[..i].iter().any(|s| matches!(s, Step::CloseBurst | Step::StopContinuous));
                                    proptest::prop_assert!(!burst_open || ended);
                                }
                            }
                        }
                        if site == Site::Exit || !burst_open {
                            proptest::prop_assert!(
                                sw.running() != Tier::Serialized || sw.permission() == Permission::Granted,
                                "serialized without permission"
                            );
                        }
                        if sw.running() != Tier::Off {
                            proptest::prop_assert_eq!(mode, sw.running(), "the contexts' mode is the running tier's");
                        }
                        // Bursts open at enters while serialized runs.
                        if enter && sw.running() == Tier::Serialized { burst_open = true; }
                        if sw.running() != Tier::Serialized { burst_open = false; }
                    }
                }
                if sw.running() == Tier::Off {
                    proptest::prop_assert!(sw.off_reason().is_some());
                }
                if sw.permission() == Permission::Failed {
                    proptest::prop_assert!(!sw.wants_serialized());
                }
            }
        }
    }

    #[test]
    fn a_graph_refusal_declares_serialized_without_waiting_for_permission() {
        let mut sw = TierSwitch::new(Tier::Serialized, false, Permission::Waiting);
        sw.refuse();
        assert!(!sw.wants_serialized(), "a refused tier needs no lease");
        assert_eq!(
            run(&mut sw, Site::Enter, false, None),
            (Some(Tier::Serialized), vec![])
        );
        assert_eq!(sw.declared(), Declared::from(Tier::Serialized));
    }
}
