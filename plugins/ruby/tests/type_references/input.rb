module Billing
  class Error < StandardError; end
  class Declined < Billing::Error; end

  class Processor < Base::Processor
    include Comparable
    include Billing::Hooks
    extend Forwardable
    prepend Instrumented

    def charge(card)
      gateway.charge(card)
    rescue Declined, Timeout::Error => e
      report(e)
    rescue StandardError
      nil
    end
  end

  Retryable = Class.new(Billing::Error)
end
