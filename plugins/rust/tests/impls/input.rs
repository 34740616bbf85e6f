use std::fmt;
use std::ops::{Add, Index};

/// A growable stack.
pub struct Stack<T> {
    items: Vec<T>,
}

/// Inherent methods of every stack.
impl<T> Stack<T> {
    pub fn new() -> Self {
        Stack { items: Vec::new() }
    }

    pub fn push(&mut self, item: T) {
        self.items.push(item);
    }

    fn top(&self) -> Option<&T> {
        self.items.last()
    }
}

/// Printing a stack prints its items.
impl<T: fmt::Debug> fmt::Display for Stack<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:?}", self.items)
    }
}

impl<T> Index<usize> for Stack<T> {
    type Output = T;
    fn index(&self, at: usize) -> &T {
        &self.items[at]
    }
}

impl<'a, T> IntoIterator for &'a Stack<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

#[derive(Clone, Copy)]
pub struct Vec2(f32, f32);

impl Add for Vec2 {
    type Output = Vec2;
    fn add(self, other: Vec2) -> Vec2 {
        Vec2(self.0 + other.0, self.1 + other.1)
    }
}

/// Helpers on plain integers.
trait Halve {
    fn halve(self) -> Self;
}

impl Halve for u32 {
    fn halve(self) -> u32 {
        self / 2
    }
}

impl Halve for [u8; 2] {
    fn halve(self) -> [u8; 2] {
        [self[0] / 2, self[1] / 2]
    }
}

impl dyn Halve {
    pub fn describe() -> &'static str {
        "halvable"
    }
}
