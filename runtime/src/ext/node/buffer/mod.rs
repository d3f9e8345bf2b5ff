//! Byte/text conversions for `Buffer` that are too slow as JavaScript loops on QuickJS:
//! hexadecimal both ways (base64 uses deno_web's simdutf ops).

use deno_core::op2;

/// Lower-case hex of `bytes`.
#[op2]
#[string]
pub(crate) fn op_node_hex_encode(#[buffer] bytes: &[u8]) -> String {
    hex::encode(bytes)
}

/// Bytes of hex pairs, stopping at the first pair that is not hex, as Node does.
pub(crate) fn hex_decode_lenient(text: &str) -> Vec<u8> {
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() / 2);
    for pair in bytes.chunks_exact(2) {
        match (digit(pair[0]), digit(pair[1])) {
            (Some(hi), Some(lo)) => out.push(hi << 4 | lo),
            _ => break,
        }
    }
    out
}

#[op2]
#[buffer]
pub(crate) fn op_node_hex_decode(#[string] text: &str) -> Vec<u8> {
    hex_decode_lenient(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_decoding_stops_at_the_first_bad_pair() {
        assert_eq!(hex_decode_lenient("00ffA0"), vec![0x00, 0xff, 0xa0]);
        assert_eq!(hex_decode_lenient("abzz12"), vec![0xab]);
        assert_eq!(hex_decode_lenient("abc"), vec![0xab]);
        assert_eq!(hex_decode_lenient("é1"), Vec::<u8>::new());
    }
}
