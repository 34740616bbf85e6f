<?php
declare(strict_types=1);

namespace Mailer\Transport;

use Mailer\Message;

/** Sends messages nowhere; for tests. */
class NullTransport
{
    public function send(Message $message): bool
    {
        return true;
    }
}

function transport_from_dsn(string $dsn): NullTransport
{
    return new NullTransport();
}

namespace Mailer\Queue;

use Mailer\Transport\NullTransport;

const MAX_ATTEMPTS = 3;

class Worker
{
    private NullTransport $transport;

    public function run(): void
    {
        $this->transport->send(next_message());
    }
}
