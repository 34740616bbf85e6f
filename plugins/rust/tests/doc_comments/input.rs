//! Crate-level documentation: what this library is for.
//! It spans two lines.

use std::fmt;

/// A user of the system.
///
/// Users have a name and an optional email address.
#[derive(Debug)]
pub struct User {
    /// The display name.
    pub name: String,
    // the address, if the user gave one
    email: Option<String>,
}

/**
 * Creates a user with no email.
 *
 * The name is trimmed.
 */
pub fn user(name: &str) -> User {
    User { name: name.trim().to_string(), email: None }
}

/// Formats the user for logs.

fn log_line(user: &User) -> String {
    format!("user {}", user.name)
}

// A plain comment above a function is its doc too.
fn anonymous() -> User {
    user("anonymous")
}

impl fmt::Display for User {
    /// Shows the name and, in angle brackets, the email.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &self.email {
            // with an address
            Some(email) => write!(f, "{} <{}>", self.name, email),
            None => write!(f, "{}", self.name),
        }
    }
}

/*! An inner block doc, kept as a comment of the file. */

#[inline] // why: hot path
/// Whether the user gave an email.
pub fn has_email(user: &User) -> bool {
    user.email.is_some()
}
