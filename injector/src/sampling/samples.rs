//! PC samples: one record per PC as CUPTI's drain gives it, summed per execution, and
//! which of them may be joined to one execution at all.

use std::sync::Arc;

/// One PC-sampling record (one PC of one function), owned, as decoded from CUPTI's
/// `CUpti_PCSamplingPCData`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PcRecord {
    /// Correlation id of the launch (KERNEL_SERIALIZED); 0 in CONTINUOUS mode.
    pub correlation_id: u32,
    /// The function (mangled) the PC belongs to.
    pub function: Arc<str>,
    /// The PC's offset inside the function.
    pub pc_offset: u64,
    /// (stall reason name, samples), only non-zero counts.
    pub stalls: Vec<(Arc<str>, u32)>,
}

impl PcRecord {
    /// (PC, stall) pairs this record puts on the wire.
    pub fn pairs(&self) -> u64 {
        self.stalls.iter().filter(|(_, n)| *n > 0).count() as u64
    }

    /// Samples in this record.
    pub fn samples(&self) -> u64 {
        self.stalls.iter().map(|(_, n)| u64::from(*n)).sum()
    }
}

/// The PC samples of one execution, by stall reason.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PcSummary {
    /// Samples.
    pub samples: u64,
    /// (stall reason, samples), most frequent first (ties by name).
    pub stalls: Vec<(Arc<str>, u64)>,
}

impl PcSummary {
    /// Adds one PC record.
    pub fn add(&mut self, r: &PcRecord) {
        for (name, n) in &r.stalls {
            let n = u64::from(*n);
            if n == 0 {
                continue;
            }
            self.samples += n;
            match self.stalls.iter_mut().find(|(s, _)| s == name) {
                Some((_, c)) => *c += n,
                None => self.stalls.push((name.clone(), n)),
            }
        }
    }

    /// Orders the stall reasons, most frequent first (ties by name).
    pub(crate) fn sort(&mut self) {
        self.stalls
            .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    }
}

/// Clears the correlation id of records that belong to their function, not to one
/// launch, so that nothing joins them to one execution (they go out per function).
/// CONTINUOUS records: after a run-time switch CUPTI left a correlation id on some
/// (H200, 2026-11-29: 141 of 723), which joined millions of samples to one execution.
pub fn per_function(mut records: Vec<PcRecord>) -> Vec<PcRecord> {
    for r in &mut records {
        r.correlation_id = 0;
    }
    records
}

/// The records of one burst's drain, as far as they may be joined to executions:
/// exact only when the burst serialized one launch. With start/stop control the drain
/// after Stop returns one record per PC for all of a burst's launches of a function,
/// under one of their correlation ids (H200, 2026-11-29: 16-launch bursts put their
/// samples on 1 of ~12 executions; a 1 s burst, 411,133 samples on 1 of 1,201).
pub fn burst_records(records: Vec<PcRecord>, launches: u64) -> Vec<PcRecord> {
    if launches > 1 {
        per_function(records)
    } else {
        records
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fake::pc_record as pcr;

    #[test]
    fn only_a_one_launch_burst_keeps_the_correlation_ids_of_its_samples() {
        let recs = || vec![pcr(7, "wait", 3), pcr(9, "selected", 1)];
        let ids = |r: Vec<PcRecord>| r.iter().map(|r| r.correlation_id).collect::<Vec<_>>();
        assert_eq!(ids(burst_records(recs(), 1)), vec![7, 9]);
        assert_eq!(
            ids(burst_records(recs(), 0)),
            vec![7, 9],
            "a burst closed before any exit"
        );
        assert_eq!(ids(burst_records(recs(), 2)), vec![0, 0]);
        assert_eq!(ids(per_function(recs())), vec![0, 0]);
        let kept: u64 = burst_records(recs(), 16).iter().map(PcRecord::pairs).sum();
        assert_eq!(kept, 2, "the samples stay, only the join goes");
    }
}
