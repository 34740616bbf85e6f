use std::fmt::Debug;
use std::io;

/// Something that can be stored and loaded again.
pub trait Storage: Debug + Send {
    /// The key entries are stored under.
    type Key: Clone + Eq;
    /// How many entries fit in one page.
    const PAGE_SIZE: usize;

    /// Stores a value; returns its key.
    fn put(&mut self, value: Vec<u8>) -> io::Result<Self::Key>;

    fn get(&self, key: &Self::Key) -> Option<Vec<u8>>;

    /// Whether the key is present: a default built on `get`.
    fn contains(&self, key: &Self::Key) -> bool {
        self.get(key).is_some()
    }
}

/// Storage that can also be iterated.
pub(crate) trait Scan<'a>: Storage
where
    Self: 'a,
{
    type Iter: Iterator<Item = (Self::Key, &'a [u8])>;
    fn scan(&'a self) -> Self::Iter;
}

unsafe trait Pinned {}

#[derive(Debug, Default)]
pub struct Memory {
    pages: Vec<Vec<u8>>,
}

impl Storage for Memory {
    type Key = usize;
    const PAGE_SIZE: usize = 4096;

    fn put(&mut self, value: Vec<u8>) -> io::Result<usize> {
        self.pages.push(value);
        Ok(self.pages.len() - 1)
    }

    fn get(&self, key: &usize) -> Option<Vec<u8>> {
        self.pages.get(*key).cloned()
    }
}

unsafe impl Pinned for Memory {}

fn store_all<S: Storage + ?Sized>(store: &mut S, values: Vec<Vec<u8>>) -> Vec<S::Key> {
    values.into_iter().filter_map(|v| store.put(v).ok()).collect()
}

fn describe(store: &dyn Storage<Key = usize>) -> String {
    format!("{:?}", store)
}
