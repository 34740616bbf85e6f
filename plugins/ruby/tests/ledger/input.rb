# frozen_string_literal: true

require 'json'
require_relative 'notes'

module Accounting
  # The currency every amount is in.
  DEFAULT_CURRENCY = 'EUR'

  # Keeps entries in order.
  class Ledger < Base
    include Enumerable
    attr_reader :entries, :file

    def initialize(file)
      @file = file
      @entries = []
    end

    # Records one entry after cleaning its note.
    def add(amount, note)
      @entries << [amount, Notes.normalize(note)]
      puts "added an entry to the ledger"
      @entries.size
    end

    def self.open(path)
      new(path).tap(&:load)
    end

    private

    def save
      File.write(@file, JSON.generate(@entries))
    end
  end
end

ledger = Accounting::Ledger.new('ledger.json')
ledger.add(10, 'first entry')
