//! Body compression both ways, as `OTEL_EXPORTER_OTLP_COMPRESSION`, `Content-Encoding`
//! and `grpc-encoding` name it: gzip (the one the specification requires) and zstd
//! (which the Collector accepts too). Requests are compressed here for OTLP/HTTP and by
//! tonic's codec for gRPC; [`Compression::decompress`] reads a received body, within a
//! size limit, for the receiver's OTLP/HTTP ingest.
//!
//! zstd is the cargo feature `zstd` (a C library): a build without it knows the name
//! and refuses it when a client is built ([`crate::ClientError::CompressionNotBuilt`]).

use std::fmt;

use serde::{Deserialize, Serialize};

/// How request bodies are compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Compression {
    /// Not at all (the OTLP default).
    #[default]
    None,
    /// gzip.
    Gzip,
    /// zstd (cargo feature `zstd`).
    Zstd,
}

/// A compression name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("must be gzip, zstd or none, got {0:?}")]
pub struct UnknownCompression(pub String);

/// A body that cannot be compressed or decompressed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompressionError {
    /// Not a valid stream of its encoding (or bytes after its last frame or member).
    #[error("invalid {encoding} body: {reason}")]
    Invalid {
        /// The encoding it declared.
        encoding: Compression,
        /// What the decoder said.
        reason: String,
    },
    /// It decompresses to more than the limit.
    #[error("decompressed body exceeds the limit of {max} bytes")]
    TooLarge {
        /// The limit, in bytes.
        max: usize,
    },
    /// The encoding is left out of this build.
    #[error("{0} is not in this build (it needs the cargo feature `{0}`)")]
    NotBuilt(Compression),
    /// The caller's meter refused the memory the decompressed bytes need.
    #[error("no memory is left for the decompressed body")]
    Refused,
}

