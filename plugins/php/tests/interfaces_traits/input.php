<?php
namespace Events;

interface Listener
{
    const PRIORITY_NORMAL = 0;

    public function handle(Event $event): void;
}

interface Subscriber extends Listener, \Countable
{
    public static function subscribedEvents(): array;
}

/**
 * Remembers when something happened.
 */
trait Timestamps
{
    protected ?\DateTimeImmutable $occurredAt = null;

    public function touch(): void
    {
        $this->occurredAt = new \DateTimeImmutable();
    }

    abstract protected function clock(): Clock;
}

trait Logs
{
    public function touch(): void
    {
        error_log('touched');
    }

    private static function channel(): string
    {
        return 'events';
    }
}

class Event
{
    use Timestamps, Logs {
        Timestamps::touch insteadof Logs;
        Logs::touch as protected logTouch;
    }

    protected function clock(): Clock
    {
        return new SystemClock();
    }
}
