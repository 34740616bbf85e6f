<?php
namespace Shop;

use Shop\Payment\Gateway;

class Checkout extends BaseCheckout
{
    public function __construct(private Gateway $gateway)
    {
        parent::__construct();
    }

    public function pay(Cart $cart): Receipt
    {
        $total = $this->total($cart);
        $this->gateway->charge($total)?->confirm();
        $items = array_map(fn($item) => $item->price(), $cart->items());
        $receipt = Receipt::issue($total, count($items));
        self::log('paid');
        static::notify($receipt);
        \Shop\Audit\record('checkout', $total);
        $logger = new \Monolog\Logger('checkout');
        $copy = new static($this->gateway);
        $builder = (new ReceiptBuilder())->withTotal($total)->build();
        $callback = function () use ($cart) {
            return $cart->clear();
        };
        $class::create();
        $fn = 'strtoupper';
        $fn('dynamic');
        return $receipt;
    }

    private function total(Cart $cart): int
    {
        return array_sum(array_column($cart->lines(), 'amount'));
    }
}

function checkout_all(array $carts): void
{
    foreach ($carts as $cart) {
        (new Checkout(Gateway::default()))->pay($cart);
    }
}
