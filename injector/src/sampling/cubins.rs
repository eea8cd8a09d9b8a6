//! The cubins of the process's loaded modules, kept for SASS-to-source correlation
//! under a byte bound. Pure: CUPTI's module-load callback offers the bytes (they are
//! only valid during the callback, so they are copied), and the line resolver keys
//! each one by the cubin CRC that PC-sampling records carry once it computes it.
//!
//! A cubin that does not fit the bound is not copied; it is counted, and its samples
//! go out without a source line (counted again where they do, `lines.rs`).

use std::sync::Arc;

/// Default of `GPU_OTEL_PC_CUBIN_MB`: what source lines may cost the host process in
/// memory. A guess, not a measurement: with CUDA's lazy loading a process loads the
/// modules of the kernels it runs, not a library's every cubin; the exit line says what
/// was kept and refused, so the next GPU run can tell whether it fits.
pub const CUBIN_BYTES_DEFAULT: u64 = 64 << 20;

/// One kept cubin.
#[derive(Debug, Clone)]
struct Kept {
    /// Its CRC (`cuptiGetCubinCrc`), once computed.
    crc: Option<u64>,
    bytes: Arc<[u8]>,
}

/// What [`CubinStore::offer`] did with a cubin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offered {
    /// Copied and kept.
    Kept,
    /// The same bytes are kept already (a module loaded again, or in another context).
    Duplicate,
    /// Past the byte bound: not copied, counted.
    OverBound,
}

/// What the store holds and what it refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CubinCounts {
    /// Cubins kept.
    pub kept: u64,
    /// Their bytes.
    pub kept_bytes: u64,
    /// Cubins refused by the byte bound.
    pub over_bound: u64,
    /// Their bytes.
    pub over_bound_bytes: u64,
}

/// The kept cubins, at most `max_bytes` of them in all.
#[derive(Debug)]
pub struct CubinStore {
    max_bytes: u64,
    kept: Vec<Kept>,
    counts: CubinCounts,
}

impl CubinStore {
    /// An empty store that keeps at most `max_bytes` of cubins.
    pub fn new(max_bytes: u64) -> Self {
        CubinStore {
            max_bytes,
            kept: Vec::new(),
            counts: CubinCounts::default(),
        }
    }

    /// Keeps a copy of `cubin` if it fits the bound and is not kept already.
    pub fn offer(&mut self, cubin: &[u8]) -> Offered {
        if cubin.is_empty() {
            return Offered::Duplicate;
        }
        let len = cubin.len() as u64;
        if self
            .kept
            .iter()
            .any(|k| k.bytes.len() == cubin.len() && *k.bytes == *cubin)
        {
            return Offered::Duplicate;
        }
        if self.counts.kept_bytes + len > self.max_bytes {
            self.counts.over_bound += 1;
            self.counts.over_bound_bytes += len;
            return Offered::OverBound;
        }
        self.kept.push(Kept {
            crc: None,
            bytes: Arc::from(cubin),
        });
        self.counts.kept += 1;
        self.counts.kept_bytes += len;
        Offered::Kept
    }

    /// The kept cubins whose CRC is not known yet (shared, so the caller can compute
    /// it without holding the store).
    pub fn unkeyed(&self) -> Vec<Arc<[u8]>> {
        self.kept
            .iter()
            .filter(|k| k.crc.is_none())
            .map(|k| k.bytes.clone())
            .collect()
    }

    /// Records the CRC of a cubin [`unkeyed`](Self::unkeyed) gave.
    pub fn set_crc(&mut self, cubin: &Arc<[u8]>, crc: u64) {
        if let Some(k) = self.kept.iter_mut().find(|k| Arc::ptr_eq(&k.bytes, cubin)) {
            k.crc = Some(crc);
        }
    }

    /// The kept cubin whose CRC is `crc`.
    pub fn get(&self, crc: u64) -> Option<Arc<[u8]>> {
        self.kept
            .iter()
            .find(|k| k.crc == Some(crc))
            .map(|k| k.bytes.clone())
    }

    /// What is kept and what was refused.
    pub fn counts(&self) -> CubinCounts {
        self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cubin_store_keeps_cubins_up_to_its_byte_bound_and_counts_the_rest() {
        let mut s = CubinStore::new(10);
        assert_eq!(s.offer(&[1; 6]), Offered::Kept);
        assert_eq!(s.offer(&[2; 5]), Offered::OverBound, "6 + 5 > 10");
        assert_eq!(s.offer(&[3; 4]), Offered::Kept, "6 + 4 fits exactly");
        assert_eq!(s.offer(&[4; 1]), Offered::OverBound);
        assert_eq!(
            s.counts(),
            CubinCounts {
                kept: 2,
                kept_bytes: 10,
                over_bound: 2,
                over_bound_bytes: 6,
            }
        );
    }

    #[test]
    fn a_cubin_loaded_twice_is_kept_once() {
        let mut s = CubinStore::new(100);
        assert_eq!(s.offer(b"cubin-a"), Offered::Kept);
        assert_eq!(s.offer(b"cubin-a"), Offered::Duplicate);
        assert_eq!(s.counts().kept, 1);
        assert_eq!(s.counts().kept_bytes, 7);
    }

    #[test]
    fn a_kept_cubin_is_found_by_its_crc_once_the_crc_is_set() {
        let mut s = CubinStore::new(100);
        s.offer(b"cubin-a");
        s.offer(b"cubin-b");
        assert!(s.get(7).is_none(), "no CRC computed yet");
        let unkeyed = s.unkeyed();
        assert_eq!(unkeyed.len(), 2);
        s.set_crc(&unkeyed[1], 7);
        assert_eq!(s.get(7).as_deref(), Some(&b"cubin-b"[..]));
        assert_eq!(s.unkeyed().len(), 1, "only cubin-a is left to key");
    }
}
