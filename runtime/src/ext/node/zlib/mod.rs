//! Compression for `node:zlib`: gzip, zlib and raw deflate from `flate2`, brotli from the
//! `brotli` crate, and CRC-32 from `crc32fast`. A codec is a resource fed chunk by chunk (the
//! stream classes and the one-shot `*Sync` functions share it); its output is drained after
//! every chunk. Errors read `Z_DATA_ERROR: …` / `Z_BUF_ERROR: …` for the JavaScript side.

use std::borrow::Cow;
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use deno_core::error::ResourceError;
use deno_core::{op2, OpState, Resource, ResourceId};
use flate2::write::{DeflateDecoder, DeflateEncoder, GzDecoder, GzEncoder, ZlibDecoder, ZlibEncoder};
use flate2::Compression;

/// What fails in a zlib op. The texts start with Node's zlib code (`Z_DATA_ERROR: …`), which
/// the JavaScript side reads back into the error's `code`.
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum ZlibError {
    /// `mode` names no codec.
    #[class(type)]
    #[error("unknown zlib mode {0}")]
    UnknownMode(String),
    /// The compressed input is malformed; the text says how.
    #[class(generic)]
    #[error("Z_DATA_ERROR: {0}")]
    Data(&'static str),
    /// The compressed input ended before its end marker.
    #[class(generic)]
    #[error("Z_BUF_ERROR: unexpected end of file")]
    UnexpectedEnd,
    /// A write after the codec was finished or failed.
    #[class(generic)]
    #[error("ERR_STREAM_WRITE_AFTER_END: write after end")]
    WriteAfterEnd,
    /// The compressor failed.
    #[class(generic)]
    #[error("Z_STREAM_ERROR: {0}")]
    Stream(std::io::Error),
    /// The codec's resource id is not (or no longer) in the table.
    #[class(inherit)]
    #[error(transparent)]
    Resource(#[from] ResourceError),
}

/// Where a codec writes: a buffer drained after each call.
#[derive(Clone, Default)]
struct Sink(Rc<RefCell<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

enum Codec {
    Gzip(GzEncoder<Sink>),
    Gunzip(GzDecoder<Sink>),
    Deflate(ZlibEncoder<Sink>),
    Inflate(ZlibDecoder<Sink>),
    DeflateRaw(DeflateEncoder<Sink>),
    InflateRaw(DeflateDecoder<Sink>),
    /// `unzip`: gzip or zlib, told apart by the first byte.
    Unzip(Option<Box<Codec>>),
    BrotliCompress(Box<brotli::CompressorWriter<Sink>>),
    BrotliDecompress(Box<brotli::DecompressorWriter<Sink>>),
}

/// One compression or decompression stream.
pub(crate) struct CodecResource {
    codec: RefCell<Option<Codec>>,
    output: Sink,
    decoding: bool,
    /// Whether any input was accepted yet (a bad first chunk is a bad header).
    started: RefCell<bool>,
    /// For gzip/zlib decoders: the leading input bytes until two are seen and checked, as
    /// zlib checks a stream's header (None once checked, or for other modes).
    header: RefCell<Option<Vec<u8>>>,
    mode: String,
}

/// Whether two leading bytes can start a `mode` stream (gzip magic, or a zlib CMF/FLG pair).
fn header_ok(mode: &str, head: &[u8]) -> bool {
    let gzip = head[0] == 0x1f && head[1] == 0x8b;
    let zlib = head[0] & 0x0f == 8 && (u16::from(head[0]) << 8 | u16::from(head[1])) % 31 == 0;
    match mode {
        "gunzip" => gzip,
        "inflate" => zlib,
        _ => gzip || zlib,
    }
}

impl Resource for CodecResource {
    fn name(&self) -> Cow<'_, str> {
        "nodeZlib".into()
    }
}

fn data_error(mode: &str, started: bool) -> ZlibError {
    if mode == "brotliDecompress" {
        ZlibError::Data("Decompression failed")
    } else if started {
        ZlibError::Data("invalid stored block lengths")
    } else {
        ZlibError::Data("incorrect header check")
    }
}

fn make(mode: &str, level: i32, sink: Sink) -> Result<Codec, ZlibError> {
    let level = if (0..=9).contains(&level) {
        Compression::new(level as u32)
    } else {
        Compression::default()
    };
    Ok(match mode {
        "gzip" => Codec::Gzip(GzEncoder::new(sink, level)),
        "gunzip" => Codec::Gunzip(GzDecoder::new(sink)),
        "deflate" => Codec::Deflate(ZlibEncoder::new(sink, level)),
        "inflate" => Codec::Inflate(ZlibDecoder::new(sink)),
        "deflateRaw" => Codec::DeflateRaw(DeflateEncoder::new(sink, level)),
        "inflateRaw" => Codec::InflateRaw(DeflateDecoder::new(sink)),
        "unzip" => Codec::Unzip(None),
        "brotliCompress" => Codec::BrotliCompress(Box::new(brotli::CompressorWriter::new(sink, 4096, 11, 22))),
        "brotliDecompress" => Codec::BrotliDecompress(Box::new(brotli::DecompressorWriter::new(sink, 4096))),
        other => return Err(ZlibError::UnknownMode(other.to_string())),
    })
}

/// Creates a codec: `mode` is gzip, gunzip, deflate, inflate, deflateRaw, inflateRaw, unzip,
/// brotliCompress or brotliDecompress; `level` -1 is the default, `quality` is brotli's.
#[op2(fast)]
#[smi]
pub(crate) fn op_node_zlib_create(state: &mut OpState, #[string] mode: &str, #[smi] level: i32, #[smi] quality: i32) -> Result<ResourceId, ZlibError> {
    let output = Sink::default();
    let codec = match mode {
        "brotliCompress" if (0..=11).contains(&quality) => {
            Codec::BrotliCompress(Box::new(brotli::CompressorWriter::new(output.clone(), 4096, quality as u32, 22)))
        }
        _ => make(mode, level, output.clone())?,
    };
    let decoding = matches!(mode, "gunzip" | "inflate" | "inflateRaw" | "unzip" | "brotliDecompress");
    let header = matches!(mode, "gunzip" | "inflate" | "unzip").then(Vec::new);
    Ok(state.resource_table.add(CodecResource {
        codec: RefCell::new(Some(codec)),
        output,
        decoding,
        started: RefCell::new(false),
        header: RefCell::new(header),
        mode: mode.to_string(),
    }))
}

fn write_all(codec: &mut Codec, data: &[u8], sink: &Sink) -> std::io::Result<()> {
    match codec {
        Codec::Gzip(c) => c.write_all(data),
        Codec::Gunzip(c) => c.write_all(data),
        Codec::Deflate(c) => c.write_all(data),
        Codec::Inflate(c) => c.write_all(data),
        Codec::DeflateRaw(c) => c.write_all(data),
        Codec::InflateRaw(c) => c.write_all(data),
        Codec::BrotliCompress(c) => c.write_all(data),
        Codec::BrotliDecompress(c) => c.write_all(data),
        Codec::Unzip(inner) => {
            if inner.is_none() {
                if data.is_empty() {
                    return Ok(());
                }
                let mode = if data[0] == 0x1f { "gunzip" } else { "inflate" };
                *inner = Some(Box::new(make(mode, -1, sink.clone()).map_err(|_| std::io::Error::other("mode"))?));
            }
            write_all(inner.as_mut().unwrap(), data, sink)
        }
    }
}

fn flush(codec: &mut Codec) -> std::io::Result<()> {
    match codec {
        Codec::Gzip(c) => c.flush(),
        Codec::Gunzip(c) => c.flush(),
        Codec::Deflate(c) => c.flush(),
        Codec::Inflate(c) => c.flush(),
        Codec::DeflateRaw(c) => c.flush(),
        Codec::InflateRaw(c) => c.flush(),
        Codec::BrotliCompress(c) => c.flush(),
        Codec::BrotliDecompress(c) => c.flush(),
        Codec::Unzip(inner) => inner.as_mut().map_or(Ok(()), |c| flush(c)),
    }
}

/// Ends the stream; a decoder that has not seen its whole input fails.
fn finish(codec: Codec) -> std::io::Result<bool> {
    Ok(match codec {
        Codec::Gzip(c) => c.finish().map(|_| true)?,
        Codec::Gunzip(mut c) => {
            c.try_finish()?;
            // A gzip decoder that never saw the trailer is truncated input.
            c.finish().map(|_| true)?
        }
        Codec::Deflate(c) => c.finish().map(|_| true)?,
        Codec::Inflate(mut c) => {
            c.try_finish()?;
            c.total_in() > 0 && c.finish().is_ok()
        }
        Codec::DeflateRaw(c) => c.finish().map(|_| true)?,
        Codec::InflateRaw(mut c) => {
            c.try_finish()?;
            c.finish().is_ok()
        }
        Codec::BrotliCompress(c) => {
            drop(c.into_inner());
            true
        }
        Codec::BrotliDecompress(c) => c.into_inner().is_ok(),
        Codec::Unzip(inner) => match inner {
            Some(c) => finish(*c)?,
            None => false,
        },
    })
}

/// Feeds `data` (flush: 0 none, 2 sync flush, 4 finish) and answers the output so far.
#[op2]
#[buffer]
pub(crate) fn op_node_zlib_write(state: &mut OpState, #[smi] rid: ResourceId, #[buffer] data: &[u8], #[smi] flush_mode: i32) -> Result<Vec<u8>, ZlibError> {
    let resource = state.resource_table.get::<CodecResource>(rid)?;
    let started = *resource.started.borrow();
    {
        let mut header = resource.header.borrow_mut();
        if let Some(seen) = header.as_mut() {
            seen.extend(data.iter().take(2 - seen.len().min(2)));
            if seen.len() >= 2 {
                let ok = header_ok(&resource.mode, seen);
                *header = None;
                if !ok {
                    resource.codec.borrow_mut().take();
                    return Err(ZlibError::Data("incorrect header check"));
                }
            }
        }
    }
    let mut slot = resource.codec.borrow_mut();
    let codec = slot.as_mut().ok_or(ZlibError::WriteAfterEnd)?;
    if let Err(err) = write_all(codec, data, &resource.output) {
        slot.take();
        return Err(if resource.decoding {
            data_error(&resource.mode, started)
        } else {
            ZlibError::Stream(err)
        });
    }
    if !data.is_empty() {
        *resource.started.borrow_mut() = true;
    }
    if flush_mode == 4 {
        let codec = slot.take().expect("checked above");
        match finish(codec) {
            Ok(true) => {}
            Ok(false) if resource.decoding => return Err(ZlibError::UnexpectedEnd),
            Ok(false) => {}
            Err(_) if resource.decoding && !*resource.started.borrow() => return Err(ZlibError::UnexpectedEnd),
            Err(_) if resource.decoding => return Err(ZlibError::UnexpectedEnd),
            Err(err) => return Err(ZlibError::Stream(err)),
        }
    } else if flush_mode != 0 {
        if let Err(err) = flush(codec) {
            slot.take();
            return Err(if resource.decoding {
                data_error(&resource.mode, started)
            } else {
                ZlibError::Stream(err)
            });
        }
    }
    drop(slot);
    let output = std::mem::take(&mut *resource.output.0.borrow_mut());
    Ok(output)
}

/// `zlib.crc32(data, value)`.
#[op2(fast)]
pub(crate) fn op_node_zlib_crc32(#[buffer] data: &[u8], value: u32) -> u32 {
    let mut hasher = crc32fast::Hasher::new_with_initial(value);
    hasher.update(data);
    hasher.finalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(mode: &str, input: &[u8]) -> Result<Vec<u8>, bool> {
        let sink = Sink::default();
        let mut codec = make(mode, -1, sink.clone()).unwrap();
        write_all(&mut codec, input, &sink).map_err(|_| false)?;
        if !finish(codec).map_err(|_| false)? {
            return Err(true);
        }
        let out = sink.0.borrow().clone();
        Ok(out)
    }

    #[test]
    fn round_trips_every_format() {
        let text = b"hello hello hello hello, zlib".repeat(20);
        for (enc, dec) in [
            ("gzip", "gunzip"),
            ("deflate", "inflate"),
            ("deflateRaw", "inflateRaw"),
            ("gzip", "unzip"),
            ("deflate", "unzip"),
            ("brotliCompress", "brotliDecompress"),
        ] {
            let packed = run(enc, &text).unwrap();
            assert!(packed.len() < text.len(), "{enc} compresses");
            assert_eq!(run(dec, &packed).unwrap(), text, "{enc} → {dec}");
        }
    }

    #[test]
    fn errors_keep_their_js_class_and_text() {
        use deno_error::JsErrorClass;
        let err = make("nope", -1, Sink::default()).err().expect("unknown mode fails");
        assert_eq!(err.get_class(), "TypeError");
        assert_eq!(err.get_message(), "unknown zlib mode nope");
        let err = data_error("gunzip", false);
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "Z_DATA_ERROR: incorrect header check");
        assert_eq!(data_error("brotliDecompress", true).get_message(), "Z_DATA_ERROR: Decompression failed");
        assert_eq!(ZlibError::UnexpectedEnd.get_message(), "Z_BUF_ERROR: unexpected end of file");
        assert_eq!(ZlibError::WriteAfterEnd.get_message(), "ERR_STREAM_WRITE_AFTER_END: write after end");
        let err = ZlibError::from(ResourceError::BadResourceId);
        assert_eq!(err.get_class(), "BadResource");
        assert_eq!(err.get_message(), "Bad resource ID");
    }

    #[test]
    fn truncated_input_is_an_error() {
        let packed = run("gzip", b"some text to compress").unwrap();
        assert!(run("gunzip", &packed[..packed.len() - 4]).is_err());
    }
}
