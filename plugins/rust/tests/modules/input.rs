//! The crate root: declares its modules.

mod parser;
pub mod server;
pub(crate) mod util;

/// Shapes and their areas.
pub mod geometry {
    //! Everything about shapes.

    pub const PI: f64 = 3.14159;

    /// A circle of some radius.
    pub struct Circle {
        pub radius: f64,
    }

    pub fn area(c: &Circle) -> f64 {
        PI * c.radius * c.radius
    }

    pub mod solids {
        use super::Circle;

        pub(super) fn cylinder(base: &Circle, height: f64) -> f64 {
            super::area(base) * height
        }

        pub(in crate::geometry) struct Sphere {
            pub(crate) radius: f64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::geometry::{area, Circle};

    #[test]
    fn unit_circle() {
        let c = Circle { radius: 1.0 };
        assert!(area(&c) > 3.0);
    }
}
