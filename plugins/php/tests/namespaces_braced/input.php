<?php
/**
 * Two namespaces in one file, braced: each encloses its declarations.
 */
namespace Billing\Invoices {
    use Billing\Support\Clock;

    const DEFAULT_TERMS = 30;

    class Invoice
    {
        public function dueDate(Clock $clock): \DateTimeImmutable
        {
            return $clock->now()->modify('+' . DEFAULT_TERMS . ' days');
        }
    }

    function number_for(Invoice $invoice): string
    {
        return sprintf('INV-%05d', spl_object_id($invoice));
    }
}

namespace Billing\Support {
    interface Clock
    {
        public function now(): \DateTimeImmutable;
    }

    final class SystemClock implements Clock
    {
        public function now(): \DateTimeImmutable
        {
            return new \DateTimeImmutable('now');
        }
    }
}

namespace {
    // The global namespace: no module record.
    function bootstrap_billing(): void
    {
        $clock = new Billing\Support\SystemClock();
        echo Billing\Invoices\number_for(new Billing\Invoices\Invoice());
    }
}
