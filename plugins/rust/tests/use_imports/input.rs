//! Every shape of `use` and `extern crate`.

extern crate alloc;
extern crate serde_json as json;

use std::collections::HashMap;
use std::io::{self, Read, Write as IoWrite};
use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc, Mutex,
};
use std::fmt::Display as Show;
use std::prelude::v1::*;
use crate::config::{self as cfg, Settings};
use super::errors::Error;
use self::cache::Cache;
pub use crate::model::{Order, OrderId};
pub(crate) use crate::util::*;
use ::log;
use {std::env, std::path::PathBuf};

mod cache {
    pub struct Cache;
}

static COUNT: AtomicUsize = AtomicUsize::new(0);

pub fn load(path: PathBuf, settings: &Settings) -> Result<Arc<Mutex<HashMap<String, Order>>>, Error> {
    let mut text = String::new();
    std::fs::File::open(&path)?.read_to_string(&mut text)?;
    COUNT.fetch_add(1, Ordering::SeqCst);
    log::info!("loaded {} bytes from {}", text.len(), path.display());
    let _ = cfg::validate(settings);
    let _ = env::var("HOME");
    Ok(Arc::new(Mutex::new(HashMap::new())))
}
