class Mailer
  GREETING = "Dear customer,"
  KEY = "order_id"

  def body(order)
    intro = "Your order #{order.id} has shipped."
    note = 'Thank you for shopping with us'
    legal = %q(Terms and conditions apply)
    <<~TEXT
      Your parcel is on its way.
      Track it at #{order.tracking_url}.
    TEXT
  end

  def query
    <<~SQL
      SELECT id, name FROM orders WHERE shipped = true
    SQL
  end

  def url
    "https://shop.example.com/orders"
  end
end
