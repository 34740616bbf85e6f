# Shipping rates for the shop.
module Shop
  module Shipping
    # A parcel carrier.
    class Carrier
      def initialize(name)
        @name = name
      end
    end

    class Express < Carrier
      def rate(weight) = weight * 3
    end

    class Freight < Shop::Base
    end
  end
end

# Reopens a class declared elsewhere, through its scope.
class Shop::Shipping::Tracker
  def track(code)
    code.upcase
  end
end

class Shop::Order < Shop::Record
  def total; end
end

# Plain data, with a method of its own.
Parcel = Struct.new(:weight, :size) do
  def heavy?
    weight > 30
  end
end

Address = Data.define(:street, :city)
NotDeliverable = Class.new(StandardError)

class ::Warehouse
end
