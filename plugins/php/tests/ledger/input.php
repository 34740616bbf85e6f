<?php
declare(strict_types=1);

namespace App\Accounting;

use App\Notes\Normalizer;
use App\Storage\{FileStore, MemoryStore as Memory};
use function App\Util\format_amount;

require_once 'lib/helpers.php';

define('LEDGER_VERSION', '2');

/**
 * Keeps entries in order.
 */
final class Ledger extends BaseLedger implements \Countable
{
    use Timestamps;

    public const DEFAULT_CURRENCY = 'EUR';
    private array $entries = [];
    protected int $count = 0;

    public function __construct(private string $file) {}

    /** Records one entry after cleaning its note. */
    public function add(int $amount, string $note): int
    {
        $this->entries[] = [$amount, Normalizer::clean($note)];
        $this->touch();
        echo format_amount($amount);
        return count($this->entries);
    }

    function save(): void
    {
        (new FileStore($this->file))->write($this->entries);
    }
}

interface Store
{
    public function write(array $entries): void;
}

trait Timestamps
{
    public function touch(): void {}
}

enum Kind: string
{
    case Credit = 'credit';
    case Debit = 'debit';
}
