//! Network helpers: plain, async, const, unsafe and extern functions.

use std::time::Duration;

/// Retries an operation until it succeeds or the budget runs out.
pub fn retry<T, E, F>(mut attempt: F, budget: u32) -> Result<T, E>
where
    F: FnMut() -> Result<T, E>,
{
    let mut left = budget;
    loop {
        match attempt() {
            Ok(value) => return Ok(value),
            Err(err) if left == 0 => return Err(err),
            Err(_) => left -= 1,
        }
    }
}

/// Waits for the peer to answer.
pub async fn wait_for_peer(addr: &str, timeout: Duration) -> bool {
    let answered = probe(addr).await;
    answered && timeout.as_secs() > 0
}

async fn probe(addr: &str) -> bool {
    !addr.is_empty()
}

/// The default port, computed at compile time.
pub const fn default_port() -> u16 {
    8080
}

/// Reads a length prefix from a raw buffer.
///
/// # Safety
/// `ptr` must point at four readable bytes.
pub unsafe fn read_len(ptr: *const u8) -> u32 {
    u32::from_be_bytes(*(ptr as *const [u8; 4]))
}

/// Called back from C when a packet arrives.
#[no_mangle]
pub extern "C" fn on_packet(len: u32) -> i32 {
    if len > 0 { 0 } else { -1 }
}

pub(crate) fn checksum(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0u8, |acc, b| acc.wrapping_add(*b))
}

extern "C" {
    /// The C library's `htons`.
    pub fn htons(hostshort: u16) -> u16;
    fn close(fd: i32) -> i32;
}
