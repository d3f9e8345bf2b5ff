//! Ops behind `node:crypto` and the `crypto` global: kernel randomness, digests and HMACs
//! (the algorithms themselves are in digest.rs), and certificates (x509.rs).

pub(crate) mod digest;
pub(crate) mod x509;

use deno_core::op2;

use digest::Algorithm;

/// What fails in a `node:crypto` op: a digest the host does not implement, or input that is
/// no certificate (x509.rs; the text says why).
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum CryptoError {
    /// The algorithm name is none of the digests `digest::Algorithm` implements.
    #[class(generic)]
    #[error("Digest method not supported: {0} (omp-host provides md5, sha1, sha224, sha256, sha384, sha512)")]
    UnsupportedDigest(String),
    /// `X509Certificate` could not parse its input.
    #[class(generic)]
    #[error("{0}")]
    Certificate(String),
}

/// Fills `buffer` from the kernel's CSPRNG (`getrandom(2)` on Linux, `getentropy` on macOS,
/// `ProcessPrng` on Windows: the getrandom crate).
pub(crate) fn fill_random(buffer: &mut [u8]) {
    if let Err(e) = getrandom::fill(buffer) {
        panic!("getrandom failed: {e}");
    }
}

fn algorithm(name: &str) -> Result<Algorithm, CryptoError> {
    Algorithm::parse(name).ok_or_else(|| CryptoError::UnsupportedDigest(name.to_string()))
}

/// Fills a Uint8Array with random bytes in place.
#[op2(fast)]
pub(crate) fn op_node_random_fill(#[buffer] buffer: &mut [u8]) {
    fill_random(buffer);
}

/// The digest of `data` with `algorithm`.
#[op2]
#[buffer]
pub(crate) fn op_node_hash(#[string] algorithm_name: &str, #[buffer] data: &[u8]) -> Result<Vec<u8>, CryptoError> {
    Ok(algorithm(algorithm_name)?.hash(data))
}

/// The HMAC of `data` under `key` with `algorithm`.
#[op2]
#[buffer]
pub(crate) fn op_node_hmac(#[string] algorithm_name: &str, #[buffer] key: &[u8], #[buffer] data: &[u8]) -> Result<Vec<u8>, CryptoError> {
    Ok(algorithm(algorithm_name)?.hmac(key, data))
}

/// Whether `name` is a digest the host implements (for `crypto.getHashes`/early errors).
#[op2(fast)]
pub(crate) fn op_node_hash_supported(#[string] name: &str) -> bool {
    Algorithm::parse(name).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        use deno_error::JsErrorClass;
        let Err(err) = algorithm("sha3") else { panic!("sha3 is not provided") };
        assert_eq!(err.get_class(), "Error");
        assert_eq!(
            err.get_message(),
            "Digest method not supported: sha3 (omp-host provides md5, sha1, sha224, sha256, sha384, sha512)"
        );
        let err = CryptoError::Certificate("X509Certificate: bad input".into());
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "X509Certificate: bad input");
    }

    #[test]
    fn random_fill_changes_bytes() {
        let mut a = [0u8; 32];
        let mut b = [0u8; 32];
        fill_random(&mut a);
        fill_random(&mut b);
        assert_ne!(a, [0u8; 32]);
        assert_ne!(a, b);
    }
}
