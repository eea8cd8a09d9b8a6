//! Switching serialized ⇄ continuous while the application runs. Pure: the
//! CUPTI calls are done by the caller's `exec`, and the caller says where it stands
//! (which launch callback, whether a burst is open).
//!
//! On the H200 the collection mode changes between a Stop and a Start without
//! Disable/Enable (measured), so a switch is: end what runs (close the open burst,
//! or stop the continuous collection), set the mode on every context, and (to
//! continuous) start again. Like bursts, it happens on the application's own launch
//! callbacks: a Stop only at a launch EXIT, a Start only at a launch ENTER (a Stop at
//! an ENTER would cut the serialization short of the launch it was meant to cover).
//!
//! What a request may be: `serialized` or `continuous` (the tier control file's
//! content, as [`parse_request`] reads it). `off` is refused: PC sampling stays
//! enabled on the contexts, and "off" on the wire would claim it was never selected.

use semconv::Tier;

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

/// The running tier and the requested one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TierSwitch {
    switchable: bool,
    running: Tier,
    /// Continuous only: whether the collection is started.
    started: bool,
    requested: Tier,
    /// A request whose SetMode failed; not retried until another request.
    failed: Option<Tier>,
    switches: u64,
    failures: u64,
}

impl TierSwitch {
    /// `initial` runs from the start. A switchable process runs both tiers under
    /// start/stop control, so its continuous collection waits for a Start; a fixed
    /// continuous tier collects from Enable on.
    pub fn new(initial: Tier, switchable: bool) -> Self {
        TierSwitch {
            switchable: switchable && initial != Tier::Off,
            running: initial,
            started: !switchable,
            requested: initial,
            failed: None,
            switches: 0,
            failures: 0,
        }
    }

    /// The tier running now.
    pub fn running(&self) -> Tier {
        self.running
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

    /// Asks for `tier`. Returns whether this is a new request.
    pub fn request(&mut self, tier: Tier) -> Result<bool, RequestError> {
        if !self.switchable {
            return Err(RequestError::NotSwitchable);
        }
        if tier == Tier::Off {
            return Err(RequestError::Off);
        }
        if tier == self.requested {
            return Ok(false);
        }
        self.requested = tier;
        self.failed = None;
        Ok(true)
    }

    fn wanted(&self) -> Tier {
        match self.failed {
            Some(f) if f == self.requested => self.running,
            _ => self.requested,
        }
    }

    /// Whether [`TierSwitch::drive`] would do anything here (cheap; callers use it to
    /// avoid taking CUPTI's guard on every launch).
    pub fn pending(&self, site: Site, burst_open: bool) -> bool {
        if !self.switchable {
            return false;
        }
        let want = self.wanted();
        if want == self.running {
            return self.running == Tier::Continuous && !self.started && site == Site::Enter;
        }
        match self.running {
            Tier::Serialized => !burst_open || site == Site::Exit,
            _ => !self.started || site == Site::Exit,
        }
    }

    /// Carries out what the request needs at `site`, calling `exec` for each step.
    /// Returns the new running tier when a switch happened (the caller stamps the
    /// switch instant right after).
    pub fn drive(
        &mut self,
        site: Site,
        burst_open: bool,
        mut exec: impl FnMut(Step) -> bool,
    ) -> Option<Tier> {
        if !self.pending(site, burst_open) {
            return None;
        }
        let want = self.wanted();
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
        if !exec(Step::SetMode(want)) {
            self.failures += 1;
            self.failed = Some(want);
            // Put the contexts back; a continuous tier restarts at the next ENTER.
            exec(Step::SetMode(from));
            return None;
        }
        self.running = want;
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
            let mut sw = TierSwitch::new(tier, switchable);
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
        let mut sw = TierSwitch::new(Tier::Serialized, true);
        assert_eq!(sw.request(Tier::Off), Err(RequestError::Off));
        assert_eq!(sw.running(), Tier::Serialized);
    }

    #[test]
    fn a_switchable_continuous_tier_starts_at_the_first_launch_enter_only() {
        let mut sw = TierSwitch::new(Tier::Continuous, true);
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
        let mut sw = TierSwitch::new(Tier::Serialized, true);
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
        let mut sw = TierSwitch::new(Tier::Serialized, true);
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
        let mut sw = TierSwitch::new(Tier::Continuous, true);
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
        let mut sw = TierSwitch::new(Tier::Continuous, true);
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
        let mut sw = TierSwitch::new(Tier::Serialized, true);
        assert_eq!(sw.request(Tier::Serialized), Ok(false));
        assert_eq!(run(&mut sw, Site::Exit, false, None), (None, vec![]));
    }

    #[test]
    fn round_trips_count_every_switch() {
        let mut sw = TierSwitch::new(Tier::Serialized, true);
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
}
