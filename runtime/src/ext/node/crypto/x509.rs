//! The op behind `node:crypto`'s `X509Certificate` (x509.js beside it): parses one certificate,
//! PEM or DER, with x509-parser and answers what Node's class shows, in Node's text forms
//! (OpenSSL's one-line-per-attribute names, `Jan  1 00:00:00 2024 GMT` dates, colon-separated
//! upper-case fingerprints).

use deno_core::op2;
use serde::Serialize;
use x509_parser::certificate::X509Certificate;
use x509_parser::extensions::{GeneralName, ParsedExtension};
use x509_parser::prelude::{FromDer, X509Name};
use x509_parser::time::ASN1Time;

use super::digest::Algorithm;
use super::CryptoError;

/// What `X509Certificate` exposes, read once at construction.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CertificateFacts {
    /// The certificate's DER bytes (`raw`).
    raw: Vec<u8>,
    subject: String,
    issuer: String,
    /// Upper-case hex, as Node prints it.
    serial_number: String,
    valid_from: String,
    valid_to: String,
    /// Milliseconds since the Unix epoch (for `validFromDate`/`validToDate`).
    valid_from_ms: i64,
    valid_to_ms: i64,
    ca: bool,
    /// `DNS:a, IP Address:1.2.3.4`, or None without the extension.
    subject_alt_name: Option<String>,
    /// The SAN's DNS names, e-mail addresses and IP addresses (for the `check*` methods).
    dns_names: Vec<String>,
    emails: Vec<String>,
    ips: Vec<String>,
    /// The subject's common names.
    common_names: Vec<String>,
    key_usage: Option<Vec<String>>,
    fingerprint: String,
    fingerprint256: String,
    fingerprint512: String,
}

/// Parses the first certificate in `input` (PEM text or DER bytes).
#[op2]
#[serde]
pub(crate) fn op_node_x509_parse(#[buffer] input: &[u8]) -> Result<CertificateFacts, CryptoError> {
    parse(input).map_err(CryptoError::Certificate)
}

fn parse(input: &[u8]) -> Result<CertificateFacts, String> {
    let der = match x509_parser::pem::parse_x509_pem(input) {
        Ok((_, pem)) if pem.label == "CERTIFICATE" => pem.contents,
        Ok((_, pem)) => return Err(format!("X509Certificate: the PEM block is a {}, not a CERTIFICATE", pem.label)),
        Err(_) if input.starts_with(b"-----") || input.is_ascii() => {
            return Err("X509Certificate: no PEM certificate (-----BEGIN CERTIFICATE-----) or DER certificate in the input".into())
        }
        Err(_) => input.to_vec(),
    };
    let (_, certificate) = X509Certificate::from_der(&der).map_err(|e| format!("X509Certificate: not a valid certificate: {e}"))?;
    Ok(facts_of(&certificate, &der))
}

fn facts_of(certificate: &X509Certificate<'_>, der: &[u8]) -> CertificateFacts {
    let mut facts = CertificateFacts {
        raw: der.to_vec(),
        subject: name_lines(certificate.subject()),
        issuer: name_lines(certificate.issuer()),
        serial_number: hex::encode_upper(certificate.raw_serial()),
        valid_from: openssl_date(&certificate.validity().not_before),
        valid_to: openssl_date(&certificate.validity().not_after),
        valid_from_ms: certificate.validity().not_before.timestamp() * 1000,
        valid_to_ms: certificate.validity().not_after.timestamp() * 1000,
        ca: false,
        subject_alt_name: None,
        dns_names: Vec::new(),
        emails: Vec::new(),
        ips: Vec::new(),
        common_names: certificate
            .subject()
            .iter_common_name()
            .filter_map(|cn| cn.as_str().ok())
            .map(str::to_owned)
            .collect(),
        key_usage: None,
        fingerprint: fingerprint(Algorithm::Sha1, der),
        fingerprint256: fingerprint(Algorithm::Sha256, der),
        fingerprint512: fingerprint(Algorithm::Sha512, der),
    };
    for extension in certificate.extensions() {
        match extension.parsed_extension() {
            ParsedExtension::BasicConstraints(constraints) => facts.ca = constraints.ca,
            ParsedExtension::SubjectAlternativeName(san) => {
                let mut shown = Vec::new();
                for name in &san.general_names {
                    match name {
                        GeneralName::DNSName(dns) => {
                            shown.push(format!("DNS:{dns}"));
                            facts.dns_names.push(dns.to_string());
                        }
                        GeneralName::RFC822Name(email) => {
                            shown.push(format!("email:{email}"));
                            facts.emails.push(email.to_string());
                        }
                        GeneralName::IPAddress(bytes) => {
                            if let Some(ip) = ip_text(bytes) {
                                shown.push(format!("IP Address:{ip}"));
                                facts.ips.push(ip);
                            }
                        }
                        GeneralName::URI(uri) => shown.push(format!("URI:{uri}")),
                        _ => {}
                    }
                }
                facts.subject_alt_name = Some(shown.join(", "));
            }
            ParsedExtension::ExtendedKeyUsage(usage) => {
                let mut oids: Vec<String> = Vec::new();
                let known = [
                    (usage.server_auth, "1.3.6.1.5.5.7.3.1"),
                    (usage.client_auth, "1.3.6.1.5.5.7.3.2"),
                    (usage.code_signing, "1.3.6.1.5.5.7.3.3"),
                    (usage.email_protection, "1.3.6.1.5.5.7.3.4"),
                    (usage.time_stamping, "1.3.6.1.5.5.7.3.8"),
                    (usage.ocsp_signing, "1.3.6.1.5.5.7.3.9"),
                ];
                oids.extend(known.iter().filter(|(set, _)| *set).map(|(_, oid)| oid.to_string()));
                oids.extend(usage.other.iter().map(|oid| oid.to_id_string()));
                facts.key_usage = Some(oids);
            }
            _ => {}
        }
    }
    facts
}

