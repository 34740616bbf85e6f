<!DOCTYPE html>
<?php
/**
 * The order confirmation page.
 */
require_once 'includes/layout.php';

$title = 'Thank you for your order';
$order = load_order((int) $_GET['id']);
$formatPrice = fn(int $cents): string => number_format($cents / 100, 2);

/** Escapes a value for HTML output. */
function e(string $value): string
{
    return htmlspecialchars($value, ENT_QUOTES, 'UTF-8');
}
?>
<html>
<head><title><?= e($title) ?></title></head>
<body>
  <h1><?= e($title) ?></h1>
  <ul>
  <?php foreach ($order->lines() as $line): ?>
    <li><?= e($line->name) ?>: <?= $formatPrice($line->cents) ?></li>
  <?php endforeach; ?>
  </ul>
  <?php render_footer('Questions? Write to us at any time.'); ?>
</body>
</html>
