//! A request on disk: a record of a segment file, a header then the body as the request
//! arrived. Two versions are read; the current one is written.
//!
//! | version | magic | header (bytes) | fields |
//! |---|---|---|---|
//! | 1 (0.1.0) | `GOQ1` | 40 | magic, body length, number, arrival (Unix ns), output bound, body CRC-32, header CRC-32; the body is the request's protobuf |
//! | 2 | `GOQ2` | 44 | as 1, and before the body's CRC its encoding: format (0 protobuf, 1 OTLP/JSON), compression (0 none, 1 gzip, 2 zstd), two zero bytes |
//!
//! Integers are little endian; each header's CRC-32 covers the bytes before it. A record
//! that does not read whole (short, a checksum that fails, an encoding this receiver does
//! not know) ends the segment's records: a torn tail holds only requests whose commit
//! never completed.

use otlp_client::Compression;

use crate::entry::Arrived;
use crate::wire::census::Encoding;

const MAGIC_V1: u32 = 0x3151_4f47; // "GOQ1"
const MAGIC_V2: u32 = 0x3251_4f47; // "GOQ2"
const HEADER_V1: usize = 40;
/// Bytes a stored request takes besides its body: the header written now.
pub(crate) const HEADER_BYTES: usize = 44;

/// One request to append.
#[derive(Debug)]
pub(crate) struct Record<'a> {
    pub seq: u64,
    /// When it arrived (Unix ns).
    pub arrival: u64,
    /// The most spans it becomes.
    pub bound: u64,
    pub body: &'a [u8],
    /// The body's CRC-32.
    pub crc: u32,
    pub format: Encoding,
    pub compression: Compression,
}

impl Record<'_> {
    /// The header it is written with.
    pub(super) fn header(&self) -> Header {
        Header {
            len: self.body.len() as u32,
            seq: self.seq,
            arrival: self.arrival,
            bound: self.bound,
            crc: self.crc,
            format: self.format,
            compression: self.compression,
            size: HEADER_BYTES as u8,
        }
    }
}

/// A record's header, read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Header {
    /// Of the body.
    pub len: u32,
    pub seq: u64,
    pub arrival: u64,
    pub bound: u64,
    pub crc: u32,
    pub format: Encoding,
    pub compression: Compression,
    /// The header's own size (its version's).
    pub size: u8,
}

impl Header {
    /// The record's whole size on disk.
    pub(super) fn stored(&self) -> u64 {
        u64::from(self.len) + u64::from(self.size)
    }

    /// The body read back, as it arrived.
    pub(super) fn arrived(&self, body: Vec<u8>) -> Arrived {
        Arrived {
            bytes: body.into(),
            format: self.format,
            compression: self.compression,
        }
    }
}

/// The CRC-32 of a request's body.
pub(crate) fn body_crc(body: &[u8]) -> u32 {
    crc32fast::hash(body)
}

fn format_code(f: Encoding) -> u8 {
    match f {
        Encoding::Protobuf => 0,
        Encoding::Json => 1,
    }
}

fn compression_code(c: Compression) -> u8 {
    match c {
        Compression::None => 0,
        Compression::Gzip => 1,
        Compression::Zstd => 2,
    }
}

/// Appends `r`'s header (the current version) to `out`.
pub(crate) fn encode_header(r: &Record<'_>, out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(&MAGIC_V2.to_le_bytes());
    out.extend_from_slice(&(r.body.len() as u32).to_le_bytes());
    out.extend_from_slice(&r.seq.to_le_bytes());
    out.extend_from_slice(&r.arrival.to_le_bytes());
    out.extend_from_slice(&r.bound.to_le_bytes());
    out.extend_from_slice(&[format_code(r.format), compression_code(r.compression), 0, 0]);
    out.extend_from_slice(&r.crc.to_le_bytes());
    let crc = crc32fast::hash(&out[start..]);
    out.extend_from_slice(&crc.to_le_bytes());
}

/// The header at the start of `h`, of either version, if it is one.
pub(crate) fn decode_header(h: &[u8]) -> Option<Header> {
    let u32_at = |i: usize| Some(u32::from_le_bytes(h.get(i..i + 4)?.try_into().ok()?));
    let u64_at = |i: usize| Some(u64::from_le_bytes(h.get(i..i + 8)?.try_into().ok()?));
    let (size, format, compression) = match u32_at(0)? {
        MAGIC_V1 => (HEADER_V1, Encoding::Protobuf, Compression::None),
        MAGIC_V2 => {
            let format = match h.get(32)? {
                0 => Encoding::Protobuf,
                1 => Encoding::Json,
                _ => return None,
            };
            let compression = match h.get(33)? {
                0 => Compression::None,
                1 => Compression::Gzip,
                2 => Compression::Zstd,
                _ => return None,
            };
            (HEADER_BYTES, format, compression)
        }
        _ => return None,
    };
    if crc32fast::hash(h.get(..size - 4)?) != u32_at(size - 4)? {
        return None;
    }
    Some(Header {
        len: u32_at(4)?,
        seq: u64_at(8)?,
        arrival: u64_at(16)?,
        bound: u64_at(24)?,
        crc: u32_at(size - 8)?,
        format,
        compression,
        size: size as u8,
    })
}

