class Checkout
  def initialize(cart, gateway: Gateway.new)
    @cart = cart
    @gateway = gateway
  end

  def run(user)
    total = @cart.items.sum(&:price)
    receipt = Payments::Receipt.new(total)
    @gateway.charge(user.card, total)
    user&.notify(:paid)
    log "charged #{total}"
    validate!(total)
    @cart.items.each do |item|
      Inventory.release(item)
    end
    retry_later { refund(user) }
    self.class.new(@cart)
    klass = receipt.class
    klass.new(total)
    Integer("42")
    receipt
  end
end

checkout = Checkout.new(Cart.new)
checkout.run(current_user)
