//! Request body compression, as `OTEL_EXPORTER_OTLP_COMPRESSION` names it. gzip is the
//! one the specification requires; the Collector also accepts zstd, which would be one
//! more variant here, its name in [`Compression::parse`], its codec in
//! [`Compression::compress`] and tonic's `zstd` feature for gRPC.

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
}

/// A compression name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("must be gzip or none, got {0:?}")]
pub struct UnknownCompression(pub String);

impl Compression {
    /// The variable's value, case-insensitively.
    pub fn parse(name: &str) -> Result<Compression, UnknownCompression> {
        match name.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Compression::None),
            "gzip" => Ok(Compression::Gzip),
            _ => Err(UnknownCompression(name.to_string())),
        }
    }

    /// Its name, as the variable and `Content-Encoding` write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Gzip => "gzip",
        }
    }

    /// The `Content-Encoding` of a body compressed so; `None` when it is not.
    pub fn content_encoding(self) -> Option<&'static str> {
        (self != Compression::None).then(|| self.as_str())
    }

    /// `body` compressed (HTTP; gRPC compresses in tonic). gzip's fastest level: the
    /// export path's CPU matters more than a few percent of bytes.
    #[cfg(feature = "http")]
    pub fn compress(self, body: bytes::Bytes) -> bytes::Bytes {
        use std::io::Write as _;
        match self {
            Compression::None => body,
            Compression::Gzip => {
                let mut gz = flate2::write::GzEncoder::new(
                    Vec::with_capacity(body.len() / 4),
                    flate2::Compression::fast(),
                );
                // Writing into memory cannot fail.
                gz.write_all(&body).expect("writing to memory");
                bytes::Bytes::from(gz.finish().expect("writing to memory"))
            }
        }
    }

    /// tonic's name for it; `None` when requests go uncompressed.
    #[cfg(feature = "grpc")]
    pub fn grpc_encoding(self) -> Option<tonic::codec::CompressionEncoding> {
        match self {
            Compression::None => None,
            Compression::Gzip => Some(tonic::codec::CompressionEncoding::Gzip),
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
        assert_eq!(Compression::parse("none"), Ok(Compression::None));
        assert_eq!(
            Compression::parse("brotli").unwrap_err().to_string(),
            "must be gzip or none, got \"brotli\""
        );
    }

    #[test]
    fn only_a_compressed_body_has_a_content_encoding() {
        assert_eq!(Compression::Gzip.content_encoding(), Some("gzip"));
        assert_eq!(Compression::None.content_encoding(), None);
    }

    #[cfg(feature = "http")]
    #[test]
    fn a_gzipped_body_decompresses_to_the_original() {
        use std::io::Read as _;
        let body = bytes::Bytes::from(vec![7u8; 10_000]);
        let packed = Compression::Gzip.compress(body.clone());
        assert!(packed.len() < body.len());
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&packed[..])
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, body);
        assert_eq!(Compression::None.compress(body.clone()), body);
    }
}
