<?php
namespace Inventory;

abstract class Model
{
    protected static array $booted = [];

    abstract public function table(): string;

    final public static function boot(): void
    {
        static::$booted[static::class] = true;
    }
}

/**
 * A stock-keeping unit.
 */
final class Product extends Model
{
    public const STATUS_ACTIVE = 'active';
    protected const STATUS_RETIRED = 'retired';
    private const int MAX_NAME = 120;
    const CURRENCY = 'EUR';

    public string $name;
    protected ?int $stock = null;
    private static int $instances = 0;
    var $legacyCode;
    public $width, $height;

    public function __construct(
        private readonly string $sku,
        protected float $price = 0.0,
        int $reorderLevel = 5,
    ) {
        self::$instances++;
    }

    public function table(): string
    {
        return 'products';
    }

    function label(): string
    {
        return "{$this->name} ({$this->sku})";
    }

    private function clampName(string $name): string
    {
        return mb_substr($name, 0, self::MAX_NAME);
    }

    protected static function fromRow(array $row): static
    {
        return new static($row['sku'], (float) $row['price']);
    }
}

readonly class Dimensions
{
    public function __construct(public int $width, public int $height) {}
}
