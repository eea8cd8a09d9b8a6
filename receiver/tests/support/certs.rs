//! Test certificates made at test time (rcgen): a CA, a server certificate for
//! `localhost` and `127.0.0.1` signed by it, and client certificates. Nothing of this
//! is committed as a key file.

#![allow(dead_code, unreachable_pub)]

use std::path::{Path, PathBuf};

/// A certificate authority that signs server and client certificates.
pub struct Ca {
    pub pem: String,
    issuer: rcgen::Issuer<'static, rcgen::KeyPair>,
}

/// A certificate and its key, PEM.
pub struct Leaf {
    pub cert_pem: String,
    pub key_pem: String,
    /// DER of the certificate, what a TLS peer presents.
    pub der: Vec<u8>,
}

impl Ca {
    pub fn new(name: &str) -> Ca {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, name);
        let cert = params.self_signed(&key).unwrap();
        Ca {
            pem: cert.pem(),
            issuer: rcgen::Issuer::new(params, key),
        }
    }

    fn sign(&self, names: &[&str], usage: rcgen::ExtendedKeyUsagePurpose) -> Leaf {
        let key = rcgen::KeyPair::generate().unwrap();
        let mut params =
            rcgen::CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
                .unwrap();
        params.extended_key_usages = vec![usage];
        let cert = params.signed_by(&key, &self.issuer).unwrap();
        Leaf {
            cert_pem: cert.pem(),
            key_pem: key.serialize_pem(),
            der: cert.der().to_vec(),
        }
    }

    /// A server certificate for `localhost` and `127.0.0.1`.
    pub fn server(&self) -> Leaf {
        self.sign(
            &["localhost", "127.0.0.1"],
            rcgen::ExtendedKeyUsagePurpose::ServerAuth,
        )
    }

    /// A client certificate.
    pub fn client(&self, name: &str) -> Leaf {
        self.sign(&[name], rcgen::ExtendedKeyUsagePurpose::ClientAuth)
    }
}

impl Leaf {
    /// Writes `<stem>.crt` and `<stem>.key` into `dir`.
    pub fn write(&self, dir: &Path, stem: &str) -> (PathBuf, PathBuf) {
        let (cert, key) = (
            dir.join(format!("{stem}.crt")),
            dir.join(format!("{stem}.key")),
        );
        std::fs::write(&cert, &self.cert_pem).unwrap();
        std::fs::write(&key, &self.key_pem).unwrap();
        (cert, key)
    }
}
