//! A ledger of entries.
use std::collections::HashMap;
use std::fmt::{self, Display, Formatter as F};
use crate::util::normalize;
mod util;

/// The currency every amount is in.
pub const DEFAULT_CURRENCY: &str = "EUR";
static mut COUNTER: u32 = 0;

/// One line of the ledger.
#[derive(Debug, Clone)]
pub struct Entry {
    pub amount: i64,
    note: String,
}

/// Where a ledger keeps its entries.
pub trait Store {
    /// Saves one entry.
    fn save(&mut self, entry: &Entry) -> Result<(), String>;
    fn name(&self) -> &str { "store" }
}

pub enum Kind { Credit, Debit(i64) }

pub type Entries = Vec<Entry>;

pub struct Ledger<T: Store> {
    entries: Entries,
    store: T,
}

impl<T: Store> Ledger<T> {
    /// Makes an empty ledger over a store.
    pub fn new(store: T) -> Self {
        Ledger { entries: Vec::new(), store }
    }

    pub fn add(&mut self, amount: i64, note: &str) -> usize {
        let entry = Entry { amount, note: normalize(note) };
        self.store.save(&entry).expect("the store refused the entry");
        self.entries.push(entry);
        println!("{} entries", self.entries.len());
        self.entries.len()
    }
}

impl Display for Entry {
    fn fmt(&self, f: &mut F<'_>) -> fmt::Result {
        write!(f, "{} {}", self.amount, self.note)
    }
}

macro_rules! ledger {
    () => { Ledger::new(MemoryStore::default()) };
}
