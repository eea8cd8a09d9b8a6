//! TLS of the OTLP listeners: the certificate, key and client-CA files of
//! `ingest.tls` read into rustls server configurations, one per listener (they differ
//! only in ALPN: `h2` for gRPC, `http/1.1` for HTTP; gRPC clients refuse a server that
//! does not select `h2`). Loading either yields both or fails naming the file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ring::digest::{digest, SHA256};
use rustls::pki_types::pem::{self, PemObject as _};
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use rustls::{RootCertStore, ServerConfig};

use crate::config::IngestTlsConfig;

/// Which listener a configuration is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listener {
    /// OTLP/gRPC (HTTP/2).
    Grpc,
    /// OTLP/HTTP (HTTP/1.1).
    Http,
}

/// The server side of TLS for both listeners, from one reading of the files.
#[derive(Debug, Clone)]
pub struct ServerTls {
    grpc: Arc<ServerConfig>,
    http: Arc<ServerConfig>,
    /// SHA-256 of the served (leaf) certificate, lowercase hex: what a client sees.
    pub fingerprint: String,
    /// Whether clients must present a certificate signed by `client_ca_file`.
    pub mutual: bool,
}

impl ServerTls {
    /// The configuration of `listener`'s handshakes.
    pub fn config(&self, listener: Listener) -> Arc<ServerConfig> {
        match listener {
            Listener::Grpc => self.grpc.clone(),
            Listener::Http => self.http.clone(),
        }
    }
}

/// Why the TLS files cannot be used. Names the parameter and the file; never quotes a
/// key.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// A file could not be read.
    #[error("invalid {param}: cannot read {}: {source}", path.display())]
    Read {
        /// `ingest.tls.cert_file` etc.
        param: &'static str,
        /// The file.
        path: PathBuf,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// A file that holds no usable PEM item of the expected kind.
    #[error("invalid {param}: {}: {reason}", path.display())]
    Pem {
        /// `ingest.tls.cert_file` etc.
        param: &'static str,
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The certificate and key do not make a server identity (e.g. they do not match).
    #[error("invalid ingest.tls: the certificate in {} and the key in {} cannot be used together: {source}", cert.display(), key.display())]
    Identity {
        /// The certificate file.
        cert: PathBuf,
        /// The key file.
        key: PathBuf,
        /// What rustls said.
        #[source]
        source: rustls::Error,
    },
    /// The client CA file holds no certificate rustls accepts as a trust anchor.
    #[error("invalid ingest.tls.client_ca_file: {}: {reason}", path.display())]
    ClientCa {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

fn read(param: &'static str, path: &Path) -> Result<Vec<u8>, TlsError> {
    std::fs::read(path).map_err(|source| TlsError::Read {
        param,
        path: path.to_path_buf(),
        source,
    })
}

fn certificates(
    param: &'static str,
    path: &Path,
) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let pem_error = |reason: String| TlsError::Pem {
        param,
        path: path.to_path_buf(),
        reason,
    };
    let certs = CertificateDer::pem_slice_iter(&read(param, path)?)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| pem_error(format!("not valid PEM: {e}")))?;
    if certs.is_empty() {
        return Err(pem_error("holds no PEM certificate".into()));
    }
    Ok(certs)
}

fn private_key(path: &Path) -> Result<PrivateKeyDer<'static>, TlsError> {
    const PARAM: &str = "ingest.tls.key_file";
    let bytes = read(PARAM, path)?;
    PrivateKeyDer::from_pem_slice(&bytes).map_err(|e| TlsError::Pem {
        param: PARAM,
        path: path.to_path_buf(),
        // The parser's other messages may quote the file's lines.
        reason: match e {
            pem::Error::NoItemsFound => "holds no PEM private key".into(),
            _ => "not a valid PEM private key".into(),
        },
    })
}

