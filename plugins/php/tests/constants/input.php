<?php
// Global constants, defined three ways.
define('APP_ROOT', dirname(__DIR__));
\define("APP_ENV", getenv('APP_ENV') ?: 'production');

if (!defined('APP_DEBUG')) {
    define('APP_DEBUG', false);
}

const CACHE_TTL = 3600, CACHE_PREFIX = 'app:';

function boot(): void
{
    define('BOOTED_AT', microtime(true));
}

class Limits
{
    const MAX_UPLOAD = 10 * 1024 * 1024;
    final public const MAX_FILES = 20;
}
