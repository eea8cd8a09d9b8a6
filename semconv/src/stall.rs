//! PC-sampling stall reasons by the names people know them by. Spans carry CUPTI's raw
//! metric names (`smsp__pcsamp_warps_issue_stalled_long_scoreboard`); reports show the
//! names Nsight Compute and the CUPTI documentation use ("long scoreboard"), from the
//! registry's table ([`crate::attributes::GPU_PC_SAMPLING_STALL_REASON_NAMES`]).

use crate::attributes::GPU_PC_SAMPLING_STALL_REASON_NAMES as NAMES;

/// The prefix every stall reason of CUPTI's PC Sampling API shares.
pub const RAW_PREFIX: &str = "smsp__pcsamp_warps_issue_stalled_";

/// The suffix of a reason counted only in cycles in which the scheduler issued nothing.
pub const NOT_ISSUED: &str = "_not_issued";

/// The name a person reads for the raw reason `raw`: the registry's display name (with
/// "(not issued)" for the `_not_issued` variant); a reason the table lacks (a newer
/// GPU's) keeps its raw name without the common prefix.
pub fn display_name(raw: &str) -> String {
    let (base, not_issued) = match raw.strip_suffix(NOT_ISSUED) {
        Some(base) => (base, " (not issued)"),
        None => (raw, ""),
    };
    match NAMES.iter().find(|(value, _, _)| *value == base) {
        Some((_, name, _)) => format!("{name}{not_issued}"),
        None => raw.strip_prefix(RAW_PREFIX).unwrap_or(raw).to_string(),
    }
}

/// What the raw reason `raw` means, when the registry knows it.
pub fn meaning(raw: &str) -> Option<&'static str> {
    let base = raw.strip_suffix(NOT_ISSUED).unwrap_or(raw);
    NAMES
        .iter()
        .find(|(value, _, _)| *value == base)
        .map(|(_, _, brief)| *brief)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_names_read_as_nsight_compute_names_them() {
        assert_eq!(
            display_name("smsp__pcsamp_warps_issue_stalled_long_scoreboard"),
            "long scoreboard"
        );
        assert_eq!(
            display_name("smsp__pcsamp_warps_issue_stalled_not_selected"),
            "not selected"
        );
        assert_eq!(
            display_name("smsp__pcsamp_warps_issue_stalled_mio_throttle_not_issued"),
            "MIO throttle (not issued)"
        );
        assert!(meaning("smsp__pcsamp_warps_issue_stalled_wait")
            .unwrap()
            .contains("fixed-latency"));
    }

    #[test]
    fn a_reason_the_table_lacks_keeps_its_raw_name_without_the_prefix() {
        assert_eq!(
            display_name("smsp__pcsamp_warps_issue_stalled_tmem_wait"),
            "tmem_wait"
        );
        assert_eq!(display_name("something else"), "something else");
        assert_eq!(meaning("smsp__pcsamp_warps_issue_stalled_tmem_wait"), None);
    }

    #[test]
    fn every_reason_an_h200_reported_has_a_name() {
        // The reasons in the recorded H200 captures (injector/tests/fixtures).
        for base in [
            "barrier",
            "branch_resolving",
            "dispatch_stall",
            "drain",
            "imc_miss",
            "lg_throttle",
            "long_scoreboard",
            "math_pipe_throttle",
            "mio_throttle",
            "misc",
            "no_instructions",
            "not_selected",
            "selected",
            "short_scoreboard",
            "wait",
        ] {
            let raw = format!("{RAW_PREFIX}{base}");
            assert!(meaning(&raw).is_some(), "{raw}");
            assert!(!display_name(&raw).contains('_'), "{raw}");
        }
    }
}
