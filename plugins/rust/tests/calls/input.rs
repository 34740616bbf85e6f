use std::collections::HashMap;

pub struct Point {
    pub x: i32,
    pub y: i32,
}

pub struct Meters(pub f64);

pub mod shapes {
    pub struct Square {
        pub side: u32,
    }
}

impl Point {
    pub fn origin() -> Self {
        Self { x: 0, y: 0 }
    }

    pub fn shifted(&self, dx: i32) -> Point {
        Point { x: self.x + dx, ..*self }
    }

    fn norm(&self) -> f64 {
        let squared = (self.x * self.x + self.y * self.y) as f64;
        squared.sqrt()
    }
}

fn tally(words: &[&str]) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    for word in words {
        *counts.entry(*word).or_insert(0) += 1;
    }
    counts
}

pub fn run() {
    let p = Point::origin().shifted(3);
    let far = p.norm() > 2.0;
    let sq = shapes::Square { side: 4 };
    let m = Meters(sq.side as f64);
    let words: Vec<&str> = "a b a".split(' ').collect();
    let counts = tally(&words);
    let total = counts.values().copied().sum::<usize>();
    let parsed = "42".parse::<i64>().unwrap_or_default();
    let add = |a: i32, b: i32| a + b;
    let three = add(1, 2);
    let doubled: Vec<i32> = vec![1, 2].into_iter().map(|n| n * 2).collect();
    std::mem::drop(doubled);
    <Point as Clone>::clone(&p);
    if far && total > 0 {
        println!("{} {} {} {}", m.0, parsed, three, p.x);
    }
}

impl Clone for Point {
    fn clone(&self) -> Self {
        Point::origin().shifted(self.x)
    }
}
