class Account
  MINIMUM = 10

  def balance
    @balance
  end

  protected

  def raw_balance
    @balance
  end

  private

  LIMIT = 500

  def audit
    log("audit")
  end

  def self.open(owner)
    new(owner)
  end

  attr_reader :secret

  public

  def deposit(amount)
    @balance += amount
  end

  private def withdraw_all
    @balance = 0
  end

  protected attr_accessor :pin

  private_class_method def self.reset_all
    @accounts = []
  end

  class << self
    def registry
      @registry ||= {}
    end

    private

    def clear_registry
      @registry = {}
    end
  end

  def statement
    "balance"
  end

  def close; end
  private :close
end