/// A name as Node prints it: one `KEY=value` per attribute, in the certificate's order.
fn name_lines(name: &X509Name<'_>) -> String {
    let mut lines = Vec::new();
    for rdn in name.iter() {
        for attribute in rdn.iter() {
            let oid = attribute.attr_type();
            let key = x509_parser::objects::oid2abbrev(oid, x509_parser::objects::oid_registry())
                .map(str::to_owned)
                .unwrap_or_else(|_| oid.to_id_string());
            let value = attribute
                .as_str()
                .map(str::to_owned)
                .unwrap_or_else(|_| hex::encode(attribute.attr_value().data));
            lines.push(format!("{key}={value}"));
        }
    }
    lines.join("\n")
}

/// OpenSSL's date form, which Node's `validFrom`/`validTo` use: `Jan  1 00:00:00 2024 GMT`.
fn openssl_date(time: &ASN1Time) -> String {
    let at = time.to_datetime();
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    format!(
        "{} {:>2} {:02}:{:02}:{:02} {} GMT",
        MONTHS[at.month() as usize - 1],
        at.day(),
        at.hour(),
        at.minute(),
        at.second(),
        at.year()
    )
}

fn fingerprint(algorithm: Algorithm, der: &[u8]) -> String {
    algorithm.hash(der).iter().map(|byte| format!("{byte:02X}")).collect::<Vec<_>>().join(":")
}

fn ip_text(bytes: &[u8]) -> Option<String> {
    match bytes.len() {
        4 => Some(std::net::Ipv4Addr::from(<[u8; 4]>::try_from(bytes).ok()?).to_string()),
        16 => Some(std::net::Ipv6Addr::from(<[u8; 16]>::try_from(bytes).ok()?).to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A self-signed certificate for `example.test` (CN and SAN), made with openssl for this test.
    const PEM: &str = include_str!("../../../../../tests/fixtures/node_compat/example-test-cert.pem");

    #[test]
    fn a_pem_certificate_reads_as_node_shows_it() {
        let facts = parse(PEM.as_bytes()).unwrap();
        assert!(facts.subject.contains("CN=example.test"), "{}", facts.subject);
        assert_eq!(facts.subject, facts.issuer, "self-signed");
        assert_eq!(
            facts.subject_alt_name.as_deref(),
            Some("DNS:example.test, DNS:*.example.test, IP Address:127.0.0.1")
        );
        assert!(
            facts.valid_from.ends_with(" GMT") && facts.valid_from.len() == "Jan  1 00:00:00 2024 GMT".len(),
            "{}",
            facts.valid_from
        );
        assert_eq!(facts.fingerprint256.len(), 32 * 3 - 1);
    }

    #[test]
    fn text_that_is_no_certificate_is_an_error() {
        let error = parse(b"hello").unwrap_err();
        assert!(error.contains("no PEM certificate"), "{error}");
    }
}
