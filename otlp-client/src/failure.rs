//! What a transport's error chain says about a failed attempt, beyond a server's
//! answer: nobody accepted the connection (retryable, and the caller may stop waiting
//! on a backend that is not there), or the TLS handshake was refused (no retry passes).

use std::error::Error;

/// The errors of a chain, going into the `io::Error`s whose `source` skips the error
/// they wrap (hyper wraps rustls's `io::Error` in another).
fn chain<'a>(e: &'a (dyn Error + 'static)) -> impl Iterator<Item = &'a (dyn Error + 'static)> {
    std::iter::successors(Some(e), |&err: &&'a (dyn Error + 'static)| {
        match err
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            Some(inner) => Some(inner as &(dyn Error + 'static)),
            None => err.source(),
        }
    })
}

/// What rustls said, when the chain is a failed TLS handshake (an untrusted or
/// mismatched certificate, a refused client certificate).
pub(crate) fn handshake_failure(e: &(dyn Error + 'static)) -> Option<String> {
    chain(e).find_map(|err| err.downcast_ref::<rustls::Error>().map(ToString::to_string))
}

/// The chain's messages, each said once (an error that quotes its cause is not followed
/// by it again): what an attempt that got no answer says, down to the system's error
/// (`tcp connect error: Connection refused (os error 111)`).
pub(crate) fn described(e: &(dyn Error + 'static)) -> String {
    described_after(String::new(), Some(e))
}

/// `first`, then the messages of the chain from `cause`, each said once.
pub(crate) fn described_after(first: String, cause: Option<&(dyn Error + 'static)>) -> String {
    let mut text = first;
    for err in cause.into_iter().flat_map(chain) {
        let part = err.to_string();
        if part.is_empty() || text.contains(&part) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&part);
    }
    text
}

/// Whether the chain says the connection itself failed: the port is closed, the host
/// is gone or its name does not resolve. (reqwest says so itself: `is_connect`.)
#[cfg(feature = "grpc")]
pub(crate) fn connect_failed(e: &(dyn Error + 'static)) -> bool {
    use std::io::ErrorKind::*;
    chain(e).any(|err| {
        let refused = err.downcast_ref::<std::io::Error>().is_some_and(|io| {
            matches!(
                io.kind(),
                ConnectionRefused | ConnectionReset | NotConnected | AddrNotAvailable
            )
        });
        let text = err.to_string();
        refused || text.contains("tcp connect error") || text.contains("dns error")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rustls_error_is_found_inside_io_errors_and_sources() {
        let tls = rustls::Error::InvalidCertificate(rustls::CertificateError::UnknownIssuer);
        let io = std::io::Error::new(std::io::ErrorKind::InvalidData, tls);
        let found = handshake_failure(&io).unwrap();
        assert!(found.contains("UnknownIssuer"), "{found}");
        // As hyper-util hands it to reqwest: an io::Error around rustls's io::Error.
        let wrapped = std::io::Error::other(io);
        assert_eq!(handshake_failure(&wrapped), Some(found));
        let other = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        assert_eq!(handshake_failure(&other), None);
    }

    #[test]
    fn a_chain_is_described_down_to_its_cause_each_part_once() {
        let refused =
            std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "Connection refused");
        let wrapped = std::io::Error::other(refused);
        assert_eq!(described(&wrapped), "Connection refused");
    }

    #[cfg(feature = "grpc")]
    #[test]
    fn a_refused_connection_is_found_however_deeply_it_is_wrapped() {
        let refused = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused");
        assert!(connect_failed(&std::io::Error::other(refused)));
        let reset_by_tls = std::io::Error::new(std::io::ErrorKind::InvalidData, "bad record");
        assert!(!connect_failed(&reset_by_tls));
    }
}
