<?php
namespace Cards;

enum Color
{
    case Red;
    case Black;
}

/**
 * A card suit, stored as one letter.
 */
enum Suit: string implements HasLabel
{
    case Hearts = 'H';
    case Diamonds = 'D';
    case Clubs = 'C';
    case Spades = 'S';

    const Wild = self::Spades;

    public function color(): Color
    {
        return match ($this) {
            Suit::Hearts, Suit::Diamonds => Color::Red,
            Suit::Clubs, Suit::Spades => Color::Black,
        };
    }

    public static function fromLetter(string $letter): self
    {
        return self::from(strtoupper($letter));
    }

    public function label(): string
    {
        return ucfirst(strtolower($this->name));
    }
}

interface HasLabel
{
    public function label(): string;
}
