//! Compressed JSON Lines inputs: gzip and zstd, recognised by their magic bytes (whatever the file's
//! name) and decompressed as they are read. Concatenated members (gzip) and frames (zstd, as
//! `pzstd` writes them) are read one after the other. The decompressed lines are bounded like any
//! other JSON Lines input, so a compression bomb costs time, never memory.

use std::io::{BufRead, BufReader, Read};

/// A compression format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// gzip (RFC 1952).
    Gzip,
    /// Zstandard (RFC 8878).
    Zstd,
}

const GZIP_MAGIC: [u8; 2] = [0x1F, 0x8B];
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// The compression of a buffered input, from its first bytes (`None`: not compressed). Nothing is
/// consumed.
pub fn sniff<R: BufRead>(r: &mut R) -> std::io::Result<Option<Compression>> {
    let head = r.fill_buf()?;
    Ok(if head.starts_with(&GZIP_MAGIC) {
        Some(Compression::Gzip)
    } else if head.starts_with(&ZSTD_MAGIC) {
        Some(Compression::Zstd)
    } else {
        None
    })
}

/// A buffered reader of the decompressed bytes.
pub fn decoder<R: BufRead + Send + 'static>(
    kind: Compression,
    r: R,
) -> std::io::Result<Box<dyn BufRead + Send>> {
    Ok(match kind {
        Compression::Gzip => {
            Box::new(BufReader::with_capacity(1 << 16, flate2::bufread::MultiGzDecoder::new(r)))
        }
        Compression::Zstd => Box::new(BufReader::with_capacity(1 << 16, ZstdErrors(zstd_frames(r)?))),
    })
}

/// zstd frames one after the other, decoded by the reference library (libzstd, through the
/// `zstd` crate). The window is capped at 2^27 bytes (128 MiB, libzstd's default limit), so a
/// frame that asks for more is an error rather than an allocation.
/// libzstd's errors, named as zstd's.
struct ZstdErrors<D>(D);

impl<D: Read> Read for ZstdErrors<D> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf).map_err(|e| std::io::Error::new(e.kind(), format!("zstd: {e}")))
    }
}

fn zstd_frames<R: BufRead>(r: R) -> std::io::Result<zstd::stream::read::Decoder<'static, R>> {
    let mut d = zstd::stream::read::Decoder::with_buffer(r)?;
    d.window_log_max(27)?;
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_members_are_read_in_turn() {
        use flate2::write::GzEncoder;
        use std::io::Write;
        let mut all = Vec::new();
        for part in ["{\"a\":1}\n", "{\"b\":2}\n"] {
            let mut e = GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(part.as_bytes()).unwrap();
            all.extend(e.finish().unwrap());
        }
        let mut r = std::io::Cursor::new(all);
        let kind = sniff(&mut r).unwrap();
        assert_eq!(kind, Some(Compression::Gzip));
        let mut out = String::new();
        decoder(kind.unwrap(), r).unwrap().read_to_string(&mut out).unwrap();
        assert_eq!(out, "{\"a\":1}\n{\"b\":2}\n");
        assert_eq!(sniff(&mut std::io::Cursor::new(b"{\"id\"".to_vec())).unwrap(), None);
    }

    #[test]
    fn zstd_frames_are_read_in_turn() {
        let mut all = Vec::new();
        for part in ["{\"a\":1}\n", "{\"b\":2}\n"] {
            all.extend(zstd::encode_all(part.as_bytes(), 1).unwrap());
        }
        let mut r = std::io::Cursor::new(all);
        let kind = sniff(&mut r).unwrap();
        assert_eq!(kind, Some(Compression::Zstd));
        let mut out = String::new();
        decoder(kind.unwrap(), r).unwrap().read_to_string(&mut out).unwrap();
        assert_eq!(out, "{\"a\":1}\n{\"b\":2}\n");
        let bad = std::io::Cursor::new([&ZSTD_MAGIC[..], b"garbage"].concat());
        assert!(decoder(Compression::Zstd, bad).and_then(|mut d| d.read_to_string(&mut out)).is_err());
    }

    /// A corrupt zstd frame (found by the batch_input fuzz target: a table description that a pure
    /// Rust decoder indexed out of bounds) is a read error, never a panic.
    #[test]
    fn a_corrupt_zstd_frame_is_an_error_not_a_panic() {
        let bytes: &[u8] = &[
            0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xa9, 0x45, 0x00, 0x00, 0x00, 0xe8, 0x00, 0x2f, 0xfa, 0x01, 0x02,
            0xa9, 0x45, 0x00, 0x00, 0x00, 0x73, 0xfe, 0xff, 0x2d, 0xff, 0xfc, 0x70, 0x6f, 0x6b, 0x65, 0x2e,
            0xe8, 0x00, 0x2e, 0x02, 0xb4, 0x10, 0x80, 0xe8,
        ];
        let mut r = std::io::BufReader::new(std::io::Cursor::new(bytes.to_vec()));
        let kind = sniff(&mut r).unwrap();
        assert_eq!(kind, Some(Compression::Zstd));
        let mut out = Vec::new();
        let read = decoder(kind.unwrap(), r).and_then(|mut d| d.read_to_end(&mut out));
        assert!(read.is_err(), "read {} bytes", out.len());
    }

    /// A frame that declares a window beyond the cap is refused before anything is allocated for
    /// it.
    #[test]
    fn a_zstd_window_beyond_the_cap_is_an_error() {
        use std::io::Write;
        let mut e = zstd::stream::write::Encoder::new(Vec::new(), 1).unwrap();
        e.set_parameter(zstd::zstd_safe::CParameter::WindowLog(28)).unwrap();
        e.write_all(b"{\"a\":1}\n").unwrap();
        let bytes = e.finish().unwrap();
        let mut out = Vec::new();
        let err = decoder(Compression::Zstd, std::io::Cursor::new(bytes))
            .and_then(|mut d| d.read_to_end(&mut out))
            .unwrap_err();
        assert!(err.to_string().starts_with("zstd: "), "{err}");
    }
}
