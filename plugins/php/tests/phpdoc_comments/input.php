<?php
/**
 * Rate limiting for the public API.
 *
 * @package Api
 */
namespace Api\RateLimit;

# Requests allowed per window unless configured otherwise.
const DEFAULT_LIMIT = 60;

/**
 * A fixed-window rate limiter.
 *
 * Counts hits per key in the current window and refuses the
 * ones over the limit.
 */
#[Immutable]
class FixedWindow
{
    /** @var int Seconds per window. */
    private int $window = 60;

    /**
     * Records a hit and tells whether it is allowed.
     * @param string $key The client's key.
     * @return bool
     */
    public function hit(string $key): bool
    {
        // Expired windows are reset lazily, here.
        $count = $this->store->increment($key); // one round trip
        if ($count > DEFAULT_LIMIT) {
            throw new LimitExceeded("Too many requests for $key, retry later");
        }
        $this->log('hit recorded for key');
        return true;
    }

    /* Not a PHPDoc block, but still the doc of what follows. */
    public function reset(string $key): void
    {
        $this->store->delete('rate_limit:' . $key);
        $notice = <<<TXT
            The rate limit for this key was reset by an operator.
            TXT;
        $query = <<<'SQL'
            DELETE FROM hits WHERE expires_at < NOW()
            SQL;
    }
}