impl Compression {
    /// The variable's value, case-insensitively.
    pub fn parse(name: &str) -> Result<Compression, UnknownCompression> {
        match name.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Compression::None),
            "gzip" => Ok(Compression::Gzip),
            "zstd" => Ok(Compression::Zstd),
            _ => Err(UnknownCompression(name.to_string())),
        }
    }

    /// A `Content-Encoding` header's value (absent, empty and `identity` are none),
    /// case-insensitively; `None` when it names no encoding of ours.
    pub fn from_content_encoding(value: Option<&str>) -> Option<Compression> {
        match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
            None | Some("") | Some("identity") => Some(Compression::None),
            Some("gzip") => Some(Compression::Gzip),
            Some("zstd") => Some(Compression::Zstd),
            Some(_) => None,
        }
    }

    /// Its name, as the variable and `Content-Encoding` write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
        }
    }

    /// The `Content-Encoding` of a body compressed so; `None` when it is not.
    pub fn content_encoding(self) -> Option<&'static str> {
        (self != Compression::None).then(|| self.as_str())
    }

    /// Whether this build can compress and decompress it.
    pub fn is_built(self) -> bool {
        self != Compression::Zstd || cfg!(feature = "zstd")
    }

    /// `body` compressed, once per request on either transport, at each codec's fast
    /// end: gzip level 1, zstd level 1. The export path's CPU matters more than the
    /// last bytes (measured in docs/measurements/output-bytes.md).
    #[cfg(any(feature = "http", feature = "grpc"))]
    pub fn compress(self, body: bytes::Bytes) -> Result<bytes::Bytes, CompressionError> {
        use std::io::Write as _;
        match self {
            Compression::None => Ok(body),
            Compression::Gzip => {
                let mut gz = flate2::write::GzEncoder::new(
                    Vec::with_capacity(body.len() / 4),
                    flate2::Compression::fast(),
                );
                // Writing into memory cannot fail.
                gz.write_all(&body).expect("writing to memory");
                Ok(bytes::Bytes::from(gz.finish().expect("writing to memory")))
            }
            #[cfg(feature = "zstd")]
            Compression::Zstd => Ok(bytes::Bytes::from(
                zstd::bulk::compress(&body, 1).expect("compressing in memory"),
            )),
            #[cfg(not(feature = "zstd"))]
            Compression::Zstd => Err(CompressionError::NotBuilt(self)),
        }
    }

    /// `data` decompressed, at most `max` bytes of it. gzip reads every member (RFC
    /// 1952 2.2: a body gzipped as it streams has several), zstd every frame; bytes
    /// after the last are an error, not ignored.
    #[cfg(feature = "http")]
    pub fn decompress(self, data: &[u8], max: usize) -> Result<Vec<u8>, CompressionError> {
        self.decompress_metered(data, max, &mut |_| true)
    }

    /// As [`Compression::decompress`], asking `meter` before the output buffer grows:
    /// it is told the buffer's new capacity (what it will hold), and a `false` stops
    /// with [`CompressionError::Refused`]. So the memory a body takes decompressed can be
    /// admitted as it is made, whatever the compression ratio.
    #[cfg(feature = "http")]
    pub fn decompress_metered(
        self,
        data: &[u8],
        max: usize,
        meter: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Vec<u8>, CompressionError> {
        use std::io::Read;
        fn capped(
            encoding: Compression,
            mut reader: impl Read,
            max: usize,
            meter: &mut dyn FnMut(usize) -> bool,
        ) -> Result<Vec<u8>, CompressionError> {
            let invalid = |e: std::io::Error| CompressionError::Invalid {
                encoding,
                reason: e.to_string(),
            };
            let mut out = Vec::new();
            let mut chunk = vec![0; 64 * 1024];
            loop {
                // Never more than one byte past the limit is decoded: what follows it
                // (a corrupt tail, say) cannot change the verdict of a body too large.
                let room = chunk.len().min(max + 1 - out.len());
                let n = match reader.read(&mut chunk[..room]) {
                    Ok(0) => return Ok(out),
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(invalid(e)),
                };
                if out.len() + n > max {
                    return Err(CompressionError::TooLarge { max });
                }
                let want = out.len() + n;
                if want > out.capacity() {
                    // Doubling, as a vector grows, and never past the limit.
                    let cap = want.max(out.capacity() * 2).min(max);
                    if !meter(cap + chunk.len()) {
                        return Err(CompressionError::Refused);
                    }
                    out.reserve_exact(cap - out.len());
                }
                out.extend_from_slice(&chunk[..n]);
            }
        }
        match self {
            Compression::None if data.len() > max => Err(CompressionError::TooLarge { max }),
            Compression::None if !meter(data.len()) => Err(CompressionError::Refused),
            Compression::None => Ok(data.to_vec()),
            Compression::Gzip => capped(self, GzipMembers::new(data), max, meter),
            #[cfg(feature = "zstd")]
            Compression::Zstd => {
                let decoder = zstd::stream::read::Decoder::with_buffer(data).map_err(|e| {
                    CompressionError::Invalid {
                        encoding: self,
                        reason: e.to_string(),
                    }
                })?;
                capped(self, decoder, max, meter)
            }
            #[cfg(not(feature = "zstd"))]
            Compression::Zstd => Err(CompressionError::NotBuilt(self)),
        }
    }
}

/// Every gzip member of a body in turn (RFC 1952, section 2.2: a body is a series of
/// members), as `MultiGzDecoder` reads them, but bytes after a member that do not begin
/// another are named as such rather than as a truncated member.
struct GzipMembers<'a> {
    rest: &'a [u8],
    member: Option<flate2::bufread::GzDecoder<&'a [u8]>>,
    done: usize,
}

