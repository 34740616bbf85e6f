use std::collections::HashMap;
use std::net::SocketAddr;

/// A registered client of the server.
#[derive(Debug, Clone, PartialEq)]
pub struct Client {
    /// Where the client connects from.
    pub addr: SocketAddr,
    pub(crate) name: String,
    retries: u32,
}

/// Meters, as a tuple struct.
#[derive(Debug, Clone, Copy)]
pub struct Meters(pub f64);

/// A pair of a key and a value, generic over both.
pub struct Entry<K, V>(K, V);

/// A marker: no fields at all.
pub struct Shutdown;

/// Clients by name, with a capacity.
pub struct Registry<'a, S = std::collections::hash_map::RandomState> {
    clients: HashMap<String, &'a Client, S>,
    pub capacity: usize,
}

/// The raw bits of a float or an integer.
#[repr(C)]
pub union Bits {
    pub float: f32,
    pub int: u32,
}

impl Client {
    /// A client that has not retried yet.
    pub fn new(addr: SocketAddr, name: &str) -> Client {
        Client { addr, name: name.to_string(), retries: 0 }
    }
}

fn demo(addr: SocketAddr) -> Meters {
    let client = Client::new(addr, "local");
    let _entry = Entry(client.name.clone(), 1);
    let _stop = Shutdown;
    Meters(client.retries as f64)
}
