use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// How many times a request is retried.
pub const MAX_RETRIES: u32 = 3;
pub(crate) const GREETING: &str = "Hello from the constants module";
const TIMEOUTS: [u64; 3] = [100, 250, 1000];

/// Requests served since start.
pub static SERVED: AtomicU64 = AtomicU64::new(0);
static mut LAST_ERROR: Option<&'static str> = None;
static NAMES: Mutex<Vec<String>> = Mutex::new(Vec::new());

pub struct Limits;

impl Limits {
    /// The largest body accepted.
    pub const MAX_BODY: usize = 1 << 20;
    const MIN_BODY: usize = 0;
}

pub fn serve() -> u64 {
    const LOCAL_LIMIT: u64 = 10;
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let served = SERVED.fetch_add(1, Ordering::Relaxed);
    CALLS.fetch_add(1, Ordering::Relaxed);
    if served > LOCAL_LIMIT * TIMEOUTS[2] {
        unsafe { LAST_ERROR = Some("too many requests were served") };
    }
    NAMES.lock().unwrap().push(GREETING.to_string());
    served + Limits::MAX_BODY as u64 - Limits::MIN_BODY as u64
}
