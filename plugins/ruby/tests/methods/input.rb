# Money helpers, as module methods and a class.
module Money
  # Rounds to cents.
  def round_cents(amount)
    amount.round(2)
  end

  def self.parse(text)
    new(Float(text))
  end
end

class Invoice
  def initialize(lines)
    @lines = lines
  end

  # The sum of the line amounts.
  def total = @lines.sum(&:amount)

  def paid?
    @paid
  end

  def pay!
    @paid = true
  end

  def ==(other)
    other.is_a?(Invoice) && other.total == total
  end

  def [](index)
    @lines[index]
  end

  def due_date=(date)
    @due_date = date
  end

  def self.empty
    new([])
  end

  %i[draft sent].each do |state|
    define_method("#{state}?") { @state == state }
  end

  # Makes a paid invoice payable again.
  define_method(:reopen) do
    @paid = false
  end

  class << self
    # Builds an invoice from rows.
    def from_rows(rows)
      new(rows.map { |r| Line.new(*r) })
    end
  end
end

def Invoice.sample
  Invoice.new([])
end

# A script-level helper.
def format_total(invoice)
  format("%.2f", invoice.total)
end
