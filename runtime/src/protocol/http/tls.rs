//! HTTPS for `mcp --listen`: with a certificate and its key (`--tls-cert`/`--tls-key`, or the
//! config's `http.tls`), connections are TLS (rustls, on aws-lc-rs, TLS 1.2 and 1.3, HTTP/1.1
//! by ALPN) before hyper reads them. The files are PEM: the certificate chain, leaf first, and
//! a PKCS#8, PKCS#1 or SEC1 private key; they are read once at start (a renewed certificate
//! takes a restart). Without them the server speaks plain HTTP, for loopback or behind a proxy
//! that terminates TLS.

use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::TlsAcceptor;

/// The acceptor for `cert` and `key`, or why they cannot serve.
pub(crate) fn acceptor(cert: &Path, key: &Path) -> Result<TlsAcceptor, String> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .map_err(|e| format!("the TLS certificate {}: {e}", cert.display()))?
        .collect::<Result<_, _>>()
        .map_err(|e| format!("the TLS certificate {}: {e}", cert.display()))?;
    if chain.is_empty() {
        return Err(format!("the TLS certificate {}: no certificate in the file (PEM expected)", cert.display()));
    }
    let private = PrivateKeyDer::from_pem_file(key).map_err(|e| format!("the TLS key {}: {e}", key.display()))?;
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(|e| format!("the TLS certificate {} and key {} do not serve: {e}", cert.display(), key.display()))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_or_empty_files_say_which() {
        let dir = std::env::temp_dir().join(format!("omp-host-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "").unwrap();
        let missing = acceptor(&dir.join("nope.pem"), &empty).err().unwrap();
        assert!(missing.contains("nope.pem"), "{missing}");
        let no_cert = acceptor(&empty, &empty).err().unwrap();
        assert!(no_cert.contains("no certificate"), "{no_cert}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