impl<'a> GzipMembers<'a> {
    fn new(data: &'a [u8]) -> GzipMembers<'a> {
        GzipMembers {
            rest: data,
            member: None,
            done: 0,
        }
    }
}

impl std::io::Read for GzipMembers<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        const MAGIC: [u8; 2] = [0x1f, 0x8b];
        loop {
            if let Some(member) = &mut self.member {
                let n = member.read(buf)?;
                if n > 0 || buf.is_empty() {
                    return Ok(n);
                }
                // The member's trailer is read: what follows it is the rest.
                self.rest = self.member.take().map_or(&[], |m| m.into_inner());
                self.done += 1;
            }
            if self.done > 0 && self.rest.is_empty() {
                return Ok(0);
            }
            if self.done > 0 && !self.rest.starts_with(&MAGIC) {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "{} bytes after gzip member {} do not begin another member",
                        self.rest.len(),
                        self.done
                    ),
                ));
            }
            self.member = Some(flate2::bufread::GzDecoder::new(self.rest));
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_case_insensitively_and_an_unknown_one_is_named() {
        assert_eq!(Compression::parse(" GZIP "), Ok(Compression::Gzip));
        assert_eq!(Compression::parse("Zstd"), Ok(Compression::Zstd));
        assert_eq!(Compression::parse("none"), Ok(Compression::None));
        assert_eq!(
            Compression::parse("brotli").unwrap_err().to_string(),
            "must be gzip, zstd or none, got \"brotli\""
        );
    }

    #[test]
    fn only_a_compressed_body_has_a_content_encoding() {
        assert_eq!(Compression::Gzip.content_encoding(), Some("gzip"));
        assert_eq!(Compression::Zstd.content_encoding(), Some("zstd"));
        assert_eq!(Compression::None.content_encoding(), None);
    }

    #[test]
    fn content_encodings_absent_empty_and_identity_mean_none_and_others_are_not_ours() {
        let read = Compression::from_content_encoding;
        assert_eq!(read(None), Some(Compression::None));
        assert_eq!(read(Some(" ")), Some(Compression::None));
        assert_eq!(read(Some("IDENTITY")), Some(Compression::None));
        assert_eq!(read(Some(" GZIP ")), Some(Compression::Gzip));
        assert_eq!(read(Some("zstd")), Some(Compression::Zstd));
        assert_eq!(read(Some("br")), None);
        assert_eq!(read(Some("x-gzip")), None);
        assert_eq!(read(Some("gzip, identity")), None);
    }

    #[cfg(feature = "http")]
    mod http {
        use super::*;
        use proptest::prelude::*;

        fn built() -> Vec<Compression> {
            [Compression::None, Compression::Gzip, Compression::Zstd]
                .into_iter()
                .filter(|c| c.is_built())
                .collect()
        }

        proptest! {
            #[test]
            fn every_built_encoding_decompresses_what_it_compressed(
                body in proptest::collection::vec(any::<u8>(), 0..20_000),
            ) {
                for c in built() {
                    let packed = c.compress(bytes::Bytes::from(body.clone())).unwrap();
                    prop_assert_eq!(&c.decompress(&packed, body.len()).unwrap(), &body);
                }
            }

            #[test]
            fn a_body_that_decompresses_past_the_limit_is_too_large_by_one_byte(
                len in 1usize..5_000,
            ) {
                let body = bytes::Bytes::from(vec![b'k'; len]);
                for c in built() {
                    let packed = c.compress(body.clone()).unwrap();
                    prop_assert_eq!(
                        c.decompress(&packed, len - 1),
                        Err(CompressionError::TooLarge { max: len - 1 })
                    );
                    prop_assert!(c.decompress(&packed, len).is_ok());
                }
            }
        }

        #[test]
        fn a_metered_decompression_asks_before_the_memory_it_takes_and_stops_when_refused() {
            // A bomb: 4 MiB of zeros in a few kilobytes.
            let body = bytes::Bytes::from(vec![0u8; 4 << 20]);
            for c in built() {
                let packed = c.compress(body.clone()).unwrap();
                let mut asked = Vec::new();
                let out = c
                    .decompress_metered(&packed, 4 << 20, &mut |n| {
                        asked.push(n);
                        true
                    })
                    .unwrap();
                assert_eq!(out.len(), 4 << 20);
                // Asked for at least what it held, in steps no larger than doubling.
                assert!(
                    asked.last().is_some_and(|&n| n >= out.capacity()),
                    "{c}: {asked:?}"
                );
                let refused = c.decompress_metered(&packed, 4 << 20, &mut |n| n <= 1 << 20);
                assert_eq!(refused, Err(CompressionError::Refused), "{c}");
            }
        }

        #[test]
        fn compression_shrinks_a_repetitive_body() {
            let body = bytes::Bytes::from(vec![7u8; 10_000]);
            for c in built().into_iter().filter(|&c| c != Compression::None) {
                assert!(c.compress(body.clone()).unwrap().len() < 200, "{c}");
            }
        }

        #[test]
        fn every_gzip_member_is_read_and_trailing_bytes_are_invalid() {
            let a = Compression::Gzip.compress("spans ".into()).unwrap();
            let b = Compression::Gzip.compress("and more".into()).unwrap();
            let two = [&a[..], &b[..]].concat();
            assert_eq!(
                Compression::Gzip.decompress(&two, 100).unwrap(),
                b"spans and more"
            );
            let trailing = [&a[..], &b[..], b"junk"].concat();
            assert_eq!(
                Compression::Gzip.decompress(&trailing, 100),
                Err(CompressionError::Invalid {
                    encoding: Compression::Gzip,
                    reason: "4 bytes after gzip member 2 do not begin another member".into(),
                })
            );
            // A member cut short is still named as one.
            let cut = [&a[..], &b[..b.len() - 3]].concat();
            let Err(CompressionError::Invalid { reason, .. }) =
                Compression::Gzip.decompress(&cut, 100)
            else {
                panic!("a truncated member decompressed");
            };
            assert!(!reason.contains("do not begin"), "{reason}");
        }

        proptest! {
            #[test]
            fn gzip_members_read_as_flate2_multi_member_decoder_reads_them(
                parts in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..300), 0..4),
                tail in proptest::collection::vec(any::<u8>(), 0..6),
                cut in 0usize..4,
            ) {
                use std::io::Read as _;
                let mut body: Vec<u8> = parts
                    .iter()
                    .flat_map(|p| Compression::Gzip.compress(bytes::Bytes::from(p.clone())).unwrap())
                    .collect();
                body.extend_from_slice(&tail);
                body.truncate(body.len().saturating_sub(cut));
                let mut theirs = Vec::new();
                let theirs = flate2::read::MultiGzDecoder::new(&body[..])
                    .read_to_end(&mut theirs)
                    .map(|_| theirs);
                let ours = Compression::Gzip.decompress(&body, 1 << 20);
                prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?} {:?}", ours, theirs);
                if let (Ok(ours), Ok(theirs)) = (ours, theirs) {
                    prop_assert_eq!(ours, theirs);
                }
            }
        }

        #[cfg(feature = "zstd")]
        #[test]
        fn every_zstd_frame_is_read_and_a_broken_frame_is_invalid() {
            let a = Compression::Zstd.compress("spans ".into()).unwrap();
            let b = Compression::Zstd.compress("and more".into()).unwrap();
            let two = [&a[..], &b[..]].concat();
            assert_eq!(
                Compression::Zstd.decompress(&two, 100).unwrap(),
                b"spans and more"
            );
            let err = Compression::Zstd
                .decompress(&a[..a.len() - 2], 100)
                .unwrap_err();
            assert!(err.to_string().starts_with("invalid zstd body:"), "{err}");
        }

        #[cfg(not(feature = "zstd"))]
        #[test]
        fn zstd_without_its_feature_is_refused_by_name() {
            assert!(!Compression::Zstd.is_built());
            assert_eq!(
                Compression::Zstd
                    .compress("x".into())
                    .unwrap_err()
                    .to_string(),
                "zstd is not in this build (it needs the cargo feature `zstd`)"
            );
        }
    }
}
