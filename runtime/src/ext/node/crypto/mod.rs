//! Ops behind `node:crypto` and the `crypto` global: kernel randomness, digests and HMACs
//! (the algorithms themselves are in digest.rs), and certificates (x509.rs).

pub mod digest;
pub mod x509;

use deno_core::op2;
use deno_error::JsErrorBox;

use digest::Algorithm;

/// Fills `buffer` from the kernel's CSPRNG (`getrandom(2)` on Linux, `getentropy` on macOS,
/// `ProcessPrng` on Windows: the getrandom crate).
pub fn fill_random(buffer: &mut [u8]) {
    if let Err(e) = getrandom::fill(buffer) {
        panic!("getrandom failed: {e}");
    }
}

fn algorithm(name: &str) -> Result<Algorithm, JsErrorBox> {
    Algorithm::parse(name).ok_or_else(|| {
        JsErrorBox::generic(format!(
            "Digest method not supported: {name} (omp-host provides md5, sha1, sha224, sha256, sha384, sha512)"
        ))
    })
}

/// Fills a Uint8Array with random bytes in place.
#[op2(fast)]
pub fn op_node_random_fill(#[buffer] buffer: &mut [u8]) {
    fill_random(buffer);
}

/// The digest of `data` with `algorithm`.
#[op2]
#[buffer]
pub fn op_node_hash(#[string] algorithm_name: &str, #[buffer] data: &[u8]) -> Result<Vec<u8>, JsErrorBox> {
    Ok(algorithm(algorithm_name)?.hash(data))
}

/// The HMAC of `data` under `key` with `algorithm`.
#[op2]
#[buffer]
pub fn op_node_hmac(#[string] algorithm_name: &str, #[buffer] key: &[u8], #[buffer] data: &[u8]) -> Result<Vec<u8>, JsErrorBox> {
    Ok(algorithm(algorithm_name)?.hmac(key, data))
}

/// Whether `name` is a digest the host implements (for `crypto.getHashes`/early errors).
#[op2(fast)]
pub fn op_node_hash_supported(#[string] name: &str) -> bool {
    Algorithm::parse(name).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

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
