use std::fmt;

/// What a parser can run into.
#[derive(Debug)]
pub enum ParseError {
    /// The input ended too early.
    UnexpectedEof,
    /// A token that does not belong there, with its position.
    UnexpectedToken(char, usize),
    /// A number out of range.
    Overflow { value: String, max: u64 },
}

/// HTTP status codes the server sends.
#[repr(u16)]
pub enum Status {
    Ok = 200,
    NotFound = 404,
    Internal = 500,
}

enum Token<'a> {
    Word(&'a str),
    Number(i64),
    Punct(char),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::UnexpectedEof => write!(f, "unexpected end of input"),
            ParseError::UnexpectedToken(c, at) => write!(f, "unexpected {c} at {at}"),
            ParseError::Overflow { value, max } => write!(f, "{value} is larger than {max}"),
        }
    }
}

impl Status {
    /// The code as a number.
    pub fn code(&self) -> u16 {
        match self {
            Status::Ok => 200,
            Status::NotFound => 404,
            Status::Internal => 500,
        }
    }
}

fn classify(word: &str) -> Token<'_> {
    if let Ok(n) = word.parse::<i64>() {
        Token::Number(n)
    } else {
        Token::Word(word)
    }
}

fn overflow(value: &str) -> ParseError {
    ParseError::Overflow { value: value.to_owned(), max: u64::MAX }
}