/// The process-wide choice of cryptography: ring, as tonic and reqwest use here.
fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// Reads the files of `cfg` into the configurations of both listeners.
pub fn load(cfg: &IngestTlsConfig) -> Result<ServerTls, TlsError> {
    let chain = certificates("ingest.tls.cert_file", &cfg.cert_file)?;
    let key = private_key(&cfg.key_file)?;
    let fingerprint = hex(digest(&SHA256, chain[0].as_ref()).as_ref());
    let builder = ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .expect("ring supports the default protocol versions");
    let builder = match &cfg.client_ca_file {
        Some(path) => {
            let mut roots = RootCertStore::empty();
            for ca in certificates("ingest.tls.client_ca_file", path)? {
                roots.add(ca).map_err(|e| TlsError::ClientCa {
                    path: path.clone(),
                    reason: e.to_string(),
                })?;
            }
            let verifier = WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider())
                .build()
                .map_err(|e| TlsError::ClientCa {
                    path: path.clone(),
                    reason: e.to_string(),
                })?;
            builder.with_client_cert_verifier(verifier)
        }
        None => builder.with_no_client_auth(),
    };
    let config = builder
        .with_single_cert(chain, key)
        .map_err(|source| TlsError::Identity {
            cert: cfg.cert_file.clone(),
            key: cfg.key_file.clone(),
            source,
        })?;
    let with_alpn = |protocol: &[u8]| {
        let mut c = config.clone();
        c.alpn_protocols = vec![protocol.to_vec()];
        Arc::new(c)
    };
    Ok(ServerTls {
        grpc: with_alpn(b"h2"),
        http: with_alpn(b"http/1.1"),
        fingerprint,
        mutual: cfg.client_ca_file.is_some(),
    })
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    struct Files {
        _dir: tempfile::TempDir,
        cfg: IngestTlsConfig,
    }

    fn files(client_ca: bool) -> Files {
        let dir = tempfile::tempdir().unwrap();
        let key = rcgen::KeyPair::generate().unwrap();
        let cert = rcgen::CertificateParams::new(vec!["localhost".to_string()])
            .unwrap()
            .self_signed(&key)
            .unwrap();
        let path = |n: &str| dir.path().join(n);
        std::fs::write(path("cert.pem"), cert.pem()).unwrap();
        std::fs::write(path("key.pem"), key.serialize_pem()).unwrap();
        std::fs::write(path("ca.pem"), cert.pem()).unwrap();
        let cfg = IngestTlsConfig {
            cert_file: path("cert.pem"),
            key_file: path("key.pem"),
            client_ca_file: client_ca.then(|| path("ca.pem")),
            handshake_timeout: Duration::from_secs(1),
        };
        Files { _dir: dir, cfg }
    }

    #[test]
    fn each_listener_gets_its_protocol_and_both_the_same_certificate() {
        let f = files(true);
        let tls = load(&f.cfg).unwrap();
        assert_eq!(tls.config(Listener::Grpc).alpn_protocols, [b"h2".to_vec()]);
        assert_eq!(
            tls.config(Listener::Http).alpn_protocols,
            [b"http/1.1".to_vec()]
        );
        assert!(tls.mutual);
        assert_eq!(tls.fingerprint.len(), 64);
    }

    #[test]
    fn a_missing_or_wrong_file_is_named_with_its_parameter() {
        let f = files(false);
        let mut cfg = f.cfg.clone();
        cfg.cert_file = cfg.cert_file.with_file_name("nope.pem");
        let err = load(&cfg).unwrap_err().to_string();
        assert!(
            err.starts_with("invalid ingest.tls.cert_file: cannot read"),
            "{err}"
        );

        let mut cfg = f.cfg.clone();
        cfg.key_file = cfg.cert_file.clone();
        let err = load(&cfg).unwrap_err().to_string();
        assert!(
            err.starts_with("invalid ingest.tls.key_file:") && err.contains("no PEM private key"),
            "{err}"
        );

        let mut cfg = f.cfg.clone();
        cfg.cert_file = cfg.key_file.clone();
        let err = load(&cfg).unwrap_err().to_string();
        assert!(
            err.contains("ingest.tls.cert_file") && err.contains("no PEM certificate"),
            "{err}"
        );
    }

    #[test]
    fn a_key_of_another_certificate_is_refused() {
        let f = files(false);
        let other = files(false);
        let mut cfg = f.cfg.clone();
        cfg.key_file = other.cfg.key_file.clone();
        let err = load(&cfg).unwrap_err().to_string();
        assert!(err.contains("cannot be used together"), "{err}");
    }
}
