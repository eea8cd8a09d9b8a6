//! Outcome accounting: `serialized + not_serialized + unknown == executions`, on every
//! path. [`Outcomes::record`] counts both sides at once, which a producer may do where
//! it writes the answer; a component that must prove every execution left with one
//! answer counts the two sides at different points ([`Outcomes::count_execution`] where
//! the execution leaves, [`Outcomes::count_answer`] from what it carries), so that the
//! identity can fail.

use crate::serialized::Serialized;

/// Counters of classified executions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outcomes {
    /// Executions that read "true".
    pub serialized: u64,
    /// Executions that read "false".
    pub not_serialized: u64,
    /// Executions that read "unknown".
    pub unknown: u64,
    /// Executions recorded.
    pub executions: u64,
}

impl Outcomes {
    /// Counts one execution with its answer and passes the answer through, so that
    /// the value exported and the value counted are the same value.
    pub fn record(&mut self, answer: Serialized) -> Serialized {
        self.count_execution();
        self.count_answer(answer);
        answer
    }

    /// Counts one execution leaving, without its answer.
    pub fn count_execution(&mut self) {
        self.executions += 1;
    }

    /// Counts one answer carried out, without its execution.
    pub fn count_answer(&mut self, answer: Serialized) {
        match answer {
            Serialized::True => self.serialized += 1,
            Serialized::False => self.not_serialized += 1,
            Serialized::Unknown => self.unknown += 1,
        }
    }

    /// Counts `n` executions leaving in one span (a graph launch stands for its kernel
    /// nodes), without their answer.
    pub fn count_executions(&mut self, n: u64) {
        self.executions += n;
    }

    /// Counts one answer carried out for `n` executions (one span's), without them.
    pub fn count_answers(&mut self, answer: Serialized, n: u64) {
        match answer {
            Serialized::True => self.serialized += n,
            Serialized::False => self.not_serialized += n,
            Serialized::Unknown => self.unknown += n,
        }
    }

    /// Adds another set of counters.
    pub fn merge(&mut self, other: &Outcomes) {
        self.serialized += other.serialized;
        self.not_serialized += other.not_serialized;
        self.unknown += other.unknown;
        self.executions += other.executions;
    }

    /// Whether the sum identity holds.
    pub fn is_balanced(&self) -> bool {
        self.serialized + self.not_serialized + self.unknown == self.executions
    }

    /// The count for one answer.
    pub fn count(&self, answer: Serialized) -> u64 {
        match answer {
            Serialized::True => self.serialized,
            Serialized::False => self.not_serialized,
            Serialized::Unknown => self.unknown,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_batch_balances() {
        assert!(Outcomes::default().is_balanced());
    }

    #[test]
    fn an_execution_counted_without_its_answer_or_twice_unbalances() {
        let mut o = Outcomes::default();
        o.count_execution();
        assert!(!o.is_balanced(), "an execution that left with no answer");
        o.count_answer(Serialized::True);
        assert!(o.is_balanced());
        o.count_answer(Serialized::False);
        assert!(!o.is_balanced(), "one execution, two answers");
        let mut m = Outcomes::default();
        m.merge(&o);
        assert!(!m.is_balanced(), "merging keeps the imbalance");
    }

    #[test]
    fn recording_passes_the_answer_through_and_balances() {
        let mut o = Outcomes::default();
        for a in [
            Serialized::True,
            Serialized::False,
            Serialized::Unknown,
            Serialized::False,
        ] {
            assert_eq!(o.record(a), a);
        }
        assert_eq!(
            (o.serialized, o.not_serialized, o.unknown, o.executions),
            (1, 2, 1, 4)
        );
        assert!(o.is_balanced());
        let mut m = Outcomes::default();
        m.merge(&o);
        m.merge(&o);
        assert_eq!(m.count(Serialized::False), 4);
        assert!(m.is_balanced());
    }
}
