//! Declarative macros: definitions and invocations.

/// Builds a map from `key => value` pairs.
#[macro_export]
macro_rules! hashmap {
    ($($key:expr => $value:expr),* $(,)?) => {{
        let mut map = ::std::collections::HashMap::new();
        $(map.insert($key, $value);)*
        map
    }};
}

/// Squares a number at compile time.
macro_rules! square {
    ($x:expr) => {
        $x * $x
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __private_log {
    ($($arg:tt)*) => { eprintln!($($arg)*) };
}

pub fn demo() -> usize {
    let map = hashmap! { "one" => 1, "two" => 2 };
    let nine = square!(3);
    println!("the map has {} entries", map.len());
    debug_assert!(nine == 9, "square is broken");
    log::warn!("falling back to the default configuration");
    let items = vec![1, 2, 3];
    __private_log!("items: {:?}", items);
    map.len() + nine + items.len()
}