/// The format a record at the start of `h` declares when it is newer than this receiver
/// reads (its magic is `GOQ` and a digit above 2): such a record is not a torn tail (a
/// tail is part of a record this receiver wrote) but another receiver's.
pub(crate) fn newer_version(h: &[u8]) -> Option<u8> {
    match h.get(..4)? {
        [b'G', b'O', b'Q', d @ b'3'..=b'9'] => Some(d - b'0'),
        _ => None,
    }
}

/// The records of a segment's bytes that read whole, in order, each with its body's
/// offset; and where the first bad one starts, if one does. Numbers rise within a
/// segment: a record numbered below the one before it is a reused file's old content
/// (reuse wipes the first header, and every number written since is higher than any
/// before).
pub(crate) fn scan(bytes: &[u8]) -> (Vec<(Header, u64)>, Option<usize>) {
    let mut out: Vec<(Header, u64)> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let Some(h) = decode_header(&bytes[at..]) else {
            return (out, Some(at));
        };
        if out.last().is_some_and(|(r, _)| r.seq >= h.seq) {
            return (out, Some(at));
        }
        let body = at + usize::from(h.size);
        let end = body + h.len as usize;
        if end > bytes.len() || crc32fast::hash(&bytes[body..end]) != h.crc {
            return (out, Some(at));
        }
        out.push((h, body as u64));
        at = end;
    }
    (out, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seq: u64, body: &[u8], format: Encoding, compression: Compression) -> Vec<u8> {
        let r = Record {
            seq,
            arrival: 11,
            bound: 3,
            body,
            crc: body_crc(body),
            format,
            compression,
        };
        let mut out = Vec::new();
        encode_header(&r, &mut out);
        out.extend_from_slice(body);
        out
    }

    #[test]
    fn a_record_reads_back_with_the_encoding_its_body_arrived_in() {
        for (format, compression) in [
            (Encoding::Protobuf, Compression::None),
            (Encoding::Protobuf, Compression::Gzip),
            (Encoding::Json, Compression::Zstd),
        ] {
            let bytes = record(7, b"body", format, compression);
            let (records, bad) = scan(&bytes);
            assert_eq!(bad, None);
            let (h, offset) = records[0];
            assert_eq!((h.seq, h.arrival, h.bound, h.len), (7, 11, 3, 4));
            assert_eq!((h.format, h.compression), (format, compression));
            assert_eq!(offset, HEADER_BYTES as u64);
            assert_eq!(h.stored(), bytes.len() as u64);
        }
    }

    #[test]
    fn a_version_1_record_reads_as_an_uncompressed_protobuf_body() {
        // As release 0.1.0 wrote it.
        let body = b"protobuf";
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&MAGIC_V1.to_le_bytes());
        bytes.extend_from_slice(&(body.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&5u64.to_le_bytes());
        bytes.extend_from_slice(&6u64.to_le_bytes());
        bytes.extend_from_slice(&2u64.to_le_bytes());
        bytes.extend_from_slice(&body_crc(body).to_le_bytes());
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        bytes.extend_from_slice(body);
        let (records, bad) = scan(&bytes);
        assert_eq!(bad, None);
        let (h, offset) = records[0];
        assert_eq!((h.seq, h.arrival, h.bound, h.size), (5, 6, 2, 40));
        assert_eq!(
            (h.format, h.compression),
            (Encoding::Protobuf, Compression::None)
        );
        assert_eq!(offset, 40);
    }

    #[test]
    fn a_record_of_a_newer_format_is_told_from_a_torn_tail() {
        let mut newer = record(7, b"body", Encoding::Protobuf, Compression::None);
        newer[3] = b'3';
        assert_eq!(newer_version(&newer), Some(3));
        let ours = record(7, b"body", Encoding::Protobuf, Compression::None);
        assert_eq!(newer_version(&ours), None);
        assert_eq!(newer_version(&ours[5..]), None);
        assert_eq!(newer_version(&[0; HEADER_BYTES]), None);
    }

    #[test]
    fn a_record_with_an_unknown_encoding_or_a_flipped_bit_ends_the_segment() {
        let good = record(7, b"body", Encoding::Protobuf, Compression::None);
        let mut unknown = record(8, b"body", Encoding::Protobuf, Compression::None);
        unknown[33] = 9;
        // Its header's checksum made right again: the code alone is unknown.
        let crc = crc32fast::hash(&unknown[..40]);
        unknown[40..44].copy_from_slice(&crc.to_le_bytes());
        let mut flipped = record(8, b"body", Encoding::Protobuf, Compression::None);
        flipped[HEADER_BYTES + 1] ^= 1;
        for bytes in [unknown, flipped] {
            let mut two = good.clone();
            two.extend_from_slice(&bytes);
            let (records, bad) = scan(&two);
            assert_eq!(records.len(), 1);
            assert_eq!(bad, Some(good.len()));
        }
    }
}
