//! Message digests for `node:crypto`, from the RustCrypto crates: MD5 (`md-5`), SHA-1
//! (`sha1`), SHA-2 (`sha2`), and HMAC (`hmac`) over any of them.

use hmac::{Hmac, Mac};
use sha2::Digest;

/// A digest algorithm by Node's name (`md5`, `sha1`, `sha256`, …; case-insensitive,
/// `RSA-SHA256`-style and dashed `sha-256` spellings accepted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Algorithm {
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
}

impl Algorithm {
    pub(crate) fn parse(name: &str) -> Option<Algorithm> {
        let lower = name.to_ascii_lowercase();
        let lower = lower.strip_prefix("rsa-").unwrap_or(&lower).replace('-', "");
        Some(match lower.as_str() {
            "md5" => Algorithm::Md5,
            "sha1" => Algorithm::Sha1,
            "sha224" => Algorithm::Sha224,
            "sha256" => Algorithm::Sha256,
            "sha384" => Algorithm::Sha384,
            "sha512" => Algorithm::Sha512,
            _ => return None,
        })
    }

    pub(crate) fn hash(self, data: &[u8]) -> Vec<u8> {
        match self {
            Algorithm::Md5 => md5::Md5::digest(data).to_vec(),
            Algorithm::Sha1 => sha1::Sha1::digest(data).to_vec(),
            Algorithm::Sha224 => sha2::Sha224::digest(data).to_vec(),
            Algorithm::Sha256 => sha2::Sha256::digest(data).to_vec(),
            Algorithm::Sha384 => sha2::Sha384::digest(data).to_vec(),
            Algorithm::Sha512 => sha2::Sha512::digest(data).to_vec(),
        }
    }

    /// HMAC of `data` under `key` (RFC 2104).
    pub(crate) fn hmac(self, key: &[u8], data: &[u8]) -> Vec<u8> {
        fn mac<M: Mac + hmac::digest::KeyInit>(key: &[u8], data: &[u8]) -> Vec<u8> {
            let mut mac = <M as hmac::digest::KeyInit>::new_from_slice(key).expect("HMAC takes keys of any length");
            mac.update(data);
            mac.finalize().into_bytes().to_vec()
        }
        match self {
            Algorithm::Md5 => mac::<Hmac<md5::Md5>>(key, data),
            Algorithm::Sha1 => mac::<Hmac<sha1::Sha1>>(key, data),
            Algorithm::Sha224 => mac::<Hmac<sha2::Sha224>>(key, data),
            Algorithm::Sha256 => mac::<Hmac<sha2::Sha256>>(key, data),
            Algorithm::Sha384 => mac::<Hmac<sha2::Sha384>>(key, data),
            Algorithm::Sha512 => mac::<Hmac<sha2::Sha512>>(key, data),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn md5_matches_rfc_1321_vectors() {
        assert_eq!(hex(&Algorithm::Md5.hash(b"")), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(hex(&Algorithm::Md5.hash(b"abc")), "900150983cd24fb0d6963f7d28e17f72");
        assert_eq!(
            hex(&Algorithm::Md5.hash(b"12345678901234567890123456789012345678901234567890123456789012345678901234567890")),
            "57edf4a22be3c955ac49da2e2107b67a"
        );
    }

    #[test]
    fn sha1_matches_fips_vectors() {
        assert_eq!(hex(&Algorithm::Sha1.hash(b"abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
        assert_eq!(
            hex(&Algorithm::Sha1.hash(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        );
        assert_eq!(hex(&Algorithm::Sha1.hash(&vec![b'a'; 1_000_000])), "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
    }

    #[test]
    fn hmac_matches_rfc_4231_and_2202() {
        let key = [0x0bu8; 20];
        assert_eq!(
            hex(&Algorithm::Sha256.hmac(&key, b"Hi There")),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        assert_eq!(
            hex(&Algorithm::Md5.hmac(b"Jefe", b"what do ya want for nothing?")),
            "750c783e6ab0b503eaa86e310a5db738"
        );
        assert_eq!(
            hex(&Algorithm::Sha1.hmac(b"Jefe", b"what do ya want for nothing?")),
            "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"
        );
        // A key longer than the block is hashed first (RFC 4231 test case 6).
        assert_eq!(
            hex(&Algorithm::Sha512.hmac(&[0xaa; 131], b"Test Using Larger Than Block-Size Key - Hash Key First")),
            "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"
        );
    }

    #[test]
    fn parses_node_algorithm_names() {
        assert_eq!(Algorithm::parse("SHA256"), Some(Algorithm::Sha256));
        assert_eq!(Algorithm::parse("sha-512"), Some(Algorithm::Sha512));
        assert_eq!(Algorithm::parse("RSA-SHA1"), Some(Algorithm::Sha1));
        assert_eq!(Algorithm::parse("whirlpool"), None);
    }
}
